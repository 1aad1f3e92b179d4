// Enqueues town ticks. Any number of these may run (one in every worker, say): for each town the current interval
// is a slot numbered from the epoch, the ticks it owes follow from the slot number and the town's speed alone, and
// the job's id is derived from (town, slot). Two schedulers send the same job; the queue keeps the first (the
// job's primary key) and drops the other: one tick run per town per interval. The queue's `stately` policy also
// drops a town's job while an earlier one still waits (a town running behind does not pile up jobs; the next job
// it gets runs the ticks of the slots it missed, up to the town's catchUpMaxTicks: tick-job.ts).
// With a router (affinity.ts) a town's job goes to the queue of the worker that holds it, and the queues of dead
// workers are failed over at the start of each pass.
import { createHash } from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import { OutageReporter } from '../ops/outage.ts';
import { cronIntervalMs } from '../town/scheduler.ts';
import type { TownStore } from '../town/store.ts';
import type { TownRouter } from './affinity.ts';
import { TICK_QUEUE, type TickJobData } from './queue.ts';

export const schedulerSettings = {
  /** How often the scheduler looks for towns whose interval has turned (well under any tick interval). */
  pollMs: 5_000,
  /**
   * How often the router looks for dead workers between passes (a pass lists every town): a frozen worker's jobs
   * move within this of it being taken for dead (queue.ts, instanceHeartbeatSeconds).
   */
  failOverMs: 2_000,
} as const;

/** Ticks a town owes in interval `slot` at `speed` ticks per interval: fractions accumulate over slots. */
export function ticksForSlot(slot: number, speed: number): number {
  return Math.floor(slot * speed + 1e-9) - Math.floor((slot - 1) * speed + 1e-9);
}

/** The job id of a town's slot: a UUID (pg-boss ids are UUIDs) derived from the pair, the same in every scheduler. */
export function tickJobId(townId: string, slot: number): string {
  const h = createHash('sha1').update(`smalltown:tick:${townId}:${slot}`).digest('hex');
  const variant = ((Number.parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

export interface QueueSchedulerOptions {
  boss: PgBoss;
  store: TownStore;
  /** Sends each town's job to its worker's queue (absent: the shared queue). */
  router?: TownRouter;
  now?: () => number;
  pollMs?: number;
  failOverMs?: number;
  // Method syntax: a log without a debug level fits (debug lines then go to its debug, when it has one).
  log?(level: 'info' | 'warn' | 'error' | 'debug', msg: string, data?: Record<string, unknown>): void;
}

export interface ScheduleReport {
  /** Jobs this scheduler's send created (the others were already in the queue, or owed no tick). */
  sent: number;
  due: number;
}

export class QueueScheduler {
  private readonly lastSlot = new Map<string, number>();
  private readonly intervals = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private failOverTimer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  /** A fail-over check between passes (router.refresh), if one is under way. */
  private refreshing: Promise<unknown> | null = null;
  /** A database outage is one error line when passes start failing, one when one succeeds, debug lines between. */
  private readonly outage: OutageReporter;

  constructor(private readonly opts: QueueSchedulerOptions) {
    this.outage = new OutageReporter({
      what: 'scheduling ticks',
      level: 'error',
      debugBetween: true,
      quietMs: 10 * 60_000, // a pass that succeeds ends it (ok())
      log: (level, msg, data) => this.opts.log?.(level, msg, data),
    });
  }

  private intervalOf(cron: string): number {
    let ms = this.intervals.get(cron);
    if (ms === undefined) {
      ms = Math.max(1_000, cronIntervalMs(cron));
      this.intervals.set(cron, ms);
    }
    return ms;
  }

  /** One pass: every town whose interval slot turned since the last pass gets its job (if it owes ticks). */
  async run(): Promise<ScheduleReport> {
    const now = (this.opts.now ?? Date.now)();
    const report: ScheduleReport = { sent: 0, due: 0 };
    await this.opts.router?.refresh();
    for (const t of await this.opts.store.list()) {
      const rec = await this.opts.store.load(t.id);
      if (!rec) continue;
      const interval = this.intervalOf(rec.state.settings.cron);
      const slot = Math.floor(now / interval);
      if (this.lastSlot.get(t.id) === slot) continue;
      if (rec.state.clock.paused || ticksForSlot(slot, rec.state.settings.speed) < 1) {
        this.lastSlot.set(t.id, slot);
        continue;
      }
      const ticks = ticksForSlot(slot, rec.state.settings.speed);
      report.due++;
      const data: TickJobData = { townId: t.id, ticks, slot };
      // The slot counts as done only once the queue has the job (sent now, or already there from another
      // scheduler): a send that fails during an outage is tried again on the next pass, not skipped.
      const queue = this.opts.router?.queueFor(t.id) ?? TICK_QUEUE;
      const id = await this.opts.boss.send(queue, data, { id: tickJobId(t.id, slot), singletonKey: t.id });
      this.lastSlot.set(t.id, slot);
      if (id) report.sent++;
    }
    return report;
  }

  start(): void {
    if (this.timer) return;
    const pass = () => {
      if (this.running) return;
      // after a fail-over check under way, not instead of it
      this.running = (this.refreshing ?? Promise.resolve())
        .then(() => this.run())
        .then(() => this.outage.ok())
        .catch((e: unknown) => this.outage.error(e))
        .finally(() => {
          this.running = null;
        });
    };
    // Between passes, only the fail-over of dead workers' queues (cheap: the instance registry and the queues).
    const failOver = () => {
      const router = this.opts.router;
      if (this.running || this.refreshing || !router) return;
      this.refreshing = router
        .refresh()
        .catch(() => undefined) // the next pass reports an outage
        .finally(() => {
          this.refreshing = null;
        });
    };
    pass();
    this.timer = setInterval(pass, this.opts.pollMs ?? schedulerSettings.pollMs);
    if (this.opts.router)
      this.failOverTimer = setInterval(failOver, this.opts.failOverMs ?? schedulerSettings.failOverMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.failOverTimer) clearInterval(this.failOverTimer);
    this.timer = null;
    this.failOverTimer = null;
    this.outage.stop();
    await this.running;
    await this.refreshing;
  }
}
