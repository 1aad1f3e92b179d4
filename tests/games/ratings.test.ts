import { describe, expect, it } from 'vitest';
import {
  InMemoryRatingStore,
  leaderboard,
  leaderboardLine,
  RATING_SETTINGS,
  type RatedSeat,
  rateStandings,
  ratingKey,
  ratingText,
} from '../../src/games/ratings.ts';

/** Seats of a social-deduction table: the odd role against the rest; the winning side ranks first. */
function sides(people: { key: string; name: string; odd: boolean }[], oddWon: boolean): RatedSeat[] {
  return people.map((p) => {
    const won = p.odd === oddWon;
    return { key: p.key, name: p.name, team: p.odd ? 'odd' : 'majority', rank: won ? 1 : 2, won };
  });
}

describe('OpenSkill ratings, by seat', () => {
  it('the winning side gains, the losing side loses, uncertainty shrinks', () => {
    const rows = rateStandings(
      'g',
      'chameleon',
      [],
      sides(
        [
          { key: 'user:a', name: 'Ann', odd: true },
          { key: 'user:b', name: 'Ben', odd: false },
          { key: 'user:c', name: 'Cy', odd: false },
        ],
        true,
      ),
    );
    const by = Object.fromEntries(rows.map((r) => [r.playerKey, r]));
    expect(by['user:a']?.mu).toBeGreaterThan(RATING_SETTINGS.mu);
    expect(by['user:b']?.mu).toBeLessThan(RATING_SETTINGS.mu);
    expect(by['user:a']?.sigma).toBeLessThan(RATING_SETTINGS.sigma);
    expect(by['user:a']).toMatchObject({ games: 1, wins: 1, displayName: 'Ann' });
    expect(by['user:b']).toMatchObject({ games: 1, wins: 0 });
  });

  it("a person's civilian win moves their rating when one bot kind holds seats on both sides", () => {
    // GIVEN Ann (a civilian) with two vanilla bots: one the undercover, one a fellow civilian.
    const seats = sides(
      [
        { key: 'user:ann', name: 'Ann', odd: false },
        { key: 'bot:vanilla:m', name: 'v', odd: true },
        { key: 'bot:vanilla:m', name: 'v', odd: false },
      ],
      false,
    );
    // WHEN the civilians win
    const rows = rateStandings('g', 'undercover', [], seats);
    const ann = rows.find((r) => r.playerKey === 'user:ann');
    const bot = rows.find((r) => r.playerKey === 'bot:vanilla:m');
    // THEN Ann's rating rises; the bot kind, on both sides, moves by the mean of its two seats and counts no win.
    expect(ann?.mu).toBeGreaterThan(RATING_SETTINGS.mu);
    expect(ann).toMatchObject({ games: 1, wins: 1 });
    expect(bot).toMatchObject({ games: 1, wins: 0 });
    expect(Math.abs((bot?.mu ?? 0) - RATING_SETTINGS.mu)).toBeLessThan((ann?.mu ?? 0) - RATING_SETTINGS.mu);
  });

  it('one side only: the game and the win count, nothing moves', () => {
    const rows = rateStandings(
      'g',
      'undercover',
      [],
      sides(
        [
          { key: 'bot:pgm:m', name: 'p', odd: false },
          { key: 'bot:pgm:m', name: 'p', odd: false },
        ],
        false,
      ),
    );
    expect(rows).toEqual([expect.objectContaining({ games: 1, wins: 1, mu: RATING_SETTINGS.mu })]);
  });

  it('ratings accumulate from previous rows; the leaderboard ranks by mu - 3 sigma', async () => {
    const store = new InMemoryRatingStore();
    const people = [
      { key: 'user:a', name: 'Ann', odd: true },
      { key: 'user:b', name: 'Ben', odd: false },
      { key: 'user:c', name: 'Cy', odd: false },
    ];
    for (let i = 0; i < 5; i++) {
      const prev = await store.get(
        'g',
        'chameleon',
        people.map((p) => p.key),
      );
      await store.put(rateStandings('g', 'chameleon', prev, sides(people, true)));
    }
    const top = leaderboard(await store.top('g', 'chameleon', 10));
    expect(top[0]).toMatchObject({ name: 'Ann', games: 5, wins: 5, rank: 1 });
    expect(top).toHaveLength(3);
    expect(await store.top('g', 'undercover', 10)).toEqual([]);
  });

  it('shows "unrated" before the third game, then an Elo-like number that tells players apart', async () => {
    const store = new InMemoryRatingStore();
    const people = [
      { key: 'user:a', name: 'Ann', odd: true },
      { key: 'user:b', name: 'Ben', odd: false },
      { key: 'user:c', name: 'Cy', odd: false },
    ];
    const play = async () =>
      store.put(
        rateStandings(
          'g',
          'chameleon',
          await store.get(
            'g',
            'chameleon',
            people.map((p) => p.key),
          ),
          sides(people, true),
        ),
      );
    await play();
    const first = leaderboard(await store.top('g', 'chameleon', 10));
    expect(first.map(leaderboardLine)[0]).toBe('1. Ann — unrated (1 of 3 games played) (1/1 won)');
    await play();
    await play();
    const lines = leaderboard(await store.top('g', 'chameleon', 10)).map(leaderboardLine);
    const shown = lines.map((l) => Number(/rating (\d+)/.exec(l)?.[1]));
    expect(lines[0]).toMatch(/^1\. Ann — rating \d+ \(3\/3 won\)$/);
    // Distinct numbers on the Elo-like scale (not "0.0" for everyone), the winner above the losers.
    expect(shown[0]).toBeGreaterThan(shown[1] as number);
    expect(ratingText({ mu: 25, sigma: 25 / 3, games: 3 })).toBe('rating 1000');
  });

  it('keys people by account and bots by kind and model', () => {
    expect(ratingKey({ id: '42', name: 'Ann' }, 'm').key).toBe('user:42');
    expect(ratingKey({ id: 'bot:1', name: 'Sam', bot: { kind: 'pgm', residentId: 'r' } }, 'gpt').key).toBe(
      'bot:pgm:gpt',
    );
  });
});

