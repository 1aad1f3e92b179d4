// One line per outage instead of one per failed call: a dependency that keeps failing (the queue's database during a
// PostgreSQL restart: pg-boss reports every poll, ~230 lines in 26 s) is reported when it starts failing, and once
// more when it has been quiet for `quietMs` (or at once when the caller knows it is over: `ok()`), with how long it
// lasted and how many errors it raised; the errors between are debug lines.

export type OutageLevel = 'error' | 'warn' | 'info' | 'debug';
export type OutageLog = (level: OutageLevel, msg: string, data: Record<string, unknown>) => void;

export interface OutageOptions {
  /** What failed, for the lines ("queue"). */
  what: string;
  // Method syntax: a log that takes only the levels it is given ('warn' | 'info') still fits.
  log(level: OutageLevel, msg: string, data: Record<string, unknown>): void;
  /** The level of the line that opens an outage (default warn). */
  level?: 'warn' | 'error';
  /** Each error during an outage as a debug line (default false: only counted). */
  debugBetween?: boolean;
  /** An outage is over once no error came for this long (longer than the failing caller's retry interval). */
  quietMs?: number;
  now?: () => number;
}

export class OutageReporter {
  private open: { since: number; last: number; errors: number } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly quietMs: number;
  private readonly now: () => number;

  constructor(private readonly opts: OutageOptions) {
    this.quietMs = opts.quietMs ?? 15_000;
    this.now = opts.now ?? Date.now;
  }

  /** A failure: the first of an outage is logged, the rest are counted. */
  error(e: unknown): void {
    const t = this.now();
    const message = oneLine(e);
    if (this.open) {
      this.open.last = t;
      this.open.errors++;
      if (this.opts.debugBetween)
        this.opts.log('debug', `${this.opts.what} still failing: ${message}`, {
          error: message,
          errors: this.open.errors,
        });
      return;
    }
    this.open = { since: t, last: t, errors: 1 };
    this.opts.log(
      this.opts.level ?? 'warn',
      `${this.opts.what} failing: ${message} (one line per outage; the end is reported)`,
      {
        error: message,
      },
    );
    if (!this.timer && this.opts.now === undefined) {
      this.timer = setInterval(() => this.check(), Math.min(this.quietMs, 5_000));
      this.timer.unref();
    }
  }

  /** Closes the outage once it has been quiet long enough; called by the timer (tests call it with their clock). */
  check(): void {
    if (!this.open || this.now() - this.open.last < this.quietMs) return;
    this.close(this.open.last);
  }

  /** The caller saw it work again (a pass that succeeded): the outage, if any, ends now. */
  ok(): void {
    if (this.open) this.close(this.now());
  }

  private close(end: number): void {
    if (!this.open) return;
    const { since, errors } = this.open;
    const last = end;
    this.open = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const seconds = Math.round((last - since) / 1000);
    this.opts.log('info', `${this.opts.what} back after ${seconds} s (${errors} errors)`, { seconds, errors });
  }

  get failing(): boolean {
    return this.open !== null;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** An error as one line: Prisma's messages span lines (the call, a code excerpt) and say what happened last. */
function oneLine(e: unknown): string {
  const m = (e as { message?: unknown } | null)?.message;
  const text = typeof m === 'string' ? m : typeof e === 'object' && e !== null ? JSON.stringify(e) : String(e);
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.at(-1) ?? text;
}
