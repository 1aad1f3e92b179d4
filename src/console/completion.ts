// Tab completion and "that looks like a command" for the console. The command list is the console's one list
// (src/console/commands.ts): every command word, its subcommands and what their arguments complete to.
import { gameCompletions, gameOperations } from '../app/game-operations.ts';
import { nearestWord } from '../core/edit-distance.ts';
import { type ArgKind, CONSOLE_TABLE, completionOf } from './commands.ts';

export type { ArgKind } from './commands.ts';

export interface CommandSpec {
  name: string;
  /** Subcommands (the second word), each with what its first argument completes to. */
  subs?: Record<string, ArgKind | null>;
  /** What the first argument completes to, for commands without subcommands. */
  arg?: ArgKind;
}

/**
 * `/game` moves from the game operation table (src/app/game-operations.ts), and `/game help`; a move whose argument
 * is a player (`/game vote`) completes to the table's seats.
 */
export const GAME_SUBCOMMANDS: Record<string, ArgKind | null> = Object.fromEntries(
  Object.entries(gameCompletions()).map(([sub, kind]) => {
    const o = gameOperations().find((x) => x.path[1] === sub);
    return [sub, o && 'player' in o.args.shape ? 'player' : kind];
  }),
);

/** Every command word of the console's list, in its order, with its subcommands. */
function commandSpecs(): CommandSpec[] {
  const specs = new Map<string, CommandSpec>();
  for (const e of CONSOLE_TABLE) {
    const [word, sub] = e.op.path;
    const spec = specs.get(word) ?? { name: word };
    specs.set(word, spec);
    if (sub === undefined) {
      const kind = completionOf(e);
      if (kind) spec.arg = kind;
    } else if (e.from === 'game') spec.subs = GAME_SUBCOMMANDS;
    else spec.subs = { ...spec.subs, [sub]: completionOf(e) };
  }
  return [...specs.values()];
}

export const CONSOLE_COMMANDS: readonly CommandSpec[] = commandSpecs();

/** The town's names completion offers. */
export interface CompletionWorld {
  residents(): string[];
  locations(): string[];
  /** The console's game table: each seat as "number name" ("2 Bot 1"), then the players' names; none without a game. */
  players?(): string[];
}

const byPrefix = (options: Iterable<string>, prefix: string) => [...options].filter((o) => o.startsWith(prefix)).sort();

function argOptions(kind: ArgKind, world: CompletionWorld): string[] {
  if (kind === 'resident') return world.residents();
  if (kind === 'location') return world.locations();
  if (kind === 'player') return world.players?.() ?? [];
  return [...kind.words];
}

/**
 * readline's completer: [candidates, the text they complete]. Candidates start with that text (readline inserts
 * the rest), so names are matched as typed, case and all; resident names may have spaces ("/whisper Ann L").
 */
export function completeLine(
  line: string,
  world: CompletionWorld,
  commands: readonly CommandSpec[] = CONSOLE_COMMANDS,
): [string[], string] {
  if (!line.startsWith('/')) return [[], line];
  const space = line.indexOf(' ');
  if (space < 0) {
    return [
      byPrefix(
        commands.map((c) => `/${c.name}`),
        line,
      ).map((c) => `${c} `),
      line,
    ];
  }
  const spec = commands.find((c) => c.name === line.slice(1, space).toLowerCase());
  if (!spec) return [[], line];
  let rest = line.slice(space + 1).trimStart();
  let kind: ArgKind | null | undefined = spec.arg;
  if (spec.subs) {
    const subEnd = rest.indexOf(' ');
    if (subEnd < 0) return [byPrefix(Object.keys(spec.subs), rest).map((s) => `${s} `), rest];
    kind = spec.subs[rest.slice(0, subEnd).toLowerCase()];
    rest = rest.slice(subEnd + 1).trimStart();
  }
  if (!kind) return [[], rest];
  const options = argOptions(kind, world);
  const hits = byPrefix(options, rest);
  if (hits.length > 0) return [hits.map((h) => `${h} `), rest];
  // Option words (bots, pgm, …) complete anywhere after the subcommand: the last word only.
  const lastWord = rest.slice(rest.lastIndexOf(' ') + 1);
  if (typeof kind === 'object' && lastWord !== rest) return [byPrefix(options, lastWord).map((h) => `${h} `), lastWord];
  return [[], rest];
}

/** Words people type at a shell or a chat prompt expecting a command. */
const SHELL_WORDS: Record<string, string> = {
  cls: 'clear',
  exit: 'quit',
  q: 'quit',
  '?': 'help',
  ls: 'resident list',
  who: 'resident list',
};

/** The closest command name to a mistyped one (within 2 edits, or a unique prefix), or null. */
export function suggestCommand(typed: string, commands: readonly CommandSpec[] = CONSOLE_COMMANDS): string | null {
  return nearestWord(
    typed,
    commands.map((c) => c.name),
  );
}

/**
 * A line without a slash that reads as a command: one word that is a command ("help", "clear", "status"), or a
 * command followed by one of its subcommands ("town step 6", "persona set Sam, …"). Returns the command the person
 * probably meant ("/town step 6"), or null when the line is speech.
 */
export function mistypedCommand(line: string, commands: readonly CommandSpec[] = CONSOLE_COMMANDS): string | null {
  const text = line.trim();
  if (text.startsWith('/')) return null;
  const words = text.slice(0, 200).split(/\s+/);
  const first = (words[0] ?? '').toLowerCase();
  if (words.length === 1) {
    const bare = first.replace(/[.!]+$/, '');
    if (SHELL_WORDS[bare]) return `/${SHELL_WORDS[bare]}`;
    if (commands.some((c) => c.name === bare)) return `/${bare}`;
    return null;
  }
  const spec = commands.find((c) => c.name === first);
  const sub = (words[1] ?? '').toLowerCase();
  if (spec?.subs && Object.hasOwn(spec.subs, sub)) return `/${text}`;
  return null;
}
