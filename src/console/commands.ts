// The console's one command list: the operations of the town's table (src/app/operations.ts), the games' table
// (src/app/game-operations.ts) and the console's own operations below, all in the shape of src/app/operation.ts.
// /help (src/console/lines.ts), tab completion (src/console/completion.ts) and dispatch (src/console/dispatch.ts)
// read this list and nothing else, so an operation added to a table is typed, helped and completed at once.
import { z } from 'zod';
import { GAME_OPERATIONS, type GameOperation } from '../app/game-operations.ts';
import { OPERATIONS, type Operation, type OperationId, type OperationResult } from '../app/operations.ts';
import { findLocation, findResident, shippedTowns, type TownService, type TownState } from '../app/town-view.ts';
import { consoleArgs } from './args.ts';
import { describeFilter, type PostFilter, SHOW_ALL, SHOW_TALK } from './filters.ts';
import { HELP_TOPICS } from './help-topics.ts';

/** What an argument position completes to. */
/** What an argument completes to: the town's residents or places, a game's seats (numbers and names), or words. */
export type ArgKind = 'resident' | 'location' | 'player' | { words: readonly string[] };

/** What a console operation runs against: the console's session (where you are, what prints, the screen). */
export interface ConsoleSession {
  readonly town: TownService;
  /** The location plain text is said in. */
  here: string;
  /** Which posts print. */
  filter: PostFilter;
  /** /help: a short list; /help TOPIC: that topic's commands (all: the console's list and the games'). */
  help(topic?: string): string[];
  quit(): void;
  clearScreen(): void;
  /** Runs an operation of the town's table with raw arguments and prints its result (/status, /map). */
  runTown(o: Operation, args: Record<string, unknown>): Promise<void>;
}

export interface ConsoleOperation<S extends z.ZodObject = z.ZodObject> extends Operation<S, ConsoleSession> {
  /** Other words that run it (/exit for /quit); dispatch only, completion offers the name. */
  aliases?: readonly string[];
  /** What its argument completes to. */
  complete?: ArgKind;
  /** The words after the command -> raw arguments (default: none taken). */
  read?(words: string[], state: TownState, typed: string): Record<string, unknown>;
}

const consoleOp = <S extends z.ZodObject>(o: ConsoleOperation<S>): ConsoleOperation<S> => o;

const said = (...lines: string[]): OperationResult => ({ lines });

/** The remaining words as one name argument, or nothing. */
const phrase = (key: string) => (words: string[]) => (words.length > 0 ? { [key]: words.join(' ') } : {});

/** A console name for an operation of the town's table: `/status` runs `/town status`, with its arguments. */
function alias(word: string, target: Operation, summary: string, complete?: ArgKind): ConsoleOperation {
  return consoleOp({
    path: [word],
    summary,
    usage: target.usage,
    admin: target.admin,
    ...(complete ? { complete } : {}),
    // The target reads and checks its own arguments (its usage names the problem).
    args: z.looseObject({}),
    read: (words, state, typed) => consoleArgs(target, words, state, typed),
    async run(session, args) {
      await session.runTown(target, args);
      return said();
    },
  });
}

/** A console operation without arguments (words after it are ignored). */
function noArgs(word: string, summary: string, act: (session: ConsoleSession) => OperationResult): ConsoleOperation {
  return consoleOp({ path: [word], summary, usage: '', admin: false, args: z.object({}), run: async (s) => act(s) });
}

const optionalName = (what: string) => z.object({ [what]: z.string().optional() });

