// How specific an interview answer is and how much of it the resident's memory stream supports (issue 23, item 4):
// the rule ranker's measure of believability and the excerpt of memories a model rater is shown. A specific answer
// its memories support ranks high; an answer naming people, places or times its memories never saw is a
// hallucination and ranks below an honest "I don't know", which claims nothing.

const STOP = new Set(
  'about above after again against also always among another anyone anything around because been before being below between both cannot could does doing down during each either else even ever every from further have having here hers herself himself into itself just know knew like maybe might more most much must myself never only other ought ours ourselves over really same shall should some something still such than that their theirs them themselves then there these they thing things think this those though through today tomorrow under until very want well were what when where which while whom whose will with would your yours yourself yourselves going doesn didn haven hasn isn wasn aren weren wouldn couldn shouldn sure guess honestly actually probably usually right yeah okay hmm recall remember heard sorry afraid mean lately recently someone people person'.split(
    ' ',
  ),
);

/** Lower-case content words of a text (4+ letters, not a function word). */
export function contentWords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 4 && !STOP.has(w))
      .map(stem),
  );
}

/** A crude stem so "parties" meets "party" and "running" meets "runs" (suffixes only). */
function stem(w: string): string {
  return w.replace(/(ies|ied)$/, 'y').replace(/(ing|ed|es|s)$/, '');
}

/**
 * The specifics an answer commits to: names (a capitalised word not opening a sentence) and numbers or times.
 * These are what a hallucination invents.
 */
export function specifics(text: string): Set<string> {
  const out = new Set<string>();
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    const words = sentence.split(/\s+/).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
    const capital = (w: string | undefined) => w !== undefined && /^\p{Lu}\p{Ll}+/u.test(w);
    words.forEach((w, i) => {
      // A capital opening a sentence is a name only when the next word is one too ("Jenny Park is ...").
      if (capital(w) && (i > 0 || capital(words[i + 1])) && !/^(I|I'm|I've|I'll|I'd)$/.test(w))
        out.add(stem(w.toLowerCase()));
      if (/^\d/.test(w)) out.add(w.toLowerCase());
    });
  }
  return out;
}

export interface Grounding {
  /** Content words of the answer found in the memories or the description (not counting the question's). */
  supported: number;
  /** Names and numbers of the answer found nowhere in the memories, the description or the question. */
  invented: string[];
  /** The rule ranker's score: supported specifics count up (to a cap), invented ones count down three times. */
  score: number;
}

/** Supported content words count up to this many: a long answer is not more believable for its length alone. */
const SUPPORT_CAP = 8;
const INVENTED_WEIGHT = 3;

/**
 * Grounds an answer in what the resident could know: its memory descriptions, its own description, the question.
 * An empty answer scores lowest (it says nothing, not even "I don't know").
 */
export function groundAnswer(
  answer: string,
  evidence: { memories: readonly string[]; description: string; question: string; names?: readonly string[] },
): Grounding {
  if (answer.trim().length === 0) return { supported: 0, invented: [], score: -100 };
  const known = new Set<string>();
  const add = (t: string) => {
    for (const w of contentWords(t)) known.add(w);
    for (const w of specifics(t)) known.add(w);
    for (const w of t.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w) known.add(stem(w));
  };
  for (const m of evidence.memories) add(m);
  add(evidence.description);
  add(evidence.question);
  for (const n of evidence.names ?? []) add(n);
  const asked = contentWords(evidence.question);
  let supported = 0;
  for (const w of contentWords(answer)) if (!asked.has(w) && known.has(w)) supported++;
  const invented = [...specifics(answer)].filter((w) => !known.has(w));
  return { supported, invented, score: Math.min(supported, SUPPORT_CAP) - INVENTED_WEIGHT * invented.length };
}

/** The memories most related to a question and an answer (shared content words), most related first. */
export function relevantMemories(memories: readonly string[], question: string, answer: string, n = 6): string[] {
  const want = new Set([...contentWords(question), ...contentWords(answer), ...specifics(answer)]);
  return memories
    .map((m, i) => {
      let shared = 0;
      for (const w of contentWords(m)) if (want.has(w)) shared++;
      return { m, i, shared };
    })
    .filter((x) => x.shared > 0)
    .sort((a, b) => b.shared - a.shared || b.i - a.i)
    .slice(0, n)
    .map((x) => x.m);
}
