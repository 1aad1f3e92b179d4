// The console's renderer of the game operations (src/app/game-operations.ts): a typed `/game <move> words…` line
// becomes the operation's arguments, the operation runs on the same GameService as Discord, and its result prints —
// the caller's lines, then the game's events — through the same turn timers (src/games/turn-timers.ts), so a turn
// nobody takes in time passes and prints like any other move.

import {
  findGameOperation,
  GAME_OPERATIONS,
  type GameOperation,
  type GameOperationId,
  gameHelp,
} from '../app/game-operations.ts';
import { runOperation, usageOf } from '../app/operations.ts';
import { UserError } from '../errors.ts';
import { consoleStyle, renderEvents, revealLine } from '../games/event-text.ts';
import { kindNamed } from '../games/scenarios/registry.ts';
import type { GameService, ResidentPlayer } from '../games/service.ts';
import { type Scheduler, type TurnSeconds, TurnTimers } from '../games/turn-timers.ts';
import { BOT_KINDS, type Phase } from '../games/types.ts';
import type { ConsoleCommandHandler } from './console.ts';

/** What the prompt says a waiting turn is (`/game clue` and so on is what a person types). */
const TURN_MOVES: Partial<Record<Phase, string>> = {
  clues: '/game clue',
  vote: '/game vote',
  guess: '/game guess',
  propose: '/game propose',
  choose: '/game choose',
  contribute: '/game contribute',
};

/** The console plays at one table of its own. */
export const CONSOLE_GAME = { scope: 'console', channelId: 'console' };

/** Longest /game line read: far above any clue, far below a pasted page (refused before it is scanned). */
export const GAME_LINE_MAX = 1000;

/** Short names typed in the console for a move: `/game pd`, `/game cooperate`. */
const ALIASES: Record<string, { sub: string; prefix?: string[] }> = {
  cooperate: { sub: 'choose', prefix: ['cooperate'] },
  defect: { sub: 'choose', prefix: ['defect'] },
  begin: { sub: 'start' },
};

/** A number when the word is one, else the word (the operation's schema then names the problem). */
function num(word: string | undefined): unknown {
  if (word === undefined) return undefined;
  const n = Number(word);
  return word.trim() !== '' && Number.isFinite(n) ? n : word;
}

/** Lobby words: `bots 2 pgm rounds 2 residents 1 party`, in any order. */
function lobbyArgs(o: GameOperation, words: string[]): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  const known = Object.keys(o.args.shape);
  for (let i = 0; i < words.length; i++) {
    const w = (words[i] as string).toLowerCase();
    if ((BOT_KINDS as readonly string[]).includes(w)) raw.bot_kind = w;
    else if (w === 'party') raw.party = true;
    else if (known.includes(w) && w !== 'bot_kind' && w !== 'party') {
      if (words[i + 1] === undefined)
        throw new UserError('app/bad_argument', `${w} takes a number. Usage: ${usageOf(o)}`);
      raw[w] = num(words[++i]);
    } else throw new UserError('app/bad_argument', `Unknown option "${words[i]}". Usage: ${usageOf(o)}`);
  }
  return raw;
}

type Reader = (words: string[], rest: string, o: GameOperation) => Record<string, unknown>;

const READERS: Partial<Record<GameOperationId, Reader>> = {
  gameClue: (_w, rest) => ({ text: rest }),
  gameVote: (_w, rest) => ({ player: rest }),
  gameGuess: (_w, rest) => ({ word: rest }),
  gamePropose: (w, _r, o) => {
    if (w.length !== 3) throw new UserError('app/bad_argument', `Propose three shares. Usage: ${usageOf(o)}`);
    return { a: num(w[0]), b: num(w[1]), c: num(w[2]) };
  },
  gameChoose: (w) => ({ choice: w[0]?.toLowerCase() }),
  gameContribute: (w) => ({ amount: num(w[0]) }),
  gameLeaderboard: (w) => (w[0] ? { game: w[0].toLowerCase() } : {}),
};

function idOf(o: GameOperation): GameOperationId {
  return (Object.keys(GAME_OPERATIONS) as GameOperationId[]).find((k) => GAME_OPERATIONS[k] === o)!;
}

/**
 * Reads a `/game` line: null when the line is not one; `help` for a bare `/game` or `/game help`; else the
 * operation and its raw arguments (the operation validates them). A bad line is a UserError naming the problem.
 */
