// A full disk (issue 24): the person reads one line (which file, nothing lost, it goes on once space is free), the log
// one line per outage, and the town resumes where it was once space is freed. The disk fills for real as far as
// SQLite can tell: `PRAGMA max_page_count` caps the file at its current size, and SQLite then fails every write that
// needs a new page with SQLITE_FULL, the code and text a full file system gives (checked by hand on a 640 KB tmpfs).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runConsole } from '../../src/console/console.ts';
import { diskFullText, isDiskFull, onDiskFull } from '../../src/core/disk-full.ts';
import { openDatabase } from '../../src/db/client.ts';
import { PrismaTownStore } from '../../src/db/town-store.ts';
import { PrismaUsageSink } from '../../src/db/usage-store.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import { agentOfflineRules } from '../../src/offline/agent/index.ts';
import { OfflineModel } from '../../src/offline/model.ts';
import { OutageReporter } from '../../src/ops/outage.ts';
import { TownRegistry } from '../../src/town/registry.ts';
import { eventually, Harness } from '../support/bot-harness.ts';
import { tinyTown } from '../support/town-fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'disk-full-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a full disk', () => {
  it('GIVEN a town whose database cannot grow WHEN it ticks and a person acts THEN one clear line each, one log line, and it resumes once space is freed', async () => {
    const file = join(dir, 'town.db');
    const db = await openDatabase(`file:${file}`);
    const registry = new TownRegistry({
      store: new PrismaTownStore(db.prisma),
      llm: new OfflineModel(agentOfflineRules),
      embedder: new LexicalEmbedder(),
      defaultTown: () => tinyTown(),
      owner: 'disk-test',
    });
    const lines: string[] = [];
    let clock = 0;
    const outage = new OutageReporter({
      what: `writes to ${file}`,
      log: (level, msg) => lines.push(`${level} ${msg}`),
      quietMs: 60_000,
      now: () => clock,
    });
    const stop = onDiskFull((e) => outage.error(e));
    try {
      const town = await registry.getOrCreate('console');
      await town.tick();
      const pages = (await db.prisma.$queryRawUnsafe<{ page_count: bigint }[]>('PRAGMA page_count'))[0]?.page_count;
      await db.prisma.$queryRawUnsafe(`PRAGMA max_page_count = ${Number(pages)}`);

      // Ticks, through the console as a person types them: the line, never "Something went wrong".
      const input = new PassThrough();
      input.end('/town step 1\n/town step 1\n/status\n');
      const output = new PassThrough();
      let text = '';
      output.on('data', (d) => {
        text += String(d);
      });
      const bugs: unknown[] = [];
      const r = await runConsole({ service: town, input, output, onError: (e) => bugs.push(e) });
      expect(r.exitCode).toBe(0);
      expect(bugs).toEqual([]);
      const said = text.split('\n').filter((l) => l.startsWith('The disk holding'));
      expect(said).toEqual([diskFullText(file), diskFullText(file)]);
      expect(said[0]).toBe(
        `The disk holding ${file} is full: this change was not saved. Nothing saved before is lost; the town waits where it was and goes on by itself once space is freed.`,
      );
      expect(text).not.toMatch(/Something went wrong/);
      // Nothing lost, nothing half-written: the town is at its last committed tick.
      expect(town.status().tick).toBe(1);
      expect((await db.prisma.town.findUniqueOrThrow({ where: { id: town.id } })).version).toBeGreaterThan(0);

      // However many writes failed, the log has one line for the outage.
      clock += 30_000;
      await expect(town.tick()).rejects.toThrow(diskFullText(file));
      expect(lines).toEqual([expect.stringMatching(/^warn writes to .*town\.db failing: /)]);

      // Space is freed: the next tick commits where the town was, and the outage's end is logged once it stays quiet.
      await db.prisma.$queryRawUnsafe('PRAGMA max_page_count = 1073741823');
      await town.tick();
      expect(town.status().tick).toBe(2);
      clock += 61_000;
      outage.check();
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(/^info writes to .* back after 30 s \(\d+ errors\)$/);
    } finally {
      stop();
      outage.stop();
      await registry.close();
      await db.close();
    }
  });

  it('GIVEN a full disk WHEN a person acts through Discord THEN the answer is the same line, privately, and no bug is logged', async () => {
    const h = await Harness.start({ database: true });
    try {
      await h.setup();
      const db = h.db as NonNullable<typeof h.db>;
      const pages = (await db.prisma.$queryRawUnsafe<{ page_count: bigint }[]>('PRAGMA page_count'))[0]?.page_count;
      await db.prisma.$queryRawUnsafe(`PRAGMA max_page_count = ${Number(pages)}`);
      const step = () => h.slash(h.admin, { name: 'town', subcommand: 'step', options: { ticks: 2 } }).answer();
      const msg = await step();
      expect(msg.content).toBe(diskFullText(db.file));
      expect(msg.flags & 64).toBe(64);
      expect(h.log.entries.filter((e) => e.level === 'error')).toEqual([]);
      // Space is freed: the same action goes through, from where the town was.
      await db.prisma.$queryRawUnsafe('PRAGMA max_page_count = 1073741823');
      expect((await step()).content).not.toMatch(/disk/);
      await eventually(async () => expect((await h.town()).status().tick).toBe(2), 20_000);
    } finally {
      await h.stop();
    }
  });

  it('GIVEN usage waiting to be written WHEN the disk is full THEN the usage report (what /town status shows) still answers', async () => {
    const db = await openDatabase(`file:${join(dir, 'usage.db')}`);
    const errors: unknown[] = [];
    const usage = new PrismaUsageSink(db.prisma, { flushIntervalMs: 3_600_000, onError: (e) => errors.push(e) });
    try {
      const pages = (await db.prisma.$queryRawUnsafe<{ page_count: bigint }[]>('PRAGMA page_count'))[0]?.page_count;
      await db.prisma.$queryRawUnsafe(`PRAGMA max_page_count = ${Number(pages)}`);
      // Enough rows that writing them needs pages the file cannot get.
      for (let i = 0; i < 120; i++)
        usage.record({
          townId: 'console',
          day: '2026-11-27',
          task: `task-${i}-${'x'.repeat(40)}`,
          model: 'm',
          calls: 1,
          failures: 0,
          refused: 0,
          requests: 1,
          retries: 0,
          repairs: 0,
          billedPromptTokens: 10,
          cachedPromptTokens: 0,
          completionTokens: 5,
          latencyMs: 1,
        });
      const report = await usage.report({ townId: 'console', fromDay: '2026-11-27', toDay: '2026-11-27' });
      expect([report.total.calls, report.total.completionTokens]).toEqual([120, 600]);
      expect(isDiskFull(errors[0])).toBe(true);
      expect(usage.pendingRows).toBe(120); // nothing lost: written once there is room
      await db.prisma.$queryRawUnsafe('PRAGMA max_page_count = 1073741823');
      await usage.flush();
      expect(usage.pendingRows).toBe(0);
      expect((await usage.report()).total.calls).toBe(120);
    } finally {
      await usage.close();
      await db.close();
    }
  });

  it("is recognised in each engine's and the file system's words, wrapped or not", () => {
    // PostgreSQL: SQLSTATE 53100 disk_full ("could not extend file ...: No space left on device"), as adapter-pg
    // passes it in Prisma's driverAdapterError; Node's file system: ENOSPC.
    expect(isDiskFull({ meta: { driverAdapterError: { cause: { originalCode: '53100', kind: 'postgres' } } } })).toBe(
      true,
    );
    expect(isDiskFull(new Error('could not extend file "base/16384/16385": No space left on device'))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('write failed'), { code: 'ENOSPC' }))).toBe(true);
    expect(isDiskFull(new Error('outer', { cause: { code: 'SQLITE_FULL' } }))).toBe(true);
    expect(isDiskFull(new Error('database is locked'))).toBe(false);
    expect(isDiskFull({ code: 'SQLITE_BUSY' })).toBe(false);
  });
});
