// The offline model's reading of promises in a conversation (the summary task's `commitments`): a participant who
// accepts an invitation or a gathering that another participant named with a day and an hour ("That sounds lovely,
// I'd love to come!") has promised to go to it. A neutral reader of the transcript: any event, any place alike.

import { namedDay, T } from '../../agent/dates.ts';
import { stripPeriod } from '../../agent/text.ts';
import { firstName } from './speech.ts';
import { subjectOf } from './voice.ts';

/** A line that says yes to coming ("I'd love to come", "I'll be there", "count me in", "sure, I'll come"). */
export const ACCEPT =
  /\b(?:I['’]d love to(?: come| join| go| be there)?|I['’]ll (?:try to )?(?:be there|come|join)|I will (?:be there|come)|count me in|see you there|wouldn['’]t miss it)\b/i;

/** Where an event is named after the word that holds or offers it: "is hosting a ...", "invite you to the ...". */
const EVENT =
  /\b(?:hosting|holding|throwing|having|giving|organi[sz]ing|running|invit\w*\s+(?:you|everyone|\w+)\s+to|join (?:us|me) (?:for|at)|come (?:along )?to)\s+((?:the|an?|my|our)\s+.+)$/i;

interface Line {
  speaker: string;
  text: string;
  news?: string;
}

/** The event an invitation names, as what a guest goes to: "Mara's music night at the Lantern Cafe on ...". */
function eventOf(l: Line): string | null {
  const text = stripPeriod((l.news ?? l.text).replace(/^.*?\b(?:Did you hear\?|I heard that)\s*/i, ''));
  if (!namedDay(text, 0) || !new RegExp(`\\b${T}`, 'i').test(text)) return null;
  const m = EVENT.exec(text);
  if (!m) return null;
  const host = subjectOf(text);
  const who = host ? firstName(host) : /^I\b|^we\b/i.test(text) ? firstName(l.speaker) : null;
  const what = m[1]!.replace(/\?.*$/, '').trim();
  return who ? what.replace(/^(?:an?|my|our)\s+/i, `${who}'s `) : what;
}

/** Per participant who accepted, what they promised: "go to <event>" with the day, hours and place said. */
export function offlineCommitments(lines: readonly Line[]): { who: string; what: string }[] {
  const out: { who: string; what: string }[] = [];
  lines.forEach((l, k) => {
    if (!ACCEPT.test(l.text)) return;
    for (let j = k - 1; j >= 0; j--) {
      const inviter = lines[j]!;
      if (inviter.speaker === l.speaker) continue;
      const event = eventOf(inviter);
      if (!event) continue;
      const what = `go to ${event}`;
      if (!out.some((o) => o.who === l.speaker && o.what === what)) out.push({ who: l.speaker, what });
      return;
    }
  });
  return out;
}
