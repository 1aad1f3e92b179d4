// The High Number scenario from tests/support, registered in the one registry and played on the fake Discord with no
// other change to src/: `/game high-number` opens a lobby (its Start button works), `/game contribute` picks, the
// module's own lines reach the channel, and the leaderboard rates the table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryRatingStore } from '../../src/games/ratings.ts';
import { registerGame, unregisterGame } from '../../src/games/scenarios/registry.ts';
import { GameService } from '../../src/games/service.ts';
import { InMemoryGameStore } from '../../src/games/store.ts';
import { gamesOfflineRules } from '../../src/offline/games/rules.ts';
import { offlineAwareGtSeats } from '../../src/offline/index.ts';
import { OfflineModel } from '../../src/offline/model.ts';
import type { Harness } from '../support/bot-harness.ts';
import type { FakeMessage } from '../support/fake-discord.ts';
import { highNumber } from '../support/high-number-game.ts';

let h: Harness;

beforeAll(async () => {
  registerGame(highNumber);
  // The bot builds its /game subcommands from the registry when it loads: load it after the registration.
  const { Harness } = await import('../support/bot-harness.ts');
  const service = new GameService({
    store: new InMemoryGameStore(),
    ratings: new InMemoryRatingStore(),
    llm: new OfflineModel(gamesOfflineRules),
    gtSeats: offlineAwareGtSeats,
    seeds: () => 9,
  });
  h = await Harness.start({ bot: { gameService: service } });
});

afterAll(async () => {
  await h?.stop();
  unregisterGame('high-number');
});

function customIds(m: FakeMessage): string[] {
  const rows = m.components as { components: { custom_id?: string }[] }[];
  return rows.flatMap((r) => r.components.map((c) => c.custom_id ?? ''));
}

describe('a registered scenario on Discord', () => {
  it('plays High Number: lobby, start button, a secret pick, the result, the leaderboard', async () => {
    const ch = h.general();
    const open = h.slash(h.alice, { name: 'game', subcommand: 'high-number', options: { bots: 2 } });
    const lobby = await open.answer();
    expect(lobby.content).toMatch(/🔢 High Number — lobby/);
    const start = lobby.components && customIds(lobby).find((id) => id.startsWith('game:start'));
    expect(start).toBeDefined();
    await (
      await h.fake.button({ channelId: ch, user: h.alice, customId: start as string, message: lobby })
    ).firstResponse();
    await h.fake.waitFor(
      () => h.fake.messagesIn(ch).some((m) => /High Number starts: pick 1 to 10/.test(m.content)),
      10_000,
      'the start line',
    );
    const bad = h.slash(h.alice, { name: 'game', subcommand: 'contribute', options: { amount: 11 } });
    expect((await bad.answer(10_000)).content).toContain('Pick a whole number from 1 to 10.');
    const pick = h.slash(h.alice, { name: 'game', subcommand: 'contribute', options: { amount: 10 } });
    await pick.answer(10_000);
    await h.fake.waitFor(() => h.fake.messagesIn(ch).some((m) => /^Picks: /m.test(m.content)), 10_000, 'the result');
    const result = h.fake.messagesIn(ch).find((m) => /^Picks: /m.test(m.content)) as FakeMessage;
    expect(result.content).toMatch(/won with 10\./);
    const board = h.slash(h.alice, { name: 'game', subcommand: 'leaderboard', options: { game: 'high-number' } });
    expect((await board.answer(10_000)).content).toMatch(
      /High Number leaderboard:[\s\S]*unrated \(1 of 3 games played\)/,
    );
  });
});
