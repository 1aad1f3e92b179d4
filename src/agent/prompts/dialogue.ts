// Task agent_dialogue (sec. 4.3.1 dialogue, several lines per call): the next lines of a conversation, the speakers
// taking turns. Each speaker's context (summary, relationship notes, retrieved memories) is gathered once per
// conversation and shown in a section of its own that only that speaker may draw on; every call of one
// conversation repeats those sections byte for byte ahead of the lines said so far, so what changes is at the end
// (and a provider's prompt cache can serve the rest). agent_dialogue_turn (one line per call) is the same
// speaker's view of one line: the offline stand-in writes each line from it.
import { z } from 'zod';
import type { ChatMessage } from '../../llm/port.ts';
import {
  bullets,
  memoryText,
  prompt,
  promptMemory,
  promptRelation,
  quoted,
  relationLines,
  system,
  withoutRepeats,
} from './common.ts';
import { conversationSummaryOutput } from './conversation-summary.ts';

export const DIALOGUE_TASK = 'agent_dialogue';

/** One participant as the conversation sees them, gathered when it begins. */
export const dialogueSpeaker = z.object({
  name: z.string(),
  first: z.string(),
  summary: z.string(),
  listeners: z.array(z.string()),
  /** What they were doing when the talk began ("pouring coffee"). */
  doing: z.string(),
  /** Their notes about the listeners they know (relations.ts); a listener without one is a stranger to them. */
  relations: z.array(promptRelation).optional(),
  /** Retrieved memories, none repeating a note; `fresh` = not heard from nor already told to these listeners. */
  memories: z.array(promptMemory.extend({ fresh: z.boolean() })),
  /** Lines this speaker may still say (the turn cap). */
  turnsLeft: z.number(),
});
export type DialogueSpeaker = z.infer<typeof dialogueSpeaker>;

export const dialogueInput = z.object({
  placeName: z.string(),
  time: z.string(),
  /** The date ("Monday, February 13"), so "tomorrow" and "on Sunday" are read right. */
  date: z.string().optional(),
  /** Why the talk began, and whose reason it is. */
  intent: z.string().optional(),
  intentOf: z.string().optional(),
  /** In speaking order: the first speaks first in the conversation. */
  speakers: z.array(dialogueSpeaker),
  /** The conversation so far; `news` is what a line passed on. */
  history: z.array(z.object({ speaker: z.string(), text: z.string(), news: z.string().optional() })),
  /** Who says the first of the lines asked for; after that whoever is addressed, has something to add or has spoken least. */
  next: z.string(),
  /** Speakers who have said goodbye and left (they say nothing more). */
  gone: z.array(z.string()).optional(),
  /** Lines asked for in this call. */
  lines: z.number(),
  /** The turn cap is reached within these lines: the last of them ends the conversation. */
  last: z.boolean(),
});
export type DialogueInput = z.infer<typeof dialogueInput>;

/** A spoken line: who says it (one of the speakers, or null for whoever's turn it is) and what they say. */
const dialogueLine = z.object({ speaker: z.string().nullable(), line: z.string() });
/**
 * The lines that pass on a piece of news (issue 33 item 3: once per answer, only for those lines, instead of a null
 * `news` on every line). `line` numbers this answer's lines from 1. Read by: the relationship notes' told and heard
 * (relations.ts noteNews), what a speaker already told a listener (not told again), turn-taking's "has something
 * to add" (core/turns.ts), and every reader of a dialogue memory's news (retrieval, goals, events, plans).
 */
const dialogueNews = z.array(z.object({ line: z.number(), news: z.string() }));
/**
 * The lines told in confidence, the model's own judgement of who may know them (audience.ts via lineAudience):
 * asked only when a speaker's section holds a secret or a confidence (DialogueInput's `kept` memories); otherwise
 * a confidence is read from the line's own words ("between us", "don't breathe a word": asksKept).
 */
const dialogueConfided = z.array(z.object({ line: z.number(), to: z.string() }));
const dialogueEnd = {
  /** True when the last of these lines ends the conversation. */
  end: z.boolean(),
  /**
   * With the lines that end the talk: the summary of the whole conversation (as agent_conversation_summary, line
   * ratings for every line of it), so one call both ends and summarises it; null otherwise.
   */
  summary: conversationSummaryOutput.nullable(),
};

/**
 * A pair's line: two speakers take turns, so a line is its words alone (issue 33 lever 4: the speaker's key and name
 * on every line were about a sixth of a pair's answer); a group's line names its speaker.
 */
const pairLine = z.string();

/** The answers when a speaker holds something to keep: the confided lines are asked for. */
export const dialogueOutputConfiding = z.object({
  lines: z.array(dialogueLine),
  news: dialogueNews,
  confided: dialogueConfided,
  ...dialogueEnd,
});
const pairOutputConfiding = z.object({
  lines: z.array(pairLine),
  news: dialogueNews,
  confided: dialogueConfided,
  ...dialogueEnd,
});
/** The answers when nobody holds anything to keep: no confided lines asked (issue 33 item 3). */
export const dialogueOutput = z.object({ lines: z.array(dialogueLine), news: dialogueNews, ...dialogueEnd });
export const dialoguePairOutput = z.object({ lines: z.array(pairLine), news: dialogueNews, ...dialogueEnd });
export type DialogueOutput = Omit<z.infer<typeof dialogueOutput>, 'lines'> & {
  lines: (z.infer<typeof dialogueLine> | string)[];
  confided?: z.infer<typeof dialogueConfided>;
};

