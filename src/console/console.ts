// The local console: runs the full town in a terminal (or from piped stdin) with the same operations the
// Discord front end offers. Posts print as they are committed; commands mirror the slash commands.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isSpace } from '../bot/split.ts';
import { USER_TEXT_MAX_CHARS } from '../core/user-text.ts';
import { isUserError } from '../errors.ts';
import { budgetLines } from '../llm/health.ts';
import { writeTownPicture } from '../render/town-pictures.ts';
import type { TownRegistry } from '../town/registry.ts';
import type { TownScheduler } from '../town/scheduler.ts';
import { TownScheduler as Scheduler } from '../town/scheduler.ts';
import type { Speaker, TownService } from '../town/service.ts';
import { formatClock } from '../town/time.ts';
import { CONSOLE_SCOPE, type Post } from '../town/types.ts';
import { findLocation, findObject, findResident } from '../town/world.ts';
import {
  formatMap,
  formatMemories,
  formatPost,
  formatRelationships,
  formatResidentInfo,
  formatResidentList,
  formatStatus,
} from './format.ts';
import { completeLine, mistypedCommand, suggestCommand } from './completion.ts';
import { admits, describeFilter, filterLabel, type PostFilter, SHOW_ALL } from './filters.ts';
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

export const CONSOLE_HELP = [
  'Commands:',
  '  /help                                   this list',
  '  /status                                 the town at a glance (same as /town status)',
  '  /persona set <name>, <description>      speak as a persona, e.g. /persona set Sam, a reporter for the local paper',
  '  /persona show | /persona clear',
  '  /say <location> <text>                  speak in a location (it becomes your current location)',
  '  <text>                                  speak in your current location (shown in the prompt)',
  '  /go <location>                          change your current location without speaking',
  "  /whisper <resident> <text>              be the resident's inner voice",
  '  /interview <resident> <question>        ask a resident a question',
  '  /town status|pause|resume|step [n]|speed <ticks per run>',
  '  /town object <location> <object> <status>   e.g. /town object maple-row stove is burning',
  '  /town budget [tokens|default]',
  '  /resident list | /resident info <name> | /resident memories <name> <query>',
  '  /map | /relationships [resident]          text, and a PNG written to a file (path printed)',
  "  /follow <resident> | /watch <location>  print only that resident's posts, or that place's",
  '  /all | /quiet                           print everything again, or only where you are',
  '  /clear                                  clear the screen',
  '  /quit                                   leave (Ctrl-D and Ctrl-C work too)',
  'Tab completes commands, residents and places; up-arrow recalls earlier lines.',
];

/**
 * Longest console line read: the longest text a person may send (USER_TEXT_MAX_CHARS) plus room for a command, a
 * resident and a location name. Checked before any parsing, so a 1 MB line costs one length check.
 */
export const CONSOLE_LINE_MAX = USER_TEXT_MAX_CHARS + 200;

/** The line is too long to read: the message says how long it was and the limit. */
export function lineTooLong(line: string): string | null {
  return line.length > CONSOLE_LINE_MAX
    ? `That line is ${line.length} characters long; the limit is ${CONSOLE_LINE_MAX}. Nothing was done.`
    : null;
}

/**
 * `/persona set` arguments: "name, description" (also ":", "—", "–", or " - " between them). A scan, not a
 * backtracking pattern, so it stays linear whatever the text.
 */
export function parsePersonaArgs(rest: string): { name: string; description: string } {
  const text = rest.trim();
  for (let k = 0; k < text.length; k++) {
    const c = text[k]!;
    const punct = c === ',' || c === ':' || c === '—' || c === '–';
    const dash = c === '-' && k > 0 && /\s/.test(text[k - 1]!) && k + 1 < text.length && /\s/.test(text[k + 1]!);
    if (k > 0 && (punct || dash)) {
      const name = text.slice(0, k).trim();
      const description = text.slice(k + 1).trim();
      if (name && description) return { name, description };
    }
  }
  return { name: text, description: '' };
}

function errorText(e: unknown): string {
  return clipLine(e instanceof Error ? e.message : String(e));
}

/** One line of at most 300 characters (error messages can carry paths and statements). */
function clipLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/**
 * Splits on spaces, keeping "quoted phrases" together (quotes removed); a quote with no closing one is part of its
 * word. A scan: each character is looked at a bounded number of times (only the last quote of a kind can be
 * unclosed), so a megabyte of quotes costs what a megabyte of letters does.
 */
