// Bot prompts: the structured input (built ONLY from a player's view) and the messages and answer schemas per move.
// Templates are our own wording of the MAgIC rules (Xu et al. 2024, sec. 3) and the PGM step (sec. 4).
import { z } from 'zod';
import { quoteUserText, USER_TEXT_RULE } from '../../../core/user-text.ts';
import type { ChatMessage } from '../../../llm/port.ts';
import type { BotKind, Persona } from '../../types.ts';
import type { GameView } from './engine.ts';
import type { GameKind } from './kinds.ts';
import { JUDGEMENTS, type JudgementRows } from './pgm.ts';

export type BotMove = 'clue' | 'vote' | 'guess' | 'analyse' | 'judge' | 'probe';

/** Names of the two roles per game: [odd role, regular role]. */
export const ROLE_NAMES: Record<GameKind, readonly [string, string]> = {
  chameleon: ['chameleon', 'non-chameleon'],
  undercover: ['undercover', 'civilian'],
};

/** Suspicion matrix keyed by names: rows[observer][suspect] = how likely the observer thinks suspect is the odd one. */
export type SuspicionRows = Record<string, Record<string, number>>;

export interface PromptClue {
  name: string;
  round: number;
  text: string | null;
}

/** Everything a bot's prompt is built from; derived from its view (plus its own persona and beliefs). */
export interface BotInput {
  game: GameKind;
  move: BotMove;
  bot: BotKind;
  me: string;
  /** Players still in the game, in seat order (names). */
  players: string[];
  /** Eliminated players (party Undercover). */
  out: string[];
  /** Chameleon only. */
  topic: string | null;
  role: 'chameleon' | 'player' | null;
  /** The secret word: only present when this player holds it. */
  secret: string | null;
  /** Undercover only: this player's own word. */
  word: string | null;
  clues: PromptClue[];
  round: number;
  clueRounds: number;
  /** Vote targets (names). */
  candidates: string[];
  /** Earlier vote rounds (party Undercover), by name. */
  pastVotes: { round: number; votes: Record<string, string | null> }[];
  /** PGM bots: the current suspicion matrix (own row first), or null before any analysis. */
  beliefs: SuspicionRows | null;
  persona: Persona | null;
  /** `pgm` clue: the player this clue is aimed at (MAgIC's target-player strategy); null otherwise. */
  target: string | null;
  /** `pgm` judge: the clues to judge, in order, each under a label that names it uniquely. */
  toJudge: JudgeClue[];
}

export interface JudgeClue {
  label: string;
  name: string;
  text: string;
}

export function inputFromView(
  view: GameView,
  move: BotMove,
  bot: BotKind,
  extra: {
    persona?: Persona | null;
    beliefs?: SuspicionRows | null;
    candidates?: string[];
    target?: string | null;
    toJudge?: JudgeClue[];
  } = {},
): BotInput {
  const name = (id: string) => view.players.find((p) => p.id === id)?.name ?? id;
  const me = view.you ? name(view.you) : '?';
  const alive = view.kind === 'undercover' ? view.players.filter((p) => p.alive) : view.players;
  return {
    game: view.kind,
    move,
    bot,
    me,
    players: alive.map((p) => p.name),
    out: view.kind === 'undercover' ? view.players.filter((p) => !p.alive).map((p) => p.name) : [],
    topic: view.kind === 'chameleon' ? view.topic : null,
    role: view.kind === 'chameleon' ? view.role : null,
    secret: view.kind === 'chameleon' ? view.secret : null,
    word: view.kind === 'undercover' ? view.word : null,
    clues: view.clues.map((c) => ({ name: name(c.player), round: c.round, text: c.text })),
    round: view.round,
    clueRounds: view.kind === 'chameleon' ? view.clueRounds : view.clueRounds * view.voteRound,
    candidates: extra.candidates ?? [],
    pastVotes:
      view.kind === 'undercover'
        ? view.history.map((h) => ({
            round: h.round,
            votes: Object.fromEntries(Object.entries(h.votes).map(([v, t]) => [name(v), t === null ? null : name(t)])),
          }))
        : [],
    beliefs: extra.beliefs ?? null,
    persona: extra.persona ?? null,
    target: extra.target ?? null,
    toJudge: extra.toJudge ?? [],
  };
}

