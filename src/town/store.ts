// The town's persistence port and its in-memory twin. A tick (or an operation) commits in ONE transaction:
// the town snapshot (optimistic version check), the memory journal and the outbox posts. Single writer per town:
// a version column plus a lease (owner, until).
import type { AgentId, Memory, MemoryId } from '../agent/types.ts';
import type { NewPost, Persona, Post, TownState } from './types.ts';

export interface TownRecord {
  id: string;
  /** Guild id, or 'console'. */
  scope: string;
  name: string;
  version: number;
  state: TownState;
}

export interface MemoryJournal {
  added: Memory[];
  touched: { agentId: AgentId; id: MemoryId; lastAccessAt: number }[];
  /** Memories deleted by retention (compacted into summaries, retention.ts); deleted before `added` is written. */
  removed?: MemoryId[];
  /** Vectors that memories stored without one got later (their embedding was retried), with their updated meta. */
  embedded?: { id: MemoryId; embedding: Float32Array; embedderId: string; meta?: Record<string, unknown> }[];
}

export interface TownCommit {
  townId: string;
  /** Version the writer loaded; the commit is refused when the stored version differs. */
  expectedVersion: number;
  state: TownState;
  memories: MemoryJournal;
  posts: NewPost[];
  /** The writer's lease owner id: a commit by anyone else while a lease is live is refused. */
  owner: string;
  /**
   * Fenced (a queue worker's tick, src/worker/town-lock.ts): refused unless `owner` holds the town's lease and it
   * has not run out, by the database's clock; a holder that stalled past its lease cannot write.
   */
  fenced?: boolean;
  /** Retention: delete delivered outbox posts delivered before this wall time (ms), in the same transaction. */
  pruneDeliveredBefore?: number;
}

/** Someone else advanced the town (stale version) or holds its lease: this writer must reload or stop. */
export class TownConflictError extends Error {
  readonly townId: string;
  constructor(townId: string, message: string) {
    super(message);
    this.name = 'TownConflictError';
    this.townId = townId;
  }
}

export interface LeaseInfo {
  owner: string | null;
  until: number | null;
}

export interface TownStore {
  /** Towns known to the store (for the registry). */
  list(): Promise<{ id: string; scope: string; name: string }[]>;
  load(townId: string): Promise<TownRecord | null>;
  /** The stored version alone (null: no such town): whether a reload is due, without reading the snapshot. */
  version(townId: string): Promise<number | null>;
  /** Creates a town at version 1 with its initial memories (seeding) in one transaction; fails if it exists. */
  create(rec: { id: string; scope: string; name: string; state: TownState; memories: Memory[] }): Promise<TownRecord>;
  /**
   * Removes the town and what belongs to it (memories, outbox, personas, channel bindings; not the scope's model
   * usage); nothing when it does not exist. The caller holds the town (its lease) and has stopped writing to it.
   */
  deleteTown(townId: string): Promise<void>;
  /** Every memory of the town, in (agent, seq) order. */
  loadMemories(townId: string): Promise<Memory[]>;
  /** Exact vectors of these memories (ids as in the core); a memory without one (or gone) is absent. */
  loadVectors(townId: string, ids: readonly MemoryId[]): Promise<Map<MemoryId, Float32Array>>;
  /** The town record and its memories read as ONE consistent snapshot (one read transaction). */
  loadSnapshot(townId: string): Promise<{ rec: TownRecord; memories: Memory[] } | null>;
  /** Writes snapshot + memory journal + posts atomically; returns the new version. Throws TownConflictError. */
  commit(c: TownCommit): Promise<number>;
  /** Takes or renews the lease when free, expired or already ours; false when someone else holds it. */
  acquireLease(townId: string, owner: string, ttlMs: number, wallNow: number): Promise<boolean>;
  /** Takes the lease from `from` whatever its expiry (the caller checked that `from` is dead); false if it moved. */
  takeOverLease(townId: string, from: string, owner: string, ttlMs: number, wallNow: number): Promise<boolean>;
  releaseLease(townId: string, owner: string): Promise<void>;
  lease(townId: string): Promise<LeaseInfo>;
  /** Undelivered posts in seq order. */
  pendingPosts(townId: string, limit: number): Promise<Post[]>;
  /** Posts after `afterSeq` (delivered or not), for transcripts. */
  postsAfter(townId: string, afterSeq: number, limit: number): Promise<Post[]>;
  markDelivered(townId: string, seqs: number[], ref: string | null, wallNow: number): Promise<void>;
  /** A conversation's posts (delivered or not) in seq order, the first `limit`: where delivery put its lines. */
  conversationPosts(townId: string, conversationId: string, limit: number): Promise<Post[]>;
  markFailed(townId: string, seq: number, error: string): Promise<void>;
  getPersona(townId: string, userId: string): Promise<Persona | null>;
  setPersona(townId: string, p: Persona): Promise<void>;
  clearPersona(townId: string, userId: string): Promise<boolean>;
  listPersonas(townId: string): Promise<Persona[]>;
}