export function tokenize(line: string): string[] {
  const out: string[] = [];
  const n = line.length;
  for (let i = 0; i < n; ) {
    const c = line.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === 34 || c === 39) {
      const end = line.indexOf(line[i]!, i + 1);
      if (end >= 0) {
        out.push(line.slice(i + 1, end));
        i = end + 1;
        continue;
      }
    }
    let j = i + 1;
    while (j < n && !isSpace(line.charCodeAt(j))) j++;
    out.push(line.slice(i, j));
    i = j;
  }
  return out;
}

/** The longest prefix of `words` (up to 6) that `accept` resolves, and the rest. */
function longestPrefix<T>(
  words: string[],
  accept: (phrase: string) => T | undefined,
): { value: T; rest: string[] } | null {
  for (let n = Math.min(6, words.length); n >= 1; n--) {
    const v = accept(words.slice(0, n).join(' '));
    if (v !== undefined) return { value: v, rest: words.slice(n) };
  }
  return null;
}

/** Today's spending and the model's counters: the same lines as Discord's /town budget (src/llm/health.ts). */
async function budgetText(service: TownService): Promise<string> {
  const b = await service.budget();
  const own = service.status().dailyTokenBudget;
  const setting = own === null ? 'the configured default' : `${own.toLocaleString('en-US')} tokens (this town)`;
  if (!b) return `Daily budget: ${setting}.`;
  return budgetLines(b, setting).join('\n');
}

