// Progress on long work: piped, quiet lines (a tenth done, a heartbeat while nothing finishes, the end); on a
// terminal, cli-progress's bar redrawn in place; nothing with quiet.
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startProgress } from '../../src/cli/progress.ts';

function sink(isTTY: boolean) {
  const s = new PassThrough() as PassThrough & { isTTY?: boolean; columns?: number };
  s.isTTY = isTTY;
  s.columns = 120;
  let text = '';
  s.on('data', (d) => {
    text += String(d);
  });
  return { stream: s, text: () => text };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('progress', () => {
  it('piped: a line per tenth done, a heartbeat every 30 s, and the end; never a line per step', () => {
    vi.useFakeTimers();
    let now = 0;
    const out = sink(false);
    const p = startProgress('Simulating', 144, { stream: out.stream, now: () => now });
    for (let tick = 1; tick <= 100; tick++) {
      now += 100;
      p.update(tick, `tick ${tick}`);
    }
    now += 30_000;
    vi.advanceTimersByTime(30_000);
    p.update(144, 'done');
    p.stop();
    const lines = out.text().trim().split('\n');
    expect(lines.length).toBeLessThan(14);
    expect(lines[0]).toBe('Simulating: 1/144 (0%) tick 1, 0 s');
    expect(lines).toContain('Simulating: 15/144 (10%) tick 15, 2 s');
    expect(lines.some((l) => l.startsWith('Simulating: still working, 100/144 (69%) tick 100'))).toBe(true);
    expect(lines.at(-1)).toBe('Simulating: 144/144 (100%) done, 40 s');
  });

  it('on a terminal: a bar redrawn in place with the count, the step and the time left', async () => {
    const out = sink(true);
    const p = startProgress('bench', 3, { stream: out.stream });
    p.update(1, 'running retrieval');
    p.log('## retrieval figures', out.stream);
    p.update(3, 'done');
    p.stop();
    const text = out.text();
    expect(text).toContain('bench [');
    expect(text).toMatch(/3\/3 done \| \d+ s, ETA 0 s/);
    // Before any rate is known there is no ETA yet: an ellipsis, never "NFs".
    expect(text).not.toContain('NF');
    expect(text).toContain('## retrieval figures\n');
    expect(text).toContain('\r');
  });

  it('quiet: nothing at all', () => {
    const out = sink(false);
    const p = startProgress('x', 10, { stream: out.stream, quiet: true });
    p.update(5);
    p.stop();
    expect(out.text()).toBe('');
  });
});
