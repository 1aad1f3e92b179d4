// Drives a town's ticks from a node-cron schedule (default every minute), never overlapping; applies the
// catch-up policy once at start; honours pause and speed (ticks per run, fractions accumulate).
import cron, { type ScheduledTask } from 'node-cron';
import { isUserError } from '../errors.ts';
import type { TownService } from './service.ts';
import type { TickLog } from './tick.ts';

export interface SchedulerOptions {
  /** Cron expression; default the town's settings.cron. */
  cron?: string;
  log?: TickLog;
  /** Called after each scheduled tick (progress, metrics). */
  onTick?: (service: TownService) => void;
}

/** Milliseconds between two runs of a cron expression (for the catch-up policy). */
export function cronIntervalMs(expression: string): number {
  const task = cron.createTask(expression, () => undefined);
  try {
    const [a, b] = task.getNextRuns(2);
    return a && b ? b.getTime() - a.getTime() : 60_000;
  } finally {
    void task.destroy();
  }
}

export class TownScheduler {
  private task: ScheduledTask | null = null;
  private credit = 0;
  private running: Promise<void> | null = null;

  constructor(
    readonly service: TownService,
    private readonly opts: SchedulerOptions = {},
  ) {}

  get expression(): string {
    return this.opts.cron ?? this.service.settings().cron;
  }

  get started(): boolean {
    return this.task !== null;
  }

  /** Applies the catch-up policy, then schedules ticks. */
  async start(): Promise<void> {
    if (this.task) return;
    if (!cron.validate(this.expression)) throw new Error(`invalid cron expression "${this.expression}"`);
    try {
      const r = await this.service.catchUp(cronIntervalMs(this.expression));
      if (r.missed > 0) this.opts.log?.('info', 'town catch-up after downtime', { town: this.service.id, ...r });
    } catch (e) {
      this.opts.log?.('warn', 'town catch-up failed', { town: this.service.id, error: (e as Error).message });
    }
    this.task = cron.schedule(this.expression, () => this.run(), {
      noOverlap: true,
      name: `town:${this.service.id}`,
    });
  }

  /** One scheduled run: skip while paused; run floor(credit) ticks where credit grows by `speed` each run. */
  run(): Promise<void> {
    const work = (async () => {
      const st = this.service.status();
      if (st.paused) return;
      this.credit += st.speed;
      const n = Math.floor(this.credit);
      this.credit -= n;
      for (let i = 0; i < n; i++) {
        if (this.service.status().paused) break;
        try {
          await this.service.tick();
          this.opts.onTick?.(this.service);
        } catch (e) {
          // An outage the process reports once (a full disk: src/core/disk-full.ts) is not logged again every tick.
          if (!(isUserError(e) && e.context.outage === true))
            this.opts.log?.('error', 'town tick failed', { town: this.service.id, error: (e as Error).message });
          break;
        }
      }
    })();
    this.running = work;
    return work;
  }

  async stop(): Promise<void> {
    const t = this.task;
    this.task = null;
    if (t) await t.destroy();
    if (this.running) await this.running;
  }
}
