// A database outage seen by the queue scheduler (it lists towns every pass): one error line when passes start
// failing, debug lines while they keep failing, one line when a pass succeeds again; not an error every 5 s.
import type { PgBoss } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { QueueScheduler } from '../../src/worker/scheduler.ts';

describe('QueueScheduler during a database outage', () => {
  it('logs the outage once at error level when it starts, once when it ends, and at debug level between', async () => {
    const store = new InMemoryTownStore();
    let down = true;
    const list = store.list.bind(store);
    store.list = async () => {
      if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      return list();
    };
    const lines: [string, string][] = [];
    const scheduler = new QueueScheduler({
      boss: {} as PgBoss, // no town to send: the queue is never reached
      store,
      pollMs: 20,
      log: (level, msg) => lines.push([level, msg]),
    });
    scheduler.start();
    await new Promise((r) => setTimeout(r, 150));
    down = false;
    await new Promise((r) => setTimeout(r, 100));
    await scheduler.stop();
    const levels = lines.map(([l]) => l);
    expect(lines[0]).toEqual([
      'error',
      'scheduling ticks failing: connect ECONNREFUSED 127.0.0.1:5432 (one line per outage; the end is reported)',
    ]);
    expect(levels.filter((l) => l === 'error')).toHaveLength(1);
    expect(levels.filter((l) => l === 'debug').length).toBeGreaterThan(2);
    expect(lines.at(-1)).toEqual(['info', expect.stringMatching(/^scheduling ticks back after \d+ s \(\d+ errors\)$/)]);
    expect(levels.filter((l) => l === 'info')).toHaveLength(1);
  });
});
