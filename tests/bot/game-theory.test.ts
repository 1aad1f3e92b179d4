// MAgIC's game-theory scenarios in Discord, end to end with the real GameService (offline stand-in bots) on the
// local Discord fake: a Prisoner's Dilemma with a person and two bots (secret choices by button, ephemeral
// confirmations, choices revealed together), a turn that times out, and Public Good / Cost Sharing moves by modal
// and menu. The channel transcript is written to reports/ for a person to read.
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryRatingStore } from '../../src/games/ratings.ts';
import { GameService } from '../../src/games/service.ts';
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

async function start(gameUi = {}) {
  let s = 21;
  service = new GameService({
    store: new InMemoryGameStore(),
    ratings: new InMemoryRatingStore(),
    llm: new OfflineModel(gamesOfflineRules),
    gtSeats: offlineAwareGtSeats,
    seeds: () => s++,
  });
  h = await Harness.start({ bot: { gameService: service, gameUi } });
}

function customIds(m: FakeMessage): string[] {
  const rows = m.components as { components: { custom_id?: string }[] }[];
  return rows.flatMap((r) => r.components.map((c) => c.custom_id ?? ''));
}
function withControl(channelId: string, prefix: string): FakeMessage {
  const m = [...h.fake.messagesIn(channelId)].reverse().find((x) => customIds(x).some((id) => id.startsWith(prefix)));
  if (!m) throw new Error(`no message with a ${prefix} control`);
  return m;
}
function controlId(m: FakeMessage, prefix: string): string {
  return customIds(m).find((id) => id.startsWith(prefix)) as string;
}
async function click(user: FakeUser, channelId: string, prefix: string) {
  const message = withControl(channelId, prefix);
  return h.fake.button({ channelId, user, customId: controlId(message, prefix), message });
}
const ctxOf = (channelId: string) => ({ scope: h.guild.id, channelId });
const count = (ch: string, re: RegExp) => h.fake.messagesIn(ch).filter((m) => re.test(m.content)).length;

function transcript(ch: string, file: string): string {
  const text = h.fake
    .messagesIn(ch)
    .map(
      (m) =>
        `${m.author?.username ?? '?'}: ${m.content}${
          customIds(m).length
            ? `  [${customIds(m)
                .map((id) => id.split(':').slice(0, 2).join(':') + (id.split(':')[3] ? `:${id.split(':')[3]}` : ''))
                .join(' | ')}]`
            : ''
        }`,
    )
    .join('\n');
  mkdirSync('reports', { recursive: true });
  writeFileSync(`reports/${file}`, `${text}\n`);
  return text;
}

