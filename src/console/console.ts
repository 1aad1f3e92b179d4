// The local console: runs the full town in a terminal (or from piped stdin) with the same operations the
// Discord front end offers. Posts print as they are committed; commands mirror the slash commands.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  confirmsTown,
  findOperation,
  OPERATIONS,
  type Operation,
  type OperationResult,
  runOperation,
  type TownLifecycle,
  usageOf,
} from '../app/operations.ts';
import type { Speaker, TownRegistry, TownScheduler, TownService } from '../app/town-view.ts';
import { CONSOLE_SCOPE, findLocation, findResident, type Post, startSchedule } from '../app/town-view.ts';
import { isUserError } from '../errors.ts';
import { writeTownPicture } from '../render/town-pictures.ts';
import { consoleArgs, longestPrefix } from './args.ts';
import { completeLine, mistypedCommand, suggestCommand } from './completion.ts';
import { admits, describeFilter, type PostFilter, SHOW_ALL } from './filters.ts';
import { formatMap, formatPost, formatRelationships } from './format.ts';
import { consoleLifecycle } from './lifecycle.ts';
import { afterWords, CONSOLE_HELP, clipLine, consolePrompt, errorText, lineTooLong, tokenize } from './lines.ts';
import { openTerminal } from './terminal.ts';

export interface ConsoleContext {
  service: TownService;
  user: Speaker;
  print(text: string): void;
}

