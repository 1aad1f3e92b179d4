// Retention for a town that runs for a year, keeping the mind intact. Once per simulated day:
//  - routine observations older than `observationDays` are compacted into one summary per resident and day (an
//    observation memory marked `meta.compacted`, embedded as the mean of what it replaces, as important as the most
//    important of them). Never compacted: anything a reflection or other memory cites as evidence, observations of
//    importance >= `keepImportance`, and every other kind (reflections, dialogue, interviews, games, seeds);
//  - hour and step plans older than `planDays` are dropped (that day's day plan stays: it says what the day was).
//    They decompose one day's plan for acting on it (sec. 4.3); prompts recall plans of today only, reflection
//    reads day plans only, so a past day's steps are never read again (and were half of all stored memories);
//  - the blocks of a day plan older than `observationDays` (one memory each, about ten a day: two thirds of a
//    year-old resident's memories) become one day-plan memory for that day, which says the whole day in order;
//  - delivered outbox posts older than `outboxDays` (wall time) are deleted in the same commit.
// Memories stay bounded per resident: the window, one summary per day, and what matters.
import type { AgentId, Memory, MemoryId } from '../agent/types.ts';
import { formatSimDate } from '../core/time.ts';
import type { MindResident } from './mind.ts';

export interface RetentionPolicy {
  /** Observations younger than this (simulated days) are kept as they are. */
  observationDays: number;
  /** Observations at least this important (1-10) are never compacted. */
  keepImportance: number;
  /** Hour and step plans are kept this many simulated days. */
  planDays: number;
  /** Delivered outbox posts are deleted this many wall days after delivery. */
  outboxDays: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = {
  observationDays: 14,
  keepImportance: 5,
  planDays: 2,
  outboxDays: 7,
};

const DAY = 24 * 60 * 60_000;
const EXAMPLES = 3;

/** What compaction did for one resident: memories deleted and summaries added (to commit). */
export interface Compaction {
  removed: MemoryId[];
  added: Memory[];
}

function meanUnit(vs: Float32Array[]): Float32Array | null {
  const first = vs[0];
  if (!first) return null;
  const out = new Float32Array(first.length);
  for (const v of vs)
    if (v.length === out.length) for (let i = 0; i < v.length; i++) out[i] = (out[i] as number) + (v[i] as number);
  let n = 0;
  for (let i = 0; i < out.length; i++) n += (out[i] as number) ** 2;
  n = Math.sqrt(n);
  if (n === 0) return null;
  for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) / n;
  return out;
}

/**
 * Compacts one resident's routine observations older than the window (see the file comment), in its stream (old
 * vectors are fetched from the store to average them). Returns null when there is nothing to compact; else the
 * caller commits `removed` and `added` (a failed commit reloads the town, stream included).
 */
export async function compactResident(
  live: MindResident,
  now: number,
  policy: RetentionPolicy = DEFAULT_RETENTION,
): Promise<Compaction | null> {
  const all = live.memory.all();
  const cutoff = now - policy.observationDays * DAY;
  const cited = new Set<MemoryId>();
  for (const m of all) for (const id of m.evidence) cited.add(id);
  const byDay = new Map<number, Memory[]>();
  const removed = new Set<MemoryId>();
  const planCutoff = now - policy.planDays * DAY;
  for (const m of all)
    if (m.kind === 'plan' && m.plan && m.plan.level !== 'day' && m.createdAt < planCutoff && !cited.has(m.id))
      removed.add(m.id);
  for (const m of all) {
    if (m.kind !== 'observation' || m.createdAt >= cutoff || m.importance >= policy.keepImportance) continue;
    if (cited.has(m.id) || m.meta?.compacted) continue;
    const day = Math.floor(m.createdAt / DAY);
    const list = byDay.get(day) ?? [];
    list.push(m);
    byDay.set(day, list);
  }
  const added: Memory[] = [];
  const sample = all[0] as Memory;
  const idBase = sample.id.slice(0, sample.id.lastIndexOf('/') + 1);
  let seq = 0;
  for (const m of all) if (m.seq > seq) seq = m.seq;
  const groups = [...byDay].sort((a, b) => a[0] - b[0]).filter(([, group]) => group.length >= 2);
  const dayPlans = dayPlanGroups(all, cutoff, cited);
  if (groups.length === 0 && dayPlans.length === 0 && removed.size === 0) return null;
  const vectors = await live.memory.vectorsOf(
    [...groups.map(([, g]) => g), ...dayPlans].flatMap((group) => group.map((m) => m.id)),
  );
  /** Replaces a group by one memory standing for it (standIn), numbered after the stream's last. */
  const replace = (group: Memory[], fields: StandInFields) => {
    for (const m of group) removed.add(m.id);
    seq += 1;
    const id = `${idBase}${seq}` as MemoryId;
    added.push(standIn(group, vectors, { id, seq, agentId: live.profile.id as AgentId, ...fields }));
  };
  for (const [day, group] of groups) {
    // One summary per day: a day's single observation is kept as it is.
    const distinct = [...new Set(group.map((m) => m.description))];
    const examples = distinct.slice(0, EXAMPLES).map((d) => `"${d.slice(0, 120)}"`);
    const at = formatSimDate(Math.max(...group.map((m) => m.createdAt)));
    replace(group, {
      kind: 'observation',
      description: `On ${at}, ${group.length} everyday observations (${distinct.length} different), such as ${examples.join(', ')}${distinct.length > EXAMPLES ? ', ...' : ''}`,
      meta: { compacted: { day: at, count: group.length, from: day } },
    });
  }
  for (const blocks of dayPlans) replace(blocks, dayPlanFields(blocks, live.profile.firstName));
  if (removed.size === 0) return null;
  live.memory.compact(removed, added);
  return { removed: [...removed], added };
}

