// Prisma implementation of the town's TownStore port (src/town/store.ts): one transaction per commit writes the
// snapshot with a version check, the memory journal and the outbox posts. Row <-> object mapping: town-rows.ts.
import type { Memory, MemoryId } from '../agent/types.ts';
import { bytesToVector, vectorToBytes } from '../llm/vector.ts';
import { StoredStateError } from '../town/state-schema.ts';
import { type LeaseInfo, type TownCommit, TownConflictError, type TownRecord, type TownStore } from '../town/store.ts';
import type { Persona, Post, TownState } from '../town/types.ts';
import type { PrismaClient } from './client.ts';
import { dbCall } from './errors.ts';
import { readTransaction } from './sqlite-gate.ts';
import { deleteTownRows } from './town-delete.ts';
import { coreId, fromPostRow, fromRow, postRow, rowId, toRow } from './town-rows.ts';

/** Rows per createMany statement (SQLite caps bound parameters; 18 columns x 50 stays well below). */
const CHUNK = 50;

function chunks<T>(xs: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}

async function loadTown(prisma: PrismaClient, townId: string): Promise<TownRecord | null> {
  const r = await prisma.town.findUnique({ where: { id: townId } });
  if (!r) return null;
  let state: unknown;
  try {
    state = JSON.parse(r.state);
  } catch {
    throw new StoredStateError(townId, 'town snapshot', '', 'not JSON');
  }
  // The town's schema check (parseTownState) runs where the snapshot is used, in the session.
  return { id: r.id, scope: r.guildId ?? 'console', name: r.name, version: r.version, state: state as TownState };
}

async function loadMemories(prisma: PrismaClient, townId: string): Promise<Memory[]> {
  const rows = await prisma.memory.findMany({
    where: { townId },
    orderBy: [{ agentId: 'asc' }, { seq: 'asc' }],
  });
  return rows.map((r) => fromRow(townId, r));
}

/** The database server's clock, not this process's (PostgreSQL: a timestamptz; SQLite: UTC text in whole seconds; the
 * workers, which fence their commits, run on PostgreSQL). */
async function databaseNow(prisma: PrismaClient): Promise<Date> {
  const rows = await prisma.$queryRawUnsafe<{ now: Date | string }[]>('SELECT CURRENT_TIMESTAMP AS now');
  const v = rows[0]?.now;
  if (v instanceof Date) return v;
  return new Date(`${String(v).replace(' ', 'T')}Z`);
}

export class PrismaTownStore implements TownStore {
  constructor(private readonly prisma: PrismaClient) {}

  async list() {
    return dbCall('listing towns', async () => {
      const rows = await this.prisma.town.findMany({
        select: { id: true, guildId: true, name: true },
        orderBy: { id: 'asc' },
      });
      return rows.map((r) => ({ id: r.id, scope: r.guildId ?? 'console', name: r.name }));
    });
  }

  load(townId: string): Promise<TownRecord | null> {
    return dbCall('loading the town', () => loadTown(this.prisma, townId));
  }

  async version(townId: string): Promise<number | null> {
    return dbCall('reading the town version', async () => {
      const r = await this.prisma.town.findUnique({ where: { id: townId }, select: { version: true } });
      return r?.version ?? null;
    });
  }

  /** The town row and its memories from ONE read transaction (one consistent snapshot). */
  loadSnapshot(townId: string): Promise<{ rec: TownRecord; memories: Memory[] } | null> {
    return dbCall('loading the town', () =>
      readTransaction(() =>
        this.prisma.$transaction(async (tx) => {
          const rec = await loadTown(tx as PrismaClient, townId);
          if (!rec) return null;
          return { rec, memories: await loadMemories(tx as PrismaClient, townId) };
        }),
      ),
    );
  }

  async create(rec: { id: string; scope: string; name: string; state: TownState; memories: Memory[] }) {
    return dbCall('creating the town', async () => {
      await this.prisma.$transaction(async (tx) => {
        const exists = await tx.town.findUnique({ where: { id: rec.id }, select: { id: true } });
        if (exists) throw new TownConflictError(rec.id, `town ${rec.id} already exists`);
        await tx.town.create({
          data: {
            id: rec.id,
            guildId: rec.scope === 'console' ? null : rec.scope,
            name: rec.name,
            version: 1,
            state: JSON.stringify(rec.state),
            settings: JSON.stringify(rec.state.settings),
            paused: rec.state.clock.paused,
          },
        });
        for (const part of chunks(rec.memories, CHUNK))
          await tx.memory.createMany({ data: part.map((m) => toRow(rec.id, m)) });
      });
      return { id: rec.id, scope: rec.scope, name: rec.name, version: 1, state: rec.state };
    });
  }