/** An extra command handler (e.g. the games' /game lines): returns true when it handled the line. */
export type ConsoleCommandHandler = (line: string, ctx: ConsoleContext) => Promise<boolean> | boolean;

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
  const pictures = opts.picturesDir ?? join(tmpdir(), 'smalltown');
  const firstPublic = service.locations().find((l) => l.public) ?? service.locations()[0];
  let here = firstPublic?.id ?? '';
  let filter: PostFilter = SHOW_ALL;
  const term = openTerminal({
    input: opts.input,
    output: opts.output,
    prompt: () => consolePrompt(service.status().simTime, here, filter, service.status().paused),
    completer: (line: string) =>
      completeLine(line, {
        residents: () => service.residents().map((r) => r.name),
        locations: () => service.locations().map((l) => l.id),
      }),
    ...(opts.historyFile ? { historyFile: opts.historyFile } : {}),
    onHistoryError: (e) => term.print(`(history not saved: ${errorText(e)})`),
  });
  const out = (text: string) => term.print(text);
  if (opts.banner) out(opts.banner);

  // Posts: print the backlog (bounded), then every commit's posts as they land. Mark, then print: a post is printed
  // only once its delivery mark is stored, so a process that dies in between never prints it twice (at worst a
  // post marked at the instant of a crash is not shown). A mark that fails is said, and its posts show next time.
  const delivered = new Set<number>();
  const show = async (posts: Post[]) => {
    const fresh = posts.filter((p) => !delivered.has(p.seq));
    if (fresh.length === 0) return;
    try {
      await service.markDelivered(
        fresh.map((p) => p.seq),
        'console',
      );
    } catch (e) {
      out(`(${fresh.length} new post(s) not shown yet: recording them as shown failed: ${errorText(e)})`);
      opts.onError?.(e);
      return;
    }
    for (const p of fresh) {
      delivered.add(p.seq);
      if (admits(filter, p, here)) out(formatPost(p));
    }
  };
  const backlog = await service.pendingPosts(100_000);
  const keep = opts.backlog ?? 20;
  if (backlog.length > keep) {
    const skipped = backlog.slice(0, backlog.length - keep);
    await service.markDelivered(
      skipped.map((p) => p.seq),
      'console-skipped',
    );
    out(`(${skipped.length} older posts not shown)`);
  }
  await show(backlog.slice(-keep));
  let pendingShow: Promise<void> = Promise.resolve();
  const listen = (t: TownService) =>
    t.onPosts((posts) => {
      pendingShow = pendingShow.then(() => show(posts));
    });
  let unsubscribe = listen(service);
  /** The town was replaced and the place you were at is gone: say where you are now, after the result. */
  let moved = false;
  // `/town new`, `/town reset`, `/town import` swap the town (the registry restarts its schedule): follow it.
  const lifecycle: TownLifecycle | undefined = opts.registry
    ? consoleLifecycle(
        opts.registry,
        () => service,
        (t) => {
          unsubscribe();
          service = t;
          delivered.clear();
          if (!t.locations().some((l) => l.id === here)) {
            here = (t.locations().find((l) => l.public) ?? t.locations()[0])?.id ?? '';
            moved = true;
          }
          filter = SHOW_ALL;
          unsubscribe = listen(t);
        },
      )
    : undefined;
  /** An operation that replaces the town asked to confirm: the next line is the answer. */
  let confirming: { o: Operation; args: Record<string, unknown>; townName: string } | null = null;

  const isTty = term.isTty;
  let scheduler: TownScheduler | null = null;
  if (opts.autoTick ?? isTty) {
    scheduler = opts.registry ? await opts.registry.start(CONSOLE_SCOPE) : await startSchedule(service);
  }
  const st = service.status();
  out(
    `${st.name}, ${st.time}. You are at #${here}. ${scheduler ? `The town ticks on "${st.cron}".` : 'Use /town step to advance time.'} Type /help.`,
  );

  const ctx: ConsoleContext = {
    get service() {
      return service;
    },
    user,
    print: out,
  };
  const handlers = opts.handlers ?? [];
  let quit = false;

  const handle = async (raw: string): Promise<void> => {
    const tooLong = lineTooLong(raw);
    if (tooLong) {
      out(tooLong);
      return;
    }
    const line = raw.trim();
    if (confirming) {
      const c = confirming;
      confirming = null;
      if (confirmsTown(service, line)) await runArgs(c.o, { ...c.args, confirm: line });
      else out(`Cancelled: ${c.townName} stays as it is.`);
      return;
    }
    if (!line || line.startsWith('#')) return;
    for (const h of handlers) if (await h(line, ctx)) return;
    if (!line.startsWith('/')) {
      const meant = mistypedCommand(line);
      if (meant) {
        out(
          `"${clipLine(line).slice(0, 60)}" looks like a command, so nobody heard it. Did you mean ${meant}? (To say it aloud: /say ${here} ${clipLine(line).slice(0, 60)})`,
        );
        return;
      }
      await runArgs(OPERATIONS.say, { location: here, text: line });
      return;
    }
    const words = tokenize(line.slice(1));
    const cmd = (words.shift() ?? '').toLowerCase();
    const sub = (words[0] ?? '').toLowerCase();
    const state = () => service.snapshot();
    switch (cmd) {
      case 'help':
        out([...CONSOLE_HELP, ...(opts.helpLines ?? [])].join('\n'));
        return;
      case 'quit':
      case 'exit':
        quit = true;
        return;
      case 'clear':
        term.clearScreen();
        return;
      case 'all':
      case 'quiet':
        filter = cmd === 'all' ? SHOW_ALL : { kind: 'quiet' };
        out(describeFilter(filter));
        return;
      case 'follow': {
        const r = findResident(state(), words.join(' '));
        if (!r) {
          out(
            `${words.length ? `No resident is called "${words.join(' ')}".` : 'Usage: /follow <resident>.'} Residents: ${service
              .residents()
              .map((x) => x.name)
              .join(', ')}.`,
          );
          return;
        }
        filter = { kind: 'follow', id: r.profile.id, name: r.profile.name };
        out(describeFilter(filter));
        return;
      }
      case 'watch': {
        const loc = findLocation(state(), words.join(' '));
        if (!loc) {
          out(
            `${words.length ? `No place called "${words.join(' ')}".` : 'Usage: /watch <location>.'} Places: ${service
              .locations()
              .map((l) => l.id)
              .join(', ')}.`,
          );
          return;
        }
        filter = { kind: 'watch', id: loc.id };
        out(describeFilter(filter));
        return;
      }
      case 'go': {
        const loc = findLocation(state(), words.join(' '));
        if (!loc) {
          out(
            `No place called "${words.join(' ')}". Places: ${service
              .locations()
              .map((l) => l.id)
              .join(', ')}.`,
          );
          return;
        }
        here = loc.id;
        out(`You are at ${loc.emoji} ${loc.name} (#${loc.id}).`);
        return;
      }
      case 'say': {
        const hit = longestPrefix(words, (p) => findLocation(state(), p));
        if (!hit) {
          out(
            `Usage: /say <location> <text>. Places: ${service
              .locations()
              .map((l) => l.id)
              .join(', ')}.`,
          );
          return;
        }
        here = hit.value.id;
        await runArgs(OPERATIONS.say, { location: hit.value.id, text: hit.rest.join(' ') });
        return;
      }
      case 'status':
        await runOp(OPERATIONS.townStatus, []);
        return;
      case 'map':
      case 'relationships':
        await runOp(cmd === 'map' ? OPERATIONS.townMap : OPERATIONS.townRelationships, words);
        return;
      case 'town':
      case 'resident':
      case 'persona':
      case 'whisper':
      case 'interview': {
        // A bare group runs its look-at-it operation: /town -> status, /resident -> list, /persona -> show.
        const bare = ({ town: 'status', resident: 'list', persona: 'show' } as Record<string, string>)[cmd];
        const path = words.length === 0 && bare ? [cmd, bare] : [cmd, sub];
        const o = findOperation(path);
        if (!o) {
          const group = Object.values(OPERATIONS).filter((x) => x.path[0] === cmd);
          // A mistyped subcommand gets the one it is closest to (within 2 edits), else the group's usage.
          const near = suggestCommand(
            words[0] ?? '',
            group.flatMap((x) => (x.path[1] ? [{ name: x.path[1] }] : [])),
          );
          const meant = near ? group.find((x) => x.path[1] === near) : undefined;
          out(
            meant
              ? `No /${cmd} ${words[0] ?? ''}. Did you mean ${usageOf(meant)}?`
              : `No /${cmd} ${words[0] ?? ''}. Usage: ${group.map((x) => usageOf(x)).join(' | ')}`,
          );
          return;
        }
        const args = o.path.length === 2 ? words.slice(1) : words;
        // The text after the command words, as typed (for arguments that need punctuation).
        const typed = o.path.length === 2 ? afterWords(line, 2) : afterWords(line, 1);
        await runOp(o, args, typed);
        return;
      }
      default: {
        const guess = suggestCommand(cmd);
        out(`Unknown command /${clipLine(cmd).slice(0, 40)}.${guess ? ` Did you mean /${guess}?` : ''} Type /help.`);
      }
    }
  };

  /** Runs one operation of the table from its console words and prints its result. */
  const runOp = (o: Operation, words: string[], typed = '') =>
    runArgs(o, consoleArgs(o, words, service.snapshot(), typed));

  /** Runs one operation with its arguments and prints its result; pictures are written as PNGs. */
  const runArgs = async (o: Operation, args: Record<string, unknown>) => {
    const r: OperationResult = await runOperation(
      o,
      { town: service, speaker: user, ...(lifecycle ? { lifecycle } : {}) },
      args,
    );
    if (r.file) {
      const path = resolve(r.file.name);
      writeFileSync(path, r.file.text);
      r.lines.push(`Written: ${path}`);
    }
    if (r.lines.length > 0) out(r.lines.join('\n'));
    if (moved) {
      moved = false;
      out(`You are at #${here}.`);
    }
    if (r.confirm) {
      confirming = { o, args: r.confirm.args, townName: r.confirm.townName };
      out(
        `Type the town's name (${r.confirm.townName}) to go ahead, or anything else to cancel. (Add --yes to skip this.)`,
      );
    }
    if (r.picture) {
      out(r.picture.kind === 'map' ? formatMap(service.map()) : formatRelationships(service.relationships()));
      const file = await writeTownPicture(service, r.picture.kind, pictures, {
        personas: r.picture.personas,
        ...(r.picture.resident ? { resident: r.picture.resident } : {}),
      });
      out(`Picture: ${file}`);
    }
  };

  const onSigint = () => term.close();
  term.onInterrupt(onSigint);
  process.once('SIGINT', onSigint);
  let exitCode = 0;
  term.ready();
  try {
    for await (const line of term.lines()) {
      try {
        await handle(line);
      } catch (e) {
        if (isUserError(e)) out(e.message);
        else {
          exitCode = 1;
          out(`Something went wrong: ${(e as Error).message ?? String(e)}`);
          opts.onError?.(e);
        }
      }
      await pendingShow;
      if (quit) break;
      term.ready();
    }
  } finally {
    process.removeListener('SIGINT', onSigint);
    term.close();
    // The registry's schedule may be a new one since (a replaced town): stop the one running now.
    if (scheduler) await (opts.registry?.scheduler(service.id) ?? scheduler).stop();
    await pendingShow;
    unsubscribe();
  }
  return { exitCode };
}