/** Does some speaker hold a secret or a confidence these listeners may hear (a line may be told in confidence)? */
export const holdsKept = (input: Pick<DialogueInput, 'speakers'>): boolean =>
  input.speakers.some((s) => s.memories.some((m) => m.kept));

/** Two speakers taking turns: their lines are asked for as words alone. */
export const isPair = (input: Pick<DialogueInput, 'speakers'>): boolean => input.speakers.length === 2;

/** The answer's schema for this call: lines alone for a pair, `confided` only when someone holds something to keep. */
export const dialogueOutputFor = (input: Pick<DialogueInput, 'speakers'>): z.ZodType<DialogueOutput> =>
  isPair(input)
    ? holdsKept(input)
      ? pairOutputConfiding
      : dialoguePairOutput
    : holdsKept(input)
      ? dialogueOutputConfiding
      : dialogueOutput;

/** A line of an answer as one shape: a pair's words alone are whoever's turn it is (speaker null). */
export const lineOf = (raw: DialogueOutput['lines'][number]): z.infer<typeof dialogueLine> =>
  typeof raw === 'string' ? { speaker: null, line: raw } : raw;

/** What the call that ends the talk adds (the summary agent_conversation_summary would write). */
const SUMMARY_ASK =
  'With the lines that end the talk, "summary" holds the talk in one or two sentences (what was said and agreed: who, what, when, where), its poignancy 1-10 ("importance") and each of its lines\' in order ("lineImportance", every line of the talk), and the "commitments": what each promised to do here (accepted an invitation, offered help, arranged to meet) as an action with the place, day and hours said, or null; otherwise summary is null.';

function speakerSection(s: DialogueSpeaker): string {
  return [
    `${s.name} (only ${s.first} knows this):`,
    s.summary,
    ...(s.relations?.length ? [relationLines(s.first, s.relations)] : []),
    `What ${s.first} remembers:`,
    bullets(withoutRepeats(s.memories, s.relations).map(memoryText)),
  ].join('\n');
}

export function dialogueMessages(input: DialogueInput): ChatMessage[] {
  const names = input.speakers.map((s) => s.name);
  const order = [
    ...input.speakers.slice(names.indexOf(input.next)),
    ...input.speakers.slice(0, names.indexOf(input.next)),
  ]
    .map((s) => s.first)
    .join(', then ');
  const next = input.speakers.find((s) => s.name === input.next)?.first ?? input.next;
  // a pair takes turns; in a group the next speaker is whoever is addressed, has something to add or spoke least
  const turns =
    input.speakers.length > 2
      ? `${next} first, then whoever is addressed, has something to add, or has said least (no fixed order; one who says goodbye leaves${input.gone?.length ? `; ${input.gone.join(' and ')} already left` : ''})`
      : `taking turns (${order}, ...)`;
  // a line said is its quoted block alone: the block names who said it
  const history = input.history.map((h) => quoted({ from: h.speaker, text: h.text })).join('\n');
  const doing = input.speakers.map((s) => ` ${s.name} was ${s.doing}.`).join('');
  const why = input.intent
    ? `\n${input.intentOf ? `${input.intentOf} started this talk to ${input.intent}.` : `They talk to ${input.intent}.`}`
    : '';
  // What stays the same in every dialogue call leads (the instructions, then the talk's setting and the speakers'
  // sections, byte for byte in every call of one talk); what changes from call to call (the lines said, who speaks
  // next, how many lines, who left) comes last, so a provider's prompt cache can serve the rest (issue 33 item 3).
  const confiding = holdsKept(input);
  return prompt(
    system(
      `You write a conversation between the speakers below: short, natural lines, each in character. Each speaker knows only their own section below and what has been said: never have one say what only another knows. ${isPair(input) ? 'The two take turns, each line its words alone; a goodbye ends the talk.' : "In a group, speakers answer the group, not only the last speaker, and one who says goodbye leaves. Give each line's speaker."} List in "news" the lines (numbered from 1 in your answer) that pass on a piece of news, each news as one standalone sentence; none: [].${confiding ? ' List in "confided" the lines that tell something in confidence (not to be passed on) and whom they are told to; none: []. A memory marked as a secret or a confidence is told only to the people its mark allows, in confidence.' : ''} "end" says the last line ends the talk. ${SUMMARY_ASK}`,
    ),
    `${input.date ? `${input.date}, ` : ''}${input.time} at ${input.placeName}.${doing}${why}\n\n${input.speakers.map(speakerSection).join('\n\n')}\n\n${history ? `Conversation so far:\n${history}` : 'Nobody has spoken yet.'}\n\nWrite the next ${input.lines} lines of ${names.join(' and ')}, ${turns}, or fewer if the talk ends. End when the talk has run its course${input.last ? ' (the last line of these ends it)' : ''}.`,
  );
}
