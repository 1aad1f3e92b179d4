// The `commitments` of a conversation summary, answered as a chat model does from the transcript it is shown: a
// participant who says yes to something another participant invited them to has promised to go to it, written as
// an action with the day, hours and place copied from the invitation; null when nobody said yes to anything. No
// randomness, so every other field of the answer stays as it was.
import { readUserTextBlocks } from '../../../src/core/user-text.ts';

const YES =
  /\b(?:I['’]d love to|I would love to|I['’]ll (?:try to )?(?:be there|come|join|make it)|I will (?:be there|come)|count me in|see you there|wouldn['’]t miss it|sounds (?:great|lovely|wonderful)[^.?!]*(?:I['’]ll|I will))\b/i;
const NO = /\b(?:can['’]t|cannot|won['’]t be able|not able to|unfortunately|sadly)\b/i;
const OFFER =
  /\b(?:hosting|holding|throwing|having|giving|organi[sz]ing|running|invit\w*\s+(?:you|everyone|\w+)\s+to|join (?:us|me) (?:for|at)|come (?:along )?to)\s+((?:the|an?|my|our)\s+[^?!]+?)(?:[?!]|\.(?:\s|$)|$)/i;

export function commitmentsIn(prompt: string): { who: string; what: string }[] | null {
  const lines = readUserTextBlocks(prompt);
  const out: { who: string; what: string }[] = [];
  lines.forEach((l, k) => {
    if (!YES.test(l.text) || NO.test(l.text)) return;
    for (let j = k - 1; j >= 0; j--) {
      const invite = lines[j]!;
      if (invite.from === l.from) continue;
      const event = OFFER.exec(invite.text)?.[1]?.trim();
      if (!event) continue;
      const host = invite.from.split(/\s+/)[0] ?? invite.from;
      out.push({ who: l.from, what: `go to ${event.replace(/^(?:an?|my|our)\s+/i, `${host}'s `)}` });
      return;
    }
  });
  return out.length > 0 ? out : null;
}
