// The scripts' command lines (`npm start`, `npm run db:migrate`, `npm run worker`, `npm run deploy-commands`, …): --help
// prints the usage, and an option the script does not know, or a word too many, is refused with its name, the nearest
// option and the usage (exit 2), so a mistyped flag never starts a long-running process or writes anything.
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { nearestWord } from './edit-distance.ts';

export interface CliIo {
  out: (s: string) => void;
  err: (s: string) => void;
}

const STD_IO: CliIo = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) };

export type CliResult<O extends ParseArgsOptionsConfig> =
  | { kind: 'help' }
  | { kind: 'refused' }
  | {
      kind: 'run';
      values: ReturnType<typeof parseArgs<{ options: O; strict: true; allowPositionals: true }>>['values'];
      positionals: string[];
    };

/** The exit code for a result that stops the script (help: 0, refused: 2), or null when the script runs. */
export function exitCodeOf(r: { kind: string }): number | null {
  return r.kind === 'help' ? 0 : r.kind === 'refused' ? 2 : null;
}

/** Why parseArgs refused `argv`, in one line with the nearest known option when there is one. */
function refusal(e: Error, options: ParseArgsOptionsConfig): string {
  const code = (e as { code?: string }).code;
  const unknown = /Unknown option '([^']+)'/.exec(e.message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown) {
    const flags = ['--help', ...Object.keys(options).map((k) => `--${k}`)];
    const near = unknown.startsWith('--') ? nearestWord(unknown.split('=')[0] ?? unknown, flags) : null;
    return `Unknown option ${unknown}.${near ? ` Did you mean ${near}?` : ''}`;
  }
  return e.message.split('\n')[0]?.replace(/\. To specify a positional.*$/, '') ?? e.message;
}

/**
 * Parses `argv` against `options` (plus --help/-h). `positionals` bounds the plain words (default: none). On --help the
 * usage goes to stdout; on a refusal the reason and the usage go to stderr.
 */
export function parseCommandLine<O extends ParseArgsOptionsConfig>(
  argv: string[],
  spec: { usage: string; options?: O; positionals?: { max: number; min?: number } },
  io: CliIo = STD_IO,
): CliResult<O> {
  const options = (spec.options ?? {}) as O;
  const max = spec.positionals?.max ?? 0;
  const min = spec.positionals?.min ?? 0;
  try {
    const parsed = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
    });
    if ((parsed.values as Record<string, unknown>).help) {
      io.out(`${spec.usage}\n`);
      return { kind: 'help' };
    }
    const extra = parsed.positionals[max];
    if (extra !== undefined) {
      io.err(`Unexpected argument "${extra}".\n\n${spec.usage}\n`);
      return { kind: 'refused' };
    }
    if (parsed.positionals.length < min) {
      io.err(`Missing argument.\n\n${spec.usage}\n`);
      return { kind: 'refused' };
    }
    const { help: _help, ...values } = parsed.values as Record<string, unknown>;
    return { kind: 'run', values: values as never, positionals: parsed.positionals };
  } catch (e) {
    io.err(`${refusal(e as Error, options)}\n\n${spec.usage}\n`);
    return { kind: 'refused' };
  }
}

/** For entry points that take no options but --help: 'help' (usage printed), 'run', or 'refused' (exit 2). */
export function helpOrNothing(argv: string[], usage: string, io: CliIo = STD_IO): 'help' | 'run' | 'refused' {
  return parseCommandLine(argv, { usage }, io).kind;
}
