// The game half of the operation table (src/app/operations.ts): every /game move — open a lobby, join, leave, start,
// clue, vote, guess, the game-theory moves, cancel, word, status, leaderboard — declared once with its arguments
// (zod), limits and result. The console (src/app/console-games.ts) and Discord (src/commands/game.ts) render the
// same operations: they build the context (who plays, in which channel), fill the arguments (typed words; options,
// buttons, menus and forms) and show the result — the caller's lines, and the game's events for everyone through
// each front end's turn timers, which arm the next turn's timer as they publish.
import { z } from 'zod';
import { UserError } from '../errors.ts';

export { GAME_TITLES } from '../games/event-text.ts';

import { modelLeaderboardText } from '../games/bench/leaderboard.ts';
import { GAME_TITLES } from '../games/event-text.ts';
import { GT_SCENARIOS, type GtScenario } from '../games/game-theory/types.ts';
import { LOBBY_SETTINGS } from '../games/lobby.ts';
import { resolveSeat, seatList } from '../games/seats.ts';
import type { GameContext, GameService, Person, ResidentPlayer, ServiceResult } from '../games/service.ts';
import { withArticle } from '../games/text.ts';
import { type AnyGameKind, BOT_KINDS, type GameKind } from '../games/types.ts';
import { NAME_MAX, type Operation, type OperationResult, usageOf } from './operations.ts';

/** Who moves, where, and what the front end can supply. */
export interface GameOperationContext {
  games: GameService;
  /** The channel's game (Discord: guild and channel; the console: one table of its own). */
  game: GameContext;
  person: Person;
  /** Cancels any game (Manage Server on Discord; the console's user owns the town). */
  admin: boolean;
  /** Town residents to seat for `residents N` (the front end's town supplies them). */
  residents(n: number): Promise<ResidentPlayer[]>;
}

export interface GameOperationResult extends OperationResult {
  /** The game after the move: its events go to everyone (each front end renders them and arms the turn timer). */
  result?: Extract<ServiceResult, { ok: true }>;
  /** A note for the lobby card (who plays the bot seats). */
  note?: string;
}

/**
 * Where a result's lines go: `lobby` opens a table (Discord posts the lobby card), `public` is for the channel,
 * `private` for the caller only (an ephemeral reply on Discord).
 */
export type GameReply = 'lobby' | 'public' | 'private';

export interface GameOperation<S extends z.ZodObject = z.ZodObject>
  extends Operation<S, GameOperationContext, GameOperationResult> {
  reply: GameReply;
  /**
   * The game's events say what the caller's lines say ("Guest joined.", 'Guest: "a clue"'): a front end that
   * shows the caller the events too (the console) prints only those.
   */
  eventsSayIt?: true;
}

function gameOp<S extends z.ZodObject>(o: GameOperation<S>): GameOperation<S> {
  return o;
}


/** Every game with a ratings leaderboard: the two social-deduction games and the three game-theory scenarios. */
export const LEADERBOARD_KINDS: readonly AnyGameKind[] = ['chameleon', 'undercover', ...GT_SCENARIOS];

/** Seats a lobby may fill at once: social-deduction tables seat up to 8, game-theory tables 3. */
export const LOBBY_LIMITS = { bots: 7, residents: 7, rounds: 3, gtBots: 2 } as const;

const count = (what: string, max: number) =>
  z
    .number(`${what} takes a whole number from 0 to ${max}.`)
    .int(`${what} takes a whole number from 0 to ${max}.`)
    .min(0, `${what} takes a number from 0 to ${max}.`)
    .max(max, `${what} takes a number from 0 to ${max}.`);

const botKind = z
  .enum(BOT_KINDS, `How bots think: ${BOT_KINDS.join(', ')}.`)
  .optional()
  .describe('How bots think: vanilla (one call per move), pgm (MAgIC), pgm-prob (ProPGM)');

const deductionArgs = {
  bots: count('bots', LOBBY_LIMITS.bots).optional().describe(`Bots to seat now (0-${LOBBY_LIMITS.bots})`),
  bot_kind: botKind,
  residents: count('residents', LOBBY_LIMITS.residents)
    .optional()
    .describe(`Town residents who join as players (0-${LOBBY_LIMITS.residents})`),
  rounds: z
    .number(`rounds takes a number from 1 to ${LOBBY_LIMITS.rounds}.`)
    .int(`rounds takes a whole number from 1 to ${LOBBY_LIMITS.rounds}.`)
    .min(1, `rounds takes a number from 1 to ${LOBBY_LIMITS.rounds}.`)
    .max(LOBBY_LIMITS.rounds, `rounds takes a number from 1 to ${LOBBY_LIMITS.rounds}.`)
    .optional()
    .describe(`Clue rounds (1-${LOBBY_LIMITS.rounds})`),
};

