// /town new, /town reset and /town import in the console (piped stdin, as a script types them): each asks for the
// town's name first (or --yes), replaces the town live through the registry, keeps the schedule running, and a bad
// file leaves the old town as it was.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runConsole } from '../../src/console/console.ts';
import { TownRegistry } from '../../src/town/registry.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { res, tinyTown } from '../support/town-fixtures.ts';
import { scriptedKit } from '../support/town-scripted-mind.ts';

const dir = mkdtempSync(join(tmpdir(), 'smalltown-lifecycle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A second town file on disk: another name, other places and people. */
const HARBOR = {
  name: 'Harbor',
  start: '2024-03-01 09:00',
  locations: [
    { id: 'pier', name: 'Pier', emoji: '⚓', subAreas: [{ name: 'end', objects: ['bollard'] }] },
    { id: 'cottage', name: 'Cottage', kind: 'home', subAreas: [{ name: 'room', objects: ['lamp'] }] },
  ],
  residents: [res('Dee Moss', 'cottage', { startAt: 'pier' }), res('Eli Ford', 'cottage', { startAt: 'pier' })],
};

function setup() {
  const { kit } = scriptedKit({
    decide: (r, ctx) => ({
      action: {
        description: `${r.profile.firstName} is looking around`,
        emoji: '👀',
        location: ctx.location.id,
        start: ctx.now,
        minutes: 10,
      },
      changed: true,
      reacted: false,
    }),
  });
  const store = new InMemoryTownStore();
  const registry = new TownRegistry({ store, kit: () => kit, owner: 'console', defaultTown: () => tinyTown() });
  return { store, registry };
}

async function consoleRun(registry: TownRegistry, lines: string[], autoTick = false) {
  const output = new PassThrough();
  let text = '';
  output.on('data', (d) => {
    text += String(d);
  });
  const r = await runConsole({ registry, input: Readable.from(lines.map((l) => `${l}\n`)), output, autoTick });
  return { text, code: r.exitCode };
}

describe('town lifecycle in the console', () => {
  it('export -> import round trip: asks for the name, a wrong answer changes nothing, the right one brings it back', async () => {
    const { registry } = setup();
    const file = join(dir, 'tiny.ndjson');
    const first = await consoleRun(registry, ['/persona set Sam, a reporter', '/town step 3', `/town export ${file}`]);
    expect(first.text).toContain(`Written: ${file}`);
    const before = (await registry.get('console'))!;
    const exported = { tick: before.status().tick, memories: (await before.exportTown()).memories.length };
    expect(exported.tick).toBe(3);

    const { text, code } = await consoleRun(registry, [
      '/town step 2',
      `/town import ${file}`,
      'Tinny',
      '/town status',
      `/town import ${file}`,
      'tiny',
      '/town status',
      '/persona show',
    ]);
    expect(code).toBe(0);
    expect(text).toContain('⚠️ This replaces Tiny as it is now');
    expect(text).toContain("Type the town's name (Tiny) to go ahead, or anything else to cancel.");
    expect(text).toContain('Cancelled: Tiny stays as it is.');
    // Cancelled: still tick 5; confirmed: back at the exported tick 3, with its memories and personas.
    expect(text).toMatch(/Tick 5 ·[\s\S]*🏘️ Tiny is back, as it was exported[\s\S]*Tick 3 ·/);
    const after = (await registry.get('console'))!;
    expect(after).not.toBe(before);
    expect(after.status().tick).toBe(3);
    expect((await after.exportTown()).memories.length).toBe(exported.memories);
    expect(text).toContain('You are Sam, a reporter.');
    await registry.close();
  });

  it('a bad import file is refused with a clear message; the old town keeps running', async () => {
    const { registry } = setup();
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"format":"something else"}\n');
    const { text } = await consoleRun(registry, [
      '/town step 2',
      `/town import ${bad} --yes`,
      `/town import ${join(dir, 'missing.json')} --yes`,
      '/town step 1',
    ]);
    expect(text).toContain('not a smalltown town export');
    expect(text).toContain('Nothing was imported.');
    expect(text).toContain('No such file');
    expect(text).toContain('Ran 1 tick(s)');
    expect((await registry.get('console'))!.status().tick).toBe(3);
    await registry.close();
  });

  it('/town new FILE --yes starts the other town; the schedule keeps running and its residents post', async () => {
    const { registry } = setup();
    const harbor = join(dir, 'harbor.json');
    writeFileSync(harbor, JSON.stringify(HARBOR));
    const badTown = join(dir, 'broken.yaml');
    writeFileSync(badTown, 'name: Broken\nresidents: 3\n');
    const { text } = await consoleRun(
      registry,
      ['/town step 1', `/town new ${badTown} --yes`, `/town new ${harbor} --yes`, '/town step 1', '/status'],
      true,
    );
    expect(text).toContain('Town file');
    expect(text).toContain('is invalid');
    expect(text).toMatch(
      /🏘️ Harbor is new in town: Friday, March 1, 2024.*\n📖 Its text was read by the neutral reader: .*\/town reading shows it.*\nYou are at #pier\./,
    );
    expect(text).toContain('[#pier] 👀 Dee Moss: looking around');
    const t = (await registry.get('console'))!;
    expect(t.status().name).toBe('Harbor');
    // The schedule runs the new town (runConsole stopped it at the end, as it stops at exit).
    expect(registry.scheduler(t.id)?.service).toBe(t);
    await registry.close();
  });

  it('/town reset asks first; once confirmed the same town starts over from its file', async () => {
    const { registry } = setup();
    const { text } = await consoleRun(registry, [
      '/town step 4',
      '/town reset',
      'no',
      '/town reset',
      'Tiny',
      '/status',
    ]);
    expect(text).toContain('with Tiny as its town file starts it, on day one');
    expect(text).toContain('Cancelled: Tiny stays as it is.');
    expect(text).toContain('🏘️ Tiny starts over');
    expect((await registry.get('console'))!.status().tick).toBe(0);
    await registry.close();
  });

  it('an unknown shipped name says which towns ship', async () => {
    const { registry } = setup();
    const { text } = await consoleRun(registry, ['/town new atlantis']);
    expect(text).toContain('No shipped town is called "atlantis" (shipped: willowbrook)');
    await registry.close();
  });
});
