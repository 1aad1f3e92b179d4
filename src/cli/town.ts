// `npm run town -- <command>`: town file tools.
//   import-smallville <dir> [--out FILE] [--name NAME] [--start "YYYY-MM-DD HH:mm"]   Smallville files -> town file
//   validate <file>                                                                   check a town file
//   replay <run.ndjson> [--day N | --resident NAME]                                   read a kept run (src/cli/replay.ts)
//   backup <file>                       copy the live database to <file> (SQLite online backup, safe while running)
//   restore <file>                      replace the database with the backup <file> (stop the bot first)
//   export <file> [--scope S]           one town (state, memories, plans, personas) as JSON, or NDJSON (.ndjson)
//   import <file> [--scope S]           create the town of scope S (default console) from an export
//   render map|relationships --out FILE.png [...]                                     a PNG (src/cli/render.ts)
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { loadConfig, loadDotEnv } from '../config.ts';
import { backupDatabase, restoreDatabase } from '../db/backup.ts';
import { openDatabase } from '../db/client.ts';
import { sqlitePathFromUrl } from '../db/migrations.ts';
import { PrismaTownStore } from '../db/town-store.ts';
import { isUserError, UserError } from '../errors.ts';
import { loadTownFile } from '../town/file-io.ts';
import { TownRegistry } from '../town/registry.ts';
import { importSmallville } from '../town/smallville.ts';
import { readSmallvilleDir } from '../town/smallville-files.ts';
import type { TownStore } from '../town/store.ts';
import { formatTownExport, parseTownExport, readTownExport, writeTownImport } from '../town/town-export.ts';
import { RENDER_USAGE, runRenderCli } from './render.ts';
import { REPLAY_USAGE, runReplayCli } from './replay.ts';

const USAGE = `Usage:
  npm run town -- import-smallville <dir> [--out FILE.yaml|FILE.json] [--name NAME] [--start "2023-02-13 07:00"]
  npm run town -- validate <town file>
  npm run town -- backup <file>      copy the database (DATABASE_URL) to <file>; safe while the bot runs
  npm run town -- restore <file>     replace the database with a backup; stop the bot first
  npm run town -- export <file> [--scope console|GUILD_ID]
                                     one town as a file: its state and clock, every memory, plan and persona
                                     (JSON; NDJSON when the file ends in .ndjson). Default scope: the only town.
  npm run town -- import <file> [--scope console|GUILD_ID]
                                     create the town of that scope (default console) from an export; the file
                                     is checked first; refused when that scope already has a town. Stop the bot.
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

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `export FILE` / `import FILE` against a town store (default: the database of DATABASE_URL). */
export async function runLifecycleCommand(
  cmd: 'export' | 'import',
  argv: string[],
  out: (s: string) => void,
  store?: TownStore,
): Promise<number> {
  const args = [...argv];
  const scope = option(args, '--scope');
  const file = args[0];
  if (!file) {
    out(`${USAGE}\n`);
    return 2;
  }
  let close = async () => {};
  try {
    let s = store;
    if (!s) {
      loadDotEnv();
      const db = await openDatabase(loadConfig().databaseUrl);
      close = db.close;
      s = new PrismaTownStore(db.prisma);
    }
    if (cmd === 'export') {
      const towns = await s.list();
      const town = scope ? towns.find((t) => t.scope === scope) : towns.length === 1 ? towns[0] : undefined;
      if (!town)
        throw new UserError(
          'town/export_which',
          towns.length === 0
            ? 'There is no town in this database yet.'
            : `Which town? Add --scope with one of: ${towns.map((t) => `${t.scope} (${t.name})`).join(', ')}.`,
        );
      const t = await readTownExport(s, town.id);
      writeFileSync(file, formatTownExport(t, file.endsWith('.ndjson') ? 'ndjson' : 'json'));
      out(
        `Exported ${t.name} (${town.scope}) to ${file}: tick ${t.state.clock.tick}, ${t.state.residents.length} residents, ${count(t.memories.length, 'memory', 'memories')}, ${count(t.personas.length, 'persona')}.\n`,
      );
    } else {
      const t = parseTownExport(readFileSync(file, 'utf8'));
      const target = scope ?? 'console';
      await writeTownImport(s, t, { id: TownRegistry.townIdFor(target), scope: target });
      out(
        `Imported ${t.name} into ${target}: tick ${t.state.clock.tick}, ${t.state.residents.length} residents, ${count(t.memories.length, 'memory', 'memories')}, ${count(t.personas.length, 'persona')}.\n`,
      );
    }
    return 0;
  } catch (e) {
    if (isUserError(e)) {
      out(`${e.message}\n`);
      return 1;
    }
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
      out(`No such file: ${file}\n`);
      return 1;
    }
    throw e;
  } finally {
    await close();
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
  else if (cmd === 'export' || cmd === 'import')
    process.exitCode = await runLifecycleCommand(cmd, argv.slice(1), (s) => process.stdout.write(s));
  else if ((cmd === 'backup' || cmd === 'restore') && target)
    process.exitCode = await runDatabaseCommand(cmd, target, (s) => process.stdout.write(s));
  else process.exitCode = runTownCli(argv);
}
