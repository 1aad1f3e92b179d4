// One engine over game modules: a scenario defined in the tests folder is registered and played end to end in the
// console (lobby, bots, secret moves, result, rating) with no change to src/ beyond the registry it is added to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleContext } from '../../src/console/console.ts';
import { consoleGameHandler } from '../../src/console/games.ts';
import { isUserError } from '../../src/errors.ts';
import { InMemoryRatingStore } from '../../src/games/ratings.ts';
import { gameKinds, registerGame, unregisterGame } from '../../src/games/scenarios/registry.ts';
import { GameService } from '../../src/games/service.ts';
import { InMemoryGameStore } from '../../src/games/store.ts';
import { gamesOfflineRules } from '../../src/offline/games/rules.ts';
import { offlineAwareGtSeats } from '../../src/offline/index.ts';
import { OfflineModel } from '../../src/offline/model.ts';
import { highNumber } from '../support/high-number-game.ts';

function consoleFor(seed: number) {
  const ratings = new InMemoryRatingStore();
  const games = new GameService({
    store: new InMemoryGameStore(),
    ratings,
    llm: new OfflineModel(gamesOfflineRules),
    gtSeats: offlineAwareGtSeats,
    seeds: () => seed,
  });
  const printed: string[] = [];
  const handler = consoleGameHandler(games, {
    scheduler: { after: () => ({ cancel: () => {} }) },
    onError: (e) => printed.push(`ERROR ${String(e)}`),
  });
  const ctx = {
    service: { persona: async () => null, residents: () => [] },
    user: { id: 'console:guest', displayName: 'Guest' },
    print: (t: string) => printed.push(...t.split('\n')),
  } as unknown as ConsoleContext;
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
  return { say, ratings, games };
}

describe('a scenario registered from the tests folder', () => {
  beforeAll(() => registerGame(highNumber));
  afterAll(() => unregisterGame('high-number'));

  it('is listed with the built-in games and refuses a second registration', () => {
    expect(gameKinds()).toContain('high-number');
    expect(() => registerGame(highNumber)).toThrow(/already registered/);
  });

  it('plays end to end in the console: lobby, bots, a secret pick, the result, the leaderboard', async () => {
    const { say } = consoleFor(7);
    const open = await say('/game hn bots 2');
    expect(open[0]).toBe(
      'Guest opened a High Number lobby. Seats (3): 1 Guest, 2 Bot 1 [bot], 3 Bot 2 [bot]. /game join to play, /game start when ready (bots fill empty seats).',
    );
    expect(open).toContain('Guest hosts the table from seat 1.');
    const started = await say('/game start');
    expect(started).toContain('High Number starts: pick 1 to 10 with /game contribute <n>.');
    expect(started).toContain('Bot 1 has picked.');
    expect(await say('/game contribute 11')).toEqual(['Pick a whole number from 1 to 10.']);
    const end = await say('/game contribute 10');
    const result = end.find((l) => l.startsWith('Picks:'));
    expect(result).toMatch(/^Picks: Guest 10, Bot 1 \d+, Bot 2 \d+\. Guest( and Bot \d)* won with 10\.$/);
    const board = await say('/game leaderboard high-number');
    expect(board[0]).toBe('High Number leaderboard:');
    expect(board[1]).toMatch(/^ {2}1\. Guest — unrated \(1 of 3 games played\) \(1\/1 won\)$/);
  });

  it('a table whose game is no longer registered is closed, not left to wedge the channel', async () => {
    const { say, games } = consoleFor(8);
    await say('/game hn bots 1');
    unregisterGame('high-number');
    try {
      expect(await say('/game status')).toEqual([
        'There is no game in this channel. Start one with /game chameleon, undercover, cost-sharing, prisoners-dilemma or public-good.',
      ]);
      const r = await games.lobby(
        { scope: 'console', channelId: 'console' },
        { id: 'x', name: 'X' },
        { kind: 'high-number' },
      );
      expect(r.ok ? '' : r.error.message).toBe(
        'There is no game "high-number" here. Start one with /game chameleon, undercover, cost-sharing, prisoners-dilemma or public-good.',
      );
      expect((await say('/game chameleon bots 2'))[0]).toMatch(/^Guest opened a Chameleon lobby\./);
    } finally {
      registerGame(highNumber);
    }
  });

  it('a kind nobody registered is refused with the known ones', async () => {
    unregisterGame('high-number');
    const { say } = consoleFor(7);
    expect(await say('/game hn')).toEqual(['Unknown game command "hn". Type /game help.']);
    registerGame(highNumber);
  });
});
