// `npm run town -- backup|restore|export|import`: the database as a file, and one town as a file, with no town running.
import { readFileSync, writeFileSync } from 'node:fs';
import { loadConfig, loadDotEnv } from '../config.ts';
import { fileErrorLine } from '../core/file-error.ts';
import { backupDatabase, restoreDatabase } from '../db/backup.ts';
import { openDatabase } from '../db/client.ts';
import { sqlitePathFromUrl } from '../db/migrations.ts';
import { PrismaTownStore } from '../db/town-store.ts';
import { isUserError, UserError } from '../errors.ts';
import { TownRegistry } from '../town/registry.ts';
import type { TownStore } from '../town/store.ts';
import { formatTownExport, parseTownExport, readTownExport, writeTownImport } from '../town/town-export.ts';
import { option, TownUsageError } from './town-args.ts';

/** The SQLite file of DATABASE_URL (from the environment or .env), as the bot resolves it. */
function databaseFile(): string {
  loadDotEnv();
  const url = loadConfig().databaseUrl;
  if (!url.startsWith('file:'))
    throw new Error(
      'backup and restore copy the SQLite file; DATABASE_URL is PostgreSQL: use pg_dump and pg_restore (stop the bot and the workers before restoring).',
    );
  return sqlitePathFromUrl(url);
}

/** `backup FILE` and `restore FILE`; returns the exit code. */
export async function runDatabaseCommand(
  cmd: 'backup' | 'restore',
  target: string,
  out: (s: string) => void,
  databasePath?: string,
): Promise<number> {
  try {
    const file = databasePath ?? databaseFile();
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
  if (!file) throw new TownUsageError(`${cmd} needs a file`);
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
    const line = fileErrorLine(e, cmd === 'export' ? 'write' : 'read');
    if (line) {
      out(`${line}\n`);
      return 1;
    }
    throw e;
  } finally {
    await close();
  }
}
