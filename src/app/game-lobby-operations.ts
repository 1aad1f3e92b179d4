// The game operations that open a table, one per registered game (src/games/scenarios/registry.ts), built from what
// its module's lobby offers: bots, bot kind, and where the game has them residents, clue rounds and a party variant.
import { z } from 'zod';
import { UserError } from '../errors.ts';
import type { LobbySpec } from '../games/module.ts';
import { gameKinds, gameModule } from '../games/scenarios/registry.ts';
import { seatList } from '../games/seats.ts';
import type { ServiceResult } from '../games/service.ts';
import { withArticle } from '../games/text.ts';
import { type AnyGameKind, BOT_KINDS } from '../games/types.ts';
import {
  failIfRefused,
  type GameOperation,
  type GameOperationContext,
  type GameOperationResult,
  gameOp,
} from './game-op.ts';

/** Seats a lobby may fill at once: social-deduction tables seat up to 8 (the largest module's lobby says 7 bots). */
export const LOBBY_LIMITS = { residents: 7, rounds: 3 } as const;

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

function argsOf(l: LobbySpec) {
  return z.object({
    bots: count('bots', l.maxBots)
      .optional()
      .describe(
        `Bots to seat now besides you (0-${l.maxBots}${l.paperSeats ? `; ${l.paperSeats - 1} makes MAgIC's ${l.paperSeats} seats` : ''})`,
      ),
    bot_kind: botKind,
    ...(l.residents
      ? {
          residents: count('residents', LOBBY_LIMITS.residents)
            .optional()
            .describe(`Town residents who join as players (0-${LOBBY_LIMITS.residents})`),
        }
      : {}),
    ...(l.rounds
      ? {
          rounds: z
            .number(`rounds takes a number from 1 to ${LOBBY_LIMITS.rounds}.`)
            .int(`rounds takes a whole number from 1 to ${LOBBY_LIMITS.rounds}.`)
            .min(1, `rounds takes a number from 1 to ${LOBBY_LIMITS.rounds}.`)
            .max(LOBBY_LIMITS.rounds, `rounds takes a number from 1 to ${LOBBY_LIMITS.rounds}.`)
            .optional()
            .describe(`Clue rounds (1-${LOBBY_LIMITS.rounds})`),
        }
      : {}),
    ...(l.party ? { party: z.boolean().optional().describe('Party variant: elimination rounds') } : {}),
  });
}

function opened(ctx: GameOperationContext, kind: AnyGameKind, r: ServiceResult): GameOperationResult {
  failIfRefused(r);
  const m = gameModule(kind);
  const bots = m.lobby.namesBotPlayer ? `Bots: ${ctx.games.gtBotLabel()}.` : undefined;
  const paper = paperSeatsNote(m.lobby, r.game.players.length);
  // Discord's lobby card lists the seats itself; the note under it says what the console's first line says besides.
  const note = [paper, bots].filter(Boolean).join(' ') || undefined;
  return {
    lines: [
      `${ctx.person.name} opened ${withArticle(m.title)} lobby. ${seatsLine(m.lobby, r.game.players)} /game join to play, /game start when ready (bots fill empty seats).`,
      ...(bots ? [bots] : []),
    ],
    result: r,
    ...(note ? { note } : {}),
  };
}

/** When a lobby seats another number than the paper plays: how many MAgIC plays and how to get them. */
function paperSeatsNote(l: LobbySpec, n: number): string | undefined {
  return l.paperSeats && n !== l.paperSeats
    ? `MAgIC plays ${l.paperSeats} (you and ${l.paperSeats - 1} bots: bots ${l.paperSeats - 1}).`
    : undefined;
}

/** "Seats (3): 1 Guest, 2 Bot 1 [bot], 3 Bot 2 [bot]." and, when it differs, how many the paper plays. */
function seatsLine(l: LobbySpec, players: { id: string; name: string; bot: boolean }[]): string {
  const paper = paperSeatsNote(l, players.length);
  return `Seats (${players.length}): ${seatList(players, { bots: true })}.${paper ? ` ${paper}` : ''}`;
}

function lobbyOperationOf(kind: AnyGameKind) {
  const m = gameModule(kind);
  const l = m.lobby;
  const usage = [
    `[bots N]`,
    `[${BOT_KINDS.join('|')}]`,
    ...(l.rounds ? ['[rounds N]'] : []),
    ...(l.residents ? ['[residents N]'] : []),
    ...(l.party ? ['[party]'] : []),
  ].join(' ');
  return gameOp({
    path: ['game', kind],
    summary: `Open ${withArticle(m.title)} lobby here`,
    usage,
    admin: false,
    reply: 'lobby',
    args: argsOf(l),
    async run(ctx, a: Record<string, unknown>) {
      if (a.party && !l.party) throw new UserError('app/bad_argument', `${m.title} has no party variant.`);
      const r = await ctx.games.lobby(ctx.game, ctx.person, {
        kind,
        bots: (a.bots as number | undefined) ?? 0,
        ...(a.bot_kind ? { botKind: a.bot_kind as (typeof BOT_KINDS)[number] } : {}),
        residents: a.residents ? await ctx.residents(a.residents as number) : [],
        ...(a.rounds ? { clueRounds: a.rounds as number } : {}),
        ...(a.party ? { variant: 'party' as const } : {}),
      });
      return opened(ctx, kind, r);
    },
  }) as GameOperation;
}

const built = new Map<AnyGameKind, GameOperation>();

/** `/game <kind>`: opens a lobby of that game (one operation per registered game, built once). */
export function lobbyOperation(kind: AnyGameKind): GameOperation {
  let o = built.get(kind);
  if (!o) {
    o = lobbyOperationOf(kind);
    built.set(kind, o);
  }
  return o;
}

/** Every registered game's lobby operation, in menu order. */
export function lobbyOperations(): GameOperation[] {
  return gameKinds().map(lobbyOperation);
}