describe('score games (the game-theory scenarios)', () => {
  it('each seat its own team ranked by result: best gains, worst loses; two seats of one key move by their mean', () => {
    const seat = (key: string, name: string, rank: number, team: string): RatedSeat => ({
      key,
      name,
      team,
      rank,
      won: rank === 1,
    });
    const rows = rateStandings(
      'g',
      'prisoners-dilemma',
      [],
      [
        seat('user:a', 'Ann', 1, 's1'),
        seat('bot:vanilla:m', 'vanilla bot (m)', 2, 's2'),
        seat('bot:vanilla:m', 'vanilla bot (m)', 4, 's3'),
        seat('user:c', 'Cy', 3, 's4'),
      ],
    );
    const by = Object.fromEntries(rows.map((r) => [r.playerKey, r]));
    expect(rows).toHaveLength(3);
    expect(by['user:a']?.mu).toBeGreaterThan(RATING_SETTINGS.mu);
    expect(by['user:c']?.mu).toBeLessThan(RATING_SETTINGS.mu);
    expect(rows.map((r) => [r.playerKey, r.games, r.wins])).toEqual([
      ['user:a', 1, 1],
      ['bot:vanilla:m', 1, 0],
      ['user:c', 1, 0],
    ]);
  });

  it('all equal (a Cost Sharing agreement: everyone wins): counted, nothing moves', () => {
    const rows = rateStandings(
      'g',
      'cost-sharing',
      [],
      [
        { key: 'user:a', name: 'Ann', team: 'a', rank: 1, won: true },
        { key: 'user:b', name: 'Ben', team: 'b', rank: 1, won: true },
      ],
    );
    expect(rows.map((r) => [r.mu, r.games, r.wins])).toEqual([
      [RATING_SETTINGS.mu, 1, 1],
      [RATING_SETTINGS.mu, 1, 1],
    ]);
  });
});
