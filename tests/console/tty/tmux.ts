// A real pseudo-terminal for console tests: a private tmux server (its own socket, no user config) running one
// command in a fixed-size window; keys go in with send-keys, the screen comes out with capture-pane.
import { execFileSync } from 'node:child_process';

let count = 0;

export class TmuxScreen {
  readonly socket = `smalltown-test-${process.pid}-${++count}`;

  constructor(command: string, opts: { cwd: string; width?: number; height?: number }) {
    this.tmux(
      '-f',
      '/dev/null',
      'new-session',
      '-d',
      '-s',
      'main',
      '-x',
      String(opts.width ?? 120),
      '-y',
      String(opts.height ?? 40),
      '-c',
      opts.cwd,
      command,
      // The screen stays when the command exits, so its last lines ("EXITED 0") can be read: without it tmux closed
      // the session as the process left, and a poll that came a moment late found no screen (seen on Node 22).
      ';',
      'set-option',
      '-w',
      '-t',
      'main',
      'remain-on-exit',
      'on',
    );
  }

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }

  /** Named keys (Enter, Tab, Left, Up, C-d, …) in order. */
  keys(...keys: string[]): void {
    this.tmux('send-keys', '-t', 'main', ...keys);
  }

  /** Text typed literally. */
  type(text: string): void {
    this.tmux('send-keys', '-t', 'main', '-l', text);
  }

  /** The visible screen, trailing blank lines dropped. */
  screen(): string {
    return this.tmux('capture-pane', '-p', '-t', 'main').replace(/\n+$/, '');
  }

  /** The screen once `test` holds, polled every 25 ms; the last screen in the error when it never does. */
  async waitFor(test: (screen: string) => boolean, timeoutMs = 8000): Promise<string> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      let s = '';
      try {
        s = this.screen();
      } catch {
        // the session ended: the last screen is gone
      }
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
    try {
      this.tmux('kill-server');
    } catch {
      // already gone
    }
  }
}