const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The prompt: `[Fri 9:40 am · #copper-kettle · following Rosa Delgado] > `. */
export function consolePrompt(simTime: number, here: string, filter: PostFilter, paused = false): string {
  const d = new Date(simTime);
  const parts = [
    `${WEEKDAY_SHORT[d.getUTCDay()]} ${formatClock(d.getUTCHours() * 60 + d.getUTCMinutes())}`,
    `#${here}`,
  ];
  const label = filterLabel(filter);
  if (label) parts.push(label);
  if (paused) parts.push('paused');
  return `[${parts.join(' · ')}] > `;
}

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
  const unsubscribe = service.onPosts((posts) => {
    pendingShow = pendingShow.then(() => show(posts));
  });

  const isTty = term.isTty;
  let scheduler: TownScheduler | null = null;
  if (opts.autoTick ?? isTty) {
    scheduler = opts.registry ? await opts.registry.start(CONSOLE_SCOPE) : new Scheduler(service);
    if (!opts.registry) await scheduler.start();
  }
  const st = service.status();
  out(
    `${st.name}, ${st.time}. You are at #${here}. ${scheduler ? `The town ticks on "${st.cron}".` : 'Use /town step to advance time.'} Type /help.`,
  );

  const ctx: ConsoleContext = { service, user, print: out };
  const handlers = opts.handlers ?? [];
  let quit = false;

  const handle = async (raw: string): Promise<void> => {
    const tooLong = lineTooLong(raw);
    if (tooLong) {
      out(tooLong);
      return;
    }
    const line = raw.trim();
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
      const r = await service.say(here, user, line);
      printSay(r);
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
      case 'status':
        out(`${formatStatus(service.status())}\n${await budgetText(service)}`);
        return;
      case 'persona': {
        if (sub === 'set') {
          // Everything after "set", as typed (tokenize would drop the quotes and commas the split needs).
          const at = line.toLowerCase().indexOf('set', line.toLowerCase().indexOf('persona') + 7);
          const { name, description } = parsePersonaArgs(line.slice(at + 3));
          const p = await service.setPersona(user, name, description);
          out(`You are now ${p.name}, ${p.description}.`);
        } else if (sub === 'clear') {
          out((await service.clearPersona(user)) ? 'Persona cleared.' : 'You had no persona.');
        } else {
          const p = await service.persona(user);
          out(
            p
              ? `You are ${p.name}, ${p.description}.`
              : `No persona: residents see you as ${user.displayName}, a visitor. Set one with /persona set <name>, <description>.`,
          );
        }
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
        printSay(await service.say(hit.value.id, user, hit.rest.join(' ')));
        return;
      }
      case 'whisper':
      case 'interview': {
        const hit = longestPrefix(words, (p) => findResident(state(), p));
        if (!hit) {
          const names = service
            .residents()
            .map((r) => r.name)
            .join(', ');
          out(
            words.length === 0
              ? `Usage: /${cmd} <resident> <text>. Residents: ${names}.`
              : `No resident is called "${words[0]}". Residents: ${names}.`,
          );
          return;
        }
        const text = hit.rest.join(' ');
        if (cmd === 'whisper') {
          const r = await service.whisper(hit.value.profile.id, user, text);
          out(`(${r.resident} hears a thought of their own)`);
        } else {
          const r = await service.interview(hit.value.profile.id, user, text);
          out(`${hit.value.emoji} ${r.resident}: ${r.answer}`);
        }
        return;
      }
      case 'town':
        await townCommand(words);
        return;
      case 'resident':
        await residentCommand(words);
        return;
      case 'map':
        out(formatMap(service.map()));
        out(`Picture: ${await writeTownPicture(service, 'map', pictures)}`);
        return;
      case 'relationships': {
        const personas = [{ name: (await service.persona(user))?.name ?? user.displayName }];
        const resident = words.join(' ');
        const file = await writeTownPicture(service, 'relationships', pictures, {
          personas,
          ...(resident ? { resident } : {}),
        });
        out(formatRelationships(service.relationships()));
        out(`Picture: ${file}`);
        return;
      }
      default: {
        const guess = suggestCommand(cmd);
        out(`Unknown command /${clipLine(cmd).slice(0, 40)}.${guess ? ` Did you mean /${guess}?` : ''} Type /help.`);
      }
    }
  };

  const printSay = (r: Awaited<ReturnType<TownService['say']>>) => {
    if (r.heard.length === 0) out(`(you said it at #${r.location.id}; nobody is there to hear you)`);
    else if (r.replies.length === 0) out(`(you said it at #${r.location.id}; ${r.heard.join(', ')} heard you)`);
  };

  const townCommand = async (words: string[]) => {
    const sub = (words[0] ?? 'status').toLowerCase();
    switch (sub) {
      case 'status':
        out(`${formatStatus(service.status())}\n${await budgetText(service)}`);
        return;
      case 'pause':
        await service.pause();
        out('Town paused.');
        return;
      case 'resume':
        await service.resume();
        out('Town resumed.');
        return;
      case 'step': {
        const n = words[1] ? Number(words[1]) : 1;
        await service.step(n);
        out(`Stepped ${n} tick(s): ${service.status().time}.`);
        return;
      }
      case 'speed': {
        if (!words[1]) {
          out(`Speed: ${service.status().speed} tick(s) per run.`);
          return;
        }
        await service.setSpeed(Number(words[1]));
        out(`Speed set to ${service.status().speed} tick(s) per run.`);
        return;
      }
      case 'object': {
        const args = words.slice(1);
        const loc = longestPrefix(args, (p) => findLocation(service.snapshot(), p));
        if (!loc) {
          out('Usage: /town object <location> <object> <status>');
          return;
        }
        const first = loc.rest[0];
        const obj =
          longestPrefix(loc.rest, (p) => (findObject(loc.value, p, undefined, true) ? p : undefined)) ??
          (first && findObject(loc.value, first) ? { value: first, rest: loc.rest.slice(1) } : null);
        if (!obj || obj.rest.length === 0) {
          out(
            `Usage: /town object <location> <object> <status>. Objects at ${loc.value.name}: ${loc.value.subAreas.flatMap((a) => a.objects.map((o) => o.name)).join(', ')}.`,
          );
          return;
        }
        const status = obj.rest.join(' ').replace(/^(is|are)\s+/i, '');
        const r = await service.setObject(loc.value.id, obj.value, status);
        out(`${r.location}: ${r.object} is now ${r.status}.`);
        return;
      }
      case 'budget': {
        if (words[1]) {
          await service.setBudget(words[1] === 'default' ? null : Number(words[1]));
        }
        out(await budgetText(service));
        return;
      }
      default:
        out('Usage: /town status|pause|resume|step [n]|speed <n>|object <location> <object> <status>|budget [n]');
    }
  };

  const residentCommand = async (words: string[]) => {
    const sub = (words[0] ?? 'list').toLowerCase();
    if (sub === 'list') {
      out(formatResidentList(service.residents()));
      return;
    }
    if (sub === 'info') {
      out(formatResidentInfo(await service.residentInfo(words.slice(1).join(' '))));
      return;
    }
    if (sub === 'memories') {
      const hit = longestPrefix(words.slice(1), (p) => findResident(service.snapshot(), p));
      if (!hit || hit.rest.length === 0) {
        out('Usage: /resident memories <name> <query>');
        return;
      }
      out(formatMemories(await service.memories(hit.value.profile.id, hit.rest.join(' '))));
      return;
    }
    out('Usage: /resident list | info <name> | memories <name> <query>');
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
    if (scheduler) await scheduler.stop();
    await pendingShow;
    unsubscribe();
  }
  return { exitCode };
}