// ---- Answer schemas (built from the legal choices) -----------------------------------------------------------
// Every schema is valid for OpenAI's strict structured outputs: objects with fixed keys, all required, enums, and
// no length or range keywords (strict mode rejects minLength/maxLength). Limits strict mode cannot carry are zod
// refinements, checked after parsing (a failed check is a schema failure the gateway repairs, then a counted
// fallback); refinements never reach the JSON Schema sent to the provider.

export const PROMPT_SETTINGS = {
  // Same cap as the rules (lobby.ts maxClueLength).
  maxClueLength: 150,
  maxGuessLength: 60,
} as const;

/** 1..max characters once trimmed (callers trim), with the length checked by zod only. */
function boundedText(max: number) {
  return z
    .string()
    .refine((s) => s.trim().length > 0, { message: 'must not be empty' })
    .refine((s) => s.trim().length <= max, { message: `must be at most ${max} characters` });
}

function enumOf(values: readonly string[]): z.ZodType<string> {
  return z.enum(values as unknown as [string, ...string[]]);
}

function roleEnum(game: GameKind): z.ZodType<string> {
  return enumOf(ROLE_NAMES[game]);
}

/**
 * A clue, with the self-awareness probe asked before it in the same call (MAgIC asks "which role am I" before each
 * clue): `role` is the model's own answer, never read from the bot's state.
 */
export function clueSchema(game: GameKind): z.ZodType<ClueAnswer> {
  return z.object({ role: roleEnum(game), clue: boundedText(PROMPT_SETTINGS.maxClueLength) });
}
export type ClueAnswer = { role: string; clue: string };

export const guessSchema = z.object({ word: boundedText(PROMPT_SETTINGS.maxGuessLength) });

/** The vote alone: the vanilla bot's prompts hold no two-hop question. */
export function voteSchema(input: BotInput): z.ZodType<VoteAnswer> {
  return z.object({ vote: enumOf(input.candidates) });
}
export type VoteAnswer = { vote: string };

/**
 * MAgIC's reasoning probe, asked after each clue (an evaluation question; its answer never feeds a move): whom this
 * player believes is the odd one (scored against the truth, "gold"), and for each other player whom that player
 * believes it is (scored against that player's own answer, "inter").
 */
export function probeSchema(input: BotInput): z.ZodType<ProbeAnswer> {
  const others = input.players.filter((p) => p !== input.me);
  return z.object({
    suspect: enumOf(input.players),
    predicted: z.object(Object.fromEntries(others.map((o) => [o, enumOf(input.players)]))),
  });
}
export type ProbeAnswer = { suspect: string; predicted: Record<string, string> };

/**
 * A probability in [0, 1]. The range goes out as minimum/maximum (inside OpenAI's strict subset for numbers), so a
 * constrained model keeps to it; zod checks it again after parsing.
 */
const probability = z.number().min(0).max(1);

/** PGM analysis: a belief row for this player and one per other player's presumed view (two-hop). */
export function analyseSchema(input: BotInput): z.ZodType<AnalyseAnswer> {
  const row = z.object(Object.fromEntries(input.players.map((p) => [p, probability])));
  return z.object({
    selfRole: roleEnum(input.game),
    beliefs: z.object(Object.fromEntries(input.players.map((p) => [p, row]))),
  });
}
export type AnalyseAnswer = { selfRole: string; beliefs: SuspicionRows };

/**
 * `pgm` judgement (MAgIC's textual PGM): for each clue to judge, for this player and each other player as they would
 * see it, whether the clue made each player more suspicious, less suspicious or left them unchanged.
 */
export function judgeSchema(input: BotInput): z.ZodType<JudgeAnswer> {
  const row = z.object(Object.fromEntries(input.players.map((p) => [p, enumOf(JUDGEMENTS)])));
  const matrix = z.object(Object.fromEntries(input.players.map((o) => [o, row])));
  return z.object({
    clues: z.object(Object.fromEntries(input.toJudge.map((c) => [c.label, matrix]))),
  }) as z.ZodType<JudgeAnswer>;
}
export type JudgeAnswer = { clues: Record<string, JudgementRows> };

// ---- Messages -------------------------------------------------------------------------------------------------