/** The console's own operations: they change what prints and where you are, never the town. */
export const CONSOLE_OPERATIONS = {
  help: consoleOp({
    path: ['help'],
    summary: `the first commands; /help TOPIC for more (${HELP_TOPICS.join(', ')})`,
    usage: '[topic]',
    admin: false,
    complete: { words: HELP_TOPICS },
    args: optionalName('topic'),
    read: phrase('topic'),
    run: async (session, { topic }) => said(session.help(topic).join('\n')),
  }),
  // Words after /status are ignored, as they always were.
  status: {
    ...alias('status', OPERATIONS.townStatus, 'the town at a glance (same as /town status)'),
    read: () => ({}),
  },
  go: consoleOp({
    path: ['go'],
    summary: 'change your current location without speaking',
    usage: '<location>',
    admin: false,
    complete: 'location',
    args: optionalName('location'),
    read: phrase('location'),
    async run(session, { location }) {
      const loc = findLocation(session.town.snapshot(), location ?? '');
      if (!loc) return said(`No place called "${location ?? ''}". Places: ${places(session.town)}.`);
      session.here = loc.id;
      return said(`You are at ${loc.emoji} ${loc.name} (#${loc.id}).`);
    },
  }),
  map: alias('map', OPERATIONS.townMap, 'same as /town map'),
  relationships: alias('relationships', OPERATIONS.townRelationships, 'same as /town relationships', 'resident'),
  follow: narrow(
    'follow',
    'resident',
    "print only that resident's posts",
    (town, q) => {
      const r = findResident(town.snapshot(), q);
      return r && { kind: 'follow', id: r.profile.id, name: r.profile.name };
    },
    (q) => `No resident is called "${q}".`,
    (town) =>
      `Residents: ${town
        .residents()
        .map((x) => x.name)
        .join(', ')}.`,
  ),
  watch: narrow(
    'watch',
    'location',
    "print only that place's posts",
    (town, q) => {
      const loc = findLocation(town.snapshot(), q);
      return loc && { kind: 'watch', id: loc.id };
    },
    (q) => `No place called "${q}".`,
    (town) => `Places: ${places(town)}.`,
  ),
  all: noArgs('all', 'print everything, every resident’s every action', (session) => filterTo(session, SHOW_ALL)),
  talk: noArgs(
    'talk',
    'the default: conversations, comings and goings, plans, all that happens where you are',
    (session) => filterTo(session, SHOW_TALK),
  ),
  quiet: noArgs('quiet', 'print only where you are', (session) => filterTo(session, { kind: 'quiet' })),
  clear: noArgs('clear', 'clear the screen', (session) => {
    session.clearScreen();
    return said();
  }),
  quit: {
    ...noArgs('quit', 'leave (Ctrl-D and Ctrl-C work too)', (session) => {
      session.quit();
      return said();
    }),
    aliases: ['exit'],
  },
} satisfies Record<string, ConsoleOperation>;

/** /follow and /watch: only one resident's or one place's posts print, found by name; else the names there are. */
function narrow(
  word: string,
  what: 'resident' | 'location',
  summary: string,
  find: (town: TownService, name: string) => PostFilter | undefined,
  unknown: (name: string) => string,
  names: (town: TownService) => string,
): ConsoleOperation {
  return consoleOp({
    path: [word],
    summary,
    usage: `<${what}>`,
    admin: false,
    complete: what,
    args: optionalName(what),
    read: phrase(what),
    async run(session, args) {
      const name = (args as Record<string, string | undefined>)[what];
      const filter = find(session.town, name ?? '');
      if (filter) return filterTo(session, filter);
      return said(`${name ? unknown(name) : `Usage: /${word} <${what}>.`} ${names(session.town)}`);
    },
  });
}

function places(town: TownService): string {
  return town
    .locations()
    .map((l) => l.id)
    .join(', ');
}

function filterTo(session: ConsoleSession, filter: PostFilter): OperationResult {
  session.filter = filter;
  return said(describeFilter(filter));
}

/** What the town table's operations complete to, beyond a first `resident` or `location` argument. */
const TOWN_COMPLETIONS: Partial<Record<OperationId, ArgKind>> = {
  townNew: { words: [...shippedTowns(), '--yes'] },
  townReset: { words: ['--yes'] },
};

/** One entry of the console's list: where the operation comes from decides what it runs against. */
export type ConsoleEntry =
  | { from: 'console'; op: ConsoleOperation }
  | { from: 'town'; id: OperationId; op: Operation }
  | { from: 'game'; op: GameOperation };

/** The console's list: its own operations, then the town's table, then the games'. */
export const CONSOLE_TABLE: readonly ConsoleEntry[] = [
  ...Object.values(CONSOLE_OPERATIONS).map((op) => ({ from: 'console' as const, op: op as ConsoleOperation })),
  ...(Object.keys(OPERATIONS) as OperationId[]).map((id) => ({
    from: 'town' as const,
    id,
    op: OPERATIONS[id] as Operation,
  })),
  ...(Object.values(GAME_OPERATIONS) as GameOperation[]).map((op) => ({ from: 'game' as const, op })),
];

/** What an entry's argument completes to (null: nothing). */
export function completionOf(e: ConsoleEntry): ArgKind | null {
  if (e.from === 'console') return e.op.complete ?? null;
  if (e.from === 'game') return null;
  const named = TOWN_COMPLETIONS[e.id];
  if (named) return named;
  const first = Object.keys(e.op.args.shape)[0];
  return first === 'resident' || first === 'location' ? first : null;
}
