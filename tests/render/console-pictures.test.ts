// The console's /map and /relationships write PNGs and print their paths (the text versions stay).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runConsole } from '../../src/console/console.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import { agentKit } from '../../src/town/agent-kit.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { pngSize } from '../support/bot-harness.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { FlakyModel } from '../support/town-flaky-model.ts';

describe('console pictures', () => {
  it('writes /map and /relationships [resident] as PNGs and prints where', async () => {
    const llm = new FlakyModel(0);
    const embedder = new LexicalEmbedder({ dimensions: 64 });
    const service = await TownService.create(
      {
        store: new InMemoryTownStore(),
        kit: (townId, settings) => agentKit({ llm, embedder, settings, townId }),
        owner: 'c',
      },
      { id: 'console', scope: 'console', file: tinyTown(), seed: 1 },
    );
    const dir = join(mkdtempSync(join(tmpdir(), 'pics-')), 'out');
    const output = new PassThrough();
    let text = '';
    output.on('data', (d) => {
      text += String(d);
    });
    await runConsole({
      service,
      input: Readable.from(['/map\n', '/map\n', '/relationships\n', '/relationships Ann\n', '/relationships Nobody\n']),
      output,
      picturesDir: dir,
    });
    const paths = [...text.matchAll(/Picture: (.+\.png)/g)].map((m) => m[1]!);
    // Each picture keeps a name of its own (town, kind, resident, simulated time; -2 when drawn again then).
    const when = /^\d{4}-\d{2}-\d{2}-\d{4}$/;
    const names = paths.map((p) => p.slice(dir.length + 1));
    expect(names.map((n) => n.replace(/-\d{4}-\d{2}-\d{2}-\d{4}/, '-WHEN'))).toEqual([
      'tiny-map-WHEN.png',
      'tiny-map-WHEN-2.png',
      'tiny-relationships-WHEN.png',
      'tiny-relationships-ann-WHEN.png',
    ]);
    expect(names[0]!.slice('tiny-map-'.length, -'.png'.length)).toMatch(when);
    for (const p of paths) expect(existsSync(p) && pngSize(readFileSync(p)).width).toBeGreaterThan(300);
    expect(text).toContain('No resident or persona called "Nobody" in Tiny.');
  }, 30_000);
});