describe('/game prisoners-dilemma in Discord', () => {
  it('a person and two bots: secret choices by button, confirmed ephemerally, revealed together each round', async () => {
    await start();
    const ch = h.general();
    const open = h.slash(h.alice, { name: 'game', subcommand: 'prisoners-dilemma', options: { bots: 2 } });
    expect((await open.answer()).content).toMatch(/Prisoner's Dilemma — lobby/);
    await (await click(h.alice, ch, 'game:start')).firstResponse();
    await h.fake.waitFor(() => count(ch, /starts with/) > 0, 10_000, 'the start');

    const status = await click(h.alice, ch, 'game:word');
    expect((await status.answer()).content).toMatch(/You are Player 1\. Payoffs per round/);
    expect(status.ephemeral).toBe(true);

    const plan = ['defect', 'cooperate', 'cooperate', 'defect', 'cooperate'] as const;
    for (const [i, choice] of plan.entries()) {
      await h.fake.waitFor(
        () => count(ch, new RegExp(`Round ${i + 1}: <@${h.alice.id}>, choose`)) > 0,
        10_000,
        `round ${i + 1}`,
      );
      // Before Alice moves, no bot's choice of this round is in the channel.
      expect(count(ch, new RegExp(`^Round ${i + 1}: .*(defected|cooperated)`, 'm'))).toBe(0);
      const b = await click(h.alice, ch, `game:choose:${(await service.view(ctxOf(ch), null))?.game.id}:${choice}`);
      const confirm = await b.answer(10_000);
      expect(b.ephemeral).toBe(true);
      expect(confirm.content).toBe(`You chose to ${choice}. It stays secret until everyone has moved.`);
      await h.fake.waitFor(
        () => count(ch, new RegExp(`^Round ${i + 1}: .*(defected|cooperated)`, 'm')) > 0,
        10_000,
        `reveal ${i + 1}`,
      );
    }
    await h.fake.waitFor(() => count(ch, /Game over/) > 0, 10_000, 'the result');
    const text = transcript(ch, 'discord-prisoners-dilemma.txt');
    expect(text).toMatch(/Round 1: alice defected \(\+\d+, total \d+\), Bot 1 (cooperated|defected)/);
    // A second click on a spent round is refused, ephemerally.
    expect(h.log.errors()).toEqual([]);
  });

  it('a person who does not choose in time counts as cooperating; the round is revealed anyway', async () => {
    await start({ chooseSeconds: 0.3 });
    const ch = h.general();
    await h.slash(h.alice, { name: 'game', subcommand: 'prisoners-dilemma', options: { bots: 2 } }).answer();
    await (await click(h.alice, ch, 'game:start')).firstResponse();
    await h.fake.waitFor(() => count(ch, /Time is up for alice \(counted as cooperating\)/) > 0, 10_000, 'the timeout');
    await h.fake.waitFor(() => count(ch, /^Round 1: alice cooperated/m) > 0, 10_000, 'the reveal');
    await h.slash(h.alice, { name: 'game', subcommand: 'cancel' }).answer();
  });

  it('Public Good by modal (an amount above what is left is refused) and Cost Sharing by modal and menu', async () => {
    await start();
    const ch = h.general();
    await h.slash(h.alice, { name: 'game', subcommand: 'public-good', options: { bots: 2 } }).answer();
    await (await click(h.alice, ch, 'game:start')).firstResponse();
    await h.fake.waitFor(() => count(ch, /contribute with/) > 0, 10_000, 'round 1');
    const b = await click(h.alice, ch, 'game:contribute');
    expect((await b.firstResponse()).type).toBe(9);
    const id = controlId(withControl(ch, 'game:contribute'), 'game:contribute');
    const tooMuch = h.fake.modalSubmit({ channelId: ch, user: h.alice, customId: id, fields: { amount: '150' } });
    expect((await tooMuch.answer(10_000)).content).toMatch(/from 0 to 100/);
    const fine = h.fake.modalSubmit({ channelId: ch, user: h.alice, customId: id, fields: { amount: '30' } });
    expect((await fine.answer(10_000)).content).toBe('You put in 30. It stays secret until everyone has moved.');
    await h.fake.waitFor(() => count(ch, /^Round 1: alice put in 30/m) > 0, 10_000, 'the reveal');
    await h.slash(h.alice, { name: 'game', subcommand: 'cancel' }).answer();

    await h.slash(h.alice, { name: 'game', subcommand: 'cost-sharing', options: { bots: 2 } }).answer();
    await (await click(h.alice, ch, 'game:start')).firstResponse();
    await h.fake.waitFor(() => count(ch, /propose a split/) > 0, 10_000, 'propose');
    await (await click(h.alice, ch, 'game:propose')).firstResponse();
    const pid = controlId(withControl(ch, 'game:propose'), 'game:propose');
    const p = h.fake.modalSubmit({
      channelId: ch,
      user: h.alice,
      customId: pid,
      fields: { A: '34', B: '33', C: '33' },
    });
    expect((await p.answer(10_000)).content).toMatch(/You proposed 34\/33\/33\./);
    await h.fake.waitFor(
      () => h.fake.messagesIn(ch).some((m) => customIds(m).some((x) => x.startsWith('game:vote'))),
      10_000,
      'the vote menu',
    );
    const menu = withControl(ch, 'game:vote');
    const sel = h.fake.select({
      channelId: ch,
      user: h.alice,
      customId: controlId(menu, 'game:vote'),
      values: [h.alice.id],
      message: menu,
    });
    expect((await sel.answer(10_000)).content).toMatch(/Vote recorded/);
    await h.fake.waitFor(() => count(ch, /^Votes: /m) > 0, 10_000, 'the votes');
    transcript(ch, 'discord-public-good-cost-sharing.txt');
    expect(h.log.errors()).toEqual([]);
  });
});
