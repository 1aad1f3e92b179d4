// One typed line to one operation of the console's list (src/console/commands.ts): plain text is speech where you
// are; `/word [sub] args…` finds its entry, reads the words into the operation's arguments and runs it on what the
// entry runs against (the session for console operations, the town for the town's table). Extra handlers (the
// games' /game lines, src/console/games.ts) are asked first.
import { confirmsTown, OPERATIONS, type Operation, runOperation, usageOf } from '../app/operations.ts';
import { findLocation } from '../app/town-view.ts';
import { consoleArgs, longestPrefix } from './args.ts';
import { CONSOLE_TABLE, type ConsoleEntry, type ConsoleOperation } from './commands.ts';
import { mistypedCommand, suggestCommand } from './completion.ts';
import type { ConsoleCommandHandler, ConsoleContext } from './console.ts';
import { afterWords, clipLine, lineTooLong, tokenize } from './lines.ts';
import type { Session } from './session.ts';

/** A bare group runs its look-at-it operation: /town -> status, /resident -> list, /persona -> show. */
const BARE: Record<string, string> = { town: 'status', resident: 'list', persona: 'show' };

/** What the command words of a line name: an entry of the console's list, or why none. */
export type Found = { entry: ConsoleEntry; args: string[]; typed: string } | { error: string };

/**
 * The entry a `/…` line names (case-insensitive), its argument words and their text as typed. The games' entries
 * are found only when `games` says the console plays (their lines go to the games' handler).
 */
export function findEntry(line: string, games = false): Found {
  const words = tokenize(line.slice(1));
  const cmd = (words.shift() ?? '').toLowerCase();
  const own = CONSOLE_TABLE.find(
    (e) => e.from === 'console' && (e.op.path[0] === cmd || (e.op as ConsoleOperation).aliases?.includes(cmd)),
  );
  if (own) return { entry: own, args: words, typed: afterWords(line, 1) };
  const group = CONSOLE_TABLE.filter((e) => e.op.path[0] === cmd && (games || e.from !== 'game'));
  if (group.length === 0) {
    const guess = suggestCommand(cmd);
    return {
      error: `Unknown command /${clipLine(cmd).slice(0, 40)}.${guess ? ` Did you mean /${guess}?` : ''} Type /help.`,
    };
  }
  const single = group.find((e) => e.op.path.length === 1);
  if (single) return { entry: single, args: words, typed: afterWords(line, 1) };
  const sub = (words.length === 0 ? (BARE[cmd] ?? '') : (words[0] ?? '')).toLowerCase();
  const entry = group.find((e) => e.op.path[1] === sub);
  if (entry) return { entry, args: words.slice(1), typed: afterWords(line, 2) };
  // A mistyped subcommand gets the one it is closest to (within 2 edits), else the group's usage.
  const near = suggestCommand(
    words[0] ?? '',
    group.flatMap((x) => (x.op.path[1] ? [{ name: x.op.path[1] }] : [])),
  );
  const meant = near ? group.find((x) => x.op.path[1] === near) : undefined;
  return {
    error: meant
      ? `No /${cmd} ${words[0] ?? ''}. Did you mean ${usageOf(meant.op)}?`
      : `No /${cmd} ${words[0] ?? ''}. Usage: ${group.map((x) => usageOf(x.op)).join(' | ')}`,
  };
}

/** Handles one typed line: prints its answer (a UserError propagates to the input loop, which prints it). */
export async function dispatchLine(
  raw: string,
  session: Session,
  handlers: readonly ConsoleCommandHandler[],
  ctx: ConsoleContext,
): Promise<void> {
  const tooLong = lineTooLong(raw);
  if (tooLong) return session.print(tooLong);
  const line = raw.trim();
  if (session.confirming) {
    const c = session.confirming;
    session.confirming = null;
    if (confirmsTown(session.town, line)) await session.runTown(c.o, { ...c.args, confirm: line });
    else session.print(`Cancelled: ${c.townName} stays as it is.`);
    return;
  }
  if (!line || line.startsWith('#')) return;
  for (const h of handlers) if (await h(line, ctx)) return;
  if (!line.startsWith('/')) {
    const meant = mistypedCommand(line);
    if (meant)
      return session.print(
        `"${clipLine(line).slice(0, 60)}" looks like a command, so nobody heard it. Did you mean ${meant}? (To say it aloud: /say ${session.here} ${clipLine(line).slice(0, 60)})`,
      );
    return session.runTown(OPERATIONS.say, { location: session.here, text: line });
  }
  const found = findEntry(line);
  if ('error' in found) return session.print(found.error);
  const { entry, args, typed } = found;
  const state = session.town.snapshot();
  if (entry.from === 'console') {
    const o = entry.op as ConsoleOperation;
    const r = await runOperation(o, session, o.read ? o.read(args, state, typed) : {});
    return session.render(null, r);
  }
  if (entry.op === OPERATIONS.say) return say(session, args);
  // Game lines are the games' handler's; without one the console does not play.
  if (entry.from === 'town') return session.runTown(entry.op, consoleArgs(entry.op, args, state, typed));
}

/** `/say <location> <text>`: the place is the longest prefix that names one, and speaking there takes you there. */
async function say(session: Session, words: string[]): Promise<void> {
  const hit = longestPrefix(words, (p) => findLocation(session.town.snapshot(), p));
  if (!hit)
    return session.print(
      `Usage: /say <location> <text>. Places: ${session.town
        .locations()
        .map((l) => l.id)
        .join(', ')}.`,
    );
  session.here = hit.value.id;
  await session.runTown(OPERATIONS.say as Operation, { location: hit.value.id, text: hit.rest.join(' ') });
}
