// Ratings after a finished game: Chameleon and Undercover update win/loss ratings (ratings.ts updateRatings);
// game-theory tables are rated as score games (scoreRatings). Bots are rated per bot kind and model.
import { isGameTheory } from './scenarios/social-deduction/engine.ts';
import { participantsOf, type RatingStore, scoreParticipantsOf, scoreRatings, updateRatings } from './ratings.ts';
import type { GameRecord } from './store.ts';

export async function rateFinishedGame(ratings: RatingStore, rec: GameRecord): Promise<void> {
  const state = rec.data.state;
  if (isGameTheory(state)) {
    const p = scoreParticipantsOf(state, rec.data.model);
    if (!p) return;
    const prev = await ratings.get(rec.scope, state.scenario, [...new Set(p.map((x) => x.key))]);
    await ratings.put(scoreRatings(rec.scope, state.scenario, prev, p));
    return;
  }
  const p = participantsOf(state, rec.data.model);
  if (!p) return;
  const prev = await ratings.get(rec.scope, state.kind, [...new Set(p.participants.map((x) => x.key))]);
  await ratings.put(updateRatings(rec.scope, state.kind, prev, p.participants, p.oddWon));
}
