// A real pseudo-terminal for console tests, from npm alone: the program runs on a pty (@lydell/node-pty, prebuilt
// binaries shipped in the package) and its output is read by a headless xterm (@xterm/headless) of a fixed size, so
// what the test reads is the screen a person would see: cursor moves, line clears and all. No tmux needed.
import { createRequire } from 'node:module';
import type { IPty } from '@lydell/node-pty';
import type { Terminal as XTerm } from '@xterm/headless';

const require = createRequire(import.meta.url);
const pty = require('@lydell/node-pty') as typeof import('@lydell/node-pty');
const { Terminal } = require('@xterm/headless') as typeof import('@xterm/headless');

/** What xterm sends for the named keys the tests press (tmux's names, so tests read as a person's keystrokes). */
const KEYS: Record<string, string> = {
  Enter: '\r',
  Tab: '\t',
  BSpace: '\x7f',
  Escape: '\x1b',
  Up: '\x1b[A',
  Down: '\x1b[B',
  Right: '\x1b[C',
  Left: '\x1b[D',
  Home: '\x1b[H',
  End: '\x1b[F',
  'C-a': '\x01',
  'C-c': '\x03',
  'C-d': '\x04',
  'C-e': '\x05',
  'C-u': '\x15',
};

export class PtyScreen {
  private readonly proc: IPty;
  private readonly term: XTerm;
  private exited = false;

  /** Runs `file args…` on a fresh pty of width × height (default 120 × 40) in `cwd`. */
  constructor(file: string, args: string[], opts: { cwd: string; width?: number; height?: number }) {
    const cols = opts.width ?? 120;
    const rows = opts.height ?? 40;
    this.term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 1000 });
    this.proc = pty.spawn(file, args, {
      name: 'xterm-256color',
      cols,
      rows,
      cwd: opts.cwd,
      env: { ...process.env, TERM: 'xterm-256color' } as Record<string, string>,
    });
    this.proc.onData((d) => this.term.write(d));
    // The screen stays when the program exits, so its last lines ("EXITED 0") can still be read.
    this.proc.onExit(() => {
      this.exited = true;
    });
  }

  /** Named keys (Enter, Tab, Left, Up, C-d, …) in order. */
  keys(...keys: string[]): void {
    for (const k of keys) {
      const seq = KEYS[k];
      if (seq === undefined) throw new Error(`no key named ${k}; known: ${Object.keys(KEYS).join(' ')}`);
      this.write(seq);
    }
  }

  /** Text typed literally. */
  type(text: string): void {
    this.write(text);
  }

  /**
   * Writes go out one at a time, a few milliseconds apart, as separate reads for the program: Node's readline takes
   * a chunk of several characters for a paste and inserts a Tab in it literally instead of completing.
   */
  private write(data: string): void {
    this.queue = this.queue.then(async () => {
      if (!this.exited) this.proc.write(data);
      await new Promise((r) => setTimeout(r, 15));
    });
  }
  private queue: Promise<void> = Promise.resolve();

  /** The visible screen, trailing spaces of each line and trailing blank lines dropped (as tmux's capture-pane). */
  screen(): string {
    const buf = this.term.buffer.active;
    const lines: string[] = [];
    for (let y = buf.viewportY; y < buf.viewportY + this.term.rows; y++) {
      lines.push((buf.getLine(y)?.translateToString(true) ?? '').trimEnd());
    }
    return lines.join('\n').replace(/\n+$/, '');
  }

  /** The screen once `test` holds, polled every 25 ms; the last screen in the error when it never does. */
  async waitFor(test: (screen: string) => boolean, timeoutMs = 8000): Promise<string> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const s = this.screen();
      if (test(s)) return s;
      if (Date.now() > until) throw new Error(`screen never matched; last screen:\n${s}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** The screen once it contains `text` (`times` occurrences). */
  waitForText(text: string, times = 1, timeoutMs?: number): Promise<string> {
    return this.waitFor((s) => s.split(text).length - 1 >= times, timeoutMs);
  }

  kill(): void {
    if (!this.exited) this.proc.kill();
    this.term.dispose();
  }
}
