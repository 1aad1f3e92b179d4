// Speech is the table's say operation on both front ends: a plain message in a location channel on Discord, plain
// text (or /say) in the console. One rule, one text: while the town is paused nobody hears, and both say so in the
// same words.
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConsole } from '../../src/console/console.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { Harness } from '../support/bot-harness.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { scriptedKit } from '../support/town-scripted-mind.ts';

const PAUSED = 'The town is paused: nobody can hear you until an admin runs /town resume.';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
  await h.setup();
});
afterAll(async () => {
  await h.stop();
});

describe('say, through the operation table', () => {
  it('Discord: a message in a paused town gets the operation’s notice, once per person and channel', async () => {
    const town = await h.town();
    await town.pause();
    const loc = town.residents()[0]!.location.id;
    const channelId = h.channel(loc);
    const memories = town.snapshot().residents.reduce((n, r) => n + r.memoryCount, 0);
    h.fake.userMessage({ channelId, user: h.alice, content: 'Hello, anyone here?' });
    await h.fake.waitFor(
      () => h.fake.messagesIn(channelId).some((m) => m.content === PAUSED),
      5_000,
      'the paused notice',
    );
    h.fake.userMessage({ channelId, user: h.alice, content: 'Hello again?' });
    await new Promise((r) => setTimeout(r, 150));
    const notices = [...h.fake.messagesIn(channelId), ...h.fake.deletedMessages].filter((m) => m.content === PAUSED);
    expect(notices).toHaveLength(1);
    expect(town.snapshot().residents.reduce((n, r) => n + r.memoryCount, 0)).toBe(memories);
    await town.resume();
  });

  it('console: the same rule and the same words; plain text is heard again once the town runs', async () => {
    const { kit } = scriptedKit({});
    const service = await TownService.create(
      { store: new InMemoryTownStore(), kit: () => kit, owner: 'console' },
      { id: 'console', scope: 'console', file: tinyTown(), seed: 1 },
    );
    const output = new PassThrough();
    let text = '';
    output.on('data', (d) => {
      text += String(d);
    });
    await runConsole({
      service,
      input: Readable.from([
        '/town pause\n',
        'Hello Ann\n',
        '/say park hi\n',
        '/town resume\n',
        '/say cafe Hello Ann\n',
      ]),
      output,
    });
    expect(text.split(PAUSED)).toHaveLength(3); // both lines refused with the table's text
    expect(text).toMatch(/\[#cafe\] \S+ Ann Lee: Hello Guest/); // heard, and answered
  });
});
