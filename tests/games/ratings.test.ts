import { describe, expect, it } from 'vitest';
import {
  InMemoryRatingStore,
  leaderboard,
  RATING_SETTINGS,
  ratingKey,
  scoreRatings,
  updateRatings,
} from '../../src/games/ratings.ts';

describe('OpenSkill ratings', () => {
  it('the winning side gains, the losing side loses, uncertainty shrinks', () => {
    const rows = updateRatings(
      'g',
      'chameleon',
      [],
      [
        { key: 'user:a', name: 'Ann', odd: true },
        { key: 'user:b', name: 'Ben', odd: false },
        { key: 'user:c', name: 'Cy', odd: false },
      ],
      true,
    );
    const by = Object.fromEntries(rows.map((r) => [r.playerKey, r]));
    expect(by['user:a']?.mu).toBeGreaterThan(RATING_SETTINGS.mu);
    expect(by['user:b']?.mu).toBeLessThan(RATING_SETTINGS.mu);
    expect(by['user:a']?.sigma).toBeLessThan(RATING_SETTINGS.sigma);
    expect(by['user:a']).toMatchObject({ games: 1, wins: 1, displayName: 'Ann' });
    expect(by['user:b']).toMatchObject({ games: 1, wins: 0 });
  });

  it('a bot kind on both sides counts the game but does not move; several seats of one key rate once', () => {
    const rows = updateRatings(
      'g',
      'undercover',
      [],
      [
        { key: 'bot:vanilla:m', name: 'v', odd: true },
        { key: 'bot:vanilla:m', name: 'v', odd: false },
        { key: 'bot:pgm:m', name: 'p', odd: false },
        { key: 'bot:pgm:m', name: 'p', odd: false },
      ],
      false,
    );
    const v = rows.find((r) => r.playerKey === 'bot:vanilla:m');
    const p = rows.find((r) => r.playerKey === 'bot:pgm:m');
    expect(v).toMatchObject({ games: 1, wins: 0, mu: RATING_SETTINGS.mu });
    // Only one side left: nothing to rate against, but the game and the win count.
    expect(p).toMatchObject({ games: 1, wins: 1, mu: RATING_SETTINGS.mu });
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
      await store.put(updateRatings('g', 'chameleon', prev, people, true));
    }
    const top = leaderboard(await store.top('g', 'chameleon', 10));
    expect(top[0]).toMatchObject({ name: 'Ann', games: 5, wins: 5, rank: 1 });
    expect(top).toHaveLength(3);
    expect(await store.top('g', 'undercover', 10)).toEqual([]);
  });

  it('keys people by account and bots by kind and model', () => {
    expect(ratingKey({ id: '42', name: 'Ann' }, 'm').key).toBe('user:42');
    expect(ratingKey({ id: 'bot:1', name: 'Sam', bot: { kind: 'pgm', residentId: 'r' } }, 'gpt').key).toBe(
      'bot:pgm:gpt',
    );
  });
});

describe('score games (the game-theory scenarios)', () => {
  it('ranks each key by its result: best gains, worst loses, equal results share a rank; two seats of one key are one', () => {
    const rows = scoreRatings(
      'g',
      'prisoners-dilemma',
      [],
      [
        { key: 'user:a', name: 'Ann', result: 14, won: true },
        { key: 'bot:vanilla:m', name: 'vanilla bot (m)', result: 9, won: false },
        { key: 'bot:vanilla:m', name: 'vanilla bot (m)', result: 5, won: false },
        { key: 'user:c', name: 'Cy', result: 7, won: false },
      ],
    );
    const by = Object.fromEntries(rows.map((r) => [r.playerKey, r]));
    expect(rows).toHaveLength(3);
    expect(by['user:a']?.mu).toBeGreaterThan(RATING_SETTINGS.mu);
    // The bot key's mean result (7) equals Cy's: they share the losing rank and move alike.
    expect(by['bot:vanilla:m']?.mu).toBeCloseTo(by['user:c']?.mu ?? 0, 9);
    expect(by['user:c']?.mu).toBeLessThan(RATING_SETTINGS.mu);
    expect(rows.map((r) => [r.playerKey, r.games, r.wins])).toEqual([
      ['user:a', 1, 1],
      ['bot:vanilla:m', 1, 0],
      ['user:c', 1, 0],
    ]);
  });

  it('all equal (a Cost Sharing agreement: everyone wins): counted, nothing moves', () => {
    const rows = scoreRatings(
      'g',
      'cost-sharing',
      [],
      [
        { key: 'user:a', name: 'Ann', result: 1, won: true },
        { key: 'user:b', name: 'Ben', result: 1, won: true },
      ],
    );
    expect(rows.map((r) => [r.mu, r.games, r.wins])).toEqual([
      [RATING_SETTINGS.mu, 1, 1],
      [RATING_SETTINGS.mu, 1, 1],
    ]);
  });
});
