// One operation of the table (src/app/operations.ts): its shape (path, arguments, permission, result), the ports
// it runs against, and the small rules every operation shares (names, paused towns, plurals). The table and its
// parts (src/app/lifecycle-operations.ts) build on this; nothing here lists operations. The console's own
// operations (src/console/commands.ts) and the town CLI's (src/cli/town.ts) use the same shape with their own context.
import { z } from 'zod';
import { UserError } from '../errors.ts';
import type { TownFile } from '../town/file.ts';
import type { TownSource } from '../town/registry.ts';
import type { Speaker, TownService } from '../town/service.ts';

/** Longest resident, location or object name accepted. */
export const NAME_MAX = 100;

/** What an operation hands back to its front end: lines of text, and a picture to attach or write. */
export interface OperationResult {
  lines: string[];
  picture?: { kind: 'map' | 'relationships'; resident?: string; personas: { name: string }[] };
  /** A file to hand over: the console writes it at `name` (a path), Discord attaches it. */
  file?: { name: string; text: string };
  /** Posts may have been committed: Discord drains the outbox now. */
  changedTown?: boolean;
  /**
   * Nothing was done yet: the operation would lose the town as it is, and runs only when given `confirm` with the
   * town's name. The console asks for the name on the next line; Discord shows Confirm / Cancel buttons.
   */
  confirm?: { townName: string; args: Record<string, unknown> };
}

/**
 * How a front end replaces its scope's town (`/town new`, `/town reset`, `/town import`): it reads the files
 * people name (a path or a shipped town's name on the console; a choice or an attachment on Discord) and swaps the
 * town live (TownRegistry.replace, then the console's printing or Discord's channels follow the new town).
 */
export interface TownLifecycle {
  /** The town file `/town new` means: `town` names a shipped town (or a path, on the console); `file` is attached. */
  townFile(a: { town?: string; file?: string }): Promise<TownFile>;
  /** The town file the current town was made from (`/town reset`). */
  originFile(): Promise<TownFile>;
  /** The text of an export (a path on the console, an attachment on Discord). */
  exportText(file: string): Promise<string>;
  /** Replaces the scope's town and returns the new one. */
  replace(source: TownSource): Promise<TownService>;
}

/** A signed link to a scope's town on the web view (src/web): where to open it and when it stops working. */
export interface WatchLink {
  url: string;
  /** Wall ms. */
  expiresAt: number;
}

export interface OperationContext {
  town: TownService;
  speaker: Speaker;
  /** Present where the front end can replace the town (admin operations). */
  lifecycle?: TownLifecycle;
  /** Present where this process serves the web view: a link signed for the scope (`/town watch`). */
  watchLink?: (scope: string) => WatchLink;
  /** Long operations (`/town step N`) report each finished part here; Discord edits its reply with it. */
  progress?(done: number, total: number, note: string): void;
}

export interface Operation<
  S extends z.ZodObject = z.ZodObject,
  C = OperationContext,
  R extends OperationResult = OperationResult,
> {
  /** Command words, e.g. ['town', 'step']: `/town step` on both front ends. */
  path: readonly [string, string] | readonly [string];
  summary: string;
  /** Console usage after the command words, e.g. "[ticks]". */
  usage: string;
  /** Admin only (Manage Server on Discord; the console's user owns the town). */
  admin: boolean;
  /**
   * 'message': on Discord a plain message in a location channel runs it (the channel is `location`, the message is
   * `text`) rather than a slash command.
   */
  discord?: 'message';
  args: S;
  run(ctx: C, args: z.infer<S>): Promise<R>;
}

export function op<S extends z.ZodObject>(o: Operation<S>): Operation<S> {
  return o;
}

/** A resident, location or object name argument. */
export const name = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `The ${what} is empty.`)
    .max(NAME_MAX, `A ${what} is at most ${NAME_MAX} characters.`)
    .describe(what);

/** Refuses changes while the town is paused (reading still works). */
export function requireRunning(town: TownService, what = 'residents are frozen'): void {
  if (town.status().paused)
    throw new UserError('town/paused', `The town is paused: ${what} until an admin runs /town resume.`);
}

/** "1 memory", "2 memories". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}
