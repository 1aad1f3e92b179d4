// /game on the local Discord as a renderer of the game operation table (src/app/game-operations.ts): its
// subcommands and options are the table's; slash moves run the same operations as the console; votes are asked
// for with seat numbers, by menu (labelled with the seats) or by `/game vote` with a name or a shown seat.
import { afterEach, describe, expect, it } from 'vitest';
import { gameOperations } from '../../src/app/game-operations.ts';
import { game } from '../../src/commands/game.ts';
import { InMemoryRatingStore } from '../../src/games/ratings.ts';
import { GameService } from '../../src/games/service.ts';
import { InMemoryGameStore } from '../../src/games/store.ts';
import { gamesOfflineRules } from '../../src/offline/games/rules.ts';
import { offlineAwareGtSeats } from '../../src/offline/index.ts';
import { OfflineModel } from '../../src/offline/model.ts';
import { Harness } from '../support/bot-harness.ts';
import type { FakeMessage } from '../support/fake-discord.ts';

let h: Harness;
let service: GameService;
afterEach(async () => {
  await h?.stop();
});

async function start(seed = 11) {
  service = new GameService({
    store: new InMemoryGameStore(),
    ratings: new InMemoryRatingStore(),
    llm: new OfflineModel(gamesOfflineRules),
    gtSeats: offlineAwareGtSeats,
    seeds: () => seed,
  });
  h = await Harness.start({ bot: { gameService: service } });
}

type Row = { components: { custom_id?: string; options?: { label: string; value: string }[] }[] };
const rows = (m: FakeMessage) => m.components as Row[];
const ctxOf = (channelId: string) => ({ scope: h.guild.id, channelId });
/** Polls an asynchronous condition (the fake's waitFor takes synchronous ones). */
async function until(pred: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await pred()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}
const count = (ch: string, re: RegExp) => h.fake.messagesIn(ch).filter((m) => re.test(m.content)).length;

describe('/game is generated from the game operation table', () => {
  it('has one subcommand per operation, with the options of its schema', () => {
    const json = game.data.toJSON() as {
      options: { name: string; options?: { name: string; choices?: { value: string }[] }[] }[];
    };
    const ops = gameOperations();
    expect(json.options.map((o) => o.name).sort()).toEqual(ops.map((o) => o.path[1]).sort());
    for (const o of ops) {
      const sub = json.options.find((x) => x.name === o.path[1])!;
      expect((sub.options ?? []).map((x) => x.name).sort()).toEqual(Object.keys(o.args.shape).sort());
    }
    const choose = json.options.find((x) => x.name === 'choose')!;
    expect(choose.options![0]!.choices!.map((c) => c.value)).toEqual(['cooperate', 'defect']);
  });
});

