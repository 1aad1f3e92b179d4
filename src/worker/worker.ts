// A worker: takes tick jobs from its own queue (the towns routed to it: affinity.ts) and from the shared one, and
// runs them (src/worker/tick-job.ts), a few towns at a time.
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import { Semaphore } from '../llm/retry.ts';
import { ensureTickQueue, queueSettings, TICK_QUEUE, type TickJobData } from './queue.ts';
import { runTickJob, type TickOutcome } from './tick-job.ts';
import { TownLockLostError, type TownLocks } from './town-lock.ts';
import type { WorkerTowns } from './towns.ts';

export interface WorkerOptions {
  boss: PgBoss;
  towns: WorkerTowns;
  locks: TownLocks;
  /** Towns ticked at once by this worker, per queue (each is one job; ticks of one town never overlap). */
  concurrency: number;
  /** This worker's own queue (affinity.ts); created when missing. */
  ownQueue?: string;
  onJob?: (townId: string, outcome: JobOutcome) => void;
}

/**
 * How a job ended: its outcome, or failed (retried by the queue), or lost (the worker stopped renewing the town's
 * lease, e.g. it was frozen, and another took the town: nothing of its tick was written; retried too, and the
 * retry finds what the new holder committed).
 */
export type JobOutcome = TickOutcome | { status: 'failed'; error: string } | { status: 'lost'; holder: string | null };

export interface RunningWorker {
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
}

/** How often a worker checks that its own queue exists (a fail-over deletes the queue of a worker taken for dead). */
const OWN_QUEUE_CHECK_MS = 10_000;

export async function startWorker(o: WorkerOptions): Promise<RunningWorker> {
  const queues = o.ownQueue ? [o.ownQueue, TICK_QUEUE] : [TICK_QUEUE];
  if (o.ownQueue) await ensureTickQueue(o.boss, o.ownQueue);
  // both queues share the worker's concurrency
  const slots = new Semaphore(o.concurrency);
  const works: { queue: string; id: string }[] = [];
  for (const queue of queues) works.push({ queue, id: await work(o, queue, slots) });
  // A worker that stalled past three instance beats was taken for dead and its queue failed over and deleted.
  const own = o.ownQueue;
  const check = own
    ? setInterval(() => void ensureTickQueue(o.boss, own).catch(() => undefined), OWN_QUEUE_CHECK_MS)
    : null;
  check?.unref();
  return {
    stop: async () => {
      if (check) clearInterval(check);
      for (const w of works) await o.boss.offWork(w.queue, { id: w.id, wait: true });
    },
  };
}

function work(o: WorkerOptions, queue: string, slots: Semaphore): Promise<string> {
  return o.boss.work<TickJobData, TickOutcome>(
    queue,
    {
      batchSize: 1,
      localConcurrency: o.concurrency,
      includeMetadata: true,
      pollingIntervalSeconds: queueSettings.pollingIntervalSeconds,
    },
    async (jobs) => {
      // includeMetadata: the jobs carry createdOn (the retry check needs it).
      const job = jobs[0] as JobWithMetadata<TickJobData> | undefined;
      if (!job) throw new Error('empty batch');
      try {
        const outcome = await slots.run(() =>
          runTickJob(
            { id: job.id, data: job.data, retryCount: job.retryCount, createdOn: job.createdOn.getTime() },
            { towns: o.towns, locks: o.locks },
          ),
        );
        o.onJob?.(job.data.townId, outcome);
        return outcome;
      } catch (e) {
        o.onJob?.(
          job.data.townId,
          e instanceof TownLockLostError
            ? { status: 'lost', holder: e.holder }
            : { status: 'failed', error: (e as Error).message },
        );
        throw e;
      }
    },
  );
}
