// `npm run town -- backup FILE` / `restore FILE`: an online backup taken while the town writes, and a restore that
// refuses a damaged backup and keeps the replaced database aside.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDatabaseCommand } from '../../src/cli/town-data.ts';
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

  it('GIVEN a running process holding a town WHEN restore is attempted THEN it is refused by name and no write is lost', async () => {
    const live = join(dir, 'held.db');
    const backup = join(dir, 'held-backup.db');
    const db = await openDatabase(`file:${live}`);
    await db.prisma.town.create({ data: { id: 'c', name: 'Held', state: '{}' } });
    expect(await runDatabaseCommand('backup', backup, () => undefined, live)).toBe(0);
    // A console of this host that took the town's lease and is between two changes (its lease has run out).
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    const owner = `${hostname()}:${child.pid}:abc123`;
    await db.prisma.town.update({
      where: { id: 'c' },
      data: { leaseOwner: owner, leaseUntil: new Date(Date.now() - 60_000) },
    });
    try {
      const lines: string[] = [];
      expect(await runDatabaseCommand('restore', backup, (s) => lines.push(s), live)).toBe(1);
      expect(lines.join('')).toBe(
        `${live} is in use by ${owner} (town c): stop it first, then restore. Nothing was changed.\n`,
      );
      expect(existsSync(`${live}.before-restore`)).toBe(false);
      // the running process keeps writing to the file it has open, and every write stays in the database
      for (let i = 0; i < 5; i++)
        await db.prisma.persona.create({ data: { townId: 'c', userId: `w${i}`, name: `W${i}`, description: '' } });
      expect(await db.prisma.persona.count()).toBe(5);
    } finally {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    // Another host's lease is honoured while it runs.
    await db.prisma.town.update({
      where: { id: 'c' },
      data: { leaseOwner: 'far-host:4242:xyz', leaseUntil: new Date(Date.now() + 60_000) },
    });
    expect(await runDatabaseCommand('restore', backup, () => undefined, live)).toBe(1);
    // Once it has stopped (a dead process here, an expired lease elsewhere), the restore goes ahead.
    await db.prisma.town.update({
      where: { id: 'c' },
      data: { leaseOwner: owner, leaseUntil: new Date(Date.now() - 1) },
    });
    await db.close();
    expect(await runDatabaseCommand('restore', backup, () => undefined, live)).toBe(0);
    expect(existsSync(`${live}.before-restore`)).toBe(true);
  });

  it('GIVEN a process with the database open and no lease WHEN restore is attempted THEN it is refused naming the process, and every write it makes stays', async () => {
    const live = join(dir, 'open.db');
    const backup = join(dir, 'open-backup.db');
    const db = await openDatabase(`file:${live}`);
    await db.prisma.town.create({ data: { id: 'd', name: 'Open', state: '{}' } });
    await db.close();
    expect(await runDatabaseCommand('backup', backup, () => undefined, live)).toBe(0);
    // Another process (a CLI, a bot between towns) writing to the file without holding any town.
    const script = `const D = require('better-sqlite3'); const d = new D(process.argv[1]); let i = 0;
      const w = d.prepare("INSERT INTO Persona (townId, userId, name, description, updatedAt) VALUES ('d', ?, 'W', '', 0)");
      process.stdout.write('open\\n');
      setInterval(() => { w.run('w' + i++); }, 20);`;
    const child = spawn(process.execPath, ['-e', script, live], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    try {
      const lines: string[] = [];
      expect(await runDatabaseCommand('restore', backup, (s) => lines.push(s), live)).toBe(1);
      const said = lines.join('');
      expect(said.startsWith(`${live} is in use by process ${child.pid} (${process.execPath} -e `)).toBe(true);
      expect(said.endsWith('): stop it first, then restore. Nothing was changed.\n')).toBe(true);
      expect(existsSync(`${live}.before-restore`)).toBe(false);
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    // Every write the process made is in the live database.
    const after = await openDatabase(`file:${live}`);
    const written = await after.prisma.persona.count({ where: { townId: 'd' } });
    expect(written).toBeGreaterThan(3);
    const names = (await after.prisma.persona.findMany({ where: { townId: 'd' } })).map((p) => p.userId);
    expect(names).toContain(`w${written - 1}`);
    await after.close();
    // Stopped: the restore goes ahead.
    expect(await runDatabaseCommand('restore', backup, () => undefined, live)).toBe(0);
  });
});
