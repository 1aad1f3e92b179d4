// The offline game bots' reasoning (rules.ts answers the tasks with it): reading clues by word association
// (src/games/scenarios/social-deduction/knowledge.ts) — Undercover's inference of the other word, and the belief rows of who is the odd one
// out, from this player's view or modelling each other player's. The chameleon's inference of the secret and the
// readers of a player's situation are the games' own (src/games/scenarios/social-deduction/default-moves.ts), shared with the legal defaults.

import { DEFAULT_MOVE_SETTINGS, inferSecret, mindOf } from '../../games/scenarios/social-deduction/default-moves.ts';
import type { Mind, WordKnowledge } from '../../games/scenarios/social-deduction/knowledge.ts';
import { normalizeRows, thinksSelfOdd } from '../../games/scenarios/social-deduction/pgm.ts';
import type { BotInput, SuspicionRows } from '../../games/scenarios/social-deduction/prompts.ts';

export const OFFLINE_SETTINGS = {
  ...DEFAULT_MOVE_SETTINGS,
  // A clue fits a word when its relatedness reaches this (knowledge.ts scores in [0, 1]).
  fitThreshold: 0.5,
  // Smoothing so every suspect keeps a little weight.
  epsilon: 0.05,
  // Tie-breaking weight for vaguer clues once a PGM bot has a reading of the other word.
  vagueWeight: 0.2,
} as const;

export function cluesOf(input: BotInput, name: string): string[] {
  return input.clues.filter((c) => c.name === name && c.text !== null).map((c) => c.text as string);
}

/** Average relatedness of a player's clues to a word; 0.5 when unknown. */
export function clueFit(k: WordKnowledge, texts: string[], word: string | null, mind?: Mind): number {
  if (word === null || texts.length === 0) return 0.5;
  return texts.reduce((s, t) => s + k.relatedness(t, word, mind), 0) / texts.length;
}

/** The other word in an Undercover game, inferred from clues that do not fit mine. */
export function inferOtherWord(k: WordKnowledge, input: BotInput): string | null {
  const mine = input.word;
  const mind = mindOf(input, k);
  const odd = input.players
    .filter((p) => p !== input.me)
    .flatMap((p) =>
      cluesOf(input, p).filter((t) => k.relatedness(t, mine ?? '', mind) < OFFLINE_SETTINGS.fitThreshold),
    );
  if (odd.length === 0) return null;
  return k.candidatesFor(odd, mine ? [mine] : [], mind)[0]?.word ?? null;
}

/**
 * One observer's belief row: who looks like the odd one to a player holding `word`.
 * `selfKnown`: Chameleon players know their own role; Undercover players must infer it (their cell rises when most
 * others' clues do not fit their word).
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
    const spoken = others.filter((q) => cluesOf(input, q).length > 0);
    const misfits = spoken.filter(
      (q) => clueFit(k, cluesOf(input, q), word, mindOf(input, k)) < OFFLINE_SETTINGS.fitThreshold,
    ).length;
    const share = spoken.length > 0 ? misfits / spoken.length : 0;
    // Most others' clues miss my word: then I am the likelier odd one, above anyone whose clue merely misses.
    row[observer] = spoken.length >= 2 && share > 0.5 ? 1 + share : eps;
  }
  return row;
}

export interface Reasoning {
  rows: SuspicionRows;
  selfOdd: boolean;
  /** Chameleon: the estimated secret; Undercover: the estimated other word. */
  inferred: string | null;
}

/** Belief rows from this player's view; `twoHop` models each other player's own view, else projects mine onto them. */
export function reason(k: WordKnowledge, input: BotInput, twoHop: boolean): Reasoning {
  const me = input.me;
  const players = input.players;
  const others = players.filter((p) => p !== me);
  const rows: SuspicionRows = {};
  let selfOdd: boolean;
  let inferred: string | null;
  if (input.game === 'chameleon') {
    if (input.role === 'chameleon') {
      selfOdd = true;
      inferred = inferSecret(k, input);
      rows[me] = Object.fromEntries(players.map((p) => [p, p === me ? 1 : 0]));
      for (const b of others)
        rows[b] = twoHop ? perspective(k, input, b, inferred, true) : perspective(k, input, me, inferred, true);
    } else {
      selfOdd = false;
      inferred = input.secret;
      const own = perspective(k, input, me, input.secret, true);
      rows[me] = own;
      const ownN = normalizeRows({ [me]: own }, players, [me])[me] as Record<string, number>;
      for (const b of others) {
        if (!twoHop) {
          rows[b] = { ...own, [b]: 0 };
          continue;
        }
        // Two-hop: B is the chameleon (and knows it) with my estimate's probability, else B reasons as I do.
        const asHolder = normalizeRows({ [b]: perspective(k, input, b, input.secret, true) }, players, [b])[b] ?? {};
        const pb = ownN[b] ?? 0;
        rows[b] = Object.fromEntries(players.map((p) => [p, (p === b ? pb : 0) + (1 - pb) * (asHolder[p] ?? 0)]));
      }
    }
  } else {
    inferred = inferOtherWord(k, input);
    const own = perspective(k, input, me, input.word, false);
    rows[me] = own;
    selfOdd = thinksSelfOdd({ [me]: own }, me, players);
    for (const b of others) {
      if (!twoHop) {
        rows[b] = { ...own, [b]: 0 };
        continue;
      }
      const bClues = cluesOf(input, b);
      const bWord =
        inferred !== null &&
        clueFit(k, bClues, inferred, mindOf(input, k)) > clueFit(k, bClues, input.word, mindOf(input, k))
          ? inferred
          : input.word;
      rows[b] = perspective(k, input, b, bWord, false);
    }
  }
  return { rows: normalizeRows(rows, players, [me, ...others]), selfOdd, inferred };
}
