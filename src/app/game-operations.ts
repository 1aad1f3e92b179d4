// The game half of the operation table (src/app/operations.ts): every /game move — open a lobby, join, leave, start,
// clue, vote, guess, the game-theory moves, cancel, word, status, leaderboard — declared once with its arguments
// (zod), limits and result. The console (src/console/games.ts) and Discord (src/commands/game.ts) render the
// same operations: they build the context (who plays, in which channel), fill the arguments (typed words; options,
// buttons, menus and forms) and show the result — the caller's lines, and the game's events for everyone through
// each front end's turn timers, which arm the next turn's timer as they publish.
import { z } from 'zod';
import { UserError } from '../errors.ts';
import { modelLeaderboardText } from '../games/bench/leaderboard.ts';
import { LOBBY_SETTINGS } from '../games/lobby.ts';
import { leaderboardLine } from '../games/ratings.ts';
import { gameKinds, gameTitle, isGameKind } from '../games/scenarios/registry.ts';
import { resolveSeat, seatList } from '../games/seats.ts';
import { noGameMessage } from '../games/service-types.ts';
import type { AnyGameKind } from '../games/types.ts';
import { lobbyOperation, lobbyOperations } from './game-lobby-operations.ts';
import { failIfRefused, type GameOperation, gameOp, moved } from './game-op.ts';
import { NAME_MAX, usageOf } from './operations.ts';

export { LOBBY_LIMITS, lobbyOperation, lobbyOperations } from './game-lobby-operations.ts';
export type { GameOperation, GameOperationContext, GameOperationResult, GameReply } from './game-op.ts';

const share = (airline: string) =>
  z
    .number(`Airline ${airline}'s share is a whole percentage, like 40.`)
    .int(`Airline ${airline}'s share is a whole percentage, like 40.`)
    .min(0, 'A share is from 0 to 100 percent.')
    .max(100, 'A share is from 0 to 100 percent.')
    .describe(`Airline ${airline}'s share of the fee, in percent`);

const noArgs = z.object({});

export const GAME_OPERATIONS = {
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
      failIfRefused(r);
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
      failIfRefused(r);
      const id = resolveSeat(r.game.players, a.player);
      const named = r.game.players.find((p) => p.id === id)?.name;
      return moved(r, [`Vote recorded${named ? ` for ${named}` : ''}.`]);
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
      if (!v) throw new UserError('game/no_game', noGameMessage());
      const g = v.game;
      const who = (id: string) => g.players.find((p) => p.id === id)?.name ?? id;
      const lines = [`${gameTitle(g.kind)} (${g.phase}). Seats: ${seatList(g.players, { bots: true })}.`];
      if ('clues' in v.view) for (const c of v.view.clues) lines.push(`  ${who(c.player)}: ${c.text ?? '(passed)'}`);
      if (g.awaiting.length > 0) lines.push(`Waiting for ${g.awaiting.map(who).join(', ')}.`);
      if (g.phase === 'vote') lines.push('Vote with /game vote <name or seat number>.');
      return { lines };
    },
  }),
  gameLeaderboard: gameOp({
    path: ['game', 'leaderboard'],
    summary: 'Ratings here, per game; "models" for the MAgIC bench',
    usage: `[${[...gameKinds(), 'models'].join('|')}]`,
    admin: false,
    reply: 'public',
    args: z.object({
      game: z
        .string()
        .trim()
        .toLowerCase()
        // Checked when it runs, against the games registered then.
        .superRefine((w, c) => {
          if (w !== 'models' && !isGameKind(w))
            c.addIssue({ code: 'custom', message: `A leaderboard of ${[...gameKinds(), 'models'].join(', ')}.` });
        })
        .optional()
        .describe('Which game'),
    }),
    async run(ctx, a) {
      // "models": the MAgIC bench's per-model leaderboard.
      if (a.game === 'models') return { lines: modelLeaderboardText().split('\n') };
      const kinds: readonly AnyGameKind[] = a.game ? [a.game] : gameKinds();
      const lines: string[] = [];
      for (const k of kinds) {
        const rows = await ctx.games.leaderboard(ctx.game.scope, k);
        lines.push(`${gameTitle(k)} leaderboard:`);
        if (rows.length === 0) lines.push('  no rated games yet');
        for (const e of rows) lines.push(`  ${leaderboardLine(e)}`);
      }
      return { lines };
    },
  }),
} as const;

export type GameOperationId = keyof typeof GAME_OPERATIONS;

/** Every game operation: a lobby per registered game, then the moves. */
export function gameOperations(): GameOperation[] {
  return [...lobbyOperations(), ...(Object.values(GAME_OPERATIONS) as GameOperation[])];
}

/** The game operation `/game <word>` names (a move, or a registered game's lobby), or undefined. */
export function findGameOperation(word: string | undefined): GameOperation | undefined {
  const w = word?.toLowerCase() ?? '';
  if (isGameKind(w)) return lobbyOperation(w);
  return (Object.values(GAME_OPERATIONS) as GameOperation[]).find((o) => o.path[1] === w);
}

/** What a command says when the channel has no game: how to start one of each registered game. */
export { noGameMessage } from '../games/service-types.ts';

/** One line per game operation, for help on both front ends. */
export function gameHelp(): string[] {
  return gameOperations().map((o) => {
    const u = usageOf(o);
    return `  ${u.length < 40 ? u.padEnd(40) : `${u}  `}${o.summary}`;
  });
}

/** What tab completion offers after `/game <move>`: option names and the values of choice arguments. */
export function gameCompletions(): Record<string, { words: readonly string[] } | null> {
  const out: Record<string, { words: readonly string[] } | null> = { help: null };
  for (const o of gameOperations()) {
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
