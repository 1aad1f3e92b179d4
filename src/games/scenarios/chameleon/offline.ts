// The offline stand-in's Chameleon seat (labelled, a pipeline check): every player knows its role, so the chameleon
// reads the others' clues for the secret (inferSecret) and the others read who misses their word. As the chameleon
// its PGM clue fits its estimate of the secret and its vote points at whoever looks least like it; as a holder of
// the word, a vague clue the chameleon cannot pin down.
import { clampClue, defaultClue, inferSecret, key, mindOf, usedClues } from '../social-deduction/default-moves.ts';
import { freshClues, pick } from '../social-deduction/knowledge.ts';
import {
  clueFit,
  cluesOf,
  type DeductionOfflineSeat,
  perspective,
  type Reasoning,
} from '../social-deduction/offline-reasoning.ts';
import { argmax, normalizeRows } from '../social-deduction/pgm.ts';
import type { SuspicionRows } from '../social-deduction/prompts.ts';

export const chameleonOfflineSeat: DeductionOfflineSeat = {
  family: 'social-deduction',
  beliefs(k, input, twoHop): Reasoning {
    const me = input.me;
    const players = input.players;
    const others = players.filter((p) => p !== me);
    const rows: SuspicionRows = {};
    if (input.role === 'chameleon') {
      const inferred = inferSecret(k, input);
      rows[me] = Object.fromEntries(players.map((p) => [p, p === me ? 1 : 0]));
      for (const b of others)
        rows[b] = twoHop ? perspective(k, input, b, inferred, true) : perspective(k, input, me, inferred, true);
      return { rows, selfOdd: true, inferred };
    }
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
    return { rows, selfOdd: false, inferred: input.secret };
  },
  selfOdd: (_k, input) => input.role === 'chameleon',
  pgmClue(k, input) {
    const used = usedClues(input);
    const k2 = key(input, 'pgm-clue', k.seed);
    const mind = mindOf(input, k);
    if (input.role === 'chameleon') {
      const guess = inferSecret(k, input);
      const cands = guess ? freshClues(k.cluesFor(guess, mind), used, [guess]).filter((c) => !k.namesAnyWord(c)) : [];
      if (cands.length > 0) return clampClue(pick(cands, k2) as string);
      return defaultClue(k, input);
    }
    // Holder: prefer a vaguer clue (one that fits many words it knows, the topic's generic associations among
    // them), so the chameleon cannot pin the word down; no card of the topic's words is involved.
    const secret = input.secret ?? '';
    const cands = freshClues(k.cluesFor(secret, mind), used, [secret]);
    if (cands.length === 0) return defaultClue(k, input);
    const generic = input.topic ? k.topicClues(input.topic, mind) : [];
    const ambiguity = Object.fromEntries(
      cands.map((c) => [c, k.vagueness(c) + (generic.some((g) => k.relatedness(c, g, mind) > 0) ? 1 : 0)]),
    );
    return clampClue(argmax(ambiguity, cands, k2) as string);
  },
  voteScores(k, input, r) {
    if (input.role !== 'chameleon') return null;
    // Point at whoever looks least like the word I think it is.
    return Object.fromEntries(
      input.candidates.map((c) => [c, 1 - clueFit(k, cluesOf(input, c), r.inferred, mindOf(input, k))]),
    );
  },
  judgedWord: (k, input) => (input.role === 'chameleon' ? inferSecret(k, input) : input.secret),
  selfDoubt: false,
};
