// /healthz and /metrics: health answers 200 only when every check passes (503 naming the failing one); metrics
// are Prometheus text with the figures the processes record (ticks, tokens per town, delivery latency).
import { afterAll, describe, expect, it } from 'vitest';
import { Metrics } from '../../src/ops/metrics.ts';
import { type OpsServer, startOpsServer } from '../../src/ops/server.ts';

describe('ops endpoints', () => {
  const servers: OpsServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('healthz reflects the checks; metrics carry ticks, model usage per town and delivery latency', async () => {
    let dbUp = true;
    const metrics = new Metrics('worker:test');
    const server = await startOpsServer({
      port: 0,
      host: '127.0.0.1',
      metrics,
      timeoutMs: 200,
      checks: {
        database: async () => {
          if (!dbUp) throw new Error('connection refused');
        },
        slow: () => new Promise<void>((r) => setTimeout(r, 10)),
      },
    });
    servers.push(server);
    const base = `http://127.0.0.1:${server.port}`;

    let res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, process: 'worker:test', checks: { database: 'ok', slow: 'ok' } });
    dbUp = false;
    res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { checks: Record<string, string> }).checks.database).toBe('connection refused');

    metrics.tick('town-a', 1_500, true);
    metrics.tick('town-a', 900, false);
    metrics.usage({
      townId: 'town-a',
      day: '2026-01-01',
      task: 'plan',
      model: 'm',
      calls: 3,
      failures: 1,
      refused: 0,
      requests: 4,
      retries: 1,
      repairs: 0,
      billedPromptTokens: 120,
      cachedPromptTokens: 0,
      completionTokens: 30,
      latencyMs: 10,
    });
    metrics.delivery(10_000, 12_500);
    let queued = 7;
    metrics.gauge('smalltown_queue_jobs', 'jobs', ['state'], async () => [
      { labels: { state: 'queued' }, value: queued },
    ]);
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toContain('smalltown_ticks_total{town="town-a",outcome="ok",process="worker:test"} 1');
    expect(text).toContain('smalltown_ticks_total{town="town-a",outcome="failed",process="worker:test"} 1');
    expect(text).toContain('smalltown_tick_seconds_count{process="worker:test"} 2');
    expect(text).toContain('smalltown_model_calls_total{town="town-a",process="worker:test"} 3');
    expect(text).toContain('smalltown_model_requests_total{town="town-a",process="worker:test"} 4');
    expect(text).toContain('smalltown_model_tokens_total{town="town-a",kind="prompt",process="worker:test"} 120');
    expect(text).toContain('smalltown_model_tokens_total{town="town-a",kind="completion",process="worker:test"} 30');
    expect(text).toContain('smalltown_delivery_seconds_sum{process="worker:test"} 2.5');
    expect(text).toContain('smalltown_queue_jobs{state="queued",process="worker:test"} 7');
    queued = 0;
    expect(await (await fetch(`${base}/metrics`)).text()).toContain(
      'smalltown_queue_jobs{state="queued",process="worker:test"} 0',
    );
    expect((await fetch(`${base}/nope`)).status).toBe(404);
  });

  it('a collector that fails or hangs marks itself down; the rest of the scrape answers 200', async () => {
    const metrics = new Metrics('worker', { collectTimeoutMs: 100 });
    const server = await startOpsServer({ port: 0, host: '127.0.0.1', metrics, checks: {} });
    servers.push(server);
    metrics.tick('town-a', 200, true);
    let down = true;
    metrics.gauge('smalltown_outbox_backlog', 'posts', [], async () => {
      if (down) throw new Error('connect ECONNREFUSED');
      return [{ value: 4 }];
    });
    metrics.gauge('smalltown_queue_jobs', 'jobs', ['state'], () => new Promise(() => undefined)); // never answers
    let loads = 3;
    metrics.counter('smalltown_worker_town_loads_total', 'loads', [], () => [{ value: loads }]);
    const started = Date.now();
    const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    let text = await res.text();
    expect(text).toContain('smalltown_ticks_total{town="town-a",outcome="ok",process="worker"} 1');
    expect(text).toContain('smalltown_collector_up{collector="smalltown_outbox_backlog",process="worker"} 0');
    expect(text).toContain('smalltown_collector_up{collector="smalltown_queue_jobs",process="worker"} 0');
    // no made-up figure for what could not be read
    expect(text).not.toMatch(/^smalltown_outbox_backlog\{/m);
    expect(text).not.toMatch(/^smalltown_queue_jobs\{/m);
    expect(text).toContain('smalltown_worker_town_loads_total{process="worker"} 3');
    expect(text).toMatch(/^# TYPE smalltown_worker_town_loads_total counter$/m);
    // the PID is an info metric, never in the process label
    expect(text).toContain(`smalltown_process_info{pid="${process.pid}"`);
    down = false;
    loads = 5;
    text = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
    expect(text).toContain('smalltown_outbox_backlog{process="worker"} 4');
    expect(text).toContain('smalltown_collector_up{collector="smalltown_outbox_backlog",process="worker"} 1');
    expect(text).toContain('smalltown_worker_town_loads_total{process="worker"} 5');
  });

  it('refuses a counter whose name does not end in _total', () => {
    expect(() => new Metrics('worker').counter('smalltown_loads', 'x', [], () => [])).toThrow(/_total/);
  });
});
