// `npm run town -- backup FILE` / `restore FILE`: an online backup taken while the town writes, and a restore that
// refuses a damaged backup and keeps the replaced database aside.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDatabaseCommand } from '../../src/cli/town.ts';
import { openDatabase } from '../../src/db/client.ts';

const dir = mkdtempSync(join(tmpdir(), 'db-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('backup and restore', () => {
  it('GIVEN a database being written WHEN backed up and later restored THEN the backup holds a consistent copy', async () => {
    const live = join(dir, 'live.db');
    const backup = join(dir, 'backup.db');
    const db = await openDatabase(`file:${live}`);
    await db.prisma.town.create({ data: { id: 'a', name: 'Before', state: '{}' } });
    const lines: string[] = [];
    // Writes keep landing while the backup runs.
    const writing = (async () => {
      for (let i = 0; i < 20; i++)
        await db.prisma.persona.create({ data: { townId: 'a', userId: `u${i}`, name: `P${i}`, description: '' } });
    })();
    expect(await runDatabaseCommand('backup', backup, (s) => lines.push(s), live)).toBe(0);
    await writing;
    expect(lines.join('')).toMatch(/Backed up .* \(\d+ pages\)/);
    await db.prisma.town.create({ data: { id: 'b', name: 'After', state: '{}' } });
    await db.close();

    expect(await runDatabaseCommand('restore', backup, (s) => lines.push(s), live)).toBe(0);
    expect(existsSync(`${live}.before-restore`)).toBe(true);
    const back = await openDatabase(`file:${live}`);
    expect((await back.prisma.town.findMany()).map((t) => t.id)).toEqual(['a']);
    await back.close();
  });

  it('GIVEN a damaged backup WHEN restored THEN it is refused and the database is left alone', async () => {
    const live = join(dir, 'live2.db');
    const db = await openDatabase(`file:${live}`);
    await db.close();
    const bad = join(dir, 'bad.db');
    writeFileSync(bad, 'garbage '.repeat(1000));
    const lines: string[] = [];
    expect(await runDatabaseCommand('restore', bad, (s) => lines.push(s), live)).toBe(1);
    expect(lines.join('')).toMatch(/damaged/);
    expect(existsSync(`${live}.before-restore`)).toBe(false);
  });
});
