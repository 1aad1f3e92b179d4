// A labelled corpus a researcher brings (issue 38 item 1): a JSON array of answers about facts, each with what a
// reader says it shows. `npm run eval -- --judge-check --corpus FILE` judges it the way an evaluation judges a new
// town: the fact's keywords are derived from its text as the importer derives them (src/town/tracked.ts).
// Bad input is refused whole, every problem with the item's index and the reason.
import { factKeywords } from '../town/tracked.ts';

/** One labelled answer. `holder`: whom the fact is about or who holds it; `speaker`: who answers (if known). */
export interface LabelledAnswer {
  fact: string;
  holder?: string;
  speaker?: string;
  question: string;
  answer: string;
  knows: boolean;
  /** What kind of answer it is ("denial", "hedge", ...); scored apart. */
  kind?: string;
}

/** A corpus file larger than this is refused before it is parsed (a corpus is answers, not a data dump). */
export const CORPUS_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** Items in one corpus file, and characters in one field. */
export const CORPUS_MAX_ITEMS = 5000;
export const CORPUS_MAX_FIELD = 4000;

export class CorpusFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Corpus file ${file} is refused:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'CorpusFileError';
  }
}

const FIELDS = ['fact', 'holder', 'speaker', 'question', 'answer', 'knows', 'kind'] as const;

/**
 * Parses and checks a corpus file's text (its size in bytes given, so a huge file is refused unread). Fields the
 * format does not know are ignored and said (`warn`), never a reason to refuse the rest.
 */
export function parseCorpusFile(
  text: string,
  file: string,
  bytes = Buffer.byteLength(text),
  warn: (line: string) => void = () => {},
): LabelledAnswer[] {
  if (bytes > CORPUS_FILE_MAX_BYTES)
    throw new CorpusFileError(file, [
      `the file is ${(bytes / 1024 / 1024).toFixed(1)} MB; at most ${CORPUS_FILE_MAX_BYTES / 1024 / 1024} MB`,
    ]);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new CorpusFileError(file, [`not JSON: ${(e as Error).message}`]);
  }
  if (!Array.isArray(data))
    throw new CorpusFileError(file, [
      `not an array: the file must be a JSON array of {"fact", "holder", "question", "answer", "knows", "kind"}, got ${data === null ? 'null' : typeof data}`,
    ]);
  if (data.length === 0) throw new CorpusFileError(file, ['the array is empty']);
  if (data.length > CORPUS_MAX_ITEMS)
    throw new CorpusFileError(file, [`${data.length} items; at most ${CORPUS_MAX_ITEMS}`]);
  const problems: string[] = [];
  const out: LabelledAnswer[] = [];
  const ignored = new Map<string, number>();
  data.forEach((raw, i) => {
    const at = `item ${i}`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      problems.push(`${at}: not an object`);
      return;
    }
    const x = raw as Record<string, unknown>;
    const before = problems.length;
    for (const k of Object.keys(x))
      if (!(FIELDS as readonly string[]).includes(k)) ignored.set(k, (ignored.get(k) ?? 0) + 1);
    const text = (k: string, required: boolean): string | undefined => {
      const v = x[k];
      if (v === undefined || v === null) {
        if (required) problems.push(`${at}: no "${k}"`);
        return undefined;
      }
      if (typeof v !== 'string') problems.push(`${at}: "${k}" must be a string, got ${typeof v}`);
      else if (required && v.trim() === '') problems.push(`${at}: "${k}" is empty`);
      else if (v.length > CORPUS_MAX_FIELD)
        problems.push(`${at}: "${k}" is ${v.length} characters; at most ${CORPUS_MAX_FIELD}`);
      else return v.trim() || undefined;
      return undefined;
    };
    const fact = text('fact', true);
    const question = text('question', true);
    const answer = text('answer', true);
    const holder = text('holder', false);
    const speaker = text('speaker', false);
    const kind = text('kind', false);
    if (x.knows === undefined) problems.push(`${at}: no "knows"`);
    else if (typeof x.knows !== 'boolean')
      problems.push(`${at}: "knows" must be true or false, got ${JSON.stringify(x.knows)}`);
    if (problems.length > before || !fact || !question || !answer) return;
    out.push({
      fact,
      question,
      answer,
      knows: x.knows as boolean,
      ...(holder ? { holder } : {}),
      ...(speaker ? { speaker } : {}),
      ...(kind ? { kind } : {}),
    });
  });
  if (ignored.size > 0)
    warn(
      `${file}: ignored field${ignored.size > 1 ? 's' : ''} ${[...ignored].map(([k, n]) => `"${k}" (${n} items)`).join(', ')}; the fields are ${FIELDS.join(', ')}`,
    );
  if (problems.length > 0) {
    const shown = problems.slice(0, 50);
    if (problems.length > shown.length) shown.push(`... and ${problems.length - shown.length} more`);
    throw new CorpusFileError(file, shown);
  }
  return out;
}

/**
 * The keywords an evaluation would derive for the item's fact: the person it is about (the holder when the fact
 * names them; a holder the fact does not name only knows it) and the fact's content words.
 */
export function labelledKeywords(item: Pick<LabelledAnswer, 'fact' | 'holder' | 'speaker'>): string[] {
  const people = [item.holder, item.speaker].filter((p): p is string => Boolean(p));
  const words = new Set(item.fact.toLowerCase().match(/[\p{L}'’-]+/gu) ?? []);
  // the holder is who the fact is about when its first name is in it (a shared surname is a relative: Sadie Farrow
  // telling of Nell Farrow's wedding)
  const named = (p: string) => {
    const parts = p.toLowerCase().split(/\s+/);
    return item.fact.toLowerCase().includes(p.toLowerCase()) || (parts.length > 1 && words.has(parts[0] ?? ''));
  };
  return factKeywords(item.fact, item.holder && named(item.holder) ? item.holder : undefined, people);
}