function fail(r: ServiceResult): asserts r is Extract<ServiceResult, { ok: true }> {
  if (!r.ok) throw new UserError(r.error.code, r.error.message);
}

/** The service's answer as an operation result: the caller's confirmation, the game for everyone. */
function moved(r: ServiceResult, lines: string[]): GameOperationResult {
  fail(r);
  return { lines, result: r };
}

function opened(ctx: GameOperationContext, kind: AnyGameKind, r: ServiceResult): GameOperationResult {
  fail(r);
  const gt = (GT_SCENARIOS as readonly string[]).includes(kind);
  const note = gt ? `Bots: ${ctx.games.gtBotLabel()}.` : undefined;
  return {
    lines: [
      `${ctx.person.name} opened ${withArticle(GAME_TITLES[kind])} lobby. /game join to play, /game start when ready (bots fill empty seats).`,
      ...(note ? [note] : []),
    ],
    result: r,
    ...(note ? { note } : {}),
  };
}

function deductionLobby(kind: GameKind) {
  const party = kind === 'undercover';
  return gameOp({
    path: ['game', kind],
    summary: `Open ${withArticle(GAME_TITLES[kind])} lobby here`,
    usage: `[bots N] [vanilla|pgm|pgm-prob] [rounds N] [residents N]${party ? ' [party]' : ''}`,
    admin: false,
    reply: 'lobby',
    args: z.object({
      ...deductionArgs,
      party: z.boolean().optional().describe('Party variant: elimination rounds'),
    }),
    async run(ctx, a) {
      if (a.party && !party) throw new UserError('app/bad_argument', 'The party variant is for Undercover.');
      const r = await ctx.games.lobby(ctx.game, ctx.person, {
        kind,
        bots: a.bots ?? 0,
        ...(a.bot_kind ? { botKind: a.bot_kind } : {}),
        residents: a.residents ? await ctx.residents(a.residents) : [],
        ...(a.rounds ? { clueRounds: a.rounds } : {}),
        ...(a.party ? { variant: 'party' as const } : {}),
      });
      return opened(ctx, kind, r);
    },
  });
}

function scenarioLobby(kind: GtScenario) {
  return gameOp({
    path: ['game', kind],
    summary: `Open a ${GAME_TITLES[kind]} table (3 seats)`,
    usage: '[bots N] [vanilla|pgm|pgm-prob]',
    admin: false,
    reply: 'lobby',
    args: z.object({
      bots: count('bots', LOBBY_LIMITS.gtBots)
        .optional()
        .describe(`Bots to seat now (0-${LOBBY_LIMITS.gtBots}; three seats)`),
      bot_kind: botKind,
    }),
    async run(ctx, a) {
      const r = await ctx.games.lobby(ctx.game, ctx.person, {
        kind,
        bots: a.bots ?? 0,
        ...(a.bot_kind ? { botKind: a.bot_kind } : {}),
      });
      return opened(ctx, kind, r);
    },
  });
}

const share = (airline: string) =>
  z
    .number(`Airline ${airline}'s share is a whole percentage, like 40.`)
    .int(`Airline ${airline}'s share is a whole percentage, like 40.`)
    .min(0, 'A share is from 0 to 100 percent.')
    .max(100, 'A share is from 0 to 100 percent.')
    .describe(`Airline ${airline}'s share of the fee, in percent`);

const noArgs = z.object({});

