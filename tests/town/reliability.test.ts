// Reliability: a process killed (SIGKILL) in the middle of a tick resumes from the last committed tick with no
// memory or outbox post lost or duplicated.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { PrismaTownStore } from '../../src/db/town-store.ts';

const here = dirname(fileURLToPath(import.meta.url));
const child = join(here, 'fixtures', 'town-child.ts');
const tsx = createRequire(import.meta.url).resolve('tsx');
const dir = mkdtempSync(join(tmpdir(), 'town-kill-'));
const db = join(dir, 'town.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the child until `stop(line)` says so, then SIGKILLs it; returns the lines it printed. */
function runChild(
  owner: string,
  maxTicks: number,
  stop: (lines: string[]) => boolean,
): Promise<{ lines: string[]; killed: boolean }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', tsx, child, db, owner, String(maxTicks)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let err = '';
    let killed = false;
    let buf = '';
    p.stdout.on('data', (d) => {
      buf += String(d);
      const parts = buf.split('\n');
      buf = parts.pop() ?? '';
      for (const l of parts) {
        lines.push(l);
        if (!killed && stop(lines)) {
          killed = true;
          // 15 ms after "start": inside the first 30 ms model call of the tick in progress.
          setTimeout(() => p.kill('SIGKILL'), 15);
        }
      }
    });
    p.stderr.on('data', (d) => {
      err += String(d);
    });
    p.on('error', reject);
    p.on('exit', (code, signal) => {
      if (signal === 'SIGKILL' || code === 0) resolve({ lines, killed });
      else reject(new Error(`child exited ${code}: ${err}`));
    });
  });
}

async function inspect() {
  const d = await openDatabase(`file:${db}`);
  try {
    const store = new PrismaTownStore(d.prisma);
    const rec = await store.load('t');
    const mems = await store.loadMemories('t');
    const posts = await store.postsAfter('t', 0, 100_000);
    return { rec, mems, posts };
  } finally {
    await d.close();
  }
}

describe('crash and resume', () => {
  it('GIVEN a child killed mid-tick WHEN a new process starts THEN it resumes at the last committed tick, losing and duplicating nothing', async () => {
    const first = await runChild(
      'instance-a',
      1000,
      (lines) =>
        lines.filter((l) => l.startsWith('committed')).length >= 4 && lines.at(-1)?.startsWith('start') === true,
    );
    expect(first.killed).toBe(true);
    const lastCommitted = Math.max(
      ...first.lines.filter((l) => l.startsWith('committed')).map((l) => Number(l.split(' ')[1])),
    );
    expect(first.lines.at(-1)).toBe(`start ${lastCommitted + 1}`);

    const { rec, mems, posts } = await inspect();
    expect(rec?.state.clock.tick).toBe(lastCommitted);
    // Memories: per resident, contiguous seq 1..n and exactly the count the committed snapshot expects.
    for (const rs of rec?.state.residents ?? []) {
      const mine = mems.filter((m) => m.agentId === rs.profile.id).map((m) => m.seq);
      expect(mine).toEqual(Array.from({ length: rs.memoryCount }, (_, i) => i + 1));
    }
    // Outbox: contiguous 1..outboxSeq-1, nothing from the killed tick.
    expect(posts.map((p) => p.seq)).toEqual(Array.from({ length: (rec?.state.outboxSeq ?? 1) - 1 }, (_, i) => i + 1));
    expect(posts.every((p) => p.simTime <= (rec?.state.clock.now ?? 0))).toBe(true);
    expect(posts.some((p) => p.kind === 'action')).toBe(true);
    expect(mems.length).toBeGreaterThan(60);

    // The same instance restarts and carries on from there.
    const second = await runChild('instance-a', 2, () => false);
    expect(second.lines[0]).toBe(`ready ${lastCommitted}`);
    expect(second.lines).toContain(`committed ${lastCommitted + 2}`);
    const after = await inspect();
    expect(after.rec?.state.clock.tick).toBe(lastCommitted + 2);
    for (const rs of after.rec?.state.residents ?? []) {
      const mine = after.mems.filter((m) => m.agentId === rs.profile.id).map((m) => m.seq);
      expect(mine).toEqual(Array.from({ length: rs.memoryCount }, (_, i) => i + 1));
    }
    const seqs = after.posts.map((p) => p.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  }, 60_000);
});
