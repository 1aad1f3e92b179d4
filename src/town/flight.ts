// A tick in flight (session.ts decideThenApply): its model calls run outside the town lock, on the committed
// residents' memory streams themselves (no copy: a tick nobody interrupts costs nothing extra). Changes that commit
// meanwhile (a whisper, an interview, `say`) must neither see nor commit the tick's unfinished work, so the first
// time such a change reads a resident, it gets a fork of that resident as it was at the tick's snapshot: its mind
// as cloned then, its memories up to the snapshot's last one (copied), with a journal of its own. From then on that
// fork is the resident's committed lineage; the tick's result for it is dropped when the tick is applied
// (rebase.ts). Only the residents a change reads are forked.
import type { AgentId } from '../agent/types.ts';
import { copyPlain } from '../core/plain-copy.ts';
import type { MindKit, MindResident, VectorSource } from './mind.ts';
import { rebaseTick } from './rebase.ts';
import type { TownWorld } from './tick.ts';
import type { NewPost, TownState } from './types.ts';

export class TickFlight {
  /** The committed state at the snapshot (never changed in place: changes commit new states; minds aside). */
  readonly base: TownState;
  /** Each resident's last memory seq and mind (cloned) at the snapshot. */
  private readonly lastSeq = new Map<AgentId, number>();
  private readonly minds = new Map<AgentId, unknown>();
  /** The streams the tick runs on (the committed ones at the snapshot). */
  private readonly tickResidents: ReadonlyMap<AgentId, MindResident>;
  /** Residents forked for changes committed during the flight (their tick result is dropped). */
  readonly forked = new Set<AgentId>();

  constructor(
    committed: TownWorld,
    private readonly kit: MindKit,
    /** The store's vectors of this town: a fork's memories whose vector the LRU had evicted get theirs back. */
    private readonly vectors?: VectorSource,
  ) {
    this.base = committed.state;
    this.tickResidents = new Map(committed.residents);
    for (const [id, r] of committed.residents) {
      this.lastSeq.set(id, r.memory.all().at(-1)?.seq ?? 0);
      this.minds.set(id, copyPlain(r.mind));
    }
  }

  /** Whether this entry is still the stream the tick runs on (not yet forked). */
  isTickStream(id: AgentId, r: MindResident | undefined): boolean {
    return r !== undefined && this.tickResidents.get(id) === r;
  }

  /** The resident as it was at the snapshot, with a journal of its own. */
  fork(id: AgentId): MindResident {
    const r = this.tickResidents.get(id) as MindResident;
    const last = this.lastSeq.get(id) ?? 0;
    const memories = r.memory
      .all()
      .filter((m) => m.seq <= last)
      .map((m) => ({ ...m }));
    return {
      profile: r.profile,
      mind: copyPlain(this.minds.get(id)),
      memory: this.kit.memoryStream(id, memories, this.vectors),
    };
  }

  /** The mind a resident had at the snapshot (what a change that did not read it commits for it). */
  mindAtSnapshot(id: AgentId): unknown {
    return this.minds.get(id);
  }

  /**
   * The tick's result (`tick`) rebased on the current commit (rebase.ts) with the residents to commit: the tick's
   * streams for the residents it keeps, the interleaved forks for the others, and a dropped resident still on the
   * tick's stream (a partner of a dropped conversation) back as it was at the snapshot. Null: it cannot be rebased.
   */
  rebaseOnto(
    tick: TownWorld,
    cur: TownWorld,
    posts: NewPost[],
  ): { draft: TownWorld; posts: NewPost[]; dropped: Set<AgentId> } | null {
    const rebased = rebaseTick(this.base, tick.state, cur.state, posts, this.forked);
    if (!rebased) return null;
    const residents = new Map(cur.residents);
    for (const id of rebased.dropped) if (this.isTickStream(id, residents.get(id))) residents.set(id, this.fork(id));
    return { draft: { state: rebased.state, residents }, posts: rebased.posts, dropped: rebased.dropped };
  }

  /** The residents of a change made during the flight: a resident is forked the first time the change reads it. */
  residentsForChange(committed: ReadonlyMap<AgentId, MindResident>): ForkOnRead {
    return new ForkOnRead(committed, this);
  }
}

/** A residents map that forks a resident still shared with the tick in flight the first time it is read. */
export class ForkOnRead extends Map<AgentId, MindResident> {
  /** Residents this change read (and so may have changed): the only ones its commit journals. */
  readonly read = new Set<AgentId>();

  constructor(
    committed: ReadonlyMap<AgentId, MindResident>,
    private readonly flight: TickFlight,
  ) {
    super(committed);
  }

  override get(id: AgentId): MindResident | undefined {
    const r = super.get(id);
    if (r === undefined) return r;
    this.read.add(id);
    if (!this.flight.isTickStream(id, r)) return r;
    const f = this.flight.fork(id);
    this.flight.forked.add(id);
    this.set(id, f);
    return f;
  }

  /** The entry as it is, without forking it. */
  peek(id: AgentId): MindResident | undefined {
    return super.get(id);
  }

  /** A plain map of what it holds now (the committed world must not fork when read models read it). */
  plain(): Map<AgentId, MindResident> {
    return new Map(this.entries());
  }
}
