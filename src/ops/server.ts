// /healthz and /metrics of a process, on its own port (METRICS_PORT). /healthz runs the process's checks
// (database reachable, queue running, gateway connected...) and answers 200 when all pass, 503 naming the failing
// ones otherwise; /metrics is the Prometheus text format.
import { createServer, type Server } from 'node:http';
import type { Metrics } from './metrics.ts';

export type HealthCheck = () => Promise<void>;

export interface OpsServer {
  port: number;
  close(): Promise<void>;
}

export async function startOpsServer(opts: {
  port: number;
  host?: string;
  metrics: Metrics;
  checks: Record<string, HealthCheck>;
  /** Longest a check may take before it counts as failed. */
  timeoutMs?: number;
}): Promise<OpsServer> {
  const timeoutMs = opts.timeoutMs ?? 3_000;
  const runCheck = (fn: HealthCheck) =>
    Promise.race([
      fn().then(() => 'ok'),
      new Promise<string>((r) => setTimeout(() => r(`timed out after ${timeoutMs} ms`), timeoutMs).unref()),
    ]).catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
  const server: Server = createServer((req, res) => {
    void (async () => {
      try {
        if (req.url === '/healthz') {
          const names = Object.keys(opts.checks);
          const results = await Promise.all(names.map((n) => runCheck(opts.checks[n] as HealthCheck)));
          const checks = Object.fromEntries(names.map((n, i) => [n, results[i]]));
          const ok = results.every((r) => r === 'ok');
          res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ ok, process: opts.metrics.process, checks }));
        } else if (req.url === '/metrics') {
          const body = await opts.metrics.registry.metrics();
          res.writeHead(200, { 'content-type': opts.metrics.registry.contentType });
          res.end(body);
        } else {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('not found: try /healthz or /metrics\n');
        }
      } catch (e) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`${(e as Error).message}\n`);
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '0.0.0.0', () => resolve());
  });
  const addr = server.address();
  return {
    port: typeof addr === 'object' && addr ? addr.port : opts.port,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
