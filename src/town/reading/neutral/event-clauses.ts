// A sentence's clauses for events.ts: each happening joined on by ", and" read on its own, so its day and hours are
// its own clause's.
import { dayNumber, eventDay } from './calendar.ts';
import type { Doc, Sentence } from './text.ts';

/**
 * A sentence's clauses: split at semicolons, and at ", and" / ", but" (or a run-on's bare "and") where what follows names a happening of its own
 * ("X is running a match at the pavilion on Wednesday afternoon, and on Saturday at 11 Y is holding a sale at the
 * church"; "she bakes six till two, and she's running a raffle at the pub on Friday at eight"): each happening's day
 * and hours are its own clause's, not the other's.
 */
export function eventClauses(
  doc: Doc,
  s: Sentence,
  namesHappening: (marked: string, before: string) => boolean,
): { texts: string[]; markeds: string[] } {
  const texts: string[] = [];
  const markeds: string[] = [];
  // (a run-on sentence joins its clauses without the comma: "open ... from seven until one and the day after tomorrow
  // at seven she's throwing a cider evening", "nine to five — and next Tuesday at 6 pm she's hosting a swap", "Tuesday
  // to Saturday — but the Gazette can reveal she's throwing a tea dance ... THIS Saturday")
  const AND =
    /,\s+(?:and|but)\s+|\s+[—–]\s+(?:and|but)\s+|(?<!,)\s+and\s+(?=(?:the day after tomorrow|tomorrow|tonight|next|this|on|come|(?:mon|tues|wednes|thurs|fri|satur|sun)day|she|he|i|they|we)\b)/i;
  const tx = s.text.split(';');
  const mk = s.marked.split(';');
  for (const [i, m] of mk.entries()) {
    const t = tx[i] ?? m;
    const tParts = t.split(AND);
    const mParts = m.split(AND);
    if (tx.length !== mk.length || tParts.length < 2 || tParts.length !== mParts.length) {
      texts.push(t);
      markeds.push(m);
      continue;
    }
    // join back each part that names no happening of its own to the one before it, and one whose day is said only
    // before it ("I'll be sixty on Saturday the 12th, and I'm having a birthday coffee at the café from three")
    const first = dayNumber(doc.frame.start);
    let curT = tParts[0]!;
    let curM = mParts[0]!;
    for (let k = 1; k < mParts.length; k++) {
      const own = namesHappening(mParts[k]!, `${curM}.`);
      if (own && (eventDay(tParts[k]!, first) !== null || namesHappening(curM, ''))) {
        texts.push(curT);
        markeds.push(curM);
        curT = tParts[k]!;
        curM = mParts[k]!;
      } else {
        const sep = AND.exec(t.slice(curT.length))?.[0] ?? ', and ';
        curT = `${curT}${sep}${tParts[k]}`;
        curM = `${curM}${sep}${mParts[k]}`;
      }
    }
    texts.push(curT);
    markeds.push(curM);
  }
  return { texts, markeds };
}