function cloneMemory(m: Memory): Memory {
  return {
    ...m,
    embedding: m.embedding ? new Float32Array(m.embedding) : null,
    evidence: [...m.evidence],
    ...(m.plan ? { plan: { ...m.plan } } : {}),
    ...(m.meta ? { meta: structuredClone(m.meta) } : {}),
  };
}

interface MemTown {
  rec: { id: string; scope: string; name: string; version: number; state: string };
  memories: Map<string, Memory>;
  posts: Post[];
  lease: LeaseInfo;
  personas: Map<string, Persona>;
}

/** In-memory twin of the Prisma store with the same semantics (snapshot serialised as JSON text). */
export class InMemoryTownStore implements TownStore {
  private readonly towns = new Map<string, MemTown>();
  /** Test hook: throw inside the next commit after validation, to prove atomicity. */
  failNextCommit: Error | null = null;

  private get(townId: string): MemTown {
    const t = this.towns.get(townId);
    if (!t) throw new Error(`unknown town ${townId}`);
    return t;
  }

  async list() {
    return [...this.towns.values()].map((t) => ({ id: t.rec.id, scope: t.rec.scope, name: t.rec.name }));
  }

  async load(townId: string): Promise<TownRecord | null> {
    const t = this.towns.get(townId);
    if (!t) return null;
    return { ...t.rec, state: JSON.parse(t.rec.state) as TownState };
  }

  async version(townId: string): Promise<number | null> {
    return this.towns.get(townId)?.rec.version ?? null;
  }

  async create(rec: { id: string; scope: string; name: string; state: TownState; memories: Memory[] }) {
    if (this.towns.has(rec.id)) throw new TownConflictError(rec.id, `town ${rec.id} already exists`);
    const memories = new Map<string, Memory>();
    for (const m of rec.memories) memories.set(m.id, cloneMemory(m));
    this.towns.set(rec.id, {
      rec: { id: rec.id, scope: rec.scope, name: rec.name, version: 1, state: JSON.stringify(rec.state) },
      memories,
      posts: [],
      lease: { owner: null, until: null },
      personas: new Map(),
    });
    return { id: rec.id, scope: rec.scope, name: rec.name, version: 1, state: structuredClone(rec.state) };
  }

  async deleteTown(townId: string): Promise<void> {
    this.towns.delete(townId);
  }

  async loadMemories(townId: string): Promise<Memory[]> {
    return [...this.get(townId).memories.values()]
      .map(cloneMemory)
      .sort((a, b) => (a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : a.seq - b.seq));
  }

  async loadVectors(townId: string, ids: readonly MemoryId[]) {
    const t = this.get(townId);
    const out = new Map<MemoryId, Float32Array>();
    for (const id of ids) {
      const v = t.memories.get(id)?.embedding;
      if (v) out.set(id, new Float32Array(v));
    }
    return out;
  }

  async loadSnapshot(townId: string) {
    const rec = await this.load(townId);
    return rec ? { rec, memories: await this.loadMemories(townId) } : null;
  }

