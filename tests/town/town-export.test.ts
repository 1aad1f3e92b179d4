// Export -> import round trip: a town that has run for a while, with a persona, written as JSON and as NDJSON and
// read back into another store: every memory (embeddings included), plan, persona and the clock survive; a
// malformed file is refused with the place of the problem and writes nothing.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLifecycleCommand } from '../../src/cli/town-data.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { formatTownExport, parseTownExport, readTownExport, writeTownImport } from '../../src/town/town-export.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { scriptedKit } from '../support/town-scripted-mind.ts';

async function livedInTown() {
  const { kit } = scriptedKit({});
  const store = new InMemoryTownStore();
  const deps = { store, kit: () => kit, owner: 'test' };
  const service = await TownService.create(deps, { id: 'console', scope: 'console', file: tinyTown(), seed: 3 });
  await service.setPersona({ id: 'u1', displayName: 'U' }, 'Sam', 'a reporter');
  await service.step(5);
  await service.interview('Ann Lee', { id: 'u1', displayName: 'U' }, 'What are you doing today?');
  return { store, service, kit };
}

describe('town export and import', () => {
  for (const as of ['json', 'ndjson'] as const)
    it(`round-trips every memory, plan, persona and the clock (${as})`, async () => {
      const { store, kit } = await livedInTown();
      const before = await readTownExport(store, 'console');
      expect(before.memories.length).toBeGreaterThan(6);
      const text = formatTownExport(before, as);
      const other = new InMemoryTownStore();
      await writeTownImport(other, parseTownExport(text), { id: 'guild-9', scope: '9' });
      const after = await readTownExport(other, 'guild-9');
      expect(after.state).toEqual(before.state);
      expect(after.state.clock.tick).toBe(5);
      expect(after.personas).toEqual(before.personas);
      expect(after.memories.map((m) => ({ ...m, embedding: m.embedding && Array.from(m.embedding) }))).toEqual(
        before.memories.map((m) => ({ ...m, embedding: m.embedding && Array.from(m.embedding) })),
      );
      // The imported town loads and runs on.
      const loaded = await TownService.load({ store: other, kit: () => kit, owner: 'test' }, 'guild-9');
      expect(loaded!.status().tick).toBe(5);
      expect(await loaded!.persona({ id: 'u1', displayName: 'U' })).toEqual({
        userId: 'u1',
        name: 'Sam',
        description: 'a reporter',
      });
      await loaded!.step(1);
      expect(loaded!.status().tick).toBe(6);
    });

  it('refuses a malformed file naming where, and an existing town, writing nothing', async () => {
    const { store } = await livedInTown();
    const good = formatTownExport(await readTownExport(store, 'console'), 'ndjson').split('\n');
    const broken = [...good];
    broken[2] = broken[2]!.replace('"importance":', '"importance":"high","x":');
    const other = new InMemoryTownStore();
    expect(() => parseTownExport(broken.join('\n'))).toThrow(/not valid at line 3 \(importance\)/);
    expect(() => parseTownExport('{"format":"other"}')).toThrow(/not a smalltown town export/);
    expect(() => parseTownExport('not json')).toThrow(/not JSON at its start: Unexpected token/);
    // A copy cut off mid-line names where it ends; a newer export names its version instead of a schema mismatch.
    const whole = good.join('\n');
    const cut = whole.slice(0, whole.length - 40);
    expect(() => parseTownExport(cut)).toThrow(
      new RegExp(`cut off at byte ${Buffer.byteLength(cut)} \\(in line ${good.length - 1}\\)`),
    );
    const json = formatTownExport(await readTownExport(store, 'console'), 'json');
    expect(() => parseTownExport(json.slice(0, 500))).toThrow(/^The town file is cut off at byte 500: it ends/);
    const newer = [good[0]!.replace('"version":1', '"version":3'), ...good.slice(1)].join('\n');
    expect(() => parseTownExport(newer)).toThrow(
      /written by a newer version of smalltown \(export format version 3; this one reads version 1\)/,
    );
    expect(await other.list()).toEqual([]);
    await expect(
      writeTownImport(store, parseTownExport(good.join('\n')), { id: 'console', scope: 'console' }),
    ).rejects.toThrow(/already exists/);
  });

  it('npm run town -- export | import: the file round-trips between stores, and says what it did', async () => {
    const { store } = await livedInTown();
    const dir = mkdtempSync(join(tmpdir(), 'town-export-'));
    const file = join(dir, 'town.ndjson');
    let out = '';
    const say = (s: string) => {
      out += s;
    };
    expect(await runLifecycleCommand('export', [file], say, store)).toBe(0);
    expect(out).toMatch(
      /^Exported Tiny \(console\) to .*town\.ndjson: tick 5, 3 residents, \d+ memories, 1 persona\.\n$/,
    );
    expect(readFileSync(file, 'utf8').split('\n')[0]).toContain('"format":"smalltown-town"');
    const other = new InMemoryTownStore();
    out = '';
    expect(await runLifecycleCommand('import', [file, '--scope', '42'], say, other)).toBe(0);
    expect(out).toMatch(/^Imported Tiny into 42: tick 5/);
    expect((await other.list()).map((t) => t.id)).toEqual(['guild-42']);
    out = '';
    expect(await runLifecycleCommand('import', [file, '--scope', '42'], say, other)).toBe(1);
    expect(out).toContain('A town already exists here (guild-42)');
    out = '';
    expect(await runLifecycleCommand('import', [join(dir, 'missing.json')], say, other)).toBe(1);
    expect(out).toBe(`Cannot read ${join(dir, 'missing.json')}: no such file or folder.\n`);
  });
});
