// What an ordinary member meets on Discord: /map, /relationships and /clock without Manage Server, each with a
// per-member cooldown, and /help in one message naming every command and all five games.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HELP_TEXT } from '../../src/commands/help.ts';
import { LOOK_COOLDOWN_MS } from '../../src/commands/look.ts';
import { gameKinds } from '../../src/games/scenarios/registry.ts';
import { Harness, pngSize } from '../support/bot-harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
  await h.setup();
});
afterEach(async () => {
  await h.stop();
});

/** One line per interaction for the transcript: who asked, what came back (text, files, private or public). */
function transcript(who: string, command: string, m: { content: string; files: { filename: string }[] }, eph: boolean) {
  const files = m.files.map((f) => `[${f.filename}]`).join(' ');
  process.stdout.write(`> ${who}: ${command}\n< ${eph ? '(only you) ' : ''}${m.content} ${files}\n`);
}

describe('the members’ face', () => {
  it('a member without Manage Server draws the map, sees the clock, and waits out the cooldown', async () => {
    const map = h.slash(h.alice, { name: 'map' });
    const first = await map.answer(20_000);
    transcript('alice', '/map', first, map.ephemeral);
    expect(map.ephemeral).toBe(false);
    expect(first.files.map((f) => f.filename)).toEqual(['town-map.png']);
    expect(pngSize(first.files[0]!.data).width).toBeGreaterThan(300);

    const again = h.slash(h.alice, { name: 'map' });
    const refused = await again.answer(20_000);
    transcript('alice', '/map', refused, again.ephemeral);
    expect(again.ephemeral).toBe(true);
    expect(refused.content).toMatch(/^You looked a moment ago: `\/map` again in \d+ s\.$/);
    expect(refused.files).toEqual([]);
    // The cooldown is per member: Bob is not held by Alice's.
    const bob = await h.slash(h.bob, { name: 'map' }).answer(20_000);
    expect(bob.files).toHaveLength(1);

    const clock = h.slash(h.alice, { name: 'clock' });
    const c = await clock.answer(20_000);
    transcript('alice', '/clock', c, clock.ephemeral);
    const st = (await h.town()).status();
    expect(c.content).toContain(st.time);
    expect(c.content).toContain('running');

    const rel = h.slash(h.alice, { name: 'relationships' });
    const r = await rel.answer(20_000);
    transcript('alice', '/relationships', r, rel.ephemeral);
    expect(r.files.map((f) => f.filename)).toEqual(['town-relationships.png']);
    expect(LOOK_COOLDOWN_MS.map).toBeGreaterThan(0);
  });

  it('/help is one message naming the members’ views and all five games, with no console wording', async () => {
    const help = h.slash(h.alice, { name: 'help' });
    const m = await help.answer();
    transcript('alice', '/help', m, help.ephemeral);
    expect(HELP_TEXT.length).toBeLessThanOrEqual(2000);
    expect(m.content).toBe(HELP_TEXT);
    expect(h.fake.interactions.get(help.id)!.followups).toEqual([]);
    for (const cmd of [
      '`/map`',
      '`/relationships [resident]`',
      '`/clock`',
      '`/whisper',
      '`/interview',
      '`/persona set',
    ])
      expect(m.content).toContain(cmd);
    for (const kind of gameKinds()) expect(m.content).toContain(`\`/game ${kind}\``);
    expect(gameKinds()).toHaveLength(5);
    expect(m.content).not.toMatch(/console|\/say/i);
  });
});

describe('/town step N on Discord', () => {
  it('edits its reply as ticks complete, then answers with the result', async () => {
    const step = h.slash(h.admin, { name: 'town', subcommand: 'step', options: { ticks: 4 } });
    await step.answer(60_000);
    const record = h.fake.interactions.get(step.id)!;
    const texts = () => record.edits.map((e) => String(e.content ?? ''));
    await h.fake.waitFor(() => texts().some((t) => t.startsWith('Ran ')), 60_000, 'the final answer');
    const edits = texts();
    const final = { content: edits.at(-1)! };
    for (const e of edits) process.stdout.write(`~ edit: ${e}\n`);
    expect(edits[0]).toMatch(/^⏳ Running 4 ticks: 1\/4 done, it is now .*7:10 am…$/);
    expect(final.content).toMatch(/^Ran 4 tick\(s\): it is now .*7:40 am\./);
    expect(record.followups).toEqual([]);
  });
});