  async commit(c: TownCommit): Promise<number> {
    const t = this.get(c.townId);
    if (t.rec.version !== c.expectedVersion)
      throw new TownConflictError(
        c.townId,
        `town ${c.townId} is at version ${t.rec.version}, expected ${c.expectedVersion}`,
      );
    if (t.lease.owner && t.lease.owner !== c.owner && (t.lease.until ?? 0) > Date.now())
      throw new TownConflictError(c.townId, `town ${c.townId} is leased by ${t.lease.owner}`);
    if (c.fenced && (t.lease.owner !== c.owner || (t.lease.until ?? 0) <= Date.now()))
      throw new TownConflictError(c.townId, `town ${c.townId}: the lease of ${c.owner} is no longer held`);
    // Validate everything before touching anything: all or nothing.
    const removed = new Set(c.memories.removed ?? []);
    for (const m of c.memories.added)
      if (t.memories.has(m.id) && !removed.has(m.id))
        throw new Error(`duplicate memory ${m.id} in commit for ${c.townId}`);
    const seqs = new Set(t.posts.map((p) => p.seq));
    for (const p of c.posts) if (seqs.has(p.seq)) throw new Error(`duplicate outbox seq ${p.seq} for ${c.townId}`);
    const state = JSON.stringify(c.state);
    if (this.failNextCommit) {
      const e = this.failNextCommit;
      this.failNextCommit = null;
      throw e;
    }
    for (const id of c.memories.removed ?? []) t.memories.delete(id);
    for (const m of c.memories.added) t.memories.set(m.id, cloneMemory(m));
    for (const u of c.memories.touched) {
      const m = t.memories.get(u.id);
      if (m) m.lastAccessAt = u.lastAccessAt;
    }
    for (const e of c.memories.embedded ?? []) {
      const m = t.memories.get(e.id);
      if (!m) continue;
      m.embedding = new Float32Array(e.embedding);
      m.embedderId = e.embedderId;
      if (e.meta) m.meta = structuredClone(e.meta);
      else delete m.meta;
    }
    if (c.pruneDeliveredBefore !== undefined) {
      const before = c.pruneDeliveredBefore;
      t.posts = t.posts.filter((p) => p.deliveredAt === null || p.deliveredAt >= before);
    }
    for (const p of c.posts)
      t.posts.push({ ...p, id: `${c.townId}:${p.seq}`, deliveredAt: null, deliveryRef: null, attempts: 0 });
    t.rec.state = state;
    t.rec.name = c.state.name;
    t.rec.version += 1;
    return t.rec.version;
  }

  async acquireLease(townId: string, owner: string, ttlMs: number, wallNow: number): Promise<boolean> {
    const t = this.get(townId);
    if (t.lease.owner && t.lease.owner !== owner && (t.lease.until ?? 0) > wallNow) return false;
    t.lease = { owner, until: wallNow + ttlMs };
    return true;
  }

  async takeOverLease(townId: string, from: string, owner: string, ttlMs: number, wallNow: number) {
    const t = this.get(townId);
    if (t.lease.owner !== from) return false;
    t.lease = { owner, until: wallNow + ttlMs };
    return true;
  }

  async releaseLease(townId: string, owner: string) {
    const t = this.towns.get(townId);
    if (t && t.lease.owner === owner) t.lease = { owner: null, until: null };
  }

  async lease(townId: string): Promise<LeaseInfo> {
    return { ...this.get(townId).lease };
  }

  async pendingPosts(townId: string, limit: number): Promise<Post[]> {
    return this.get(townId)
      .posts.filter((p) => p.deliveredAt === null)
      .slice(0, limit)
      .map((p) => ({ ...p }));
  }

  async postsAfter(townId: string, afterSeq: number, limit: number): Promise<Post[]> {
    return this.get(townId)
      .posts.filter((p) => p.seq > afterSeq)
      .slice(0, limit)
      .map((p) => ({ ...p }));
  }

  async markDelivered(townId: string, seqs: number[], ref: string | null, wallNow: number) {
    const want = new Set(seqs);
    for (const p of this.get(townId).posts)
      if (want.has(p.seq) && p.deliveredAt === null) {
        p.deliveredAt = wallNow;
        p.deliveryRef = ref;
        p.attempts += 1;
      }
  }

  async conversationPosts(townId: string, conversationId: string, limit: number): Promise<Post[]> {
    return this.get(townId)
      .posts.filter((p) => p.conversationId === conversationId)
      .slice(0, limit)
      .map((p) => ({ ...p }));
  }

  async markFailed(townId: string, seq: number, _error: string) {
    const p = this.get(townId).posts.find((x) => x.seq === seq);
    if (p) p.attempts += 1;
  }

  async getPersona(townId: string, userId: string) {
    const p = this.get(townId).personas.get(userId);
    return p ? { ...p } : null;
  }

  async setPersona(townId: string, p: Persona) {
    this.get(townId).personas.set(p.userId, { ...p });
  }

  async clearPersona(townId: string, userId: string) {
    return this.get(townId).personas.delete(userId);
  }

  async listPersonas(townId: string) {
    return [...this.get(townId).personas.values()].map((p) => ({ ...p }));
  }
}
