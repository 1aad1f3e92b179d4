// Progress on long work (bench, simulate, eval, games bench, the year run), on stderr so stdout stays the result.
// On a terminal: a cli-progress bar with the count, the current step and elapsed/remaining time, redrawn in place.
// Piped or in CI: one quiet line when a tenth more is done and at least every 30 s ("still working" heartbeats),
// so a log shows the run is alive without a line per step.
import { SingleBar } from 'cli-progress';

export interface Progress {
  /** `done` of the total are finished; `note` says what is running now (a bench name, the simulated time). */
  update(done: number, note?: string): void;
  setTotal(total: number): void;
  /** A line of its own (a result, a checkpoint) printed above the bar without breaking it; `out`: where it goes
   * (stdout for results; the progress stream by default). */
  log(line: string, out?: NodeJS.WritableStream): void;
  /** Ends the bar (a final line when piped). Safe to call twice. */
  stop(): void;
}

export interface ProgressOptions {
  /** Where it goes (process.stderr by default); a stream without isTTY gets the quiet lines. */
  stream?: NodeJS.WritableStream & { isTTY?: boolean };
  /** Nothing at all (--quiet, --json). */
  quiet?: boolean;
  /** Heartbeat period when piped. */
  everyMs?: number;
  now?: () => number;
}

export const PROGRESS_SETTINGS = {
  /** Piped: a line at least this often while work runs, even without a step finishing. */
  heartbeatMs: 30_000,
  /** Piped: also a line each time this fraction more is done. */
  stepFraction: 0.1,
} as const;

const NONE: Progress = {
  update: () => {},
  setTotal: () => {},
  log: (line, out) => {
    out?.write(`${line}\n`);
  },
  stop: () => {},
};

function seconds(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 120 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

export function startProgress(label: string, total: number, opts: ProgressOptions = {}): Progress {
  if (opts.quiet) return NONE;
  const stream = opts.stream ?? process.stderr;
  if (stream.isTTY) return terminalBar(label, total, stream);
  return quietLines(label, total, stream, opts);
}

function terminalBar(label: string, total: number, stream: NodeJS.WritableStream): Progress {
  const bar = new SingleBar({
    stream,
    format: `${label} [{bar}] {value}/{total} {note} | {duration_formatted}, ETA {eta_formatted}`,
    barsize: 24,
    hideCursor: true,
    clearOnComplete: false,
    etaBuffer: 20,
    fps: 4,
    // Before any rate is known cli-progress has no ETA ("NULL", shown as "NFs"): say so with an ellipsis.
    formatTime: (t: unknown) => (typeof t === 'number' && Number.isFinite(t) ? seconds(t * 1000) : '…'),
  });
  bar.start(total, 0, { note: '' });
  let stopped = false;
  return {
    update: (done, note) => bar.update(done, note === undefined ? {} : { note }),
    setTotal: (t) => bar.setTotal(t),
    log: (line, out = stream) => {
      stream.write('\r\x1b[2K');
      out.write(`${line}\n`);
      bar.render();
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      bar.stop();
    },
  };
}

function quietLines(
  label: string,
  initialTotal: number,
  stream: NodeJS.WritableStream,
  opts: ProgressOptions,
): Progress {
  const now = opts.now ?? Date.now;
  const started = now();
  let total = initialTotal;
  let done = 0;
  let note = '';
  let lastStep = -1;
  let stopped = false;
  let printed = -1;
  const line = (prefix = '') => {
    printed = done;
    const pct = total > 0 ? ` (${Math.floor((done / total) * 100)}%)` : '';
    stream.write(`${label}: ${prefix}${done}/${total}${pct}${note ? ` ${note}` : ''}, ${seconds(now() - started)}\n`);
  };
  const timer = setInterval(() => line('still working, '), opts.everyMs ?? PROGRESS_SETTINGS.heartbeatMs);
  timer.unref();
  return {
    update: (d, n) => {
      done = d;
      if (n !== undefined) note = n;
      const step = total > 0 ? Math.floor(done / total / PROGRESS_SETTINGS.stepFraction) : 0;
      if (step !== lastStep) {
        lastStep = step;
        line();
      }
    },
    setTotal: (t) => {
      total = t;
    },
    log: (text, out = stream) => {
      out.write(`${text}\n`);
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      if (printed !== done) line();
    },
  };
}