function rules(input: BotInput): string {
  const n = input.players.length + input.out.length;
  if (input.game === 'chameleon')
    return [
      `You are ${input.me}, one of ${n} players in a game of Chameleon.`,
      'Everyone hears the topic. All players but one also get the same hidden word from that topic; the one',
      'without it is the chameleon. In seat order each player gives one short clue about the hidden word',
      `(${input.clueRounds} round${input.clueRounds > 1 ? 's' : ''}). Then everyone, the chameleon too, votes`,
      'for who they think the chameleon is; nobody may vote for themselves. If the most votes are shared, or go',
      'to someone else, the chameleon wins. A caught chameleon may name the hidden word from the clues and wins',
      'if it is right. Word holders want to expose the chameleon without making the word easy to work out; the',
      'chameleon wants to blend in and work the word out.',
    ].join(' ');
  return [
    `You are ${input.me}, one of ${n} players in a game of Undercover.`,
    'Every player is given a word. All but one get the same word; the undercover gets a different but close',
    'word. Nobody is told which one they have, so work out from the clues whether your word is the odd one.',
    'In seat order each player gives one short clue about their own word, never the word itself and never an',
    'earlier clue. Then everyone votes for who they think the undercover is; nobody may vote for themselves.',
    input.pastVotes.length > 0 || input.out.length > 0
      ? 'The most-voted player is out; rounds repeat until the undercover is out or too few others remain.'
      : 'The civilians win if the undercover gets the most votes alone; otherwise the undercover wins.',
    'Do not be so specific that you give your word away.',
  ].join(' ');
}

function persona(input: BotInput): string {
  if (!input.persona) return '';
  return `\nYou are playing as the character described in this block:\n${quoteUserText('character description', `${input.persona.name}: ${input.persona.summary}`)}\nStay in character in how you word things, but play to win.`;
}

function knowledge(input: BotInput): string {
  if (input.game === 'chameleon') {
    const lines = [`Topic: ${input.topic ?? '?'}.`];
    if (input.role === 'chameleon') lines.push('You are the chameleon: you do not know the hidden word.');
    else lines.push(`You are not the chameleon. The hidden word is "${input.secret ?? '?'}".`);
    return lines.join('\n');
  }
  return `Your word is "${input.word ?? '?'}".`;
}

function cluesText(input: BotInput): string {
  if (input.clues.length === 0) return 'No clues yet.';
  // Clues are what players wrote (people among them): each one is a quoted block, never bare prompt text.
  return input.clues
    .map((c, i) => {
      const who = `clue ${i + 1}, round ${c.round}, ${c.name}${c.name === input.me ? ' (you)' : ''}`;
      return c.text === null ? `- ${who}: (passed)` : `- ${who}:\n${quoteUserText(`${c.name}'s clue`, c.text)}`;
    })
    .join('\n');
}

function beliefsText(input: BotInput): string {
  if (!input.beliefs) return '';
  const rows = Object.entries(input.beliefs).map(([obs, row]) => {
    const who = obs === input.me ? 'You think' : `You think ${obs} thinks`;
    const cells = Object.entries(row)
      .map(([s, p]) => `${s} ${p.toFixed(2)}`)
      .join(', ');
    return `- ${who}: ${cells}`;
  });
  const odd = ROLE_NAMES[input.game][0];
  return `\nYour current estimates of who is the ${odd} (probabilities):\n${rows.join('\n')}`;
}

function history(input: BotInput): string {
  const parts: string[] = [];
  if (input.out.length > 0) parts.push(`Out of the game: ${input.out.join(', ')}.`);
  for (const h of input.pastVotes) {
    const v = Object.entries(h.votes)
      .map(([a, b]) => `${a}->${b ?? 'none'}`)
      .join(', ');
    parts.push(`Vote round ${h.round}: ${v}.`);
  }
  return parts.length > 0 ? `\n${parts.join('\n')}` : '';
}

