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

type TickJobRow = JobWithMetadata<TickJobData>;

/** One town's jobs as one: the latest slot's, carrying every earlier slot's ticks (each slot once, oldest first). */
export function merged(jobs: readonly TickJobRow[]): TickJobData {
  const sorted = [...jobs].sort((a, b) => (a.data.slot ?? 0) - (b.data.slot ?? 0));
  const last = sorted[sorted.length - 1]!.data;
  const slots = new Map<number, number>();
  for (const j of sorted)
    for (const s of [
      ...(j.data.earlier ?? []),
      ...(j.data.slot !== undefined ? [{ slot: j.data.slot, ticks: j.data.ticks }] : []),
    ])
      if (s.slot !== last.slot) slots.set(s.slot, Math.max(s.ticks, slots.get(s.slot) ?? 0));
  const earlier = [...slots].sort((a, b) => a[0] - b[0]).map(([slot, ticks]) => ({ slot, ticks }));
  const { earlier: _, ...rest } = last;
  return { ...rest, ...(earlier.length ? { earlier } : {}) };
}

/** The merged job keeps the id of the latest slot's job (the id a scheduler derives for it: tickJobId). */
function mergedId(jobs: readonly TickJobRow[]): string {
  return [...jobs].sort((a, b) => (a.data.slot ?? 0) - (b.data.slot ?? 0))[jobs.length - 1]!.id;
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
    // A queue keeps one waiting job per town, so a town's jobs (a retry, a running one, the next slot's) travel as
    // one: the latest slot's job carrying the earlier slots' ticks (tick-job.ts runs each slot's ticks once).
    const byTown = new Map<string, JobWithMetadata<TickJobData>[]>();
    for (const j of open) byTown.set(j.data.townId, [...(byTown.get(j.data.townId) ?? []), j]);
    for (const [townId, list] of byTown) {
      const to = this.queueFor(townId);
      let sent = await this.boss.send(to, merged(list), { id: mergedId(list), singletonKey: townId });
      if (!sent) {
        // The new queue already has a waiting job of the town (a scheduler routed a later slot there first):
        // it joins the merge.
        const waiting = (
          (await this.boss.findJobs<TickJobData>(to, { key: townId, queued: true })) as JobWithMetadata<TickJobData>[]
        ).filter((j) => j.state === 'created');
        for (const j of waiting) await this.boss.deleteJob(to, j.id);
        const all = [...list, ...waiting];
        sent = await this.boss.send(to, merged(all), { id: mergedId(all), singletonKey: townId });
      }
      if (sent) report.failedOver += list.length;
      else report.dropped += list.length;
      for (const j of list) await this.boss.deleteJob(queue, j.id);
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
