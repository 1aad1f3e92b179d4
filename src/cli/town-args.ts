// The words of `npm run town -- <command> …`: options that take a value, positional words, and the error that says
// which word a command does not take (src/cli/town.ts prints it with the command's usage).
import { parseArgs } from 'node:util';

/** A word on the command line that the command does not take: the message says which, then its usage. */
export class TownUsageError extends Error {}

/** The options (each takes a value) and how many positional words a command takes; anything else is refused. */
export interface WordSpec {
  options: string[];
  positionals: number;
  /** Options that take no value (--force). */
  flags?: string[];
}

/** Checks argv against `spec` (node:util parseArgs, strict): an unknown option or an extra word throws. */
export function checkWords(argv: string[], spec: WordSpec): void {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({
      args: argv,
      options: {
        ...Object.fromEntries(spec.options.map((o) => [o, { type: 'string' as const }])),
        ...Object.fromEntries((spec.flags ?? []).map((o) => [o, { type: 'boolean' as const }])),
      },
      strict: true,
      allowPositionals: true,
    }));
  } catch (e) {
    throw new TownUsageError((e as Error).message.split('\n')[0]!.replace(/\. To specify a positional.*$/, ''));
  }
  if (positionals.length > spec.positionals)
    throw new TownUsageError(`Unexpected argument "${positionals[spec.positionals]}"`);
}

/** Takes `name VALUE` out of args and returns VALUE (undefined when absent). */
export function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
}
