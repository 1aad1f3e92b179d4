// Whom a resident goes to find today (issue 32 item 5): someone it means to tell a secret of its own, and the people a
// host means to invite to its event of today, each where the town's reading says they can be found. The day plan is
// asked to make a moment with them; once told (a line of the resident's own to them carries it), they are not sought.

import { dayKey, hhmmAt } from '../core/time.ts';
import type { Resident } from './context.ts';
import { untold } from './core-knowledge.ts';
import type { PlanSlot } from './mind-state.ts';
import type { PlanDayInput } from './prompts/plan-day.ts';
import { names } from './relations.ts';

const norm = (t: string) =>
  t
    .trim()
    .toLowerCase()
    .replace(/[.;!?]+$/, '');

/** Whom the resident means to tell a secret of its own and has not yet (its own confidence lines say so), and where. */
export function confideToday(r: Resident): Pick<PlanDayInput, 'confide'> {
  const p = r.profile;
  const out: { name: string; place: string; start: string | null }[] = [];
  const seeds = r.memory.all().filter((m) => m.kind === 'seed');
  for (const s of p.secrets ?? []) {
    if (s.owner !== p.name || !s.seek) continue;
    const m = seeds.find((x) => s.phrases.some((ph) => norm(ph) === norm(x.description)));
    const left = m ? untold(r, m, s.tellTo) : s.tellTo;
    for (const name of left) {
      const at = s.seek[name];
      if (at && !out.some((x) => x.name === name)) out.push({ name, place: at.place, start: at.start });
    }
  }
  return out.length > 0 ? { confide: out } : {};
}

/**
 * Has the resident said something of this event to this person: a line of its own naming its kind, in a talk they
 * were in (a line to others that names them, "... and I mean to invite Maura", has not told Maura anything).
 */
function invited(r: Resident, name: string, kind: string): boolean {
  const what = norm(kind);
  const all = r.memory.all();
  // whom a line was said to: its record's "<speaker> said to <listeners>:", else the talk's participants
  const talksWith = new Set(
    all
      .filter(
        (m) => m.kind === 'conversation_summary' && (m.meta?.participants as string[] | undefined)?.includes(name),
      )
      .map((m) => m.meta?.conversation),
  );
  const to = (m: (typeof all)[number]) => {
    const said = /^[^"“:]*?\bsaid to ([^:"“]+):/.exec(m.description)?.[1];
    return said !== undefined ? names(said, name) : talksWith.has(m.meta?.conversation);
  };
  return all.some((m) => {
    if (m.kind !== 'dialogue' || m.meta?.speaker !== r.profile.id || !to(m)) return false;
    const said = `${typeof m.meta?.news === 'string' ? m.meta.news : ''} ${m.description}`.toLowerCase();
    return said.includes(what);
  });
}

/**
 * The people the resident means to invite to an event it hosts later today and has not yet told of it, where to find
 * them before it starts (an invitation is made before the event, not at its hour).
 */
export function inviteToday(r: Resident, now: number): Pick<PlanDayInput, 'invite'> {
  const out: NonNullable<PlanDayInput['invite']> = [];
  const today = dayKey(now);
  for (const e of r.profile.hosting ?? []) {
    if (!e.seek || dayKey(e.start) !== today || e.start <= now) continue;
    const startsAt = hhmmAt(e.start);
    for (const [name, at] of Object.entries(e.seek)) {
      if (!at.start || at.start >= startsAt || out.some((x) => x.name === name) || invited(r, name, e.kind)) continue;
      out.push({ name, place: at.place, start: at.start, event: e.kind });
    }
  }
  return out.length > 0 ? { invite: out } : {};
}

/**
 * The day's blocks with the moments to find someone marked: a block at the place where a person sought today is
 * found that names them ("invite Imogen to the evening of readings" at the pharmacy). The resident sets off for it in
 * time, as for an event (react.ts), so a seek is not spent walking there.
 */
export function markSeeks(blocks: PlanSlot[], sought: readonly { name: string; place: string }[]): PlanSlot[] {
  if (sought.length === 0) return blocks;
  return blocks.map((b) =>
    sought.some((x) => x.place === b.place && names(b.activity, x.name)) ? { ...b, seek: true } : b,
  );
}
