// Every game move through the game operation table (src/app/game-operations.ts) on the console: a typed /game line
// read into an operation's arguments, run on the real GameService (offline bots), its lines and the game's events
// printed; votes by a name or a shown seat number; the core's turn timers fire through a fake scheduler.
import { describe, expect, it } from 'vitest';
import { GAME_OPERATIONS, lobbyOperation } from '../../src/app/game-operations.ts';
import { completeLine } from '../../src/console/completion.ts';
import type { ConsoleContext } from '../../src/console/console.ts';
import { consoleGameHandler, readGameLine } from '../../src/console/games.ts';
import { isUserError } from '../../src/errors.ts';
import { InMemoryRatingStore } from '../../src/games/ratings.ts';
import { GameService } from '../../src/games/service.ts';
import { InMemoryGameStore } from '../../src/games/store.ts';
import type { Scheduler } from '../../src/games/turn-timers.ts';
import { gamesOfflineRules } from '../../src/offline/games/rules.ts';
import { offlineAwareGtSeats } from '../../src/offline/index.ts';
import { OfflineModel } from '../../src/offline/model.ts';

class FakeScheduler implements Scheduler {
  pending: { ms: number; fn: () => void; live: boolean }[] = [];
  after(ms: number, fn: () => void) {
    const t = { ms, fn, live: true };
    this.pending.push(t);
    return { cancel: () => (t.live = false) };
  }
  live(): number[] {
    return this.pending.filter((t) => t.live).map((t) => t.ms);
  }
  fire(): number {
    const due = this.pending.filter((t) => t.live);
    this.pending = [];
    for (const t of due) t.fn();
    return due.length;
  }
}

function consoleFor(seed: number) {
  const games = new GameService({
    store: new InMemoryGameStore(),
    ratings: new InMemoryRatingStore(),
    llm: new OfflineModel(gamesOfflineRules),
    gtSeats: offlineAwareGtSeats,
    seeds: () => seed,
  });
  const scheduler = new FakeScheduler();
  const printed: string[] = [];
  const handler = consoleGameHandler(games, { scheduler, onError: (e) => printed.push(`ERROR ${String(e)}`) });
  const ctx = {
    service: {
      persona: async () => null,
      residents: () => [{ id: 'r-ann', name: 'Ann Lee', doing: 'baking bread' }],
    },
    user: { id: 'console:guest', displayName: 'Guest' },
    print: (t: string) => printed.push(...t.split('\n')),
  } as unknown as ConsoleContext;
  // As the console's loop does: a refused line (a UserError) prints its message.
  const say = async (line: string) => {
    const from = printed.length;
    try {
      expect(await handler(line, ctx)).toBe(true);
    } catch (e) {
      if (!isUserError(e)) throw e;
      printed.push(e.message);
    }
    return printed.slice(from);
  };
  return { games, scheduler, printed, say, handler };
}

const settle = () => new Promise((r) => setTimeout(r, 20));
const ctx = { scope: 'console', channelId: 'console' };

describe('reading /game lines into the game operations', () => {
  it('maps each move and its words onto one operation of the table', () => {
    const read = (line: string) => {
      const r = readGameLine(line);
      if (!r || r.help) throw new Error(`not a move: ${line}`);
      return { op: r.op, args: r.args };
    };
    expect(readGameLine('hello')).toBeNull();
    expect(readGameLine('/game')).toEqual({ help: true });
    expect(read('/game chameleon bots 2 pgm rounds 2')).toEqual({
      op: lobbyOperation('chameleon'),
      args: { bots: 2, bot_kind: 'pgm', rounds: 2 },
    });
    expect(read('/game undercover party residents 1')).toEqual({
      op: lobbyOperation('undercover'),
      args: { party: true, residents: 1 },
    });
    expect(read('/game pd bots 1').op).toBe(lobbyOperation('prisoners-dilemma'));
    expect(read('/game clue  it is red and round ').args).toEqual({ text: 'it is red and round' });
    expect(read('/game vote Sam Moore').args).toEqual({ player: 'Sam Moore' });
    expect(read('/game defect')).toEqual({ op: GAME_OPERATIONS.gameChoose, args: { choice: 'defect' } });
    expect(read('/game propose 40 30 30').args).toEqual({ a: 40, b: 30, c: 30 });
    expect(read('/game contribute 25').args).toEqual({ amount: 25 });
    expect(read('/game leaderboard Undercover').args).toEqual({ game: 'undercover' });
    expect(read('/game begin').op).toBe(GAME_OPERATIONS.gameStart);
    for (const [line, msg] of [
      ['/game dance', /Unknown game command "dance"/],
      ['/game chameleon wobble', /Unknown option "wobble"/],
      ['/game propose 50 50', /Propose three shares/],
      ['/game word now', /takes no arguments/],
    ] as const)
      expect(() => readGameLine(line)).toThrow(msg);
  });

  it('lists every operation of the table in /game help', async () => {
    const { say } = consoleFor(1);
    const help = (await say('/game help')).join('\n');
    for (const o of Object.values(GAME_OPERATIONS)) expect(help).toContain(`/game ${o.path[1]}`);
  });
});

