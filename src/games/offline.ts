// Offline model rules for the game tasks: deterministic, rule-based play from the structured prompt input, so bot
// games run without a model server and the MAgIC metrics mean something. Reasoning is by clue/word association
// (data/games/associations.json); it reads only the BotInput, which is built from the player's view.
import { z } from 'zod';
import type { OfflineRules } from '../llm/port.ts';
import { argmax, normalizeRows, thinksSelfOdd } from './pgm.ts';
import {
  type AnalyseAnswer,
  type BotInput,
  type ClueAnswer,
  GAME_TASKS,
  type ProbeAnswer,
  PROMPT_SETTINGS,
  ROLE_NAMES,
  type SuspicionRows,
  type VoteAnswer,
} from './prompts.ts';
import { defaultKnowledge, freshClues, type Mind, pick, type WordKnowledge } from './knowledge.ts';

export const OFFLINE_SETTINGS = {
  // A clue fits a word when its relatedness reaches this (knowledge.ts scores in [0, 1]).
  fitThreshold: 0.5,
  // Smoothing so every suspect keeps a little weight.
  epsilon: 0.05,
  // Tie-breaking weight for vaguer clues once a PGM bot has a reading of the other word.
  vagueWeight: 0.2,
  // Share of the associations behind another player's clue that a listener recognises (our modelling choice:
  // people share most associations, not all; 1 would make every reading of a clue perfect).
  recall: 0.75,
  // Bonus for a guessed secret that fits the announced topic (the topic name is public; the card of words is not).
  topicFit: 0.5,
} as const;

function mindOf(input: BotInput, k: WordKnowledge): Mind {
  return {
    id: `${input.me}|${input.topic ?? ''}|${input.secret ?? ''}|${input.word ?? ''}|${input.players.join(',')}`,
    recall: k.recall,
  };
}

/** Neutral clues for when no association is known; checked against the word data in tests. */
export const FALLBACK_CLUES = [
  'hard to put into words',
  'I know it when I see it',
  'everyone has an opinion on it',
  'it depends who you ask',
  'more common than you think',
  'people talk about it a lot',
  'it comes up now and then',
  'you would recognise it',
] as const;

const inputSchema = z.object({
  game: z.enum(['chameleon', 'undercover']),
  move: z.enum(['clue', 'vote', 'guess', 'analyse', 'probe']),
  bot: z.enum(['vanilla', 'pgm']),
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
});

function parse(input: unknown): BotInput {
  return inputSchema.parse(input) as BotInput;
}

function key(input: BotInput, salt: string): string {
  const clues = input.clues.map((c) => `${c.name}:${c.text ?? ''}`).join('|');
  return `${salt}|${input.me}|${input.topic ?? ''}|${input.secret ?? ''}|${input.word ?? ''}|${clues}`;
}

function cluesOf(input: BotInput, name: string): string[] {
  return input.clues.filter((c) => c.name === name && c.text !== null).map((c) => c.text as string);
}

function usedClues(input: BotInput): string[] {
  return input.clues.filter((c) => c.text !== null).map((c) => c.text as string);
}

/** Average relatedness of a player's clues to a word; 0.5 when unknown. */
function clueFit(k: WordKnowledge, texts: string[], word: string | null, mind?: Mind): number {
  if (word === null || texts.length === 0) return 0.5;
  return texts.reduce((s, t) => s + k.relatedness(t, word, mind), 0) / texts.length;
}

/**
 * The chameleon's best estimate of the secret word from the others' clues, as a person in that seat could make it:
 * from its own reading of the clues over everything it knows (the whole vocabulary), leaning towards words that fit
 * the announced topic. It never sees the topic's card of candidate words (players are not shown one).
 */
export function inferSecret(k: WordKnowledge, input: BotInput): string | null {
  const clues = input.clues.filter((c) => c.name !== input.me && c.text !== null).map((c) => c.text as string);
  if (clues.length === 0) return null;
  const mind = mindOf(input, k);
  const topicHints = input.topic ? [input.topic, ...k.topicClues(input.topic)] : [];
  const scored = k.candidatesFor(clues, [], mind).map(({ word, score }) => ({
    word,
    score: score + (topicHints.some((h) => k.relatedness(h, word, mind) > 0) ? OFFLINE_SETTINGS.topicFit : 0),
  }));
  const best = Math.max(0, ...scored.map((x) => x.score));
  if (best <= 0) return null;
  const top = scored.filter((x) => x.score === best).map((x) => x.word);
  return pick(top, key(input, 'secret')) ?? null;
}

