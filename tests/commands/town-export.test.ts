// /town export on Discord, through the real bot and the local Discord: admin only, answered with the town as an
// attachment that reads back as a valid town file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTownExport } from '../../src/town/town-export.ts';
import { Harness } from '../support/bot-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
  await h.setup();
});
afterAll(async () => {
  await h.stop();
});

describe('/town export', () => {
  it('attaches the whole town for an admin, and is refused to others', async () => {
    const msg = await h
      .slash(h.admin, { name: 'town', subcommand: 'export', options: { file: 'ours.ndjson' } })
      .answer(20_000);
    expect(msg.files).toHaveLength(1);
    expect(msg.files[0]!.filename).toBe('ours.ndjson');
    const town = await h.town();
    const t = parseTownExport(msg.files[0]!.data.toString('utf8'));
    expect(t.name).toBe(town.status().name);
    expect(t.state.residents).toHaveLength(town.residents().length);
    expect(msg.content).toContain(`${t.name} at tick ${t.state.clock.tick}: ${t.state.residents.length} residents`);
    const bad = await h.slash(h.admin, { name: 'town', subcommand: 'export', options: { file: 'x.exe' } }).answer();
    expect(bad.content).toContain('The export file name ends in .json or .ndjson.');
    const refused = await h.slash(h.alice, { name: 'town', subcommand: 'export' }).answer();
    expect(refused.files ?? []).toHaveLength(0);
    expect(refused.content).toMatch(/Manage Server/);
  });
});
