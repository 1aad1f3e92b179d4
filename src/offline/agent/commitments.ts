// The offline model's reading of promises in a conversation (the summary task's `commitments`): a participant who
// accepts an invitation or a gathering that another participant named with a day ("That sounds lovely, I'd love to
// come!") has promised to go to it, at the hour said for it in the same conversation when one was. A neutral reader
// of the transcript: any event, any place alike.

import { namedDay, T } from '../../core/dates.ts';
import { stripPeriod } from '../../core/text.ts';
import { firstName } from './speech.ts';
import { subjectOf } from './voice.ts';

/** A line that says yes to coming ("I'd love to come", "I'll be there", "count me in", "sure, I'll come"). */
const ACCEPT =
  /\b(?:I['’]d love to(?: come| join| go| be there)?|I['’]ll (?:try to )?(?:be there|come|join)|I will (?:be there|come)|count me in|see you there|wouldn['’]t miss it)\b/i;

/** Where an event is named after the word that holds or offers it: "is hosting a ...", "invite you to the ...". */
const EVENT =
  /\b(?:hosting|holding|throwing|having|giving|organi[sz]ing|planning|running|invit\w*\s+(?:you|everyone|\w+)\s+to|join (?:us|me) (?:for|at)|come (?:along )?to)\s+((?:the|an?|my|our)\s+.+)$/i;

interface Line {
  speaker: string;
  text: string;
  news?: string;
}

const textOf = (l: Line) =>
  stripPeriod(
    (l.news ?? l.text).replace(/^.*?\b(?:Did you hear\?|I heard that|[^.!?]*?:\s)\s*/i, '').replace(/\*/g, ''),
  );
const HOURS = new RegExp(`\\b(?:from\\s+${T}(?:\\s*(?:to|-|until)\\s*${T})?|at\\s+${T})`, 'i');

/**
 * The event an invitation names with its day, as what a guest goes to ("Mara's music night at the Lantern Cafe on
 * Tuesday, February 14, from 7 pm to 9 pm"); its hours from another line of the talk about it when it names none.
 */
function eventOf(l: Line, talk: readonly Line[]): string | null {
  const text = textOf(l);
  const m = EVENT.exec(text);
  if (!m || !namedDay(text, 0)) return null;
  const host = subjectOf(text);
  const who = host ? firstName(host) : /^(?:I|we)\b/i.test(text) ? firstName(l.speaker) : null;
  // the host's own company ("with my customers") is not the guest's
  let what = m[1]!
    .replace(/\?.*$|\s+(?:and|but|so)\s+(?:I|we|you|he|she|they)\b.*$/i, '')
    .replace(/\s+with (?:my|our|his|her|their)\s+[\w'’-]+/i, '')
    // (whom the host means to invite is the host's intention, not the guest's: "..., and means to invite Ann")
    .replace(
      /,?\s+(?:and|but)\s+(?:(?:I|we|he|she|they)\s+)?(?:intends?|plans?|wants?|means?|hopes?)\s+to\s+(?:invite|ask)\b.*$/i,
      '',
    )
    .trim();
  if (who) what = what.replace(/^(?:an?|my|our)\s+/i, `${who}'s `);
  if (HOURS.test(what)) return what;
  const head = /\b([\p{L}'’-]+)\s+(?:at|in|on|with|for)\b/iu.exec(what)?.[1]?.toLowerCase();
  const hours = talk.map((x) => textOf(x)).find((t) => head && t.toLowerCase().includes(head) && HOURS.test(t));
  return hours ? `${what} ${HOURS.exec(hours)![0]}` : what;
}

/** Per participant who accepted, what they promised: "go to <event>" with the day, hours and place said. */
export function offlineCommitments(lines: readonly Line[]): { who: string; what: string }[] {
  const out: { who: string; what: string }[] = [];
  lines.forEach((l, k) => {
    if (!ACCEPT.test(l.text)) return;
    for (let j = k - 1; j >= 0; j--) {
      const inviter = lines[j]!;
      if (inviter.speaker === l.speaker) continue;
      const event = eventOf(inviter, lines);
      if (!event) continue;
      const what = `go to ${event}`;
      if (!out.some((o) => o.who === l.speaker && o.what === what)) out.push({ who: l.speaker, what });
      return;
    }
  });
  return out;
}
