// Pieces every agent prompt shares. Prompts are built only from the resident's summary description and the
// memories retrieved for the task, and tell the model to admit not remembering rather than invent (sec. 6.2:
// residents embellished, e.g. a neighbour "Adam Smith" described as the economist).
import { z } from 'zod';
import { hasUserText, quoteUserText, USER_TEXT_RULE } from '../../core/user-text.ts';
import type { ChatMessage } from '../../llm/port.ts';

export const HONESTY =
  'Use only the facts given here. If they do not say, say that you do not remember or do not know; never invent names, events or details.';

export function system(role: string, honest = true): ChatMessage {
  return { role: 'system', content: honest ? `${role} ${HONESTY}` : role };
}

/**
 * A prompt's messages: system, then user. When the user message carries a quoted block (words someone wrote or
 * said), the system message states USER_TEXT_RULE; prompts without one do not pay for the sentence.
 */
export function prompt(sys: ChatMessage, content: string): ChatMessage[] {
  const guarded = hasUserText(content);
  return [guarded ? { role: 'system', content: `${sys.content} ${USER_TEXT_RULE}` } : sys, user(content)];
}

export function user(content: string): ChatMessage {
  return { role: 'user', content };
}

/** "- a\n- b", or a placeholder when there is nothing. */
export function bullets(lines: readonly string[], none = '(nothing relevant remembered)'): string {
  return lines.length === 0 ? none : lines.map((l) => `- ${l}`).join('\n');
}

/** "1. a\n2. b" with the given numbers; a record of someone's words is its quoted block. */
export function numbered(items: readonly { n: number; text: string; quote?: QuotedText | undefined }[]): string {
  return items.map((i) => `${i.n}. ${i.quote ? quoted(i.quote) : i.text}`).join('\n');
}

/** Who and where the resident is right now: the opening of every in-the-moment prompt (react, hear). */
export const situationInput = z.object({
  name: z.string(),
  first: z.string(),
  summary: z.string(),
  time: z.string(),
  status: z.string(),
  placeName: z.string(),
});

/** Words someone wrote or said, and who: shown only as a quoted block (src/core/user-text.ts). */
export const quotedText = z.object({ from: z.string(), text: z.string() });
export type QuotedText = z.infer<typeof quotedText>;

/** A retrieved memory as prompts and offline rules see it. */
export const promptMemory = z.object({
  text: z.string(),
  importance: z.number(),
  kind: z.string(),
  /** News heard in a conversation: `text` is the news itself, `from` who told it (never the resident itself). */
  from: z.string().optional(),
  /** The ISO day the memory was made ("2024-04-12"), where a prompt reads dates in it ("tomorrow", "on Sunday"). */
  day: z.string().optional(),
  /**
   * Set when the memory holds words someone wrote or said (a message, a whisper, a question, a line of a
   * conversation): the prompt shows this quoted block instead of `text`, which offline rules may still read.
   */
  quote: quotedText.optional(),
  /** Who may know it, when not everyone may (audience.ts): "Oren Hale's secret, meant only for Lise Hale". */
  kept: z.string().optional(),
  /** Not to be shared with the person the resident is answering (an interview's asker): shown, marked. */
  keep: z.boolean().optional(),
  /**
   * A seed phrase the town's reading has as where the resident stands (who, where, work, family, routine), not as
   * something that happens (src/town/reading/standing.ts): background the people it talks to know, never news.
   */
  standing: z.boolean().optional(),
});
export type PromptMemory = z.infer<typeof promptMemory>;

/** The resident's note about a person (relations.ts): who they are to it, and what it last heard from them. */
export const promptRelation = z.object({
  name: z.string(),
  /** A user's persona: its name is their text, so it appears only inside the quoted blocks. */
  visitor: z.boolean().optional(),
  note: z.string(),
  self: quotedText.optional(),
  last: quotedText.optional(),
  /** An insight drawn from what people said about them: quoted like its evidence. */
  insight: quotedText.optional(),
  /** The resident's own reflection about them: its own thought, shown as such (never as someone's words). */
  thought: z.string().optional(),
  /** News the resident has told them and heard from them (relations.ts), newest last: not news to tell again. */
  told: z.array(z.string()).optional(),
  heard: z.array(z.string()).optional(),
});
export type PromptRelation = z.infer<typeof promptRelation>;

/**
 * Relationship notes as prompt lines: "About Daniel Okafor: ..." then the quoted blocks, each on its own line.
 * `first` is the resident's first name, or "You" (the verbs agree: "You know", "Mara knows").
 */