describe('/game moves by slash command', () => {
  it('plays Chameleon by slash commands; the vote is asked for with seats and taken by a seat number', async () => {
    await start(11);
    const ch = h.general();
    // "bots 3" seats four: the card numbers the seats and says how many MAgIC plays; "bots 2" makes those three.
    const four = await h.slash(h.alice, { name: 'game', subcommand: 'chameleon', options: { bots: 3 } }).answer();
    expect(four.content).toMatch(/Seats \(4\): 1 alice, 2 Bot 1 🤖, 3 Bot 2 🤖, 4 Bot 3 🤖/);
    expect(four.content).toContain('MAgIC plays 3 (you and 2 bots: bots 2).');
    await h.slash(h.alice, { name: 'game', subcommand: 'cancel' }).answer();
    const open = h.slash(h.alice, { name: 'game', subcommand: 'chameleon', options: { bots: 2, rounds: 1 } });
    const three = (await open.answer()).content;
    expect(three).toMatch(/Chameleon — lobby/);
    expect(three).toMatch(/Seats \(3\): 1 alice, 2 Bot 1 🤖, 3 Bot 2 🤖/);
    expect(three).not.toContain('MAgIC plays');
    const bad = h.slash(h.alice, { name: 'game', subcommand: 'guess', options: { word: ' ' } });
    expect((await bad.answer()).content).toBe('The guess is empty. Usage: /game guess <word>');
    const begin = h.slash(h.alice, { name: 'game', subcommand: 'start' });
    expect((await begin.answer(10_000)).content).toBe('The game starts.');
    expect(begin.ephemeral).toBe(true);
    await h.fake.waitFor(() => count(ch, /starts with/) > 0, 10_000, 'the start');
    const word = h.slash(h.alice, { name: 'game', subcommand: 'word' });
    expect((await word.answer()).content).toMatch(/^🤫 Topic: /);
    expect(word.ephemeral).toBe(true);
    await until(async () => (await service.view(ctxOf(ch), null))?.game.turn === h.alice.id, "alice's turn");
    const clue = h.slash(h.alice, { name: 'game', subcommand: 'clue', options: { text: 'found in many homes' } });
    expect((await clue.answer(10_000)).content).toBe('Clue given.');
    await h.fake.waitFor(() => count(ch, /Voting is open/) > 0, 10_000, 'the vote');
    const ask = h.fake.messagesIn(ch).find((m) => /Voting is open/.test(m.content))!;
    expect(ask.content).toContain('Seats: 1 alice, 2 Bot 1, 3 Bot 2.');
    const menu = rows(ask)
      .flatMap((r) => r.components)
      .find((c) => c.custom_id?.startsWith('game:vote'))!;
    expect(menu.options!.map((o) => o.label)).toEqual(['1. alice', '2. Bot 1', '3. Bot 2']);
    const status = h.slash(h.alice, { name: 'game', subcommand: 'status' });
    expect((await status.answer()).content).toContain('Seats: 1 alice, 2 Bot 1 [bot], 3 Bot 2 [bot].');

    // The player option completes with the seats: all of them, or those matching what was typed.
    const complete = async (typed: string) => {
      const cb = await h
        .slash(h.alice, { name: 'game', subcommand: 'vote', options: { player: typed }, focused: 'player' })
        .firstResponse();
      expect(cb.type).toBe(8);
      return (cb.data as { choices: { name: string; value: string }[] }).choices;
    };
    expect(await complete('')).toEqual([
      { name: '1. alice', value: '1' },
      { name: '2. Bot 1', value: '2' },
      { name: '3. Bot 2', value: '3' },
    ]);
    expect((await complete('bot 2')).map((c) => c.value)).toEqual(['3']);
    expect((await complete('2')).map((c) => c.name)).toEqual(['2. Bot 1', '3. Bot 2']);

    const wrong = h.slash(h.alice, { name: 'game', subcommand: 'vote', options: { player: 'Nobody' } });
    expect((await wrong.answer(10_000)).content).toBe(
      'There is no player "Nobody" in this game. Vote by name or seat number: 1 alice, 2 Bot 1, 3 Bot 2.',
    );
    expect(wrong.ephemeral).toBe(true);
    const vote = h.slash(h.alice, { name: 'game', subcommand: 'vote', options: { player: '2' } });
    expect((await vote.answer(10_000)).content).toBe('Vote recorded for Bot 1.');
    await h.fake.waitFor(() => count(ch, /Votes: .*alice → Bot 1/) > 0, 10_000, 'the votes');
    if ((await service.view(ctxOf(ch), null))?.game.phase === 'guess')
      await h.slash(h.alice, { name: 'game', subcommand: 'guess', options: { word: 'pass' } }).answer(10_000);
    await h.fake.waitFor(() => count(ch, /Game over/) > 0, 10_000, 'the result');
    const board = h.slash(h.alice, { name: 'game', subcommand: 'leaderboard', options: { game: 'chameleon' } });
    expect((await board.answer()).content).toMatch(/^Chameleon leaderboard:\n {2}1\. /);
    expect(board.ephemeral).toBe(false);
    expect(h.log.errors()).toEqual([]);
  });

  it('plays the game-theory moves by slash command: choose, contribute, propose and vote', async () => {
    await start(5);
    const ch = h.general();
    const slash = (subcommand: string, options: Record<string, string | number> = {}) =>
      h.slash(h.alice, { name: 'game', subcommand, options });

    await slash('prisoners-dilemma', { bots: 2 }).answer();
    await slash('start').answer(10_000);
    await h.fake.waitFor(() => count(ch, /Round 1: <@\d+>, choose/) > 0, 10_000, 'round 1');
    const choose = slash('choose', { choice: 'defect' });
    expect((await choose.answer(10_000)).content).toBe(
      'You chose to defect. It stays secret until everyone has moved.',
    );
    await h.fake.waitFor(() => count(ch, /^Round 1: alice defected/m) > 0, 10_000, 'the reveal');
    expect((await slash('cancel').answer(10_000)).content).toBe('Game cancelled.');

    await slash('public-good', { bots: 2 }).answer();
    await slash('start').answer(10_000);
    await h.fake.waitFor(() => count(ch, /contribute with/) > 0, 10_000, 'round 1');
    expect((await slash('contribute', { amount: 30 }).answer(10_000)).content).toBe(
      'You put in 30. It stays secret until everyone has moved.',
    );
    await h.fake.waitFor(() => count(ch, /alice put in 30/) > 0, 10_000, 'the reveal');
    await slash('cancel').answer(10_000);

    await slash('cost-sharing', { bots: 2 }).answer();
    await slash('start').answer(10_000);
    await h.fake.waitFor(() => count(ch, /propose a split/) > 0, 10_000, 'propose');
    expect((await slash('propose', { a: 101, b: 0, c: 0 }).answer(10_000)).content).toBe(
      'A share is from 0 to 100 percent. Usage: /game propose <A> <B> <C>',
    );
    expect((await slash('propose', { a: 34, b: 33, c: 33 }).answer(10_000)).content).toMatch(/You proposed 34\/33\/33/);
    await h.fake.waitFor(() => count(ch, /vote for a proposal/) > 0, 10_000, 'the vote');
    expect((await slash('vote', { player: 'Bot 1' }).answer(10_000)).content).toMatch(/^Vote recorded/);
    await h.fake.waitFor(() => count(ch, /^Votes: /m) > 0, 10_000, 'the votes');
    expect(h.log.errors()).toEqual([]);
  });
});
