// A worker: takes tick jobs from the queue and runs them (src/worker/tick-job.ts), a few towns at a time.
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import { TICK_QUEUE, type TickJobData, queueSettings } from './queue.ts';
import { runTickJob, type TickOutcome } from './tick-job.ts';
import type { TownLocks } from './town-lock.ts';
import type { WorkerTowns } from './towns.ts';

export interface WorkerOptions {
  boss: PgBoss;
  towns: WorkerTowns;
  locks: TownLocks;
  /** Towns ticked at once by this worker (each is one job; ticks of one town never overlap). */
  concurrency: number;
  onTick?: (townId: string, ms: number, ok: boolean) => void;
  onJob?: (townId: string, outcome: TickOutcome | { status: 'failed'; error: string }) => void;
}

export interface RunningWorker {
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
}

export async function startWorker(o: WorkerOptions): Promise<RunningWorker> {
  const workId = await o.boss.work<TickJobData, TickOutcome>(
    TICK_QUEUE,
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
        const outcome = await runTickJob(
          { id: job.id, data: job.data, retryCount: job.retryCount, createdOn: job.createdOn.getTime() },
          { towns: o.towns, locks: o.locks, ...(o.onTick ? { onTick: o.onTick } : {}) },
        );
        o.onJob?.(job.data.townId, outcome);
        return outcome;
      } catch (e) {
        o.onJob?.(job.data.townId, { status: 'failed', error: (e as Error).message });
        throw e;
      }
    },
  );
  return {
    stop: () => o.boss.offWork(TICK_QUEUE, { id: workId, wait: true }),
  };
}
