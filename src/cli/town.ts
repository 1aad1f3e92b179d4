// `npm run town -- <command>`: town file tools.
//   import-smallville <dir> [--out FILE] [--name NAME] [--start "YYYY-MM-DD HH:mm"]   Smallville files -> town file
//   validate <file>                                                                   check a town file
//   replay <run.ndjson> [--day N | --resident NAME]                                   read a kept run (src/cli/replay.ts)
//   backup <file>                       copy the live database to <file> (SQLite online backup, safe while running)
//   restore <file>                      replace the database with the backup <file> (stop the bot first)
//   render map|relationships --out FILE.png [...]                                     a PNG (src/cli/render.ts)
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { loadConfig, loadDotEnv } from '../config.ts';
import { backupDatabase, restoreDatabase } from '../db/backup.ts';
import { sqlitePathFromUrl } from '../db/migrations.ts';
import { isUserError } from '../errors.ts';
import { loadTownFile } from '../town/file-io.ts';
import { importSmallville } from '../town/smallville.ts';
import { readSmallvilleDir } from '../town/smallville-files.ts';
import { RENDER_USAGE, runRenderCli } from './render.ts';
import { REPLAY_USAGE, runReplayCli } from './replay.ts';

const USAGE = `Usage:
  npm run town -- import-smallville <dir> [--out FILE.yaml|FILE.json] [--name NAME] [--start "2023-02-13 07:00"]
  npm run town -- validate <town file>
  npm run town -- backup <file>      copy the database (DATABASE_URL) to <file>; safe while the bot runs
  npm run town -- restore <file>     replace the database with a backup; stop the bot first
${RENDER_USAGE.replace('Usage: ', '  ')}
${REPLAY_USAGE.replace('Usage: ', '  ')}`;

/** The SQLite file of DATABASE_URL (from the environment or .env), as the bot resolves it. */
function databaseFile(): string {
  loadDotEnv();
  return sqlitePathFromUrl(loadConfig().databaseUrl);
}

/** `backup FILE` and `restore FILE`; returns the exit code. */
export async function runDatabaseCommand(
  cmd: 'backup' | 'restore',
  target: string,
  out: (s: string) => void,
  file: string = databaseFile(),
): Promise<number> {
  try {
    if (cmd === 'backup') {
      const r = await backupDatabase(file, target);
      out(`Backed up ${file} to ${target} (${r.pages} pages).\n`);
    } else {
      const r = restoreDatabase(target, file);
      out(`Restored ${file} from ${target}.${r.previous ? ` The previous database was kept as ${r.previous}.` : ''}\n`);
    }
    return 0;
  } catch (e) {
    out(`${(e as Error).message}\n`);
    return 1;
  }
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
}

export function runTownCli(argv: string[], out: (s: string) => void = (s) => process.stdout.write(s)): number {
  const args = [...argv];
  const cmd = args.shift();
  try {
    if (cmd === 'import-smallville') {
      const outFile = option(args, '--out');
      const name = option(args, '--name');
      const start = option(args, '--start');
      const dir = args[0];
      if (!dir) {
        out(`${USAGE}\n`);
        return 2;
      }
      const town = importSmallville(readSmallvilleDir(dir), { ...(name ? { name } : {}), ...(start ? { start } : {}) });
      const text = outFile?.endsWith('.json')
        ? `${JSON.stringify(town, null, 2)}\n`
        : stringify(town, { lineWidth: 0 });
      if (outFile) {
        writeFileSync(outFile, text);
        out(
          `Wrote ${outFile}: ${town.residents.length} residents, ${town.locations.length} locations, ${town.facts.length} facts.\n`,
        );
      } else out(text);
      return 0;
    }
    if (cmd === 'validate') {
      const file = args[0];
      if (!file) {
        out(`${USAGE}\n`);
        return 2;
      }
      const t = loadTownFile(file);
      out(
        `${file} is valid: ${t.name}, ${t.residents.length} residents, ${t.locations.length} locations, start ${t.start}.\n`,
      );
      return 0;
    }
    out(`${USAGE}\n`);
    return cmd === undefined || cmd === '--help' || cmd === 'help' ? 0 : 2;
  } catch (e) {
    if (isUserError(e)) {
      out(`${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const [cmd, target] = argv;
  if (cmd === 'replay') process.exitCode = runReplayCli(argv.slice(1), (s) => process.stdout.write(s));
  else if (cmd === 'render')
    void runRenderCli(argv.slice(1), { out: (s) => process.stdout.write(s) }).then((code) => {
      process.exitCode = code;
    });
  else if ((cmd === 'backup' || cmd === 'restore') && target)
    process.exitCode = await runDatabaseCommand(cmd, target, (s) => process.stdout.write(s));
  else process.exitCode = runTownCli(argv);
}
