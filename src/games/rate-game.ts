// Ratings after a finished game: the game's module ranks its seats (standings) and every seat is rated on its own
// standing (ratings.ts rateStandings), whoever holds the other seats.
import { type RatingStore, rateStandings, standingParticipants } from './ratings.ts';
import { moduleOf } from './scenarios/registry.ts';
import type { GameRecord } from './store.ts';

export async function rateFinishedGame(ratings: RatingStore, rec: GameRecord): Promise<void> {
  const state = rec.data.state;
  const standings = moduleOf(state).standings(state);
  if (!standings) return;
  const p = standingParticipants(state.players, standings, rec.data.model);
  const prev = await ratings.get(rec.scope, state.kind, [...new Set(p.map((x) => x.key))]);
  await ratings.put(rateStandings(rec.scope, state.kind, prev, p));
}