function task(input: BotInput): string {
  const odd = ROLE_NAMES[input.game][0];
  const roles = ROLE_NAMES[input.game].map((r) => `"${r}"`).join(' or ');
  switch (input.move) {
    case 'clue': {
      const pgm = input.target
        ? targetText(input)
        : input.beliefs
          ? input.game === 'chameleon' && input.role === 'chameleon'
            ? ' Use your estimates and the clues: guess the hidden word and give a clue that fits it, so you blend in.'
            : ` Use your estimates: if you think you are the ${odd}, give a clue that also fits the others' word; otherwise give a clue that the ${odd} would not think of, without giving your word away.`
          : '';
      return [
        `It is your turn (clue round ${input.round} of ${input.clueRounds}).`,
        `First say which role you think you have (${roles}).`,
        `Then give one short clue (a word or a short phrase, at most ${PROMPT_SETTINGS.maxClueLength} characters). Do not say the word itself and do not repeat an earlier clue.${pgm}`,
        'Answer as JSON: {"role": "<role>", "clue": "..."}',
      ].join('\n');
    }
    case 'vote':
      return [
        `Vote for the player you think is the ${odd}: one of ${input.candidates.join(', ')}.`,
        'Answer as JSON: {"vote": "<name>"}',
      ].join('\n');
    case 'probe': {
      const others = input.players.filter((p) => p !== input.me);
      return [
        `A question about the game so far (it does not change your next move). Who do you think is the ${odd}? One of ${input.players.join(', ')}.`,
        `And for each other player (${others.join(', ')}): whom does that player think is the ${odd}, judging from what they can know?`,
        'Answer as JSON: {"suspect": "<name>", "predicted": {"<player>": "<name>", ...}}',
      ].join('\n');
    }
    case 'guess':
      return `You were caught. Name the hidden word from the clues (topic: ${input.topic ?? '?'}).\nAnswer as JSON: {"word": "..."}`;
    case 'judge': {
      const labels = input.toJudge.map((c) => `"${c.label}"`).join(', ');
      return [
        `Before acting, judge the new clue${input.toJudge.length > 1 ? 's' : ''} (${labels}) one at a time, in order.`,
        `For each clue, say for yourself and for each other player (as that player would judge it, from what they can know: the same clues, their own word but not yours)`,
        `whether the clue makes each player (${input.players.join(', ')}) "more suspicious", "less suspicious" or "no change" as the ${odd}.`,
        'Answer as JSON: {"clues": {"<clue label>": {"<observer>": {"<player>": "more suspicious" | "less suspicious" | "no change", ...}, ...}, ...}}',
      ].join('\n');
    }
    case 'analyse':
      return [
        `Before acting, estimate who is the ${odd}. Give one row for yourself and one row for each other player,`,
        `as that player would judge it from what they can know (they see the same clues, and their own word but not yours).`,
        `Each row gives every player (${input.players.join(', ')}) a probability of being the ${odd}; a row sums to 1.`,
        `Also say which role you think you have (${roles}).`,
        'Answer as JSON: {"selfRole": "<role>", "beliefs": {"<observer>": {"<player>": 0.0, ...}, ...}}',
      ].join('\n');
  }
}

/** MAgIC's target-player clue instruction for the `pgm` bot. */
function targetText(input: BotInput): string {
  const odd = ROLE_NAMES[input.game][0];
  const me = input.beliefs?.[input.me];
  const selfOdd = me ? Object.entries(me).every(([p, v]) => p === input.me || v < (me[input.me] ?? 0)) : false;
  if (input.game === 'chameleon' && input.role === 'chameleon')
    return ` ${input.target} suspects you most: guess the hidden word from the clues and give a clue that fits it, so that ${input.target} becomes less suspicious of you.`;
  if (selfOdd)
    return ` You may be the ${odd}, and ${input.target} suspects you most: give a clue that also fits the word you think the others have, so that ${input.target} becomes less suspicious of you.`;
  return ` You suspect ${input.target} most: give a clue the ${odd} could not match, so that everyone sees ${input.target}'s clues do not fit, without giving your word away.`;
}

function judgeText(input: BotInput): string {
  if (input.toJudge.length === 0) return '';
  // The clues themselves are quoted above, under the same labels.
  return `\nNew clues to judge: ${input.toJudge.map((c) => `${c.label} (${c.name})`).join(', ')}.`;
}

/** The messages for one move, built only from `input`. */
export function buildMessages(input: BotInput): ChatMessage[] {
  return [
    { role: 'system', content: `${rules(input)}${persona(input)}\n${USER_TEXT_RULE}` },
    {
      role: 'user',
      content: `${knowledge(input)}\nPlayers: ${input.players.join(', ')}.${history(input)}\nClues so far:\n${cluesText(input)}${beliefsText(input)}${judgeText(input)}\n\n${task(input)}`,
    },
  ];
}

/** Task names (for accounting and the offline model's rules). */
export const GAME_TASKS = {
  clue: 'game_clue',
  cluePgm: 'game_clue_pgm',
  vote: 'game_vote',
  guess: 'game_guess',
  analyse: 'game_analyse',
  judge: 'game_judge',
  probe: 'game_probe',
} as const;
