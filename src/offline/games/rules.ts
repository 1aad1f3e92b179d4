// The offline stand-in's rules for the game tasks (Chameleon, Undercover): deterministic, rule-based play from the structured prompt input, so bot
// games run without a model server and the MAgIC metrics mean something. Reasoning is by clue/word association
// (data/games/associations.json); it reads only the BotInput, which is built from the player's view. The vanilla
// clue and the guess are the games' legal defaults (src/games/scenarios/social-deduction/default-moves.ts), which real bots fall back on.
import { z } from 'zod';
import {
  clampClue,
  defaultClue,
  defaultGuess,
  inferSecret,
  key,
  mindOf,
  usedClues,
} from '../../games/scenarios/social-deduction/default-moves.ts';
import {
  defaultKnowledge,
  freshClues,
  pick,
  type WordKnowledge,
} from '../../games/scenarios/social-deduction/knowledge.ts';
import {
  argmax,
  type Judgement,
  type JudgementRows,
  thinksSelfOdd,
} from '../../games/scenarios/social-deduction/pgm.ts';
import {
  type AnalyseAnswer,
  type BotInput,
  type ClueAnswer,
  GAME_TASKS,
  type JudgeAnswer,
  type ProbeAnswer,
  ROLE_NAMES,
  type SuspicionRows,
  type VoteAnswer,
} from '../../games/scenarios/social-deduction/prompts.ts';
import type { OfflineRules } from '../../llm/port.ts';
import { clueFit, cluesOf, OFFLINE_SETTINGS, reason } from './reasoning.ts';

export { OFFLINE_SETTINGS, reason } from './reasoning.ts';

const inputSchema = z.object({
  game: z.enum(['chameleon', 'undercover']),
  move: z.enum(['clue', 'vote', 'guess', 'analyse', 'judge', 'probe']),
  bot: z.enum(['vanilla', 'pgm', 'pgm-prob']),
  me: z.string(),
  players: z.array(z.string()).min(1),
  out: z.array(z.string()),
  topic: z.string().nullable(),
  role: z.enum(['chameleon', 'player']).nullable(),
  secret: z.string().nullable(),
  word: z.string().nullable(),
  clues: z.array(z.object({ name: z.string(), round: z.number(), text: z.string().nullable() })),
  round: z.number(),
  clueRounds: z.number(),
  candidates: z.array(z.string()),
  pastVotes: z.array(z.object({ round: z.number(), votes: z.record(z.string(), z.string().nullable()) })),
  beliefs: z.record(z.string(), z.record(z.string(), z.number())).nullable(),
  persona: z.object({ name: z.string(), summary: z.string() }).nullable(),
  target: z.string().nullable().default(null),
  toJudge: z.array(z.object({ label: z.string(), name: z.string(), text: z.string() })).default([]),
});

function parse(input: unknown): BotInput {
  return inputSchema.parse(input) as BotInput;
}

function round3(rows: SuspicionRows): SuspicionRows {
  return Object.fromEntries(
    Object.entries(rows).map(([o, r]) => [
      o,
      Object.fromEntries(Object.entries(r).map(([p, v]) => [p, Math.round(v * 1000) / 1000])),
    ]),
  );
}

function roleName(input: BotInput, odd: boolean): string {
  return ROLE_NAMES[input.game][odd ? 0 : 1];
}

/** PGM clue: conditioned on the analysis (MAgIC sec. 4: blend in as the odd one, expose it otherwise). */
function pgmClue(k: WordKnowledge, input: BotInput): string {
  const used = usedClues(input);
  const k2 = key(input, 'pgm-clue');
  const mind = mindOf(input, k);
  if (input.game === 'chameleon') {
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
  }
  const word = input.word ?? '';
  const cands = freshClues(k.cluesFor(word, mind), used, [word]);
  if (cands.length === 0) return defaultClue(k, input);
  const r = reason(k, input, true);
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
      return [
        c,
        (selfOdd ? k.relatedness(c, other, mindOf(input, k)) : 1 - k.relatedness(c, other, mindOf(input, k))) + v,
      ];
    }),
  );
  return clampClue(argmax(score, cands, k2) as string);
}

function vote(k: WordKnowledge, input: BotInput): VoteAnswer {
  const r = reason(k, input, input.bot !== 'vanilla');
  const me = input.me;
  let target: string | undefined;
  if (input.game === 'chameleon' && input.role === 'chameleon') {
    // Point at whoever looks least like the word I think it is.
    const looks = Object.fromEntries(
      input.candidates.map((c) => [c, 1 - clueFit(k, cluesOf(input, c), r.inferred, mindOf(input, k))]),
    );
    target = argmax(looks, input.candidates, key(input, 'vote'));
  } else target = argmax(r.rows[me] ?? {}, input.candidates, key(input, 'vote'));
  return { vote: target ?? (input.candidates[0] as string) };
}

