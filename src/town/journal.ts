// What a commit writes besides the state (session.ts): each resident's memory journal (memories added, access
// times touched) and, once per simulated day, retention (retention.ts: compacted observations, pruned outbox).
// A change committed while a tick decides (flight.ts) journals only the residents it read; the others are still
// the tick's streams and are committed with the tick; retention waits for the tick.
import type { AgentId, Memory, MemoryId } from '../agent/types.ts';
import { copyPlain } from '../core/plain-copy.ts';
import { ForkOnRead, type TickFlight } from './flight.ts';
import { compactResident, type RetentionPolicy } from './retention.ts';
import type { MemoryJournal } from './store.ts';
import type { TownWorld } from './tick.ts';

const DAY = 24 * 60 * 60_000;

export interface Journal {
  added: Memory[];
  touched: { agentId: AgentId; id: MemoryId; lastAccessAt: number }[];
  removed: MemoryId[];
  /** Vectors stored memories got since (their embedding was retried). */
  embedded: NonNullable<MemoryJournal['embedded']>;
  /** Delivered posts before this wall time are deleted (retention ran). */
  pruneDeliveredBefore?: number;
}

/**
 * Drains the draft's journals into one commit and updates the draft's resident counts and minds. Compaction works
 * on the streams in place, like a change's additions: a commit that fails reloads the town (session.ts).
 */
export async function journalDraft(
  draft: TownWorld,
  o: {
    flight: TickFlight | null;
    policy: RetentionPolicy | false;
    wallNow: number;
  },
): Promise<Journal> {
  const j: Journal = { added: [], touched: [], removed: [], embedded: [] };
  const today = Math.floor(draft.state.clock.now / DAY);
  const reads = draft.residents instanceof ForkOnRead ? draft.residents : null;
  const policy = o.policy;
  const retain = policy !== false && !reads && (draft.state.retentionDay ?? -1) < today;
  for (const rs of draft.state.residents) {
    const id = rs.profile.id;
    if (reads && !reads.read.has(id)) {
      // Not read by this change: its mind is the snapshot's while the tick still runs on it.
      const entry = reads.peek(id);
      rs.mind = o.flight?.isTickStream(id, entry) ? copyPlain(o.flight.mindAtSnapshot(id)) : entry?.mind;
      continue;
    }
    const live = draft.residents.get(id);
    if (!live) continue;
    const changes = live.memory.drainChanges();
    j.added.push(...changes.added);
    for (const t of changes.touched) j.touched.push({ agentId: id, ...t });
    j.embedded.push(...changes.embedded);
    rs.memoryCount += changes.added.length;
    rs.mind = live.mind;
    const c = retain && policy ? await compactResident(live, draft.state.clock.now, policy) : null;
    if (c) {
      j.removed.push(...c.removed);
      j.added.push(...c.added);
      rs.memoryCount += c.added.length - c.removed.length;
    }
  }
  if (retain && policy) {
    draft.state.retentionDay = today;
    j.pruneDeliveredBefore = o.wallNow - policy.outboxDays * DAY;
  }
  return j;
}