export function readGameLine(
  line: string,
): null | { help: true } | { help: false; op: GameOperation; args: Record<string, unknown> } {
  if (line.length > GAME_LINE_MAX) {
    if (!/^\s{0,16}\/game\b/i.test(line.slice(0, 32))) return null;
    throw new UserError(
      'app/line_too_long',
      `That line is ${line.length} characters long; a /game line is at most ${GAME_LINE_MAX}.`,
    );
  }
  const m = /^\s*\/game(?:\s+(.*))?$/is.exec(line);
  if (!m) return null;
  const text = (m[1] ?? '').trim();
  const [first = '', ...more] = text.split(/\s+/).filter((x) => x.length > 0);
  if (first === '' || first.toLowerCase() === 'help') return { help: true };
  const game = kindNamed(first);
  const alias = game ? { sub: game } : ALIASES[first.toLowerCase()];
  const op = findGameOperation(alias?.sub ?? first);
  if (!op) throw new UserError('app/unknown_command', `Unknown game command "${first.slice(0, 40)}". Type /game help.`);
  const words = [...(alias?.prefix ?? []), ...more];
  const rest = text.slice(first.length).trim();
  const read: Reader | undefined = op.reply === 'lobby' ? (w, _r, o) => lobbyArgs(o, w) : READERS[idOf(op)];
  if (read) return { help: false, op, args: read(words, rest, op) };
  if (words.length > 0)
    throw new UserError('app/bad_argument', `/game ${op.path[1]} takes no arguments. Usage: ${usageOf(op)}`);
  return { help: false, op, args: {} };
}

export function consoleGameHandler(
  games: GameService,
  opts: { scheduler?: Scheduler; seconds?: TurnSeconds; onError?: (e: unknown) => void } = {},
): ConsoleCommandHandler {
  let timers: TurnTimers | null = null;
  /** The console's person (one per console): told how long a turn waits for them, after a move or a timeout. */
  let me: string | null = null;
  /** The table as last seen, for completing `/game vote` (seat numbers, then names). */
  let seated: { name: string }[] = [];
  /** The turn the table waits on the console's person for, and when it passes (the prompt carries it). */
  let turn: { phase: Phase; seq: number; until: number } | null = null;
  const handler: ConsoleCommandHandler = async (line, ctx) => {
    const read = readGameLine(line);
    if (!read) return false;
    if (read.help) {
      ctx.print(['Games (bots fill empty seats; moves by name or seat number):', ...gameHelp()].join('\n'));
      return true;
    }
    timers ??= new TurnTimers({
      service: games,
      publish: async (_c, r) => {
        seated = r.game.players;
        for (const l of renderEvents(r.events, r.game)) ctx.print(l);
        if (r.reveal) ctx.print(revealLine(r.reveal.text, consoleStyle(r.game)));
        const seconds = timers?.secondsFor(r.game.phase);
        const mine = Boolean(seconds && me && r.game.awaiting.includes(me));
        if (mine) ctx.print(`(You have ${seconds} seconds.)`);
        if (!mine) turn = null;
        else if (turn?.seq !== r.game.turnSeq)
          turn = { phase: r.game.phase, seq: r.game.turnSeq, until: Date.now() + (seconds ?? 0) * 1000 };
      },
      onError: opts.onError ?? ((e) => ctx.print(`Turn timer failed: ${(e as Error).message}`)),
      ...(opts.scheduler ? { scheduler: opts.scheduler } : {}),
      ...(opts.seconds ? { seconds: opts.seconds } : {}),
    });
    const persona = await ctx.service.persona(ctx.user);
    const person = { id: ctx.user.id, name: persona?.name ?? ctx.user.displayName };
    me = person.id;
    const residents = async (n: number): Promise<ResidentPlayer[]> =>
      ctx.service
        .residents()
        .slice(0, n)
        .map((r) => ({
          residentId: r.id,
          persona: { name: r.name, summary: `${r.name}, a resident of the town, currently ${r.doing}.` },
        }));
    const out = await runOperation(read.op, { games, game: CONSOLE_GAME, person, admin: true, residents }, read.args);
    // The console shows the table too: a confirmation its events repeat is left out.
    if (!(read.op.eventsSayIt && out.result)) for (const l of out.lines) ctx.print(l);
    if (out.result) await timers.publish(CONSOLE_GAME, out.result);
    return true;
  };
  // Tab after `/game vote `: each seat as "number name" (what the number means, and a vote the rules accept), then names.
  handler.players = () => [...seated.map((p, i) => `${i + 1} ${p.name}`), ...seated.map((p) => p.name)];
  handler.turn = () =>
    turn && {
      move: TURN_MOVES[turn.phase] ?? turn.phase,
      secondsLeft: Math.max(0, Math.ceil((turn.until - Date.now()) / 1000)),
    };
  return handler;
}
