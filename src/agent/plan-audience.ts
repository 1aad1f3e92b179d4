// Who may see which lines of today's plan: a plan block made of a secret (Harriet's "sell the Wheatsheaf" after she
// has decided it in private) is left out for anyone who may not know it: an interviewer, a visitor, and the public
// (the morning plan post in the location's channel, the web view's resident page). The day plan is not marked per
// line, so each line is checked against the resident's kept memories (audience.ts).

import { dayKey } from '../core/time.ts';
import { carries, mayTell, peopleOf } from './audience.ts';
import type { MindContext, Resident } from './context.ts';
import { planLines } from './plan-slots.ts';

/** Nobody in particular: a listener no kept memory was ever meant for. */
const ANYONE = '(anyone)';

/**
 * Today's plan outline as these listeners may hear it, for a question about plans (an interview, a visitor's
 * question): a plan block made of a secret is left out when a listener may not know it (the day plan is not marked
 * per line); nothing before the day is planned.
 */
export function plansFor(c: MindContext, r: Resident, now: number, listeners: readonly string[]): { plan?: string[] } {
  if (c.mindOf(r).plan?.day !== dayKey(now)) return {};
  return {
    plan: planLines(c, r, { hours: false }).filter((line) => !keptFrom(c, r, activityOf(line), listeners)),
  };
}

/** Does a text carry a kept memory of the resident's that one of these listeners may not know? */
export function keptFrom(c: MindContext, r: Resident, text: string, listeners: readonly string[]): boolean {
  if (listeners.length === 0) return false;
  return c
    .keptOf(r)
    .some(
      (k) =>
        !mayTell(k.audience, r.profile.name, listeners) &&
        carries(text, k.text, [r.profile.name, ...peopleOf(k.audience)]),
    );
}

/**
 * What the resident is seen doing: its step, unless the step's activity carries a kept matter (a block made of a secret
 * intention, "sell the Wheatsheaf to a brewery"): then what anyone sees is the place's ordinary business (working,
 * at home, an errand), as the posts, the web view and everyone nearby would otherwise read the secret in it.
 */
export function seenStep<T extends { activity: string; place: string }>(
  c: MindContext,
  r: Resident,
  step: T,
  workplace: string | undefined,
): T {
  if (!keptFrom(c, r, step.activity, [ANYONE])) return step;
  const cover =
    step.place === workplace
      ? 'working'
      : step.place === r.profile.home
        ? 'spending time at home'
        : 'running an errand';
  return { ...step, activity: cover };
}

/** Today's plan as text lines (planLines), less every line that carries a kept memory: what anyone may see. */
export function publicPlanLines(c: MindContext, r: Resident, opts: { hours?: boolean } = {}): string[] {
  return planLines(c, r, opts).filter((line) => !keptFrom(c, r, activityOf(line), [ANYONE]));
}

/**
 * "7:00 pm-9:00 pm: sell the inn (wheatsheaf)" -> "sell the inn": the activity, not its hours nor the place it is
 * at (a block at the cafe is not the secret about the cafe).
 */
function activityOf(line: string): string {
  return line
    .trim()
    .replace(/^.*?\b\d{1,2}:\d{2}(?:\s*[ap]m)?\s*:\s*/i, '')
    .replace(/\s*\([^)]*\)$/, '');
}
