// One tick job: under the town's advisory lock, load (or reuse) the town and run the ticks a scheduled run owes it.
// A tick commits in one transaction (snapshot, memories, outbox posts keyed by (town, seq)), so a worker killed
// mid-tick leaves either the whole tick or nothing. The retry (pg-boss, after the heartbeat stops) then runs the
// tick again if nothing was committed, and does nothing if the killed attempt had already committed it.
import type { TownService } from '../town/service.ts';
import type { TownLocks } from './town-lock.ts';
import type { WorkerTowns } from './towns.ts';
import type { TickJobData } from './queue.ts';

export interface TickJob {
  id: string;
  data: TickJobData;
  /** 0 on the first attempt. */
  retryCount: number;
  /** When the job was sent (wall ms). */
  createdOn: number;
}

export type TickOutcome =
  | { status: 'ticked'; ticks: number; tick: number }
  | { status: 'busy' }
  | { status: 'missing' }
  | { status: 'paused' }
  | { status: 'already-committed'; tick: number };

export interface TickJobDeps {
  towns: WorkerTowns;
  locks: TownLocks;
  /** Called around each tick (metrics). */
  onTick?: (townId: string, ms: number, ok: boolean) => void;
  now?: () => number;
}

export async function runTickJob(job: TickJob, deps: TickJobDeps): Promise<TickOutcome> {
  const { townId } = job.data;
  const now = deps.now ?? Date.now;
  const r = await deps.locks.tryWith(townId, async (): Promise<TickOutcome> => {
    const got = await deps.towns.get(townId);
    if (!got) return { status: 'missing' };
    try {
      const last = got.record.state.clock.lastTickWall;
      // A retry after the previous attempt committed its tick (then died before completing the job): done.
      // One job of a town is active at a time (stately queue + this lock), so a tick committed after this job was
      // sent is that attempt's.
      if (job.retryCount > 0 && last !== null && last >= job.createdOn)
        return { status: 'already-committed', tick: got.record.state.clock.tick };
      return await runTicks(got.service, job.data.ticks, townId, deps, now);
    } catch (e) {
      // The town's memory of this worker may be ahead of the store (a failed commit whose reload failed too, e.g.
      // the database was down): load it afresh next time.
      deps.towns.forget(townId);
      throw e;
    } finally {
      await deps.towns.release(townId);
    }
  });
  return r.ran ? r.value : { status: 'busy' };
}

async function runTicks(
  svc: TownService,
  ticks: number,
  townId: string,
  deps: TickJobDeps,
  now: () => number,
): Promise<TickOutcome> {
  if (svc.status().paused) return { status: 'paused' };
  let done = 0;
  for (let i = 0; i < ticks; i++) {
    if (svc.status().paused) break;
    const t0 = now();
    try {
      await svc.tick();
    } catch (e) {
      deps.onTick?.(townId, now() - t0, false);
      throw e;
    }
    deps.onTick?.(townId, now() - t0, true);
    done++;
  }
  return { status: 'ticked', ticks: done, tick: svc.status().tick };
}
