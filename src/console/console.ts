// The local console: runs the full town in a terminal (or from piped stdin) with the same operations the
// Discord front end offers. This file is the input loop; a line runs through src/console/dispatch.ts on the
// session (src/console/session.ts), which prints results and posts as they are committed.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WatchLink } from '../app/operations.ts';
import {
  CONSOLE_SCOPE,
  type Speaker,
  startSchedule,
  type TownRegistry,
  type TownScheduler,
  type TownService,
} from '../app/town-view.ts';
import { diskFullError } from '../core/disk-full.ts';
import { isUserError } from '../errors.ts';
import { completeLine } from './completion.ts';
import { dispatchLine } from './dispatch.ts';
import { consolePrompt, errorText } from './lines.ts';
import { Session, whoIsHere } from './session.ts';
import { openTerminal } from './terminal.ts';

export interface ConsoleContext {
  service: TownService;
  user: Speaker;
  print(text: string): void;
}

/** An extra command handler (e.g. the games' /game lines): returns true when it handled the line. */
export type ConsoleCommandHandler = ((line: string, ctx: ConsoleContext) => Promise<boolean> | boolean) & {
  /** What a player argument completes to (the game handler: the table's seats and names). */
  players?(): string[];
  /** A turn waiting for this console's person (the game handler): the prompt carries it and its time left. */
  turn?(): { move: string; secondsLeft: number } | null;
};

export interface ConsoleOptions {
  /** The town to run, or a registry to take the console's town from (created on first use). */
  service?: TownService;
  registry?: TownRegistry;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** Printed first (src/console/banner.ts renders it). */
  banner?: string;
  user?: Speaker;
  /** Extra command handlers, asked before the built-in commands. */
  handlers?: ConsoleCommandHandler[];
  /** Extra lines for /help. */
  helpLines?: string[];
  /** Start the cron schedule; default: only when input is a TTY (piped scripts step explicitly). */
  autoTick?: boolean;
  /** Called with errors that are not UserErrors (bugs), after a short message is printed. */
  onError?: (e: unknown) => void;
  /** Most backlog posts printed at start (older undelivered ones are marked delivered unprinted). */
  backlog?: number;
  /** Where /map and /relationships write their PNGs (default: smalltown/ in the system's temp folder). */
  picturesDir?: string;
  /** On a terminal, where typed lines are kept between runs (main.ts: beside the database). */
  historyFile?: string;
  /** The web view's signed links (`/town watch`), when this process serves it (src/web). */
  watchLink?: (scope: string) => WatchLink;
}

export { parsePersonaArgs } from './args.ts';
export { CONSOLE_HELP, CONSOLE_LINE_MAX, consolePrompt, lineTooLong, tokenize } from './lines.ts';

export async function runConsole(opts: ConsoleOptions): Promise<{ exitCode: number }> {
  let service: TownService;
  if (opts.service) service = opts.service;
  else if (opts.registry) service = await opts.registry.getOrCreate(CONSOLE_SCOPE);
  else throw new Error('runConsole needs a service or a registry');
  // Without a persona residents (and game tables) need a name they can use in a sentence: "Hi Guest!".
  const user: Speaker = opts.user ?? { id: 'console', displayName: 'Guest' };
  const out = (text: string) => term.print(text);
  const session = new Session({
    service,
    ...(opts.registry ? { registry: opts.registry } : {}),
    user,
    print: out,
    clearScreen: () => term.clearScreen(),
    helpLines: opts.helpLines ?? [],
    picturesDir: opts.picturesDir ?? join(tmpdir(), 'smalltown'),
    ...(opts.onError ? { onError: opts.onError } : {}),
    ...(opts.watchLink ? { watchLink: opts.watchLink } : {}),
  });
  const waitingTurn = () => (opts.handlers ?? []).map((h) => h.turn?.()).find((t) => t) ?? null;
  // The terminal asks the session for its prompt: the session comes first, and prints through the terminal.
  const term = openTerminal({
    input: opts.input,
    output: opts.output,
    prompt: () =>
      consolePrompt(
        session.town.status().simTime,
        session.here,
        session.filter,
        session.town.status().paused,
        waitingTurn(),
      ),
    completer: (line: string) =>
      completeLine(line, {
        residents: () => session.town.residents().map((r) => r.name),
        locations: () => session.town.locations().map((l) => l.id),
        players: () => (opts.handlers ?? []).flatMap((h) => h.players?.() ?? []),
      }),
    ...(opts.historyFile ? { historyFile: opts.historyFile } : {}),
    onHistoryError: (e) => term.print(`(history not saved: ${errorText(e)})`),
  });
  // While a turn waits on you, the prompt's clock counts down (every 5 s; also redrawn under every post printed).
  const turnClock = setInterval(() => {
    if (waitingTurn()) term.refreshPrompt();
  }, 5000);
  turnClock.unref();
  if (opts.banner) out(opts.banner);
  await session.start(opts.backlog ?? 20);

  let scheduler: TownScheduler | null = null;
  if (opts.autoTick ?? term.isTty)
    scheduler = opts.registry ? await opts.registry.start(CONSOLE_SCOPE) : await startSchedule(service);
  const st = service.status();
  out(
    `${st.name}, ${st.time}. You are at #${session.here}. ${whoIsHere(session.town, session.here)} ${scheduler ? `The town ticks on "${st.cron}".` : 'Use /town step to advance time.'} Type /help.`,
  );

  const ctx: ConsoleContext = {
    get service() {
      return session.town;
    },
    user,
    print: out,
  };
  const handlers = opts.handlers ?? [];
  const onSigint = () => term.close();
  term.onInterrupt(onSigint);
  process.once('SIGINT', onSigint);
  let exitCode = 0;
  term.ready();
  try {
    for await (const line of term.lines()) {
      try {
        await dispatchLine(line, session, handlers, ctx);
      } catch (e) {
        // A person's mistake, or an outage they should know of (a full disk): its message, not a bug report.
        const shown = isUserError(e) ? e : diskFullError(e);
        if (shown) out(shown.message);
        else {
          exitCode = 1;
          out(`Something went wrong: ${(e as Error).message ?? String(e)}`);
          opts.onError?.(e);
        }
      }
      await session.settled();
      if (session.quitting) break;
      term.ready();
    }
  } finally {
    clearInterval(turnClock);
    process.removeListener('SIGINT', onSigint);
    term.close();
    // The registry's schedule may be a new one since (a replaced town): stop the one running now.
    if (scheduler) await (opts.registry?.scheduler(session.town.id) ?? scheduler).stop();
    await session.settled();
    session.close();
  }
  return { exitCode };
}
