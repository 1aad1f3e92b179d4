// The town's pictures from a running town (the seed town on the offline model): a user's persona is a person in
// the graph with the ties residents have to it, the ego view by name, and `npm run town -- render` writing PNGs.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runRenderCli } from '../../src/cli/render.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import { townMapInput, townRelationshipInput } from '../../src/render/town-pictures.ts';
import { agentKit } from '../../src/town/agent-kit.ts';
import { loadTownFile } from '../../src/town/file-io.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { pngSize } from '../support/bot-harness.ts';
import { FlakyModel } from '../support/town-flaky-model.ts';

const embedder = new LexicalEmbedder({ dimensions: 256 });
const models = () => ({ llm: new FlakyModel(0), embedder });

describe('town pictures', () => {
  it('puts a user’s persona in the graph, tied to the residents who remember talking with it', async () => {
    const llm = new FlakyModel(0);
    const service = await TownService.create(
      {
        store: new InMemoryTownStore(),
        kit: (townId, settings) => agentKit({ llm, embedder, settings, townId }),
        owner: 'it',
      },
      { id: 'w', scope: 'console', file: loadTownFile(), seed: 1 },
    );
    const user = { id: 'u1', displayName: 'user' };
    const persona = await service.setPersona(user, 'Sam Quill', 'a reporter');
    const rosa = service.residents().find((r) => r.name === 'Rosa Delgado')!;
    await service.say(rosa.location.id, user, 'Hello Rosa, how is the cafe today?');
    const g = townRelationshipInput(service, { personas: [persona] });
    const node = g.nodes.find((n) => n.persona);
    expect(node?.name).toBe('Sam Quill');
    expect(g.edges.some((e) => e.to === node!.id && e.from === rosa.id && e.weight > 0)).toBe(true);
    const ego = townRelationshipInput(service, { personas: [persona], resident: 'sam quill' });
    expect(ego.ego).toBe(node!.id);
    expect(townRelationshipInput(service, { resident: 'rosa' }).ego).toBe(rosa.id);
    expect(() => townRelationshipInput(service, { resident: 'Nobody' })).toThrow(
      'No resident or persona called "Nobody"',
    );
    const map = townMapInput(service);
    expect(map.locations.every((l) => l.position)).toBe(true); // the seed town places every location
    await service.close();
  });

  it('writes valid PNGs from the CLI, and explains bad arguments', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'render-cli-'));
    let out = '';
    const io = {
      out: (s: string) => {
        out += s;
      },
      models,
    };
    const rel = join(dir, 'rel.png');
    expect(
      await runRenderCli(['relationships', '--hours', '1', '--persona', 'Sam', '--resident', 'Rosa', '--out', rel], io),
    ).toBe(0);
    expect(out).toContain(`Wrote ${rel}: relationships of Willowbrook`);
    expect(pngSize(readFileSync(rel)).width).toBeGreaterThan(700);
    const map = join(dir, 'map.png');
    expect(await runRenderCli(['map', '--out', map], io)).toBe(0);
    expect(pngSize(readFileSync(map)).height).toBeGreaterThan(300);
    out = '';
    expect(await runRenderCli(['maps', '--out', map], io)).toBe(2);
    expect(out).toContain('Say what to draw: map or relationships (not "maps")');
    out = '';
    expect(await runRenderCli(['map'], io)).toBe(2);
    expect(out).toContain('--out FILE.png');
    out = '';
    expect(await runRenderCli(['map', '--day', 'x', '--out', map], io)).toBe(2);
    expect(out).toContain('--day must be');
    out = '';
    expect(await runRenderCli(['relationships', '--resident', 'Nobody', '--out', rel], io)).toBe(1);
    expect(out).toContain('No resident or persona called "Nobody" in Willowbrook.');
  }, 60_000);
});
