// One tick job: holding the town's lease (town-lock.ts), load (or reuse) the town and run the ticks a scheduled run
// owes it. A tick commits in one transaction (snapshot, memories, outbox posts keyed by (town, seq)), fenced by the
// lease, so a worker killed or frozen mid-tick leaves either the whole tick or nothing. The retry (pg-boss, after
// the heartbeat stops, or the job moved by a fail-over) then runs the tick again if nothing was committed, and does
// nothing if the earlier attempt had already committed it.
import type { TownService } from '../town/service.ts';
import type { TownState } from '../town/types.ts';
import type { TickJobData } from './queue.ts';
import { ticksForSlot } from './scheduler.ts';
import type { TownLocks } from './town-lock.ts';
import type { WorkerTowns } from './towns.ts';

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
  | { status: 'busy'; holder?: string }
  | { status: 'missing' }
  | { status: 'paused' }
  | { status: 'already-committed'; tick: number };

export interface TickJobDeps {
  towns: WorkerTowns;
  locks: TownLocks;
  now?: () => number;
  /** How long a job waits for a town another worker is ticking (default tickJobSettings.lockWaitMs). */
  lockWaitMs?: number;
}

export const tickJobSettings = {
  /**
   * A town's jobs can be in two workers' queues for a moment (a fail-over, or schedulers that saw the workers
   * change at different times): the later job waits for the earlier one's tick rather than dropping its slot.
   */
  lockWaitMs: 5 * 60_000,
  lockPollMs: 500,
} as const;

export async function runTickJob(job: TickJob, deps: TickJobDeps): Promise<TickOutcome> {
  const now = deps.now ?? Date.now;
  const until = now() + (deps.lockWaitMs ?? tickJobSettings.lockWaitMs);
  for (;;) {
    const r = await tryTickJob(job, deps);
    if (r.status !== 'busy' || now() >= until) return r;
    await new Promise((resolve) => setTimeout(resolve, tickJobSettings.lockPollMs));
  }
}

async function tryTickJob(job: TickJob, deps: TickJobDeps): Promise<TickOutcome> {
  const { townId } = job.data;
  const r = await deps.locks.tryWith(townId, async (held): Promise<TickOutcome> => {
    const got = await deps.towns.get(townId);
    if (!got) return { status: 'missing' };
    try {
      const { clock, settings } = got.record.state;
      const plan = slotsOwed(job, clock, { speed: settings.speed, maxTicks: settings.catchUpMaxTicks });
      if (plan.length === 0) return { status: 'already-committed', tick: clock.tick };
      await held.check(); // loading took a while: the plan is good only if the town is still ours
      return await runTicks(got.service, plan);
    } catch (e) {
      // The town's memory of this worker may be ahead of the store (a failed commit whose reload failed too, e.g.
      // the database was down): load it afresh next time.
      deps.towns.forget(townId);
      throw e;
    } finally {
      await deps.towns.release(townId);
    }
  });
  if (r.ran) return r.value;
  return r.missing ? { status: 'missing' } : { status: 'busy', ...(r.holder ? { holder: r.holder } : {}) };
}

/** What a job may catch up on besides its own slot: the town's speed and its catch-up bound (settings.ts). */
export interface CatchUp {
  speed: number;
  /** Most ticks of earlier slots run by one job; a longer gap is an outage, not a lost job, and is not replayed. */
  maxTicks: number;
}

/**
 * Ticks this job still owes its town, as the slot each one is for (undefined: a job of an older version, no slot).
 * Each tick's commit records its slot (and how many of the slot's ticks are in), so a retry after a kill runs
 * exactly what its killed attempt did not commit, and a job whose slot a later job has already passed runs nothing.
 * The slots between the town's last one and this job's that owed ticks and got none (their job was killed more
 * often than it is retried, or dropped while the town's previous job still waited) run first, up to
 * `catchUp.maxTicks`; so do the earlier slots a fail-over merged into the job. Jobs queued by an older version
 * carry no slot: for them a retry compares wall times, as before.
 */
export function slotsOwed(
  job: TickJob,
  clock: TownState['clock'],
  catchUp: CatchUp = { speed: 1, maxTicks: 0 },
): (number | undefined)[] {
  const slot = job.data.slot;
  if (slot === undefined) {
    const last = clock.lastTickWall;
    const n = job.retryCount > 0 && last !== null && last >= job.createdOn ? 0 : job.data.ticks;
    return Array.from({ length: n }, () => undefined);
  }
  const owes = new Map<number, number>();
  if (clock.slot && clock.slot.n < slot) {
    // the gap since the town's last slot (that slot's own unfinished ticks included)
    const gap = new Map<number, number>();
    let total = 0;
    for (let s = clock.slot.n; s < slot && total <= catchUp.maxTicks; s++) {
      const t = ticksForSlot(s, catchUp.speed);
      if (t > 0) gap.set(s, t);
      total += s === clock.slot.n ? Math.max(0, t - clock.slot.ticks) : t;
    }
    if (total <= catchUp.maxTicks) for (const [s, t] of gap) owes.set(s, t);
  }
  for (const e of job.data.earlier ?? []) if (e.slot < slot) owes.set(e.slot, Math.max(e.ticks, owes.get(e.slot) ?? 0));
  owes.set(slot, job.data.ticks);
  const plan: number[] = [];
  for (const [s, ticks] of [...owes].sort((a, b) => a[0] - b[0])) {
    const done = !clock.slot || clock.slot.n < s ? 0 : clock.slot.n > s ? ticks : clock.slot.ticks;
    for (let i = done; i < ticks; i++) plan.push(s);
  }
  return plan;
}

/** How many ticks the job still owes (slotsOwed). */
export function ticksOwed(job: TickJob, clock: TownState['clock'], catchUp?: CatchUp): number {
  return slotsOwed(job, clock, catchUp).length;
}

async function runTicks(svc: TownService, plan: (number | undefined)[]): Promise<TickOutcome> {
  if (svc.status().paused) return { status: 'paused' };
  let done = 0;
  for (const slot of plan) {
    if (svc.status().paused) break;
    // each tick is counted by the town's own onTick (WorkerTowns' deps: the metrics every process shares)
    await svc.tick(slot === undefined ? {} : { slot });
    done++;
  }
  return { status: 'ticked', ticks: done, tick: svc.status().tick };
}