  /** The town and everything that belongs to it (src/db/town-delete.ts). */
  deleteTown(townId: string): Promise<void> {
    return deleteTownRows(this.prisma, townId);
  }

  loadMemories(townId: string): Promise<Memory[]> {
    return dbCall('loading memories', () => loadMemories(this.prisma, townId));
  }

  loadVectors(townId: string, ids: readonly MemoryId[]): Promise<Map<MemoryId, Float32Array>> {
    return dbCall('loading memory vectors', async () => {
      const out = new Map<MemoryId, Float32Array>();
      for (const part of chunks([...ids], 500)) {
        const rows = await this.prisma.memory.findMany({
          // By primary key alone: the row ids carry the town (rowId), and with `townId = ?` beside a long IN list
          // SQLite's planner walks the town's whole (townId, ...) index instead: linear in the town's memories.
          where: { id: { in: part.map((id) => rowId(townId, id)) } },
          select: { id: true, embedding: true },
        });
        for (const r of rows) if (r.embedding) out.set(coreId(townId, r.id) as MemoryId, bytesToVector(r.embedding));
      }
      return out;
    });
  }

  async commit(c: TownCommit): Promise<number> {
    return dbCall('saving the town', async () => {
      const now = new Date();
      return this.prisma.$transaction(async (tx) => {
        // A fenced commit (a worker's tick) needs the writer's own lease, live by the database's clock.
        const lease = c.fenced
          ? { leaseOwner: c.owner, leaseUntil: { gt: await databaseNow(tx as PrismaClient) } }
          : { OR: [{ leaseOwner: null }, { leaseOwner: c.owner }, { leaseUntil: null }, { leaseUntil: { lt: now } }] };
        const res = await tx.town.updateMany({
          where: { id: c.townId, version: c.expectedVersion, ...lease },
          data: {
            version: { increment: 1 },
            state: JSON.stringify(c.state),
            name: c.state.name,
            settings: JSON.stringify(c.state.settings),
            paused: c.state.clock.paused,
          },
        });
        if (res.count !== 1) {
          const cur = await tx.town.findUnique({
            where: { id: c.townId },
            select: { version: true, leaseOwner: true },
          });
          throw new TownConflictError(
            c.townId,
            cur
              ? `town ${c.townId} is at version ${cur.version} (expected ${c.expectedVersion}), lease ${cur.leaseOwner ?? 'free'}`
              : `town ${c.townId} does not exist`,
          );
        }
        for (const part of chunks(c.memories.removed ?? [], 500))
          await tx.memory.deleteMany({
            where: { id: { in: part.map((id) => rowId(c.townId, id)) } }, // by primary key: see loadVectors
          });
        for (const part of chunks(c.memories.added, CHUNK))
          await tx.memory.createMany({ data: part.map((m) => toRow(c.townId, m)) });
        if (c.pruneDeliveredBefore !== undefined)
          await tx.outboxPost.deleteMany({
            where: { townId: c.townId, deliveredAt: { not: null, lt: new Date(c.pruneDeliveredBefore) } },
          });
        // Touches in one tick share few distinct times: one statement per time value.
        const byTime = new Map<number, string[]>();
        for (const t of c.memories.touched) {
          const list = byTime.get(t.lastAccessAt) ?? [];
          list.push(rowId(c.townId, t.id));
          byTime.set(t.lastAccessAt, list);
        }
        for (const [at, ids] of byTime)
          for (const part of chunks(ids, 500))
            await tx.memory.updateMany({
              where: { id: { in: part } }, // by primary key: see loadVectors
              data: { lastAccessAt: BigInt(Math.round(at)) },
            });
        // Vectors that memories stored without one got later (a retried embedding), with the meta that said so.
        for (const e of c.memories.embedded ?? [])
          await tx.memory.updateMany({
            where: { id: rowId(c.townId, e.id) },
            data: {
              embedding: vectorToBytes(e.embedding),
              embedderId: e.embedderId,
              meta: JSON.stringify(e.meta ?? {}),
            },
          });
        for (const part of chunks(c.posts, CHUNK))
          await tx.outboxPost.createMany({ data: part.map((p) => postRow(c.townId, p)) });
        return c.expectedVersion + 1;
      });
    });
  }

