// The game operations that open a table: Chameleon and Undercover lobbies (bots, bot kind, residents, clue rounds,
// Undercover's party variant) and the three game-theory tables (bots, bot kind), with their limits.
import { z } from 'zod';
import { UserError } from '../errors.ts';
import { GAME_TITLES } from '../games/event-text.ts';
import { GT_SCENARIOS, type GtScenario } from '../games/scenarios/game-theory/types.ts';
import type { ServiceResult } from '../games/service.ts';
import { withArticle } from '../games/text.ts';
import { type AnyGameKind, BOT_KINDS, type GameKind } from '../games/types.ts';
import { failIfRefused, type GameOperationContext, type GameOperationResult, gameOp } from './game-op.ts';

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

function opened(ctx: GameOperationContext, kind: AnyGameKind, r: ServiceResult): GameOperationResult {
  failIfRefused(r);
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

export function deductionLobby(kind: GameKind) {
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

export function scenarioLobby(kind: GtScenario) {
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
