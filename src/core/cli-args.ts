// For entry points that take no options but --help (`npm run worker`, `npm run deploy-commands`): anything else on
// the command line is refused with its name and the usage, so a mistyped flag never starts a long-running process.
import { parseArgs } from 'node:util';

/** 'help' (usage printed on stdout), 'run', or 'refused' (reason and usage printed on stderr: exit 2). */
export function helpOrNothing(
  argv: string[],
  usage: string,
  io: { out: (s: string) => void; err: (s: string) => void } = {
    out: (s) => process.stdout.write(s),
    err: (s) => process.stderr.write(s),
  },
): 'help' | 'run' | 'refused' {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) {
      io.out(`${usage}\n`);
      return 'help';
    }
    return 'run';
  } catch (e) {
    io.err(`${(e as Error).message.split('\n')[0]?.replace(/\. To specify a positional.*$/, '')}\n\n${usage}\n`);
    return 'refused';
  }
}
