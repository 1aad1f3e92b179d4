// A whisper stays the resident's own thought (issue 22 item 3): the inner voice (sec. 3.1) comes in as someone's
// words, often an order ("go to Pier 9 at 3 pm to check the nets") or addressed to the resident ("you should ...").
// It is kept as the resident's own intention, in the first person for what it says and thinks ("I'll go to Pier 9
// at 3 pm to check the nets") and in the third person for the memory ("Mara will go to Pier 9 ..."), so a plan
// reads its activity and place and a line that mentions it says it as the resident's own, never relays an order.
import { isBaseVerb, toThirdPerson } from '../core/text.ts';

/** Words that open a sentence with its subject (not an order). */
const SUBJECT =
  /^(i|i'm|i'll|i've|i'd|we|we'll|you|you're|you'll|he|she|they|it|there|this|that|my|our|your|his|her|their|the|a|an|someone|everyone)$/i;
/** Verbs that follow a subject ("Ines is", "Tomasz wants"). */
const AFTER_SUBJECT =
  /^(is|are|was|were|has|have|had|will|would|can|could|should|must|may|might|does|did|said|told|\w+s|\w+ed)$/i;

/** "please go ..." / "Go ..." / "don't forget to ..." as the order it gives ("go ..."), or null when it is none. */
function order(text: string): { verb: string; rest: string; negative: boolean } | null {
  const t = text.trim().replace(/^(?:please|just|maybe|now|ok(?:ay)?|hey|so)[,\s]+/i, '');
  const neg = /^(?:don['’]t|do not|never)\s+(\w+)(.*)$/is.exec(t);
  // ("don't" opens an order whatever verb follows: "don't forget to call Lise")
  if (neg) return { verb: neg[1]!.toLowerCase(), rest: neg[2]!, negative: true };
  const m = /^(\w+)(.*)$/s.exec(t);
  if (!m) return null;
  const [, first, rest] = m as unknown as [string, string, string];
  const second = /^\s*(\w+)/.exec(rest)?.[1] ?? '';
  if (SUBJECT.test(first) || !isBaseVerb(first)) return null;
  // "Check Marta" could be a name ("Sam said"): a base verb followed by a verb after a subject is a name
  if (/^\p{Lu}/u.test(first) && AFTER_SUBJECT.test(second) && !isBaseVerb(second)) return null;
  return { verb: first.toLowerCase(), rest, negative: false };
}

/** The whisper in the resident's own first person: "I'll go to Pier 9 ...", "I should ...", "I won't ...". */
export function firstPersonThought(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  const o = order(t);
  const said = o
    ? `${o.negative ? "I won't" : "I'll"} ${o.verb}${o.rest}`
    : t
        .replace(/\byou are\b/gi, 'I am')
        .replace(/\byou're\b/gi, "I'm")
        .replace(/\byou've\b/gi, "I've")
        .replace(/\byou'll\b/gi, "I'll")
        .replace(/\byourself\b/gi, 'myself')
        .replace(/\byours\b/gi, 'mine')
        .replace(/\byour\b/gi, 'my')
        .replace(/^you\b/i, 'I')
        .replace(/\b(to|with|for|about|at|from|tell|ask|give|show|remind) you\b/gi, '$1 me')
        .replace(/\byou\b/gi, 'I');
  return said.charAt(0).toUpperCase() + said.slice(1);
}

/** The whisper as the resident's memory, in the third person: "Mara will go to Pier 9 ...". */
export function thirdPersonThought(text: string, first: string): string {
  const o = order(text);
  if (o) return `${first} ${o.negative ? "won't" : 'will'} ${o.verb}${o.rest}`.trim();
  return toThirdPerson(text, first);
}
