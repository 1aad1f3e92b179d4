// A database that cannot be used as configured: one message naming what to fix. The composition roots print it
// and exit non-zero before anything else starts.
export class DatabaseStartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseStartupError';
  }
}

export interface MigrationRow {
  name: string;
  finished: boolean;
  rolledBack: boolean;
}

/**
 * Refuses a database whose recorded migrations do not fit this build: a migration it does not know (the database
 * was migrated by a newer version) or one that failed half-way. Pending migrations are fine: start-up applies them.
 */
export function checkMigrationHistory(rows: MigrationRow[], known: string[], where: string): void {
  const knownSet = new Set(known);
  const live = rows.filter((r) => !r.rolledBack);
  const failed = live.filter((r) => !r.finished).map((r) => r.name);
  if (failed.length)
    throw new DatabaseStartupError(
      `${where}: migration ${failed.join(', ')} failed part-way earlier. Repair the database by hand (or restore a backup), then mark it rolled back in _prisma_migrations.`,
    );
  const unknown = live.map((r) => r.name).filter((n) => !knownSet.has(n));
  if (unknown.length)
    throw new DatabaseStartupError(
      `${where}: the database is at migration ${unknown[unknown.length - 1]}, which this version of smalltown does not have (latest here: ${known[known.length - 1] ?? 'none'}). Run the smalltown version that migrated it, or point DATABASE_URL at another database.`,
    );
}