export const GAME_OPERATIONS = {
  gameChameleon: deductionLobby('chameleon'),
  gameUndercover: deductionLobby('undercover'),
  gameCostSharing: scenarioLobby('cost-sharing'),
  gamePrisonersDilemma: scenarioLobby('prisoners-dilemma'),
  gamePublicGood: scenarioLobby('public-good'),
  gameJoin: gameOp({
    path: ['game', 'join'],
    summary: 'Join the lobby in this channel',
    usage: '',
    admin: false,
    reply: 'private',
    eventsSayIt: true,
    args: noArgs,
    async run(ctx) {
      const r = await ctx.games.join(ctx.game, ctx.person);
      fail(r);
      return moved(r, [`You joined: ${r.game.players.length} at the table. The host starts with /game start.`]);
    },
  }),
  gameLeave: gameOp({
    path: ['game', 'leave'],
    summary: 'Leave the lobby',
    usage: '',
    admin: false,
    reply: 'private',
    eventsSayIt: true,
    args: noArgs,
    async run(ctx) {
      return moved(await ctx.games.leave(ctx.game, ctx.person), ['You left the lobby.']);
    },
  }),
  gameStart: gameOp({
    path: ['game', 'start'],
    summary: 'Start the game (host; bots fill empty seats)',
    usage: '',
    admin: false,
    reply: 'private',
    eventsSayIt: true,
    args: noArgs,
    async run(ctx) {
      return moved(await ctx.games.start(ctx.game, ctx.person), ['The game starts.']);
    },
  }),
  gameClue: gameOp({
    path: ['game', 'clue'],
    summary: 'Give your clue (on your turn)',
    usage: '<text>',
    admin: false,
    reply: 'private',
    eventsSayIt: true,
    args: z.object({
      text: z
        .string()
        .trim()
        .min(1, 'The clue is empty.')
        .max(LOBBY_SETTINGS.maxClueLength, `Keep the clue under ${LOBBY_SETTINGS.maxClueLength} characters.`)
        .describe('Your clue'),
    }),
    async run(ctx, a) {
      return moved(await ctx.games.clue(ctx.game, ctx.person, a.text), ['Clue given.']);
    },
  }),
  gameVote: gameOp({
    path: ['game', 'vote'],
    summary: 'Vote for a player (Cost Sharing: whose proposal you accept), by name or seat number',
    usage: '<name|seat>',
    admin: false,
    reply: 'private',
    args: z.object({
      player: z
        .string()
        .trim()
        .min(1, 'Name the player you vote for (a name or a seat number).')
        .max(NAME_MAX)
        .describe('Player name or seat number'),
    }),
    async run(ctx, a) {
      const r = await ctx.games.vote(ctx.game, ctx.person, a.player);
      fail(r);
      const id = resolveSeat(r.game.players, a.player);
      const named = r.game.players.find((p) => p.id === id)?.name;
      return moved(r, [
        r.game.kind === 'cost-sharing'
          ? 'Vote recorded. It stays secret until everyone has moved.'
          : `Vote recorded${named ? ` for ${named}` : ''}.`,
      ]);
    },
  }),
  gameGuess: gameOp({
    path: ['game', 'guess'],
    summary: 'Guess the secret word (the caught chameleon)',
    usage: '<word>',
    admin: false,
    reply: 'private',
    args: z.object({ word: z.string().trim().min(1, 'The guess is empty.').max(100).describe('Your guess') }),
    async run(ctx, a) {
      return moved(await ctx.games.guess(ctx.game, ctx.person, a.word), ['Guess made.']);
    },
  }),
  gamePropose: gameOp({
    path: ['game', 'propose'],
    summary: 'Cost Sharing: split the fee in percent per airline (adds up to 100)',
    usage: '<A> <B> <C>',
    admin: false,
    reply: 'private',
    args: z.object({ a: share('A'), b: share('B'), c: share('C') }),
    async run(ctx, a) {
      const shares = [a.a, a.b, a.c];
      return moved(await ctx.games.propose(ctx.game, ctx.person, shares), [
        `You proposed ${shares.join('/')}. It stays secret until everyone has moved.`,
      ]);
    },
  }),
  gameChoose: gameOp({
    path: ['game', 'choose'],
    summary: "Prisoner's Dilemma: your secret choice this round",
    usage: 'cooperate|defect',
    admin: false,
    reply: 'private',
    args: z.object({
      choice: z.enum(['cooperate', 'defect'], 'Choose cooperate or defect.').describe('Cooperate or defect'),
    }),
    async run(ctx, a) {
      return moved(await ctx.games.choose(ctx.game, ctx.person, a.choice), [
        `You chose to ${a.choice}. It stays secret until everyone has moved.`,
      ]);
    },
  }),
  gameContribute: gameOp({
    path: ['game', 'contribute'],
    summary: 'Public Good: your secret contribution this round',
    usage: '<points>',
    admin: false,
    reply: 'private',
    args: z.object({
      amount: z
        .number('The contribution is a whole number of points, like 25.')
        .int('The contribution is a whole number of points, like 25.')
        .min(0, 'The contribution is a whole number of points, 0 or more.')
        .max(99_999, 'The contribution is at most what you have left.')
        .describe('Points to put in'),
    }),
    async run(ctx, a) {
      return moved(await ctx.games.contribute(ctx.game, ctx.person, a.amount), [
        `You put in ${a.amount}. It stays secret until everyone has moved.`,
      ]);
    },
  }),
  gameCancel: gameOp({
    path: ['game', 'cancel'],
    summary: 'Cancel the game (host or admin)',
    usage: '',
    admin: false,
    reply: 'private',
    eventsSayIt: true,
    args: noArgs,
    async run(ctx) {
      return moved(await ctx.games.cancel(ctx.game, ctx.person, { admin: ctx.admin }), ['Game cancelled.']);
    },
  }),
  gameWord: gameOp({
    path: ['game', 'word'],
    summary: 'Your word, or your standing at a game-theory table (only you see it)',
    usage: '',
    admin: false,
    reply: 'private',
    args: noArgs,
    async run(ctx) {
      const r = await ctx.games.showMyWord(ctx.game, ctx.person);
      if (!r.ok) throw new UserError(r.error.code, r.error.message);
      return { lines: [`🤫 ${r.info.text}`] };
    },
  }),
  gameStatus: gameOp({
    path: ['game', 'status'],
    summary: 'The game in this channel: players by seat, clues, who it waits for',
    usage: '',
    admin: false,
    reply: 'private',
    args: noArgs,
    async run(ctx) {
      const v = await ctx.games.view(ctx.game, ctx.person);
      if (!v)
        throw new UserError(
          'game/no_game',
          'There is no game in this channel. Start one with /game chameleon, undercover, cost-sharing, prisoners-dilemma or public-good.',
        );
      const g = v.game;
      const who = (id: string) => g.players.find((p) => p.id === id)?.name ?? id;
      const lines = [`${GAME_TITLES[g.kind]} (${g.phase}). Seats: ${seatList(g.players, { bots: true })}.`];
      if ('clues' in v.view) for (const c of v.view.clues) lines.push(`  ${who(c.player)}: ${c.text ?? '(passed)'}`);
      if (g.awaiting.length > 0) lines.push(`Waiting for ${g.awaiting.map(who).join(', ')}.`);
      if (g.phase === 'vote') lines.push('Vote with /game vote <name or seat number>.');
      return { lines };
    },
  }),
  gameLeaderboard: gameOp({
    path: ['game', 'leaderboard'],
    summary: 'Ratings here, per game; "models" for the MAgIC bench',
    usage: `[${[...LEADERBOARD_KINDS, 'models'].join('|')}]`,
    admin: false,
    reply: 'public',
    args: z.object({
      game: z
        .enum([...LEADERBOARD_KINDS, 'models'], `A leaderboard of ${[...LEADERBOARD_KINDS, 'models'].join(', ')}.`)
        .optional()
        .describe('Which game'),
    }),
    async run(ctx, a) {
      // "models": the MAgIC bench's per-model leaderboard.
      if (a.game === 'models') return { lines: modelLeaderboardText().split('\n') };
      const kinds: readonly AnyGameKind[] = a.game ? [a.game] : LEADERBOARD_KINDS;
      const lines: string[] = [];
      for (const k of kinds) {
        const rows = await ctx.games.leaderboard(ctx.game.scope, k);
        lines.push(`${GAME_TITLES[k]} leaderboard:`);
        if (rows.length === 0) lines.push('  no rated games yet');
        for (const e of rows) lines.push(`  ${e.rank}. ${e.name} — ${e.score.toFixed(1)} (${e.wins}/${e.games} won)`);
      }
      return { lines };
    },
  }),
} as const;

