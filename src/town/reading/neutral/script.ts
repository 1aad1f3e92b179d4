// A play script's way of writing people: names in capitals ("her mother AMA and her little brother YAW", "JONAH:"),
// which name the same people as "Ama" and "Jonah" do in prose. Only a word in capitals that is a part of a resident's
// name or a word of a place's name is read as that name; other capitals ("VFW", "PM", "NOT") stay as they are.
import type { TownFrame } from '../types.ts';
import { KIN } from './kin-words.ts';
import type { Doc, Sentence } from './text.ts';

/** The lower-cased parts of every resident's and place's name. */
function nameParts(frame: TownFrame): Set<string> {
  const out = new Set<string>();
  for (const n of [...frame.people, ...frame.places.map((p) => p.name)])
    for (const w of n.split(/[^\p{L}'’-]+/u)) if (w.length >= 2) out.add(w.toLowerCase());
  return out;
}

/** The text with each name written in capitals written as a name ("AGATHA WREN" -> "Agatha Wren"), same length. */
export function namesInCapitals(text: string, frame: TownFrame): string {
  const parts = nameParts(frame);
  return text.replace(/(?<![\p{L}])(\p{Lu})(\p{Lu}+)(?![\p{L}])/gu, (m, a: string, rest: string) =>
    parts.has(m.toLowerCase()) ? a + rest.toLowerCase() : m,
  );
}

/**
 * A play script's speeches ("NELL: Owen. Basil and I are selling the farm. You're the first I've told."): each
 * sentence of a speech is marked with its speaker, and its "I", "me", "my" are the speaker, its "you", "your" the one
 * spoken to (a name called out in the speech, else the one who spoke before or after, else the one the stage
 * direction brings on, else the resident). A text is a script when it has stage directions in brackets and speeches.
 */
export function readSpeeches(doc: Doc): void {
  const people = doc.frame.people;
  const lines: { s: Sentence; line: number }[] = [];
  let line = 0;
  for (const passage of doc.passages) {
    let cursor = 0;
    for (const s of doc.sentences) {
      const at = passage.indexOf(s.text, cursor);
      if (at < 0) continue;
      if (passage.slice(cursor, at).includes('\n') || cursor === 0) line++;
      lines.push({ s, line });
      cursor = at + s.text.length;
    }
  }
  // stage directions: lines opening with a bracket; speeches come after the first (a heading before is no speech)
  const directions = new Set(lines.filter((x) => x.s.text.startsWith('(')).map((x) => x.line));
  const first = Math.min(...directions);
  const opens = (x: { s: Sentence; line: number }) => (x.line > first ? /^@(\d+)\s*:\s*/.exec(x.s.marked) : null);
  if (directions.size === 0 || !lines.some(opens)) return;
  // each sentence's speaker: the one whose line it is
  const speakerOf = new Map<Sentence, number>();
  let current: number | null = null;
  let currentLine = -1;
  for (const x of lines) {
    const { s, line: l } = x;
    const o = opens(x);
    if (o) current = Number(o[1]);
    else if (l !== currentLine || directions.has(l)) current = null;
    currentLine = l;
    if (current !== null) speakerOf.set(s, current);
  }
  const turns = lines.filter((x) => speakerOf.has(x.s));
  for (const [i, { s, line: l }] of turns.entries()) {
    const who = speakerOf.get(s)!;
    const speech = turns.filter((x) => x.line === l).map((x) => x.s.marked.replace(/^@\d+\s*:\s*/, ''));
    const called = speech
      .map((t) => /^@(\d+)(?!['’]s)\s*[,.!]|,\s*@(\d+)(?!['’]s)\s*[.!?]?\s*$/.exec(t))
      .find((m) => m && Number(m[1] ?? m[2]) !== who);
    const other = (xs: typeof turns) => xs.map((x) => speakerOf.get(x.s)!).find((k) => k !== who);
    const direction = lines
      .filter((x) => x.line < l && directions.has(x.line))
      .flatMap((x) => [...x.s.marked.matchAll(/@(\d+)/g)].map((m) => Number(m[1])))
      .filter((k) => k !== who)
      .pop();
    const resident = people.indexOf(doc.resident);
    const to =
      (called ? Number(called[1] ?? called[2]) : undefined) ??
      other(turns.slice(0, i).reverse()) ??
      other(turns.slice(i + 1)) ??
      direction ??
      (who !== resident ? resident : undefined);
    s.speaker = people[who];
    if (to !== undefined) s.listener = people[to];
    s.marked = spokenBy(s.marked.replace(/^@\d+\s*:\s*/, ''), who, to);
  }
  doc.firstPerson = false;
}

/** A speech's first and second person written as the speaker's and the listener's marks. */
function spokenBy(t: string, who: number, to: number | undefined): string {
  const me = `@${who}`;
  const out = t
    .replace(/\bI['’]m\b/g, `${me} is`)
    .replace(/\bI['’]ve\b/g, `${me} has`)
    .replace(/\bI['’]ll\b/g, `${me} will`)
    .replace(/\bI['’]d\b/g, `${me} would`)
    .replace(/\bI\b/g, me)
    .replace(/\b[Mm]y\b/g, `${me}'s`)
    .replace(/\b[Mm]e\b/g, me);
  return to === undefined ? out : addressed(out, to);
}

/** The second person written as the mark of the one spoken to ("you're" -> "@k is", "your" -> "@k's"). */
export function addressed(t: string, to: number): string {
  const you = `@${to}`;
  // ("don't you dare tell anyone" stays an order)
  return t
    .replace(/\b[Yy]ou['’]re\b/g, `${you} is`)
    .replace(/\b[Yy]ou are\b/g, `${you} is`)
    .replace(/\b[Yy]ou['’]ll\b/g, `${you} will`)
    .replace(/\b[Yy]ou['’]ve\b/g, `${you} has`)
    .replace(/\b[Yy]our\b/g, `${you}'s`)
    .replace(/(?<!\b(?:[Dd]on['’]t|[Dd]o not|[Nn]ever)\s+)\b[Yy]ou\b/g, you);
}

/**
 * A text that addresses the resident ("You are Rosa Quint, 52, and you run ...") tells of them as "you": each "you"
 * is written as their mark, and "your mam" as "my mam" (the resident's, as a narrator's is). Said so, like a text
 * said as "I", its "she" and "he" are always someone else ("Greta confided to you ...; she hasn't told her husband").
 */
export function readAddressed(sentences: Sentence[], resident: number): boolean {
  const R = resident;
  if (!sentences.some((s) => new RegExp(String.raw`\b[Yy]ou(?:\s+are|['’]re)\s+@${R}(?!\d)`).test(s.marked)))
    return false;
  const mine = new RegExp(String.raw`@${R}['’]s(?=\s+(?:[\p{L}-]+\s+)?${KIN}(?![\p{L}-]))`, 'gu');
  for (const s of sentences) s.marked = addressed(s.marked, R).replace(mine, 'my');
  return true;
}