/** The other word in an Undercover game, inferred from clues that do not fit mine. */
function inferOtherWord(k: WordKnowledge, input: BotInput): string | null {
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
function perspective(
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

interface Reasoning {
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

function fallbackClue(input: BotInput): string {
  const forbidden = [input.secret, input.word].filter((w): w is string => w !== null);
  const fresh = freshClues(FALLBACK_CLUES, usedClues(input), forbidden);
  return pick(fresh, key(input, 'fallback')) ?? `no comment ${input.clues.length + 1}`;
}

function clampClue(text: string): string {
  return text.slice(0, PROMPT_SETTINGS.maxClueLength);
}

/** Vanilla clue: an association of my word (or, as chameleon, of the topic). */
function vanillaClue(k: WordKnowledge, input: BotInput): string {
  const used = usedClues(input);
  let cands: string[];
  if (input.game === 'chameleon') {
    // The chameleon skips clues naming any known word (one could be the secret, which the rules refuse).
    cands =
      input.role === 'chameleon'
        ? freshClues(input.topic ? k.topicClues(input.topic) : [], used, []).filter((c) => !k.namesAnyWord(c))
        : freshClues(k.cluesFor(input.secret ?? ''), used, [input.secret ?? '']);
  } else cands = freshClues(k.cluesFor(input.word ?? ''), used, [input.word ?? '']);
  return clampClue(pick(cands, key(input, 'clue')) ?? fallbackClue(input));
}

/** PGM clue: conditioned on the analysis (MAgIC sec. 4: blend in as the odd one, expose it otherwise). */
function pgmClue(k: WordKnowledge, input: BotInput): string {
  const used = usedClues(input);
  const k2 = key(input, 'pgm-clue');
  if (input.game === 'chameleon') {
    if (input.role === 'chameleon') {
      const guess = inferSecret(k, input);
      const cands = guess ? freshClues(k.cluesFor(guess), used, [guess]).filter((c) => !k.namesAnyWord(c)) : [];
      if (cands.length > 0) return clampClue(pick(cands, k2) as string);
      return vanillaClue(k, input);
    }
    // Holder: prefer a vaguer clue (one that fits many words it knows, the topic's generic associations among
    // them), so the chameleon cannot pin the word down; no card of the topic's words is involved.
    const secret = input.secret ?? '';
    const cands = freshClues(k.cluesFor(secret), used, [secret]);
    if (cands.length === 0) return vanillaClue(k, input);
    const generic = input.topic ? k.topicClues(input.topic) : [];
    const ambiguity = Object.fromEntries(
      cands.map((c) => [c, k.vagueness(c) + (generic.some((g) => k.relatedness(c, g) > 0) ? 1 : 0)]),
    );
    return clampClue(argmax(ambiguity, cands, k2) as string);
  }
  const word = input.word ?? '';
  const cands = freshClues(k.cluesFor(word), used, [word]);
  if (cands.length === 0) return vanillaClue(k, input);
  const r = reason(k, input, true);
  const selfOdd = input.beliefs ? thinksSelfOdd(input.beliefs, input.me, input.players) : r.selfOdd;
  // Nobody knows their role at first: a vague clue (one that fits many words) exposes no one.
  const vague = Object.fromEntries(cands.map((c) => [c, k.vagueness(c)]));
  const maxVague = Math.max(1, ...Object.values(vague));
  if (r.inferred === null) return clampClue(argmax(vague, cands, k2) as string);
  const other = r.inferred;
  // Borrow only on firm evidence: the other word must explain the clues of at least two other players.
  const mind = mindOf(input, k);
  const explained = input.players.filter(
    (p) => p !== input.me && clueFit(k, cluesOf(input, p), other, mind) >= OFFLINE_SETTINGS.fitThreshold,
  ).length;
  if (selfOdd && explained >= 2 && cands.every((c) => k.relatedness(c, other, mind) === 0)) {
    // MAgIC sec. 4's example: an undercover who has worked out the others' word gives a clue that fits it. Clues
    // naming any known word are skipped (the estimate may be wrong and could name a real word of the game).
    const borrowed = freshClues(k.cluesFor(other), used, [word, other]).filter((c) => !k.namesAnyWord(c));
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
  const r = reason(k, input, input.bot === 'pgm');
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

function guess(k: WordKnowledge, input: BotInput): { word: string } {
  const g = inferSecret(k, input);
  if (g) return { word: g };
  // Nothing to go on: a word the topic itself suggests, as a person would try.
  const fromTopic = input.topic
    ? k.candidatesFor([input.topic, ...k.topicClues(input.topic)], [], mindOf(input, k))
    : [];
  return { word: fromTopic[0]?.word ?? 'pass' };
}

/** Offline rules over a given knowledge base (custom association data). */
export function makeGamesOfflineRules(
  base: () => WordKnowledge = defaultKnowledge,
  recall: number = OFFLINE_SETTINGS.recall,
): OfflineRules {
  let cached: WordKnowledge | null = null;
  const knowledge = () => {
    cached ??= base().withRecall(recall);
    return cached;
  };
  return {
    [GAME_TASKS.clue]: (input) => {
      const i = parse(input);
      return clueAnswer(knowledge(), i, vanillaClue(knowledge(), i));
    },
    [GAME_TASKS.cluePgm]: (input) => {
      const i = parse(input);
      return clueAnswer(knowledge(), i, pgmClue(knowledge(), i));
    },
    [GAME_TASKS.probe]: (input) => probe(knowledge(), parse(input)),
    [GAME_TASKS.vote]: (input) => vote(knowledge(), parse(input)),
    [GAME_TASKS.analyse]: (input) => analyse(knowledge(), parse(input)),
    [GAME_TASKS.guess]: (input) => guess(knowledge(), parse(input)),
  };
}

/** The games' offline rules for the composition root to merge into the offline model. */
export const gamesOfflineRules: OfflineRules = makeGamesOfflineRules();
