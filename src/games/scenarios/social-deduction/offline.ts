// The offline stand-in's rules for the social-deduction tasks (clue, PGM clue, vote, guess, analyse, judge, probe):
// deterministic, rule-based play from the structured prompt input, so bot games run without a model server; the
// labelled figures are a pipeline check. Reasoning is by clue/word association (data/games/associations.json); it
// reads only the BotInput, built from the player's view. What differs by game is the game's own offline seat
// (chameleon/offline.ts, undercover/offline.ts), which `seatFor` finds (src/offline looks it up in the registry).
// Every tie is broken with the knowledge's seed (a bench run's), so figures move with the seed.
import { z } from 'zod';
import type { OfflineRules } from '../../../llm/port.ts';
import { defaultClue, defaultGuess, key, mindOf } from './default-moves.ts';
import { defaultKnowledge, type WordKnowledge } from './knowledge.ts';
import { type DeductionOfflineSeat, OFFLINE_SETTINGS, type Reasoning, reason } from './offline-reasoning.ts';
import { argmax, type Judgement, type JudgementRows } from './pgm.ts';
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
} from './prompts.ts';

export { type DeductionOfflineSeat, OFFLINE_SETTINGS, type Reasoning } from './offline-reasoning.ts';

type SeatFor = (game: string) => DeductionOfflineSeat | undefined;

function inputSchema(seatFor: SeatFor) {
  return z.object({
    game: z.string().refine((g) => seatFor(g) !== undefined, { message: 'no offline seat for this game' }),
    move: z.enum(['clue', 'vote', 'guess', 'analyse', 'judge', 'probe']),
    bot: z.enum(['vanilla', 'pgm', 'pgm-prob']),
    me: z.string(),
    players: z.array(z.string()).min(1),
    out: z.array(z.string()),
    topic: z.string().nullable(),
    role: z.string().nullable(),
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

function vote(seat: DeductionOfflineSeat, k: WordKnowledge, input: BotInput): VoteAnswer {
  const r = reason(seat, k, input, input.bot !== 'vanilla');
  const scores = seat.voteScores(k, input, r) ?? r.rows[input.me] ?? {};
  const target = argmax(scores, input.candidates, key(input, 'vote', k.seed));
  return { vote: target ?? (input.candidates[0] as string) };
}

/** MAgIC's reasoning probe: my top suspect, and each other player's top suspect as I model their view. */
function probe(r: Reasoning, k: WordKnowledge, input: BotInput): ProbeAnswer {
  const me = input.me;
  const suspect = argmax(r.rows[me] ?? {}, input.players, key(input, 'probe', k.seed)) ?? me;
  const predicted: Record<string, string> = {};
  for (const b of input.players) {
    if (b === me) continue;
    const top = argmax(
      r.rows[b] ?? {},
      input.players.filter((p) => p !== b),
      key(input, `sus:${b}`, k.seed),
    );
    predicted[b] = top ?? me;
  }
  return { suspect, predicted };
}

/**
 * MAgIC's textual judgements, as a person in this seat could make them: a clue that fits the word an observer
 * holds (as far as I can tell: my own word for me; for the others, the word I think the majority holds) makes its
 * speaker less suspicious to that observer, a clue that misses it more suspicious; where nobody knows their role, a
 * clue that misses an observer's word also makes the observer a little more suspicious of itself.
 */
function judge(seat: DeductionOfflineSeat, k: WordKnowledge, input: BotInput): JudgeAnswer {
  const mind = mindOf(input, k);
  const mine = seat.judgedWord(k, input);
  const clues: Record<string, JudgementRows> = {};
  for (const c of input.toJudge) {
    const rows: JudgementRows = {};
    for (const o of input.players) {
      const row: Record<string, Judgement> = Object.fromEntries(input.players.map((p) => [p, 'no change' as const]));
      if (o !== c.name && mine !== null) {
        const fits = k.relatedness(c.text, mine, mind) >= OFFLINE_SETTINGS.fitThreshold;
        row[c.name] = fits ? 'less suspicious' : 'more suspicious';
        if (seat.selfDoubt && !fits) row[o] = 'more suspicious';
      }
      rows[o] = row;
    }
    clues[c.label] = rows;
  }
  return { clues };
}

/**
 * The offline rules over a given knowledge base; `seatFor` finds each game's offline seat, `seed` (a bench run's)
 * draws which associations each mind recalls and breaks every tie, so runs differ by seed.
 */
export function deductionOfflineRules(opts: {
  seatFor: SeatFor;
  base?: () => WordKnowledge;
  recall?: number;
  seed?: string;
}): OfflineRules {
  const schema = inputSchema(opts.seatFor);
  let cached: WordKnowledge | null = null;
  const knowledge = () => {
    cached ??= (opts.base ?? defaultKnowledge)()
      .withRecall(opts.recall ?? OFFLINE_SETTINGS.recall)
      .withSeed(opts.seed ?? '');
    return cached;
  };
  const turn = (raw: unknown) => {
    const input = schema.parse(raw) as BotInput;
    return { input, k: knowledge(), seat: opts.seatFor(input.game) as DeductionOfflineSeat };
  };
  const clueAnswer = (seat: DeductionOfflineSeat, k: WordKnowledge, input: BotInput, clue: string): ClueAnswer => ({
    // The role asked first ("which role am I"), then the clue.
    role: roleName(input, seat.selfOdd(k, input)),
    clue,
  });
  return {
    [GAME_TASKS.clue]: (raw) => {
      const { input, k, seat } = turn(raw);
      return clueAnswer(seat, k, input, defaultClue(k, input));
    },
    [GAME_TASKS.cluePgm]: (raw) => {
      const { input, k, seat } = turn(raw);
      return clueAnswer(seat, k, input, seat.pgmClue(k, input));
    },
    [GAME_TASKS.probe]: (raw) => {
      const { input, k, seat } = turn(raw);
      return probe(reason(seat, k, input, true), k, input);
    },
    [GAME_TASKS.vote]: (raw) => {
      const { input, k, seat } = turn(raw);
      return vote(seat, k, input);
    },
    [GAME_TASKS.analyse]: (raw): AnalyseAnswer => {
      const { input, k, seat } = turn(raw);
      const r = reason(seat, k, input, true);
      return { selfRole: roleName(input, r.selfOdd), beliefs: round3(r.rows) };
    },
    [GAME_TASKS.judge]: (raw) => {
      const { input, k, seat } = turn(raw);
      return judge(seat, k, input);
    },
    [GAME_TASKS.guess]: (raw) => {
      const { input, k } = turn(raw);
      return defaultGuess(k, input);
    },
  };
}