describe('Chameleon and Undercover in the console', () => {
  it('plays Chameleon: lobby, word, clue, a vote by a shown seat number, the result, the leaderboard', async () => {
    const t = consoleFor(11);
    const { say, games, printed } = t;
    expect(await say('/game chameleon bots 2 rounds 1')).toEqual([
      'Guest opened a Chameleon lobby. Seats (3): 1 Guest, 2 Bot 1 [bot], 3 Bot 2 [bot]. /game join to play, /game start when ready (bots fill empty seats).',
      'Guest hosts the table from seat 1.',
      'Bot 1 joined.',
      'Bot 2 joined.',
    ]);
    expect(await say('/game chameleon')).toEqual([
      'A game is already open in this channel; join it or ask the host to cancel.',
    ]);
    const start = (await say('/game start')).join('\n');
    // Speakers in a seeded random order (the host does not always give the first clue).
    expect(start).toMatch(
      /^Chameleon starts with (Guest|Bot 1|Bot 2), (Guest|Bot 1|Bot 2), (Guest|Bot 1|Bot 2)\. Topic: .*\. Use \/game word to see your word\.$/m,
    );
    expect((await say('/game word'))[0]).toMatch(/^🤫 Topic: /);
    expect(await say('/game clue')).toEqual(['The clue is empty. Usage: /game clue <text>']);
    const clue = (await say('/game clue something you see every day')).join('\n');
    // The vote is asked for with the seat numbers it accepts.
    expect(clue).toMatch(
      /Voting is open: .* — vote with \/game vote <name or seat number>\. Seats: 1 Guest, 2 Bot 1, 3 Bot 2\./,
    );
    expect((await say('/game status')).join('\n')).toContain('Seats: 1 Guest, 2 Bot 1 [bot], 3 Bot 2 [bot].');
    // Tab after /game vote says which number is whom ("2 Bot 1", itself a vote the rules accept), then the names.
    const world = { residents: () => [], locations: () => [], players: () => t.handler.players?.() ?? [] };
    expect(completeLine('/game vote ', world)[0]).toEqual([
      '1 Guest ',
      '2 Bot 1 ',
      '3 Bot 2 ',
      'Bot 1 ',
      'Bot 2 ',
      'Guest ',
    ]);
    expect(completeLine('/game vote B', world)).toEqual([['Bot 1 ', 'Bot 2 '], 'B']);
    expect(completeLine('/game vote 2', world)).toEqual([['2 Bot 1 '], '2']);
    expect(await say('/game vote Nobody')).toEqual([
      'There is no player "Nobody" in this game. Vote by name or seat number: 1 Guest, 2 Bot 1, 3 Bot 2.',
    ]);
    expect(await say('/game vote 9')).toEqual([
      'There is no player "9" in this game. Vote by name or seat number: 1 Guest, 2 Bot 1, 3 Bot 2.',
    ]);
    const vote = await say('/game vote 2 Bot 1');
    expect(vote[0]).toBe('Vote recorded for Bot 1.');
    expect(vote.join('\n')).toMatch(/Votes: .*Guest → Bot 1/);
    if ((await games.view(ctx, null))?.game.phase === 'guess') await say('/game guess pass');
    expect(printed.join('\n')).toMatch(/Game over\./);
    const board = await say('/game leaderboard chameleon');
    expect(board[0]).toBe('Chameleon leaderboard:');
    expect(board.join('\n')).toMatch(/1\. .* — unrated \(1 of 3 games played\) \(\d\/1 won\)/);
    expect(await say('/game clue late')).toEqual([
      'There is no game in this channel. Start one with /game chameleon, undercover, cost-sharing, prisoners-dilemma or public-good.',
    ]);
  });

  it('opens lobbies with the right article and seats town residents', async () => {
    const { say } = consoleFor(3);
    const lines = await say('/game undercover bots 1 residents 1');
    expect(lines[0]).toMatch(/^Guest opened an Undercover lobby\./);
    expect(lines).toContain('Ann Lee joined.');
    expect(await say('/game join')).toEqual(['You are already in this game.']);
    expect(await say('/game cancel')).toEqual(['The game was cancelled by Guest.']);
    // "bots 3" seats four; the count is said plainly, with how many MAgIC plays.
    expect((await say('/game chameleon bots 3'))[0]).toBe(
      'Guest opened a Chameleon lobby. Seats (4): 1 Guest, 2 Bot 1 [bot], 3 Bot 2 [bot], 4 Bot 3 [bot]. MAgIC plays 3 (you and 2 bots: bots 2). /game join to play, /game start when ready (bots fill empty seats).',
    );
    await say('/game cancel');
    expect((await say('/game public-good bots 9'))[0]).toBe(
      'bots takes a number from 0 to 2. Usage: /game public-good [bots N] [vanilla|pgm|pgm-prob]',
    );
    expect((await say('/game public-good'))[0]).toMatch(/^Guest opened a Public Good lobby\./);
  });

  it('Cost Sharing: the proposals a vote is asked for carry seat numbers, and a vote by seat counts', async () => {
    const { say } = consoleFor(5);
    await say('/game cost-sharing bots 2');
    await say('/game start');
    expect(await say('/game propose 50 50')).toEqual(['Propose three shares. Usage: /game propose <A> <B> <C>']);
    const proposed = (await say('/game propose 34 33 33')).join('\n');
    expect(proposed).toMatch(
      /^Round 1 proposals \(A\/B\/C %\): 1 Guest 34\/33\/33; 2 Bot 1 [\d/]+; 3 Bot 2 [\d/]+\.$/m,
    );
    expect(proposed).toContain('vote for a proposal with /game vote <name or seat number> (whose proposal you accept)');
    expect(await say('/game vote Zed')).toEqual([
      'There is no player "Zed" in this game. Vote by name or seat number: 1 Guest, 2 Bot 1, 3 Bot 2.',
    ]);
    const vote = await say('/game vote 2 Bot 1');
    expect(vote[0]).toBe('Vote recorded for Bot 1.');
    expect(vote.join('\n')).toMatch(/^Votes: Guest → Bot 1/m);
  });

  it('times out a clue nobody gives: the core timer passes the turn and arms the next one', async () => {
    const { say, scheduler, printed } = consoleFor(11);
    await say('/game chameleon bots 2 rounds 1');
    const start = await say('/game start');
    expect(start.at(-1)).toBe('(You have 120 seconds.)');
    expect(scheduler.live()).toEqual([120_000]);
    expect(scheduler.fire()).toBe(1);
    await settle();
    expect(printed).toContain('Time is up for Guest.');
    expect(printed).toContain('Guest passed.');
    // Voting is open now for the person: a new timer for the vote, and the seats to vote by.
    expect(printed.some((l) => l.includes('Seats: 1 Guest, 2 Bot 1, 3 Bot 2.'))).toBe(true);
    // The turn a timeout opens says how long it waits, as one a move opens does.
    expect(printed.filter((l) => l === '(You have 120 seconds.)')).toHaveLength(2);
    expect(scheduler.live()).toEqual([120_000]);
    expect(scheduler.fire()).toBe(1);
    await settle();
    expect(printed.filter((l) => l === 'Time is up for Guest.')).toHaveLength(2);
    expect(printed.some((l) => l.startsWith('ERROR'))).toBe(false);
  });
});
