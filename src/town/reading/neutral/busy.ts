// What the resident is busy with these days, in the text's words: "busy restoring a boat", "working on her
// thesis", "these days she is learning Welsh", "preparing for the show". Kept short: the clause after the cue.
import type { Doc } from './text.ts';

const CUE =
  /\b(?:busy (?:with|restoring|preparing|getting|making|building|writing|planning|organi[sz]ing|\w+ing)|working on|is (?:currently|now) \w+ing|currently \w+ing|these days (?:she|he|i)(?:['’]s| is| am)? \w+ing|preparing for|in the middle of|trying to finish|finishing|getting ready for|saving (?:up )?for|studying for|training for|learning (?:to )?)/i;

export function readBusy(doc: Doc): string[] {
  const out: string[] = [];
  for (const s of doc.sentences) {
    if (/\b(?:secret|privately|told no one|not told)\b/i.test(s.text)) continue;
    const m = CUE.exec(s.text);
    if (!m) continue;
    const rest = s.text
      .slice(m.index)
      .split(/[.;!?]|,\s+(?:and|but|which|while)\b|\s+(?:and|but)\s+(?:she|he|i)\b/i)[0]!;
    const what = rest
      .replace(/^busy (?:with\s+)?/i, '')
      .replace(/^(?:is )?(?:currently|now) /i, '')
      .replace(/^these days (?:she|he|i)(?:['’]s| is| am)? /i, '')
      .trim();
    if (what.length > 3 && !out.includes(what)) out.push(what);
  }
  return out;
}