/** MAgIC's reasoning probe: my top suspect, and each other player's top suspect as I model their view. */
function probe(k: WordKnowledge, input: BotInput): ProbeAnswer {
  const r = reason(k, input, true);
  const me = input.me;
  const suspect = argmax(r.rows[me] ?? {}, input.players, key(input, 'probe')) ?? me;
  const predicted: Record<string, string> = {};
  for (const b of input.players) {
    if (b === me) continue;
    const top = argmax(
      r.rows[b] ?? {},
      input.players.filter((p) => p !== b),
      key(input, `sus:${b}`),
    );
    predicted[b] = top ?? me;
  }
  return { suspect, predicted };
}

/** The clue call's answer: the role asked first ("which role am I"), then the clue. */
function clueAnswer(k: WordKnowledge, input: BotInput, clue: string): ClueAnswer {
  // Chameleon: the prompt says which role the player has. Undercover: most others' clues miss my word (the same
  // test as the belief rows' own cell, without building the rows).
  let selfOdd: boolean;
  if (input.game === 'chameleon') selfOdd = input.role === 'chameleon';
  else {
    const mind = mindOf(input, k);
    const spoken = input.players.filter((p) => p !== input.me && cluesOf(input, p).length > 0);
    const misfits = spoken.filter(
      (p) => clueFit(k, cluesOf(input, p), input.word, mind) < OFFLINE_SETTINGS.fitThreshold,
    ).length;
    selfOdd = spoken.length >= 2 && misfits / spoken.length > 0.5;
  }
  return { role: roleName(input, selfOdd), clue };
}

function analyse(k: WordKnowledge, input: BotInput): AnalyseAnswer {
  const r = reason(k, input, true);
  return { selfRole: roleName(input, r.selfOdd), beliefs: round3(r.rows) };
}

/**
 * MAgIC's textual judgements, as a person in this seat could make them: a clue that fits the word an observer
 * holds (as far as I can tell: my own word for me; for the others, the word I think the majority holds) makes its
 * speaker less suspicious to that observer, a clue that misses it more suspicious. In Undercover, where nobody knows
 * their role, a clue that misses an observer's word also makes the observer a little more suspicious of itself.
 */
function judge(k: WordKnowledge, input: BotInput): JudgeAnswer {
  const mind = mindOf(input, k);
  const mine =
    input.game === 'chameleon' ? (input.role === 'chameleon' ? inferSecret(k, input) : input.secret) : input.word;
  const clues: Record<string, JudgementRows> = {};
  for (const c of input.toJudge) {
    const rows: JudgementRows = {};
    for (const o of input.players) {
      const row: Record<string, Judgement> = Object.fromEntries(input.players.map((p) => [p, 'no change' as const]));
      if (o !== c.name && mine !== null) {
        const fits = k.relatedness(c.text, mine, mind) >= OFFLINE_SETTINGS.fitThreshold;
        row[c.name] = fits ? 'less suspicious' : 'more suspicious';
        if (input.game === 'undercover' && !fits) row[o] = 'more suspicious';
      }
      rows[o] = row;
    }
    clues[c.label] = rows;
  }
  return { clues };
}

/** Offline rules over a given knowledge base (custom association data). */
export function makeGamesOfflineRules(
  base: () => WordKnowledge = defaultKnowledge,
  recall: number = OFFLINE_SETTINGS.recall,
  /** A bench run's seed: which associations each mind recalls is drawn with it, so runs differ by seed. */
  seed = '',
): OfflineRules {
  let cached: WordKnowledge | null = null;
  const knowledge = () => {
    cached ??= base().withRecall(recall).withSeed(seed);
    return cached;
  };
  return {
    [GAME_TASKS.clue]: (input) => {
      const i = parse(input);
      return clueAnswer(knowledge(), i, defaultClue(knowledge(), i));
    },
    [GAME_TASKS.cluePgm]: (input) => {
      const i = parse(input);
      return clueAnswer(knowledge(), i, pgmClue(knowledge(), i));
    },
    [GAME_TASKS.probe]: (input) => probe(knowledge(), parse(input)),
    [GAME_TASKS.vote]: (input) => vote(knowledge(), parse(input)),
    [GAME_TASKS.analyse]: (input) => analyse(knowledge(), parse(input)),
    [GAME_TASKS.judge]: (input) => judge(knowledge(), parse(input)),
    [GAME_TASKS.guess]: (input) => defaultGuess(knowledge(), parse(input)),
  };
}

/** The games' offline rules for the composition root to merge into the offline model. */
export const gamesOfflineRules: OfflineRules = makeGamesOfflineRules();
