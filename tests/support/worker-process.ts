// A real worker process for the fault tests (tests/worker/fixtures/worker-child.ts): its stdout lines, and a wait for
// one of them.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface WorkerChild {
  proc: ChildProcess;
  lines: string[];
  /** When each line came (ms, performance.now()). */
  at: Map<string, number>;
  waitFor(line: string, ms?: number): Promise<void>;
}

export function spawnWorker(url: string, owner: string, env: Record<string, string> = {}): WorkerChild {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'tests/worker/fixtures/worker-child.ts', url, owner], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const at = new Map<string, number>();
  const waiters: { line: string; resolve: () => void }[] = [];
  createInterface({ input: proc.stdout! }).on('line', (l) => {
    lines.push(l);
    if (!at.has(l)) at.set(l, performance.now());
    for (const w of waiters.filter((x) => x.line === l)) w.resolve();
  });
  return {
    proc,
    lines,
    at,
    waitFor: (line, ms = 60_000) =>
      lines.includes(line)
        ? Promise.resolve()
        : new Promise((resolve, reject) => {
            const t = setTimeout(() => reject(new Error(`no "${line}" from ${owner}: ${lines.join(' | ')}`)), ms);
            waiters.push({
              line,
              resolve: () => {
                clearTimeout(t);
                resolve();
              },
            });
          }),
  };
}
