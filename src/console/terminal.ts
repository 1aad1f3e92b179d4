// The console's terminal: on a TTY, node:readline with a prompt, line editing, tab completion and a history file;
// posts printed while someone types go above the line being typed, which is redrawn intact. Piped input is read
// line by line with no prompt and no echo, exactly as a script expects.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Completer, clearScreenDown, createInterface, cursorTo, type Interface, moveCursor } from 'node:readline';

/** Most lines kept in the history file. */
export const HISTORY_MAX_LINES = 500;
/** Longer lines are not kept in the history (pasted text, not commands). */
export const HISTORY_MAX_LINE_CHARS = 1000;

/**
 * Lines never written to the history file: anything that looks like a key, token or password, and lines started
 * with a space (as shells do, a way to keep one line out).
 */
export function keepInHistory(line: string): boolean {
  if (!line.trim() || line.startsWith(' ') || line.length > HISTORY_MAX_LINE_CHARS) return false;
  if (/\b(api[_-]?key|token|password|passwd|secret|bearer)\b/i.test(line)) return false;
  if (/\b(sk-[A-Za-z0-9_-]{16,}|[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{20,})/.test(line)) return false;
  return true;
}

/** The history file's lines, newest first (readline's order); [] when it does not exist or cannot be read. */
export function loadHistory(file: string): string[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => keepInHistory(l))
      .slice(-HISTORY_MAX_LINES)
      .reverse();
  } catch {
    return [];
  }
}

/** Writes the history (newest first, as readline keeps it) oldest first, bounded, readable by its owner only. */
export function saveHistory(file: string, newestFirst: readonly string[]): void {
  // Completion leaves a space after a word: "/status " and "/status" are one line to recall.
  const lines = [...new Set(newestFirst.filter((l) => keepInHistory(l)).map((l) => l.trimEnd()))]
    .slice(0, HISTORY_MAX_LINES)
    .reverse();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

export interface TerminalOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** The prompt, asked each time it is drawn (it shows the town's time). */
  prompt: () => string;
  completer?: Completer;
  /** Where the history is kept between runs (TTY only); none: history lasts for the session. */
  historyFile?: string;
  /** Told when writing the history file fails (the console goes on). */
  onHistoryError?: (e: unknown) => void;
}

export interface ConsoleTerminal {
  readonly isTty: boolean;
  /** The lines typed or piped in since the terminal opened, until Ctrl-D / end of input / close(); read it once. */
  lines(): AsyncIterable<string>;
  /** Prints a block of text; on a TTY waiting for input, above the line being typed. */
  print(text: string): void;
  /** Shows the prompt (TTY only): the previous line is done, the next may be typed. */
  ready(): void;
  /** Draws the prompt again from its source (its clock or turn changed), keeping what is typed; TTY, waiting only. */
  refreshPrompt(): void;
  clearScreen(): void;
  onInterrupt(handler: () => void): void;
  close(): void;
}

export function openTerminal(opts: TerminalOptions): ConsoleTerminal {
  const isTty = Boolean((opts.input as NodeJS.ReadStream).isTTY && (opts.output as NodeJS.WriteStream).isTTY);
  const out = opts.output;
  let rl: Interface;
  if (!isTty) {
    rl = createInterface({ input: opts.input, terminal: false, crlfDelay: Number.POSITIVE_INFINITY });
  } else {
    rl = createInterface({
      input: opts.input,
      output: out,
      terminal: true,
      prompt: opts.prompt(),
      history: opts.historyFile ? loadHistory(opts.historyFile) : [],
      historySize: HISTORY_MAX_LINES,
      removeHistoryDuplicates: true,
      tabSize: 4,
      ...(opts.completer ? { completer: opts.completer } : {}),
    });
    const file = opts.historyFile;
    if (file)
      rl.on('history', (h: string[]) => {
        try {
          saveHistory(file, h);
        } catch (e) {
          opts.onHistoryError?.(e);
        }
      });
  }
  // Lines are taken from the moment the terminal opens: readline emits a piped line as soon as it is read, and one
  // emitted before anything listens is gone. The console awaits its database (on PostgreSQL, real I/O) between
  // opening the terminal and reading its first line, long enough for a whole piped script (and its end) to be read.
  const lines = rl[Symbol.asyncIterator]();
  // True while the prompt is on screen waiting for a line. While a command runs there is no prompt, but readline
  // still echoes what is typed ahead: prints go above that text too, which is drawn again without a prompt.
  let waiting = false;
  rl.on('line', () => {
    waiting = false;
    if (isTty) rl.setPrompt('');
  });

  return {
    isTty,
    lines: () => ({ [Symbol.asyncIterator]: () => lines }),
    print(text) {
      if (!isTty || (!waiting && rl.line === '')) {
        out.write(`${text}\n`);
        return;
      }
      // Wipe the prompt and the typed text (it may wrap over several rows), print, then draw them again below with
      // the cursor where it was. readline redraws from `rows` rows above the cursor: the newlines put it there.
      const rows = rl.getCursorPos().rows;
      moveCursor(out, 0, -rows);
      cursorTo(out, 0);
      clearScreenDown(out);
      out.write(`${text}\n${'\n'.repeat(rows)}`);
      rl.setPrompt(waiting ? opts.prompt() : '');
      rl.prompt(true);
    },
    ready() {
      if (!isTty) return;
      waiting = true;
      rl.setPrompt(opts.prompt());
      // Text typed ahead while the last command ran stays, with the cursor where it was.
      rl.prompt(rl.line !== '');
    },
    refreshPrompt() {
      if (!isTty || !waiting) return;
      rl.setPrompt(opts.prompt());
      rl.prompt(true);
    },
    clearScreen() {
      if (!isTty) return;
      cursorTo(out, 0, 0);
      clearScreenDown(out);
    },
    onInterrupt(handler) {
      rl.on('SIGINT', () => {
        // As in a shell: Ctrl-C with a half-typed line throws the line away (^C, a fresh prompt); on an empty
        // line it quits.
        if (isTty && rl.line !== '') {
          // The line stays on screen with ^C after it; the buffer is emptied on a fresh prompt row below.
          rl.write(null, { ctrl: true, name: 'e' });
          out.write('^C\n');
          rl.write(null, { ctrl: true, name: 'u' });
          return;
        }
        handler();
      });
    },
    close() {
      rl.close();
    },
  };
}
