// GIVEN 1,000 seeded bot games through a recording model, WHEN bots are prompted, THEN no prompt to the chameleon
// names the secret word and no prompt to an undercover names the civilians' word.
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../src/games/rng.ts';
import { type MatchSeat, type MatchSetup, playMatch } from '../../src/games/scenarios/social-deduction/match.ts';
import {
  dealChameleon,
  dealUndercover,
  loadPairs,
  loadTopics,
} from '../../src/games/scenarios/social-deduction/words.ts';
import { gamesOfflineRules } from '../../src/offline/games/rules.ts';
import { OfflineModel } from '../../src/offline/model.ts';
import { RecordingModel } from '../support/games-models.ts';

function mentions(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'iu').test(text);
}

describe('prompts are built only from the player view', () => {
  it('1,000 seeded games: no hidden word reaches the player who must not see it', async () => {
    const topics = loadTopics();
    const pairs = loadPairs();
    const rnd = new SeededRandom(2024);
    const offline = new OfflineModel(gamesOfflineRules);
    let oddPrompts = 0;
    let controlHits = 0;
    for (let g = 0; g < 1000; g++) {
      const kind = g % 2 === 0 ? 'chameleon' : 'undercover';
      const players = 3 + rnd.int(3);
      const rec = new RecordingModel(offline);
      const seats: MatchSeat[] = Array.from({ length: players }, () => ({
        kind: rnd.int(2) === 0 ? 'vanilla' : 'pgm',
        llm: rec,
      }));
      let game: MatchSetup;
      if (kind === 'chameleon') {
        game = {
          kind,
          setup: dealChameleon(topics, rnd.int(2 ** 31)).setup,
          options: { clueRounds: 1 + rnd.int(2) },
        };
      } else {
        game = {
          kind,
          setup: dealUndercover(pairs, rnd.int(2 ** 31)).setup,
          options: { variant: rnd.int(3) === 0 ? 'party' : 'magic' },
        };
      }
      const { state } = await playMatch({ seed: g, game, seats });
      const nameOf = new Map(state.players.map((p) => [p.name, p.id]));
      for (const call of rec.calls) {
        const me = nameOf.get((call.input as { me: string }).me);
        const text = call.messages.map((m) => m.content).join('\n') + JSON.stringify(call.input);
        if (state.kind === 'chameleon') {
          if (me === state.chameleon) {
            oddPrompts++;
            expect(mentions(text, state.secret), `game ${g}: chameleon saw "${state.secret}"`).toBe(false);
          } else if (mentions(text, state.secret)) controlHits++;
        } else if (me && state.undercovers.includes(me)) {
          oddPrompts++;
          expect(mentions(text, state.civilianWord), `game ${g}: undercover saw "${state.civilianWord}"`).toBe(false);
        } else if (mentions(text, state.civilianWord)) controlHits++;
      }
    }
    // Controls: the odd players were prompted, and the check does find the word where it is allowed.
    expect(oddPrompts).toBeGreaterThan(1000);
    expect(controlHits).toBeGreaterThan(1000);
  }, 60_000);
});
