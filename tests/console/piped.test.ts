// Piped input is never dropped (issue 24): a script piped to the console runs every line, on both database engines,
// and the console returns only after the last one. Each run is a new process's registry (its own lease owner) over
// the same database, as `printf '...' | npm start` run again and again would be; the script is all in the pipe
// before the console starts reading, as printf leaves it.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConsole } from '../../src/console/console.ts';
import { openTerminal } from '../../src/console/terminal.ts';
import { PrismaTownStore } from '../../src/db/town-store.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import { agentOfflineRules } from '../../src/offline/agent/index.ts';
import { OfflineModel } from '../../src/offline/model.ts';
import { TownRegistry } from '../../src/town/registry.ts';
import { patientLeases } from '../../src/worker/patient-leases.ts';
import { ENGINES, openTestDb, type TestDb } from '../support/postgres-db.ts';
import { tinyTown } from '../support/town-fixtures.ts';

const RUNS = 20;
const SCRIPT = ['/town step 1', '/status', '/resident list', '/quit', '/status'];

describe('openTerminal on piped input', () => {
  it('GIVEN lines already in the pipe WHEN the reader starts after other I/O THEN no line is lost', async () => {
    const input = new PassThrough();
    input.end('one\ntwo\nthree\n');
    const term = openTerminal({ input, output: new PassThrough(), prompt: () => '> ' });
    // The console awaits its database (real I/O) between opening the terminal and reading its first line.
    await new Promise((r) => setTimeout(r, 20));
    const got: string[] = [];
    for await (const line of term.lines()) got.push(line);
    expect(got).toEqual(['one', 'two', 'three']);
  });
});

describe.each(ENGINES)('a script piped to the console on %s', (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await openTestDb(engine);
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it(`runs every line, ${RUNS} times over, and returns after the last`, async () => {
    const llm = new OfflineModel(agentOfflineRules);
    const embedder = new LexicalEmbedder();
    for (let run = 1; run <= RUNS; run++) {
      // As src/main.ts composes the console on each engine.
      const store = new PrismaTownStore(db.prisma);
      const registry = new TownRegistry({
        store: engine === 'postgresql' ? patientLeases(store) : store,
        sharedWriters: engine === 'postgresql',
        llm,
        embedder,
        defaultTown: () => tinyTown(),
        owner: `piped-${run}`,
      });
      const input = new PassThrough();
      input.end(SCRIPT.map((l) => `${l}\n`).join(''));
      const output = new PassThrough();
      let text = '';
      output.on('data', (d) => {
        text += String(d);
      });
      const r = await runConsole({ registry, input, output, banner: 'BANNER' });
      await registry.close();
      const why = `run ${run}:\n${text}`;
      expect(r.exitCode, why).toBe(0);
      const lines = text.split('\n');
      expect(lines[0], why).toBe('BANNER');
      // Each answer once, in the script's order: the tick, the status at the new tick, the residents.
      const ran = lines.findIndex((l) => /^Ran 1 tick\(s\): it is now /.test(l));
      const status = lines.findIndex((l) => l.startsWith(`Tick ${run} ·`));
      const residents = lines.findIndex((l) => l.startsWith('🙂 Ann Lee') || /^\S+ Ann Lee — at /.test(l));
      expect(ran, why).toBeGreaterThan(0);
      expect(status, why).toBeGreaterThan(ran);
      expect(residents, why).toBeGreaterThan(status);
      // /quit ends the script: the /status after it does not run.
      expect(
        lines.filter((l) => /^Tick \d+ ·/.test(l)),
        why,
      ).toHaveLength(1);
    }
  }, 120_000);
});
