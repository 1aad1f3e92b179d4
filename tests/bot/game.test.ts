// Chameleon and Undercover in Discord, end to end with the real GameService (offline bots): lobby buttons,
// "Show my word", clues by command and by modal, votes by select menu, the chameleon's guess by modal, results,
// leaderboard, cancel, turn timeouts, stale and foreign buttons.
import { afterEach, describe, expect, it } from 'vitest';
import { rememberGamesInTowns } from '../../src/bot/game-memories.ts';
import { InMemoryRatingStore } from '../../src/games/ratings.ts';
import { type FinishedGame, GameService } from '../../src/games/service.ts';
import { InMemoryGameStore } from '../../src/games/store.ts';
import { gamesOfflineRules } from '../../src/offline/games/rules.ts';
import { offlineAwareGtSeats } from '../../src/offline/index.ts';
import { OfflineModel } from '../../src/offline/model.ts';
import { Harness } from '../support/bot-harness.ts';
import type { FakeMessage, FakeUser } from '../support/fake-discord.ts';

let h: Harness;
let service: GameService;
afterEach(async () => {
  await h.stop();
});

async function start(seed = 7, gameUi = {}) {
  let s = seed;
  let onFinished: ((g: FinishedGame) => Promise<void>) | undefined;
  service = new GameService({
    store: new InMemoryGameStore(),
    ratings: new InMemoryRatingStore(),
    llm: new OfflineModel(gamesOfflineRules),
    gtSeats: offlineAwareGtSeats,
    seeds: () => s++,
    onFinished: (g) => onFinished?.(g),
  });
  h = await Harness.start({ bot: { gameService: service, gameUi } });
  onFinished = rememberGamesInTowns(h.registry, h.log);
}

function customIds(m: FakeMessage): string[] {
  const rows = m.components as { components: { custom_id?: string }[] }[];
  return rows.flatMap((r) => r.components.map((c) => c.custom_id ?? ''));
}

/** The newest message in the channel carrying a control whose custom id starts with `prefix`. */
function withControl(channelId: string, prefix: string): FakeMessage {
  const m = [...h.fake.messagesIn(channelId)].reverse().find((x) => customIds(x).some((id) => id.startsWith(prefix)));
  if (!m) throw new Error(`no message with a ${prefix} control`);
  return m;
}

function controlId(m: FakeMessage, prefix: string): string {
  return customIds(m).find((id) => id.startsWith(prefix))!;
}

async function click(user: FakeUser, channelId: string, prefix: string) {
  const message = withControl(channelId, prefix);
  return h.fake.button({ channelId, user, customId: controlId(message, prefix), message });
}

const ctxOf = (channelId: string) => ({ scope: h.guild.id, channelId });

