// The summary description (sec. 4.3 / appendix): who the resident is, cached, at the top of other prompts.

import { clip as clipText } from '../core/text.ts';
import { audienceOf, isKept } from './audience.ts';
import { EXPERIENCE, type MindContext, type Resident } from './context.ts';
import { SUMMARY_TASK, type SummaryInput, summaryMessages, summaryOutput } from './prompts/summary.ts';

/** Cached summary description (sec. 4.3 / appendix), refreshed every settings.summaryRefreshHours. */
export async function summaryOf(c: MindContext, r: Resident, now: number): Promise<string> {
  const mind = c.mindOf(r);
  if (mind.summary && now - mind.summary.at < c.settings.summaryRefreshHours * 3_600_000 && now >= mind.summary.at)
    return mind.summary.text;
  const p = r.profile;
  const first = p.firstName;
  const mems = await c.recall(
    r,
    [
      `${first}'s core characteristics`,
      `${first}'s current daily occupation`,
      `${first}'s feeling about recent progress in life`,
    ],
    now,
    { k: 6, kinds: EXPERIENCE },
  );
  const input: SummaryInput = {
    name: p.name,
    age: p.age,
    innate: p.innate,
    learned: p.learned,
    currently: p.currently,
    lifestyle: p.lifestyle,
    // the description heads every prompt, whoever listens: a secret or a confidence stays out of it (audience.ts)
    memories: c.promptMemories(
      mems.map((x) => x.memory).filter((m) => !isKept(audienceOf(m))),
      r,
    ),
  };
  const out = await c.ask(SUMMARY_TASK, summaryOutput, summaryMessages(input), input, () => ({
    summary: `${p.name} (${p.age}) is ${p.innate}. ${p.currently}`,
  }));
  let text = out.summary.replace(/\s+/g, ' ').trim();
  if (text === '') {
    c.log('agent: empty summary; using the identity fields', { agent: p.id });
    text = `${p.name} (${p.age}) is ${p.innate}. ${p.currently}`;
  }
  if (!text.includes(first)) text = `${p.name}: ${text}`;
  mind.summary = { text: clipText(text, 700), at: now };
  return mind.summary.text;
}

/** The first sentences of a summary description, up to `chars` (name, age, traits, occupation). */
export function briefIdentity(summary: string, chars: number): string {
  const sentences = summary.match(/[^.!?]+[.!?]+(\s+|$)/g) ?? [summary];
  let out = '';
  for (const x of sentences) {
    if (out !== '' && out.length + x.length > chars) break;
    out += x;
  }
  return clipText(out.trim(), chars);
}
