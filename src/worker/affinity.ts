// Affinity: a town's tick jobs go to the worker that holds it, so its loaded town, its caches and its vector index
// stay warm instead of every worker loading every town. Each worker works a queue of its own (`town-tick.w.<owner>`)
// besides the shared one; the scheduler sends a town's job to the queue that rendezvous hashing of (town, queue)
// picks among the queues of live workers, which moves a town only when the set of workers changes (about 1/n of the
// towns when a worker comes or goes).
// Liveness comes from pg-boss's instance registry (`getInstances`: an instance is live while it beats, every
// `instanceHeartbeatSeconds`, and quiet after three missed beats). A dead worker's queue is failed over: its
// waiting, retrying and running jobs are sent again, same id and data, to the queue of the worker the town now
// hashes to, and the emptied queue is deleted. A tick job is keyed by its slot (tick-job.ts), so a job that runs twice
// after a fail-over (a worker that was only slow) runs its ticks once.
import { createHash } from 'node:crypto';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import { TICK_QUEUE, type TickJobData } from './queue.ts';

/** Queues of single workers are named this plus the worker's owner id. */
export const WORKER_QUEUE_PREFIX = `${TICK_QUEUE}.w.`;

/** The queue of the worker with this owner id (pg-boss names allow letters, digits, `_ . - /`). */
export function workerQueueName(owner: string): string {
  return WORKER_QUEUE_PREFIX + owner.replace(/[^\w.\-/]/g, '.');
}

function weight(townId: string, queue: string): bigint {
  return createHash('sha1').update(`${townId}\u0000${queue}`).digest().readBigUInt64BE(0);
}

/** Rendezvous hashing: the queue with the highest (town, queue) weight; undefined when there is none. */
export function preferredQueue(townId: string, queues: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestWeight = -1n;
  for (const q of queues) {
    const w = weight(townId, q);
    if (w > bestWeight) {
      best = q;
      bestWeight = w;
    }
  }
  return best;
}

export interface RouteReport {
  /** Worker queues with a live worker. */
  live: number;
  /** Jobs sent again from dead workers' queues this pass. */
  failedOver: number;
  /** Jobs of a dead worker's queue the new queue already had a job of the town for (a later slot: it runs then). */
  dropped: number;
}

export interface TownRouterOptions {
  log?: (level: 'info' | 'warn' | 'error', msg: string, data?: Record<string, unknown>) => void;
}

/** Routes towns to worker queues and fails dead workers' queues over; one per scheduler. */
export class TownRouter {
  private live: string[] = [];
  /** Fail-overs since start (metrics). */
  failedOver = 0;

  constructor(
    private readonly boss: PgBoss,
    private readonly opts: TownRouterOptions = {},
  ) {}

  /** Reads which worker queues have a live worker and fails the others over. Call once per scheduler pass. */
  async refresh(): Promise<RouteReport> {
    const instances = await this.boss.getInstances();
    const working = new Set(
      instances
        .filter((i) => i.live)
        .flatMap((i) => i.workers.map((w) => w.queue))
        .filter((q) => q.startsWith(WORKER_QUEUE_PREFIX)),
    );
    const queues = (await this.boss.getQueues()).map((q) => q.name).filter((n) => n.startsWith(WORKER_QUEUE_PREFIX));
    this.live = queues.filter((q) => working.has(q)).sort();
    const report: RouteReport = { live: this.live.length, failedOver: 0, dropped: 0 };
    if (this.live.length === 0) return report;
    for (const q of queues) if (!working.has(q)) await this.failOver(q, report);
    this.failedOver += report.failedOver;
    return report;
  }

  /** The queue a town's job goes to: its worker's, or the shared queue while no worker queue is live. */
  queueFor(townId: string): string {
    return preferredQueue(townId, this.live) ?? TICK_QUEUE;
  }

  private async failOver(queue: string, report: RouteReport): Promise<void> {
    const jobs = (await this.boss.findJobs<TickJobData>(queue)) as JobWithMetadata<TickJobData>[];
    const open = jobs.filter((j) => j.state === 'created' || j.state === 'retry' || j.state === 'active');
    // oldest slot first: the new queue keeps one waiting job per town
    open.sort((a, b) => (a.data.slot ?? 0) - (b.data.slot ?? 0));
    for (const j of open) {
      const to = this.queueFor(j.data.townId);
      const id = await this.boss.send(to, j.data, { id: j.id, singletonKey: j.data.townId });
      if (id) report.failedOver++;
      else report.dropped++;
      await this.boss.deleteJob(queue, j.id);
    }
    if (open.length > 0)
      this.opts.log?.('warn', 'worker gone: its towns move to live workers', {
        queue,
        jobs: open.length,
        dropped: report.dropped,
      });
    await this.boss.deleteQueue(queue);
  }
}
