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
import { FlakyModel } from '../support/town-flaky-model.ts';
import { tinyTown } from '../support/town-fixtures.ts';

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
      input: Readable.from(['/map\n', '/relationships\n', '/relationships Ann\n', '/relationships Nobody\n']),
      output,
      picturesDir: dir,
    });
    const paths = [...text.matchAll(/Picture: (.+\.png)/g)].map((m) => m[1]!);
    expect(paths).toEqual([
      join(dir, 'console-map.png'),
      join(dir, 'console-relationships.png'),
      join(dir, 'console-relationships.png'),
    ]);
    for (const p of paths) expect(existsSync(p) && pngSize(readFileSync(p)).width).toBeGreaterThan(300);
    expect(text).toContain('No resident or persona called "Nobody" in Tiny.');
  }, 30_000);
});