  async acquireLease(townId: string, owner: string, ttlMs: number, wallNow: number): Promise<boolean> {
    return dbCall('taking the town lease', async () => {
      const now = new Date(wallNow);
      const res = await this.prisma.town.updateMany({
        where: {
          id: townId,
          OR: [{ leaseOwner: null }, { leaseOwner: owner }, { leaseUntil: null }, { leaseUntil: { lt: now } }],
        },
        data: { leaseOwner: owner, leaseUntil: new Date(wallNow + ttlMs) },
      });
      return res.count === 1;
    });
  }

  async takeOverLease(townId: string, from: string, owner: string, ttlMs: number, wallNow: number): Promise<boolean> {
    return dbCall('taking over the town lease', async () => {
      const res = await this.prisma.town.updateMany({
        where: { id: townId, leaseOwner: from },
        data: { leaseOwner: owner, leaseUntil: new Date(wallNow + ttlMs) },
      });
      return res.count === 1;
    });
  }

  async releaseLease(townId: string, owner: string) {
    return dbCall('releasing the town lease', async () => {
      await this.prisma.town.updateMany({
        where: { id: townId, leaseOwner: owner },
        data: { leaseOwner: null, leaseUntil: null },
      });
    });
  }

  async lease(townId: string): Promise<LeaseInfo> {
    return dbCall('reading the town lease', async () => {
      const r = await this.prisma.town.findUnique({
        where: { id: townId },
        select: { leaseOwner: true, leaseUntil: true },
      });
      return { owner: r?.leaseOwner ?? null, until: r?.leaseUntil ? r.leaseUntil.getTime() : null };
    });
  }

  async pendingPosts(townId: string, limit: number): Promise<Post[]> {
    return dbCall('reading the outbox', async () => {
      const rows = await this.prisma.outboxPost.findMany({
        where: { townId, deliveredAt: null },
        orderBy: { seq: 'asc' },
        take: limit,
      });
      return rows.map(fromPostRow);
    });
  }

  async postsAfter(townId: string, afterSeq: number, limit: number): Promise<Post[]> {
    return dbCall('reading the outbox', async () => {
      const rows = await this.prisma.outboxPost.findMany({
        where: { townId, seq: { gt: afterSeq } },
        orderBy: { seq: 'asc' },
        take: limit,
      });
      return rows.map(fromPostRow);
    });
  }

  async markDelivered(townId: string, seqs: number[], ref: string | null, wallNow: number) {
    return dbCall('marking posts delivered', async () => {
      if (seqs.length === 0) return;
      await this.prisma.outboxPost.updateMany({
        where: { townId, seq: { in: seqs }, deliveredAt: null },
        data: { deliveredAt: new Date(wallNow), deliveryRef: ref, attempts: { increment: 1 } },
      });
    });
  }

  async conversationPosts(townId: string, conversationId: string, limit: number): Promise<Post[]> {
    return dbCall('reading the outbox', async () => {
      const rows = await this.prisma.outboxPost.findMany({
        where: { townId, conversationId },
        orderBy: { seq: 'asc' },
        take: limit,
      });
      return rows.map(fromPostRow);
    });
  }

  async markFailed(townId: string, seq: number, error: string) {
    return dbCall('marking a post failed', async () => {
      await this.prisma.outboxPost.updateMany({
        where: { townId, seq },
        data: { attempts: { increment: 1 }, lastError: error.slice(0, 1000) },
      });
    });
  }

  async getPersona(townId: string, userId: string): Promise<Persona | null> {
    return dbCall('reading a persona', async () => {
      const r = await this.prisma.persona.findUnique({ where: { townId_userId: { townId, userId } } });
      return r ? { userId: r.userId, name: r.name, description: r.description } : null;
    });
  }

  async setPersona(townId: string, p: Persona) {
    return dbCall('saving a persona', async () => {
      await this.prisma.persona.upsert({
        where: { townId_userId: { townId, userId: p.userId } },
        create: { townId, userId: p.userId, name: p.name, description: p.description },
        update: { name: p.name, description: p.description },
      });
    });
  }

  async clearPersona(townId: string, userId: string) {
    return dbCall('clearing a persona', async () => {
      const r = await this.prisma.persona.deleteMany({ where: { townId, userId } });
      return r.count > 0;
    });
  }

  async listPersonas(townId: string): Promise<Persona[]> {
    return dbCall('listing personas', async () => {
      const rows = await this.prisma.persona.findMany({ where: { townId }, orderBy: { name: 'asc' } });
      return rows.map((r) => ({ userId: r.userId, name: r.name, description: r.description }));
    });
  }
}
