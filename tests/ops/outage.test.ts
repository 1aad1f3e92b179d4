// A dependency that keeps failing is one line when it starts and one when it is back, with its duration and count
// (issue 24, item 4: ~230 "queue error" lines per worker in a 26 s PostgreSQL outage).
import { describe, expect, it } from 'vitest';
import { OutageReporter } from '../../src/ops/outage.ts';

describe('OutageReporter', () => {
  it('turns 230 errors over 26 s into one line, and one more with the duration once quiet', () => {
    let now = 1_000_000;
    const lines: [string, string, Record<string, unknown>][] = [];
    const r = new OutageReporter({
      what: 'queue',
      log: (l, m, d) => lines.push([l, m, d]),
      quietMs: 15_000,
      now: () => now,
    });
    for (let i = 0; i < 230; i++) {
      r.error(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
      r.check();
      now += 113; // pg-boss's polls, 26 s in all
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]?.[0]).toBe('warn');
    expect(lines[0]?.[1]).toMatch(/^queue failing: connect ECONNREFUSED/);
    expect(r.failing).toBe(true);
    now += 14_000;
    r.check();
    expect(lines).toHaveLength(1); // not quiet long enough yet
    now += 2_000;
    r.check();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toEqual(['info', 'queue back after 26 s (230 errors)', { seconds: 26, errors: 230 }]);
    // a second outage is a new pair of lines
    r.error(new Error('timeout'));
    expect(lines).toHaveLength(3);
    expect(lines[2]?.[1]).toMatch(/^queue failing: timeout/);
  });
});
