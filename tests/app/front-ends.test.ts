// One table, every front end: each operation of the town's table, the games' table, the console's own operations
// and the town CLI's is reachable (dispatch finds it), helped (help lists it) and completed (completion offers it)
// in every front end that exposes it. An operation added to a table that a front end cannot reach fails here.
//   console: src/console/dispatch.ts findEntry, CONSOLE_HELP (and /game help), completeLine
//   Discord: the slash-command definitions (src/commands, built from the tables) are both what Discord completes
//            and what it runs; /help (HELP_TEXT) lists the town's operations; a game move's help is its description
//   CLI:     `npm run town --` finds its word in TOWN_CLI_OPERATIONS and --help lists it (a shell has no completion)
import { describe, expect, it } from 'vitest';
import { findGameOperation, gameHelp, gameOperations } from '../../src/app/game-operations.ts';
import { OPERATIONS, type Operation, usageOf } from '../../src/app/operations.ts';
import { commandPayloads } from '../../src/bot/deploy-commands.ts';
import { findCliOperation, TOWN_CLI_OPERATIONS, TOWN_CLI_USAGE } from '../../src/cli/town.ts';
import { HELP_TEXT } from '../../src/commands/help.ts';
import { COMMANDS } from '../../src/commands/index.ts';
import { LOOK_OPERATIONS } from '../../src/commands/look.ts';
import { CONSOLE_OPERATIONS, CONSOLE_TABLE } from '../../src/console/commands.ts';
import { completeLine } from '../../src/console/completion.ts';
import { findEntry } from '../../src/console/dispatch.ts';
import { CONSOLE_HELP } from '../../src/console/lines.ts';

const world = { residents: () => ['Ann Lee'], locations: () => ['cafe'] };

type Opt = { name: string; type: number; description: string; options?: Opt[] };
const payloads = commandPayloads() as unknown as { name: string; description: string; options?: Opt[] }[];

/** The console: its dispatch finds `o` from its command words, /help lists its usage, tab offers its words. */
function expectConsole(o: Pick<Operation, 'path' | 'usage'>, id: string, help: readonly string[], games = false) {
  const found = findEntry(`/${o.path.join(' ')}`, games);
  expect('entry' in found && found.entry.op, `${id}: console dispatch`).toBe(o);
  expect(help.join('\n'), `${id}: console help`).toContain(usageOf(o));
  const [word, sub] = o.path;
  expect(completeLine(`/${word.slice(0, 1)}`, world)[0], `${id}: console completes /${word}`).toContain(`/${word} `);
  if (sub) expect(completeLine(`/${word} `, world)[0], `${id}: console completes ${sub}`).toContain(`${sub} `);
}

/** Discord: the registered definition has the (sub)command (what Discord completes and routes) and a handler. */
function expectSlash(o: Pick<Operation, 'path' | 'summary'>, id: string): Opt | { description: string } {
  const cmd = payloads.find((c) => c.name === o.path[0]);
  expect(cmd, `${id}: Discord has /${o.path[0]}`).toBeDefined();
  expect(
    COMMANDS.some((c) => c.data.name === o.path[0]),
    `${id}: Discord runs /${o.path[0]}`,
  ).toBe(true);
  if (o.path.length === 1) return cmd!;
  const sub = cmd!.options?.find((s) => s.name === o.path[1] && s.type === 1);
  expect(sub, `${id}: Discord has /${o.path.join(' ')}`).toBeDefined();
  return sub!;
}

describe('every operation in every front end that exposes it', () => {
  it('the town table: console and Discord', () => {
    for (const [id, o] of Object.entries(OPERATIONS) as [string, Operation][]) {
      expectConsole(o, id, CONSOLE_HELP);
      if (o.discord === 'message') {
        // Speech is a plain message in a location channel (src/bot/messages.ts runs it); /help says so.
        expect(HELP_TEXT, id).toContain('Write in a location channel');
        continue;
      }
      expectSlash(o, id);
      // The members' views are listed as their own commands (/map for /town map, src/commands/look.ts).
      const look = LOOK_OPERATIONS.find((l) => l.op === o);
      expect(HELP_TEXT, `${id}: Discord /help`).toContain(look ? `\`/${look.name}` : `/${o.path.join(' ')}`);
    }
  });

  it('the games table: console (/game lines) and Discord (/game subcommands)', () => {
    for (const o of gameOperations()) {
      const id = o.path.join(' ');
      expect(findGameOperation(o.path[1]), `${id}: console /game dispatch`).toBe(o);
      expectConsole(o, id, gameHelp(), true);
      const sub = expectSlash(o, id);
      expect(sub.description, `${id}: Discord describes it`).toBe(o.summary.slice(0, 100));
    }
  });

  it("the console's own operations: console only", () => {
    for (const [id, o] of Object.entries(CONSOLE_OPERATIONS)) {
      expectConsole(o, id, CONSOLE_HELP);
      expect(
        // /help, and the members' views (console /map is the same operation as Discord /map), are shared names.
        payloads.some(
          (c) => c.name === o.path[0] && c.name !== 'help' && !LOOK_OPERATIONS.some((l) => l.name === c.name),
        ),
        `${id} is the console's`,
      ).toBe(false);
    }
  });

  it('the town CLI: found by its word and listed by --help', () => {
    for (const [id, o] of Object.entries(TOWN_CLI_OPERATIONS)) {
      expect(findCliOperation(o.path[0]), id).toBe(o);
      expect(TOWN_CLI_USAGE, id).toContain(`npm run town -- ${o.path[0]} ${o.usage}`);
    }
  });

  it("the console's list is exactly the three tables, each operation once", () => {
    const ops = CONSOLE_TABLE.map((e) => e.op);
    expect(new Set(ops).size).toBe(ops.length);
    expect(ops.length).toBe(
      Object.keys(CONSOLE_OPERATIONS).length + Object.keys(OPERATIONS).length + gameOperations().length,
    );
    const paths = ops.map((o) => o.path.join(' '));
    expect(new Set(paths).size, 'no two operations share command words').toBe(paths.length);
  });
});
