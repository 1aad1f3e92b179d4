// Ratings by seat on a real finished game: a person who wins as a civilian gains rating even though one bot kind
// (vanilla) holds both the undercover's seat and the other civilian's (before, that kind on both teams stopped any
// update, so the person's win moved nothing).
import { describe, expect, it } from 'vitest';
import { applyTableAction, type TableState } from '../../src/games/engine.ts';
import { rateFinishedGame } from '../../src/games/rate-game.ts';
import { InMemoryRatingStore, RATING_SETTINGS } from '../../src/games/ratings.ts';
import { createUndercover } from '../../src/games/scenarios/undercover/rules.ts';
import type { GameRecord } from '../../src/games/store.ts';
import { type GameAction, isError } from '../../src/games/types.ts';

function play(state: TableState, actions: GameAction[]): TableState {
  let s = state;
  for (const a of actions) {
    const r = applyTableAction(s, a);
    if (isError(r)) throw new Error(`${a.type}: ${r.error.message}`);
    s = r.state;
  }
  return s;
}

describe('ratings by seat, whatever the bots kinds', () => {
  it("a person's civilian win moves their rating with vanilla bots on both sides", async () => {
    // GIVEN Ann and two vanilla bots; Bot 2 (seat 3) is the undercover.
    const lobby = createUndercover({
      seed: 5,
      setup: { civilianWord: 'listener', undercoverWord: 'viewer', undercoverSeats: [2] },
    });
    const seats = [
      { id: 'u-ann', name: 'Ann' },
      { id: 'bot:1', name: 'Bot 1', bot: { kind: 'vanilla' as const } },
      { id: 'bot:2', name: 'Bot 2', bot: { kind: 'vanilla' as const } },
    ];
    const clues = (round: number): GameAction[] =>
      seats.map((p) => ({ type: 'clue', player: p.id, text: `clue ${round} from ${p.name}` }));
    // WHEN everyone gives two rounds of clues and the civilians vote the undercover out
    const end = play(lobby, [
      ...seats.map((seat): GameAction => ({ type: 'join', seat })),
      { type: 'start', player: 'u-ann' },
      ...clues(1),
      ...clues(2),
      { type: 'vote', player: 'u-ann', target: 'bot:2' },
      { type: 'vote', player: 'bot:1', target: 'bot:2' },
      { type: 'vote', player: 'bot:2', target: 'u-ann' },
    ]);
    expect(end.phase).toBe('over');
    const ratings = new InMemoryRatingStore();
    const rec: GameRecord = {
      id: 'g1',
      scope: 'guild',
      channelId: 'c',
      kind: 'undercover',
      status: 'over',
      version: 1,
      data: {
        state: end,
        bots: {},
        options: { botKind: 'vanilla' },
        model: 'm',
        rated: false,
        createdAt: 0,
        botCounter: 2,
      },
    };
    await rateFinishedGame(ratings, rec);
    // THEN Ann's rating rises and her win counts; the vanilla key played both sides and counts no win.
    const [ann] = await ratings.get('guild', 'undercover', ['user:u-ann']);
    const [bot] = await ratings.get('guild', 'undercover', ['bot:vanilla:m']);
    expect(ann?.mu).toBeGreaterThan(RATING_SETTINGS.mu);
    expect(ann).toMatchObject({ games: 1, wins: 1 });
    expect(bot).toMatchObject({ games: 1, wins: 0 });
  });
});