export function relationLines(first: string, rels: readonly PromptRelation[]): string {
  const you = first === 'You';
  return rels
    .map((x) =>
      [
        x.visitor
          ? `${first} ${you ? 'have' : 'has'} met a visitor (${x.note}):`
          : `${first} ${you ? 'know' : 'knows'} ${x.name}: ${x.note}`,
        ...[x.self, x.insight, x.last].filter((q): q is QuotedText => q !== undefined).map(quoted),
        ...(x.thought ? [`${first} ${you ? 'think' : 'thinks'}: ${x.thought}`] : []),
        // what was said in conversations: quoted like the lines themselves
        ...(x.told?.length
          ? [
              quoted({
                from: `what ${first === 'You' ? 'you' : first} already told ${x.name}`,
                text: x.told.join('; '),
              }),
            ]
          : []),
        ...(x.heard?.length
          ? [
              quoted({
                from: `what ${first === 'You' ? 'you' : first} already heard from ${x.name}`,
                text: x.heard.join('; '),
              }),
            ]
          : []),
      ].join('\n'),
    )
    .join('\n');
}

const norm = (t: string) =>
  t
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The pieces a prompt already shows, each as a repeat rule reads it: a note, quote or line split at its "; "
 * joins, a clipped piece without its "…", normalised. One source for withoutRepeats and the hygiene test.
 */
export function shownPieces(texts: readonly (string | undefined)[]): string[] {
  return texts
    .filter((t): t is string => !!t)
    .flatMap((t) => t.split(/;\s+/))
    .map((t) => norm(t.replace(/(…|\.\.\.)\s*$/, '')))
    .filter((t) => t !== '');
}

/** Does a memory's text repeat a piece already shown: the piece holds it, or it holds the piece (not a word or two). */
export function repeats(text: string, pieces: readonly string[]): boolean {
  const t = norm(text);
  return pieces.some((n) => n.includes(t) || (n.length >= REPEAT_MIN_CHARS && t.includes(n)));
}

/** A shown piece shorter than this ("Tomas Reyes") is a name, not a statement a memory repeats. */
const REPEAT_MIN_CHARS = 24;

/**
 * Memories as a prompt lists them: each once (two memories reading the same are one line), and none that a
 * relationship note (its seed phrases, last conversation, insight, thought, the quotes of what was told and heard)
 * or another part of the prompt (`shown`: yesterday's lines under a day plan) already says, in whole or in part
 * (issue 33 item 3: a note joined with "; " and clipped with "…" let partial repeats through).
 */
export function withoutRepeats<M extends PromptMemory>(
  memories: readonly M[],
  rels?: readonly PromptRelation[],
  shown: readonly string[] = [],
): M[] {
  const notes = shownPieces([
    ...(rels ?? []).flatMap((r) => [
      r.note,
      r.self?.text,
      r.last?.text,
      r.insight?.text,
      r.thought,
      ...(r.told ?? []),
      ...(r.heard ?? []),
    ]),
    ...shown,
  ]);
  const seen = new Set<string>();
  return memories.filter((m) => {
    const line = norm(memoryText(m));
    const text = norm(m.quote?.text ?? m.text);
    if (seen.has(line) || seen.has(text)) return false;
    seen.add(line);
    seen.add(text);
    return !repeats(text, notes);
  });
}

/** A quoted block: `USER_TEXT ["<from>", "<text>"]` (always the end of its line). */
export function quoted(q: QuotedText): string {
  return quoteUserText(q.from, q.text);
}

/**
 * A memory as a prompt line: heard news says whom it came from, so a model reports it as theirs, not its own;
 * words someone wrote or said are a quoted block, never bare text.
 */
export function memoryText(m: PromptMemory): string {
  const who = m.kept ? ` [${m.kept}${m.keep ? '; not to be shared with this listener' : ''}]` : '';
  // (a quoted block ends its line: who may know it goes before it)
  if (m.quote) return `${who.trim()}${who ? ' ' : ''}${quoted(m.quote)}`;
  return `${m.from ? `${m.text} (heard from ${m.from})` : m.text}${who}`;
}

/** Parses a task input for an offline rule; a malformed input is a wiring bug, so it throws. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown, task: string): T {
  const r = schema.safeParse(input);
  if (!r.success) throw new Error(`offline rule '${task}': unexpected input: ${r.error.message}`);
  return r.data;
}