describe('/game in Discord', () => {
  it('plays a full Chameleon game with two people and a bot', async () => {
    await start(12); // seed 12: a person is the chameleon and gets caught, so the guess modal is played too
    const ch = h.general();
    const open = h.slash(h.alice, { name: 'game', subcommand: 'chameleon' });
    const lobby = await open.answer();
    expect(open.ephemeral).toBe(false);
    expect(lobby.content).toMatch(/Chameleon — lobby/);
    expect(customIds(lobby).map((id) => id.split(':')[1])).toEqual(['join', 'leave', 'start', 'cancel']);

    const join = await click(h.bob, ch, 'game:join');
    expect((await join.firstResponse()).type).toBe(6); // deferred update of the lobby message
    await join.answer();
    expect(withControl(ch, 'game:join').content).toMatch(/Seats \(2\): 1 alice, 2 bob/);

    const notHost = await click(h.bob, ch, 'game:start');
    expect((await notHost.answer()).content).toMatch(/Only the host/);
    expect(notHost.record.followups[0]!.flags & 64).toBe(64);

    await (await click(h.alice, ch, 'game:start')).firstResponse();
    await h.fake.waitFor(() => h.fake.messagesIn(ch).some((m) => /starts with/.test(m.content)), 10_000, 'the start');
    const started = h.fake.messagesIn(ch).find((m) => /starts with/.test(m.content))!;
    expect(started.content).toMatch(/Bot 1/);

    // Private information: only the clicker sees it, and exactly the chameleon lacks the word.
    const secrets = new Map<string, string>();
    for (const u of [h.alice, h.bob]) {
      const w = await click(u, ch, 'game:word');
      const a = await w.answer();
      expect(w.ephemeral).toBe(true);
      secrets.set(u.id, a.content);
    }
    const view = await service.view(ctxOf(ch), null);
    expect(view?.game.players).toHaveLength(3);

    // Play: give clues when awaited (one by modal), vote by menu, guess by modal if a person is caught.
    const clues = ['round and red', 'often in stories', 'quite famous', 'people like it', 'you see it daily'];
    let usedModal = false;
    let guessed = false;
    for (let step = 0; step < 30; step++) {
      const v = (await service.view(ctxOf(ch), null))?.game;
      if (!v || v.phase === 'over') break;
      const person = [h.alice, h.bob].find((u) => v.awaiting.includes(u.id));
      if (!person) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      if (v.phase === 'clues') {
        const text = clues[step % clues.length]!;
        if (!usedModal) {
          usedModal = true;
          await h.fake.waitFor(
            () => h.fake.messagesIn(ch).some((m) => customIds(m).some((id) => id.startsWith('game:clue'))),
            5000,
            'the clue button',
          );
          const b = await click(person, ch, 'game:clue');
          expect((await b.firstResponse()).type).toBe(9); // a modal
          const m = h.fake.modalSubmit({
            channelId: ch,
            user: person,
            customId: controlId(withControl(ch, 'game:clue'), 'game:clue'),
            fields: { text },
          });
          expect((await m.answer()).content).toMatch(/Clue given|already|secret/);
        } else {
          const c = h.slash(person, { name: 'game', subcommand: 'clue', options: { text } });
          await c.answer(10_000);
        }
      } else if (v.phase === 'vote') {
        await h.fake.waitFor(
          () => h.fake.messagesIn(ch).some((m) => customIds(m).some((id) => id.startsWith('game:vote'))),
          5000,
          'the vote menu',
        );
        const menu = withControl(ch, 'game:vote');
        const other = v.players.find((p) => p.id !== person.id)!;
        const sel = h.fake.select({
          channelId: ch,
          user: person,
          customId: controlId(menu, 'game:vote'),
          values: [other.id],
          message: menu,
        });
        expect((await sel.answer(10_000)).content).toBe(`Vote recorded for ${other.name}.`);
      } else if (v.phase === 'guess') {
        await h.fake.waitFor(
          () => h.fake.messagesIn(ch).some((m) => customIds(m).some((id) => id.startsWith('game:guess'))),
          5000,
          'the guess button',
        );
        const b = await click(person, ch, 'game:guess');
        expect((await b.firstResponse()).type).toBe(9);
        const m = h.fake.modalSubmit({
          channelId: ch,
          user: person,
          customId: controlId(withControl(ch, 'game:guess'), 'game:guess'),
          fields: { word: 'apple' },
        });
        await m.answer(10_000);
        guessed = true;
      }
    }
    await h.fake.waitFor(() => h.fake.messagesIn(ch).some((m) => /Game over/.test(m.content)), 10_000, 'the results');
    expect(usedModal && guessed).toBe(true);
    const over = h.fake.messagesIn(ch).find((m) => /Game over/.test(m.content))!;
    expect(over.content).toMatch(/chameleon/i);
    // The chameleon's secret stayed private until the reveal: no channel message before it names the word.
    const word = [...secrets.values()].map((t) => /secret word is "([^"]+)"/.exec(t)?.[1]).find(Boolean)!;
    const beforeReveal = h.fake.messagesIn(ch).filter((m) => m.id < over.id && !m.interactionId);
    for (const m of beforeReveal) expect(m.content.toLowerCase()).not.toContain(`“${word.toLowerCase()}”`);

    // Buttons of the finished game are refused.
    const stale = await click(h.bob, ch, 'game:word');
    expect((await stale.answer()).content).toMatch(/game that is over|no game/);
    const board = await h
      .slash(h.alice, { name: 'game', subcommand: 'leaderboard', options: { game: 'chameleon' } })
      .answer();
    expect(board.content).toMatch(/alice|bob/);
    expect(h.log.errors()).toEqual([]);
  });

  it('cancel: host or admin only; one game per channel; foreign ids refused', async () => {
    await start(11);
    const ch = h.general();
    await h.slash(h.alice, { name: 'game', subcommand: 'undercover', options: { bots: 2 } }).answer();
    const busy = await h.slash(h.bob, { name: 'game', subcommand: 'chameleon' }).answer();
    expect(busy.content).toMatch(/already open/);
    const bobCancel = await h.slash(h.bob, { name: 'game', subcommand: 'cancel' }).answer();
    expect(bobCancel.content).toMatch(/host/i);
    // A forged button naming a game of another channel is refused without touching anything.
    const lobby = withControl(ch, 'game:join');
    const forged = h.fake.button({ channelId: ch, user: h.bob, customId: 'game:join:not-this-game', message: lobby });
    expect((await forged.answer()).content).toMatch(/over/);
    const cancel = await h.slash(h.admin, { name: 'game', subcommand: 'cancel' }).answer();
    expect(cancel.content).toBe('Game cancelled.');
    expect(await service.view(ctxOf(ch), null)).toBeNull();
  });

  it('a vote menu from an earlier round is refused with a clear message and counts nothing', async () => {
    await start(11);
    const ch = h.general();
    await h.slash(h.alice, { name: 'game', subcommand: 'chameleon', options: { bots: 2 } }).answer();
    await (await click(h.alice, ch, 'game:start')).firstResponse();
    for (let step = 0; step < 50; step++) {
      const v = (await service.view(ctxOf(ch), null))?.game;
      if (v?.phase === 'vote' && v.awaiting.includes(h.alice.id)) break;
      if (v?.phase === 'clues' && v.awaiting.includes(h.alice.id))
        await h
          .slash(h.alice, { name: 'game', subcommand: 'clue', options: { text: 'often in stories' } })
          .answer(10_000);
      else await new Promise((r) => setTimeout(r, 20));
    }
    await h.fake.waitFor(
      () => h.fake.messagesIn(ch).some((m) => customIds(m).some((id) => id.startsWith('game:vote'))),
      5000,
      'the vote menu',
    );
    const menu = withControl(ch, 'game:vote');
    const current = controlId(menu, 'game:vote');
    const [, , id, seq] = current.split(':');
    const game = (await service.view(ctxOf(ch), null))!.game;
    const target = game.players.find((p) => p.id !== h.alice.id)!.id;
    // The same menu as posted for an earlier round (its round number one lower).
    const stale = h.fake.select({
      channelId: ch,
      user: h.alice,
      customId: `game:vote:${id}:${Number(seq) - 1}`,
      values: [target],
      message: menu,
    });
    const refused = await stale.answer(10_000);
    expect(refused.content).toBe('This vote menu is from an earlier round; use the newest one.');
    expect(stale.ephemeral).toBe(true);
    expect((await service.view(ctxOf(ch), null))!.game.awaiting).toContain(h.alice.id);
    // The current menu counts.
    const fresh = h.fake.select({ channelId: ch, user: h.alice, customId: current, values: [target], message: menu });
    expect((await fresh.answer(10_000)).content).toMatch(/^Vote recorded for .+\.$/);
    expect(h.log.errors()).toEqual([]);
  });

  it('passes the turn when a person does not give a clue in time', async () => {
    await start(5, { clueSeconds: 0.3, voteSeconds: 0.3, guessSeconds: 0.3 });
    const ch = h.general();
    await h.slash(h.alice, { name: 'game', subcommand: 'chameleon', options: { bots: 2 } }).answer();
    await (await click(h.alice, ch, 'game:start')).firstResponse();
    await h.fake.waitFor(
      () => h.fake.messagesIn(ch).some((m) => /Time is up for alice/.test(m.content)),
      10_000,
      'a timeout',
    );
    await h.fake.waitFor(() => h.fake.messagesIn(ch).some((m) => /Game over/.test(m.content)), 10_000, 'the end');
  });

  it('seats town residents as players, and the finished game becomes their memory', async () => {
    await start(3, { clueSeconds: 0.2, voteSeconds: 0.2, guessSeconds: 0.2 });
    await h.setup();
    const town = await h.town();
    const ch = h.general();
    const lobby = await h
      .slash(h.alice, { name: 'game', subcommand: 'undercover', options: { residents: 2 } })
      .answer();
    const names = town
      .residents()
      .slice(0, 2)
      .map((r) => r.name);
    for (const n of names) expect(lobby.content).toContain(n);
    await (await click(h.alice, ch, 'game:start')).firstResponse();
    await h.fake.waitFor(() => h.fake.messagesIn(ch).some((m) => /Game over/.test(m.content)), 15_000, 'the end');
    const id = town.residents()[0]!.id;
    await h.fake.waitFor(
      () =>
        town
          .liveResident(id)
          .memory.all()
          .some((m) => m.kind === 'game'),
      5000,
      'the game memory',
    );
    const memory = town
      .liveResident(id)
      .memory.all()
      .find((m) => m.kind === 'game')!;
    expect(memory.description).toMatch(/Undercover/i);
  });

  it('answers /game plainly when games are not wired in', async () => {
    h = await Harness.start();
    const r = await h.slash(h.alice, { name: 'game', subcommand: 'chameleon' }).answer();
    expect(r.content).toMatch(/not enabled/);
  });
});