/** Old day-plan blocks by the day they planned (two or more, none cited or already a day's summary), oldest first. */
function dayPlanGroups(all: readonly Memory[], cutoff: number, cited: ReadonlySet<MemoryId>): Memory[][] {
  const byDay = new Map<number, Memory[]>();
  for (const m of all) {
    if (m.kind !== 'plan' || m.plan?.level !== 'day' || m.createdAt >= cutoff) continue;
    if (cited.has(m.id) || m.meta?.compacted) continue;
    const day = Math.floor(m.plan.start / DAY);
    const list = byDay.get(day) ?? [];
    list.push(m);
    byDay.set(day, list);
  }
  return [...byDay]
    .sort((a, b) => a[0] - b[0])
    .map(([, blocks]) =>
      blocks.sort((a, b) => (a.plan as { start: number }).start - (b.plan as { start: number }).start),
    )
    .filter((blocks) => blocks.length >= 2);
}

type StandInFields = Pick<Memory, 'kind' | 'description' | 'meta' | 'plan'>;

/**
 * A memory standing for the group it replaces: the group's latest creation and access times, its highest
 * importance, and the mean of its vectors (those in the first one's vector space), unit length.
 */
function standIn(
  group: Memory[],
  vectors: ReadonlyMap<MemoryId, Float32Array>,
  f: StandInFields & Pick<Memory, 'id' | 'seq' | 'agentId'>,
): Memory {
  const embedded = group.filter((m) => vectors.has(m.id) && m.embedderId === group[0]?.embedderId);
  const embedding = meanUnit(embedded.map((m) => vectors.get(m.id) as Float32Array));
  return {
    id: f.id,
    agentId: f.agentId,
    seq: f.seq,
    kind: f.kind,
    description: f.description,
    createdAt: Math.max(...group.map((m) => m.createdAt)),
    lastAccessAt: Math.max(...group.map((m) => m.lastAccessAt)),
    importance: Math.max(...group.map((m) => m.importance)),
    embedding,
    embedderId: embedding ? (embedded[0]?.embedderId ?? null) : null,
    evidence: [],
    depth: 0,
    ...(f.plan ? { plan: f.plan } : {}),
    ...(f.meta ? { meta: f.meta } : {}),
  };
}

/**
 * One day plan in one memory: "Rosa's plan for Monday, April 15, 2024: sleep at Harbor Lofts from 12:00 am to
 * 6:00 am; run The Copper Kettle from 7:00 am to 12:30 pm; ...". Its blocks' words, in order (a block reads "<first
 * name> plans to ..."), spanning the day from the first block's start to the latest end.
 */
function dayPlanFields(blocks: Memory[], firstName: string): StandInFields {
  const first = blocks[0] as Memory & { plan: NonNullable<Memory['plan']> };
  const lead = `${firstName} plans to `;
  const parts = blocks.map((m) => (m.description.startsWith(lead) ? m.description.slice(lead.length) : m.description));
  const end = Math.max(...blocks.map((m) => (m.plan?.start ?? 0) + (m.plan?.minutes ?? 0) * 60_000));
  const day = formatSimDate(first.plan.start);
  return {
    kind: 'plan',
    description: `${firstName}'s plan for ${day}: ${parts.join('; ')}`,
    plan: {
      level: 'day',
      start: first.plan.start,
      minutes: Math.max(1, Math.round((end - first.plan.start) / 60_000)),
      location: first.plan.location,
    },
    meta: { compacted: { day, count: blocks.length, from: Math.floor(first.plan.start / DAY) } },
  };
}
