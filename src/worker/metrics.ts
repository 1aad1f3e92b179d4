// A worker's own series in /metrics (the README's metrics table): queue depth, the towns it holds, loads and
// evictions, memories waiting for a vector. Read at scrape time, each on its own (src/ops/metrics.ts): a queue
// that cannot be read (its database is down) leaves the rest of the scrape standing.
import type { Metrics } from '../ops/metrics.ts';
import { registerVectorGauge } from '../ops/vectors.ts';
import type { WorkerProcess } from './compose.ts';
import { tickQueueDepth } from './queue.ts';

export function registerWorkerMetrics(metrics: Metrics, worker: Pick<WorkerProcess, 'boss' | 'towns'>): void {
  metrics.gauge('smalltown_queue_jobs', 'Tick jobs in the queue, by state', ['state'], async () => {
    const d = await tickQueueDepth(worker.boss);
    return [
      { labels: { state: 'queued' }, value: d.queued },
      { labels: { state: 'active' }, value: d.active },
    ];
  });
  registerVectorGauge(metrics, () => worker.towns.loaded());
  metrics.gauge('smalltown_worker_towns_loaded', 'Towns this worker holds loaded', [], async () => [
    { value: worker.towns.size },
  ]);
  metrics.counter(
    'smalltown_worker_town_loads_total',
    'Towns loaded by this worker (first use, a reload, after an eviction)',
    [],
    () => [{ value: worker.towns.loads }],
  );
  metrics.counter(
    'smalltown_worker_town_evictions_total',
    'Towns this worker let go to stay within WORKER_MAX_TOWNS / WORKER_MAX_MB',
    [],
    () => [{ value: worker.towns.evictions }],
  );
}