export type GameOperationId = keyof typeof GAME_OPERATIONS;

/** The game operation `/game <word>` names, or undefined. */
export function findGameOperation(word: string | undefined): GameOperation | undefined {
  const w = word?.toLowerCase();
  return Object.values(GAME_OPERATIONS).find((o) => o.path[1] === w) as GameOperation | undefined;
}

/** One line per game operation, for help on both front ends. */
export function gameHelp(): string[] {
  return Object.values(GAME_OPERATIONS).map((o) => {
    const u = usageOf(o);
    return `  ${u.length < 40 ? u.padEnd(40) : `${u}  `}${o.summary}`;
  });
}

/** What tab completion offers after `/game <move>`: option names and the values of choice arguments. */
export function gameCompletions(): Record<string, { words: readonly string[] } | null> {
  const out: Record<string, { words: readonly string[] } | null> = { help: null };
  for (const o of Object.values(GAME_OPERATIONS) as GameOperation[]) {
    const words: string[] = [];
    const lobby = o.reply === 'lobby';
    for (const [k, v] of Object.entries(o.args.shape)) {
      const choices = (z.toJSONSchema(v as z.ZodType) as { enum?: string[] }).enum;
      if (choices) words.push(...choices);
      else if (lobby) words.push(k);
    }
    out[o.path[1] as string] = words.length > 0 ? { words } : null;
  }
  return out;
}
