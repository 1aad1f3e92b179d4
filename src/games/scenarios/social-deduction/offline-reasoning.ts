// The offline stand-in's reasoning shared by the social-deduction games (labelled, a pipeline check): reading clues
// by word association (knowledge.ts), one observer's belief row of who is the odd one out, and the seat shape each
// game's folder fills in (chameleon/offline.ts, undercover/offline.ts). The chameleon's inference of the secret and
// the readers of a player's situation are the legal defaults' own (default-moves.ts).
import { DEFAULT_MOVE_SETTINGS, mindOf } from './default-moves.ts';
import type { Mind, WordKnowledge } from './knowledge.ts';
import { normalizeRows } from './pgm.ts';
import type { BotInput, SuspicionRows } from './prompts.ts';

export const OFFLINE_SETTINGS = {
  ...DEFAULT_MOVE_SETTINGS,
  // A clue fits a word when its relatedness reaches this (knowledge.ts scores in [0, 1]).
  fitThreshold: 0.5,
  // Smoothing so every suspect keeps a little weight.
  epsilon: 0.05,
  // Tie-breaking weight for vaguer clues once a PGM bot has a reading of the other word.
  vagueWeight: 0.2,
} as const;

export interface Reasoning {
  rows: SuspicionRows;
  selfOdd: boolean;
  /** Chameleon: the estimated secret; Undercover: the estimated other word. */
  inferred: string | null;
}

/**
 * A social-deduction game's offline seat: what its stand-in makes of the clues, by this game's rules. The family's
 * offline rules (offline.ts) answer the model tasks with it; `family` tells it from a game-theory seat.
 */
export interface DeductionOfflineSeat {
  family: 'social-deduction';
  /** Belief rows from this player's view (normalised by the caller); `twoHop` models each other player's own view. */
  beliefs(k: WordKnowledge, input: BotInput, twoHop: boolean): Reasoning;
  /** The clue call's role answer without belief rows: does this player take itself for the odd one? */
  selfOdd(k: WordKnowledge, input: BotInput): boolean;
  /** MAgIC sec. 4's PGM clue, conditioned on the analysis. */
  pgmClue(k: WordKnowledge, input: BotInput): string;
  /** A vote's scores when this player's role reads the table otherwise than its belief row, else null. */
  voteScores(k: WordKnowledge, input: BotInput, r: Reasoning): Record<string, number> | null;
  /** The word this player measures clues against in its judgements: its own, or its estimate of the majority's. */
  judgedWord(k: WordKnowledge, input: BotInput): string | null;
  /** Nobody knows their role: a clue that misses an observer's word makes the observer suspect itself a little. */
  selfDoubt: boolean;
}

export function cluesOf(input: BotInput, name: string): string[] {
  return input.clues.filter((c) => c.name === name && c.text !== null).map((c) => c.text as string);
}

/** Average relatedness of a player's clues to a word; 0.5 when unknown. */
export function clueFit(k: WordKnowledge, texts: string[], word: string | null, mind?: Mind): number {
  if (word === null || texts.length === 0) return 0.5;
  return texts.reduce((s, t) => s + k.relatedness(t, word, mind), 0) / texts.length;
}

/** Of the others who spoke, the share whose clues miss `word` (and how many spoke). */
export function misfitShare(k: WordKnowledge, input: BotInput, observer: string, word: string | null) {
  const mind = mindOf(input, k);
  const spoken = input.players.filter((q) => q !== observer && cluesOf(input, q).length > 0);
  const misfits = spoken.filter(
    (q) => clueFit(k, cluesOf(input, q), word, mind) < OFFLINE_SETTINGS.fitThreshold,
  ).length;
  return { spoken: spoken.length, share: spoken.length > 0 ? misfits / spoken.length : 0 };
}

/**
 * One observer's belief row: who looks like the odd one to a player holding `word`. `selfKnown`: the observer knows
 * its own role (Chameleon); else it must infer it (its cell rises when most others' clues do not fit its word).
 */
export function perspective(
  k: WordKnowledge,
  input: BotInput,
  observer: string,
  word: string | null,
  selfKnown: boolean,
): Record<string, number> {
  const eps = OFFLINE_SETTINGS.epsilon;
  const row: Record<string, number> = {};
  const others = input.players.filter((p) => p !== observer);
  for (const q of others) row[q] = 1 - clueFit(k, cluesOf(input, q), word, mindOf(input, k)) + eps;
  if (selfKnown) row[observer] = 0;
  else {
    const { spoken, share } = misfitShare(k, input, observer, word);
    // Most others' clues miss my word: then I am the likelier odd one, above anyone whose clue merely misses.
    row[observer] = spoken >= 2 && share > 0.5 ? 1 + share : eps;
  }
  return row;
}

/** The seat's belief rows, normalised (me first). */
export function reason(seat: DeductionOfflineSeat, k: WordKnowledge, input: BotInput, twoHop: boolean): Reasoning {
  const r = seat.beliefs(k, input, twoHop);
  const others = input.players.filter((p) => p !== input.me);
  return { ...r, rows: normalizeRows(r.rows, input.players, [input.me, ...others]) };
}
