// The offline stand-in's Undercover seat (labelled, a pipeline check): nobody knows their role, so each player
// infers the other word from clues that miss its own and suspects itself when most others' clues miss its word. Its
// PGM clue is vague at first, then fits both words as the odd one (or borrows the others' word on firm evidence,
// MAgIC sec. 4's example) and one the other word does not share as a holder of the majority word.
import { clampClue, defaultClue, key, mindOf, usedClues } from '../social-deduction/default-moves.ts';
import { freshClues, pick, type WordKnowledge } from '../social-deduction/knowledge.ts';
import {
  clueFit,
  cluesOf,
  type DeductionOfflineSeat,
  misfitShare,
  OFFLINE_SETTINGS,
  perspective,
  reason,
} from '../social-deduction/offline-reasoning.ts';
import { argmax, thinksSelfOdd } from '../social-deduction/pgm.ts';
import type { BotInput, SuspicionRows } from '../social-deduction/prompts.ts';

/** The other word, inferred from clues that do not fit mine. */
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

export const undercoverOfflineSeat: DeductionOfflineSeat = {
  family: 'social-deduction',
  beliefs(k, input, twoHop) {
    const me = input.me;
    const players = input.players;
    const rows: SuspicionRows = {};
    const inferred = inferOtherWord(k, input);
    const own = perspective(k, input, me, input.word, false);
    rows[me] = own;
    const selfOdd = thinksSelfOdd({ [me]: own }, me, players);
    for (const b of players.filter((p) => p !== me)) {
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
    return { rows, selfOdd, inferred };
  },
  selfOdd(k, input) {
    // Most others' clues miss my word (the same test as the belief rows' own cell, without building the rows).
    const { spoken, share } = misfitShare(k, input, input.me, input.word);
    return spoken >= 2 && share > 0.5;
  },
  pgmClue(k, input) {
    const used = usedClues(input);
    const k2 = key(input, 'pgm-clue', k.seed);
    const mind = mindOf(input, k);
    const word = input.word ?? '';
    const cands = freshClues(k.cluesFor(word, mind), used, [word]);
    if (cands.length === 0) return defaultClue(k, input);
    const r = reason(undercoverOfflineSeat, k, input, true);
    const selfOdd = input.beliefs ? thinksSelfOdd(input.beliefs, input.me, input.players) : r.selfOdd;
    // Nobody knows their role at first: a vague clue (one that fits many words) exposes no one.
    const vague = Object.fromEntries(cands.map((c) => [c, k.vagueness(c)]));
    const maxVague = Math.max(1, ...Object.values(vague));
    if (r.inferred === null) return clampClue(argmax(vague, cands, k2) as string);
    const other = r.inferred;
    // Borrow only on firm evidence: the other word must explain the clues of at least two other players.
    const explained = input.players.filter(
      (p) => p !== input.me && clueFit(k, cluesOf(input, p), other, mind) >= OFFLINE_SETTINGS.fitThreshold,
    ).length;
    if (selfOdd && explained >= 2 && cands.every((c) => k.relatedness(c, other, mind) === 0)) {
      // MAgIC sec. 4's example: an undercover who has worked out the others' word gives a clue that fits it. Clues
      // naming any known word are skipped (the estimate may be wrong and could name a real word of the game).
      const borrowed = freshClues(k.cluesFor(other, mind), used, [word, other]).filter((c) => !k.namesAnyWord(c));
      if (borrowed.length > 0) return clampClue(pick(borrowed, k2) as string);
    }
    // Odd one: a clue that fits both words; holder of the majority word: one the other word does not share.
    const score = Object.fromEntries(
      cands.map((c) => {
        const v = OFFLINE_SETTINGS.vagueWeight * ((vague[c] ?? 0) / maxVague);
        const fit = k.relatedness(c, other, mind);
        return [c, (selfOdd ? fit : 1 - fit) + v];
      }),
    );
    return clampClue(argmax(score, cands, k2) as string);
  },
  voteScores: () => null,
  judgedWord: (_k, input) => input.word,
  selfDoubt: true,
};
