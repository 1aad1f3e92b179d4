// The game-theory scenarios through the GameService and the console's /game lines: lobby, bots filling seats,
// secret moves, turn timers from the core (a fake scheduler fires them), typed errors as plain lines.
import { describe, expect, it } from 'vitest';
import type { ConsoleContext } from '../../../src/console/console.ts';
import { consoleGameHandler } from '../../../src/console/games.ts';
import { isUserError } from '../../../src/errors.ts';
import { InMemoryRatingStore } from '../../../src/games/ratings.ts';
import { GameService } from '../../../src/games/service.ts';
import { InMemoryGameStore } from '../../../src/games/store.ts';
import type { Scheduler } from '../../../src/games/turn-timers.ts';
import { gamesOfflineRules } from '../../../src/offline/games/rules.ts';
import { offlineAwareGtSeats } from '../../../src/offline/index.ts';
import { OfflineModel } from '../../../src/offline/model.ts';

class FakeScheduler implements Scheduler {
  pending: { ms: number; fn: () => void; live: boolean }[] = [];
  after(ms: number, fn: () => void) {
    const t = { ms, fn, live: true };
    this.pending.push(t);
    return { cancel: () => (t.live = false) };
  }
  /** Fires every live timer once. */
  fire(): number {
    const due = this.pending.filter((t) => t.live);
    this.pending = [];
    for (const t of due) t.fn();
    return due.length;
  }
}

function consoleFor() {
  const games = new GameService({
    store: new InMemoryGameStore(),
    ratings: new InMemoryRatingStore(),
    llm: new OfflineModel(gamesOfflineRules),
    gtSeats: offlineAwareGtSeats,
    seeds: () => 5,
  });
  const scheduler = new FakeScheduler();
  const printed: string[] = [];
  const handler = consoleGameHandler(games, { scheduler, onError: (e) => printed.push(`ERROR ${String(e)}`) });
  const ctx = {
    service: { persona: async () => null, residents: () => [] },
    user: { id: 'console:guest', displayName: 'Guest' },
    print: (t: string) => printed.push(t),
  } as unknown as ConsoleContext;
  // As the console does: a refused move (a UserError) prints its message.
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
  return { games, scheduler, printed, say };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('game-theory tables in the console', () => {
  it("plays a Prisoner's Dilemma with a person and two bots, five rounds, to a result", async () => {
    const { say } = consoleFor();
    expect(await say('/game prisoners-dilemma bots 2')).toContain('Bot 2 joined.');
    const start = await say('/game start');
    expect(start).toContain('Round 1: Guest, choose with /game choose cooperate|defect.');
    expect(start.at(-1)).toBe('(You have 60 seconds.)');
    expect((await say('/game word'))[0]).toMatch(/You are Player 1\..*This round you have not chosen yet\./);
    const choices = ['defect', 'cooperate', 'cooperate', 'defect', 'cooperate'];
    let last: string[] = [];
    for (const c of choices) last = await say(`/game choose ${c}`);
    expect(last.at(-1)).toMatch(/^Game over\. Scores: Guest \d+, Bot 1 \d+, Bot 2 \d+\. Winners?: /);
    // Rated as a score game: the person and the bot key (two seats, one rating) are on the leaderboard.
    const board = await say('/game leaderboard prisoners-dilemma');
    expect(board[0]).toBe("Prisoner's Dilemma leaderboard:");
    expect(
      board
        .slice(1)
        .map((l) => l.replace(/^\s+\d+\. /, '').replace(/\s.*$/, ''))
        .sort(),
    ).toEqual(['Guest', 'vanilla']);
    expect(board.join('\n')).toMatch(/\(\d\/1 won\)/);
    expect((await say('/game leaderboard models'))[0]).toMatch(/^MAgIC bench, per model/);
    expect(await say('/game choose defect')).toEqual([
      'There is no game in this channel. Start one with /game chameleon, undercover, cost-sharing, prisoners-dilemma or public-good.',
    ]);
  });

  it('bad input gets one plain line and changes nothing', async () => {
    const { say } = consoleFor();
    await say('/game public-good bots 2');
    await say('/game start');
    expect(await say('/game contribute 101')).toEqual([
      'Contribute a whole number of points from 0 to 100 (what you have left).',
    ]);
    expect(await say('/game contribute lots')).toEqual([
      'The contribution is a whole number of points, like 25. Usage: /game contribute <points>',
    ]);
    expect(await say('/game choose defect')).toEqual(['In this game you contribute points.']);
    expect(await say('/game clue hello')).toEqual(['There are no clues or guesses in this game.']);
    const all = await say('/game contribute 100');
    // The offline seats give a fifth of their stake shaded by their own seeded generosity.
    const round = all.find((l) => l.startsWith('Round 1:')) ?? '';
    const m =
      /^Round 1: Guest put in 100 \(0 left\), Bot 1 put in (\d+) \((\d+) left\), Bot 2 put in (\d+) \((\d+) left\)\. Pool: (\d+)\.$/.exec(
        round,
      );
    expect(m, round).not.toBeNull();
    const [b1 = 0, l1 = 0, b2 = 0, l2 = 0, pool = 0] = (m as RegExpExecArray).slice(1).map(Number);
    expect([b1 + l1, b2 + l2, pool]).toEqual([100, 100, 100 + b1 + b2]);
    expect(await say('/game contribute 1')).toEqual([
      'Contribute a whole number of points from 0 to 0 (what you have left).',
    ]);
  });

  it('the turn timer from the core plays the default for a person who does not move, and re-arms', async () => {
    const { say, scheduler, printed } = consoleFor();
    await say('/game cost-sharing bots 2');
    await say('/game start');
    expect(scheduler.pending.filter((t) => t.live).map((t) => t.ms)).toEqual([180_000]);
    expect(scheduler.fire()).toBe(1);
    await settle();
    expect(printed).toContain('Time is up for Guest.');
    expect(printed.some((l) => l.startsWith('Round 1 proposals (A/B/C %): 1 Guest none; 2 Bot 1 '))).toBe(true);
    // The vote is open now, for the person: a new timer.
    expect(scheduler.pending.filter((t) => t.live).map((t) => t.ms)).toEqual([120_000]);
    await say('/game vote Bot 1');
    // The person moved: the vote timer is replaced by the next round's (or none when the game ended).
    expect(scheduler.pending.filter((t) => t.live).length).toBeLessThanOrEqual(1);
    expect(printed.some((l) => l.startsWith('ERROR'))).toBe(false);
  });
});
