// The console serves /healthz and /metrics too (issue 24, item 4), on loopback, when METRICS_PORT is set.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/postgres.ts';

const dir = mkdtempSync(join(tmpdir(), 'console-ops-'));
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('console ops', () => {
  it('answers /healthz and /metrics while the console runs, and closes them when it quits', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: `file:${join(dir, 'town.db')}`, METRICS_PORT: String(port) };
    for (const k of ['DISCORD_TOKEN', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'WEB_PORT']) delete env[k];
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    child = proc;
    let out = '';
    proc.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
    // the console is up once it answers a command
    proc.stdin?.write('/town status\n');
    for (let i = 0; i < 300 && !/tick/i.test(out); i++) await new Promise((r) => setTimeout(r, 100));
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.text()).toMatch(/database/);
    // the console counts its ticks as the workers do (TownService's onTick)
    proc.stdin?.write('/town step 3\n');
    let metrics = '';
    for (let i = 0; i < 300 && !/smalltown_tick_seconds_count\{process="console"\} 3/.test(metrics); i++) {
      await new Promise((r) => setTimeout(r, 100));
      metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    }
    expect(metrics).toMatch(/^# HELP smalltown_/m);
    expect(metrics).toContain('smalltown_ticks_total{town="console",outcome="ok",process="console"} 3');
    expect(metrics).toContain('smalltown_tick_seconds_count{process="console"} 3');
    proc.stdin?.end('/quit\n');
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 60_000);
});
