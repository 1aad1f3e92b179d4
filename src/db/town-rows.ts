// Rows of the town store's tables and their core objects: a memory row <-> Memory (vector as Float32 LE bytes, JSON
// columns parsed with zod and named when they do not parse) and an outbox row <-> Post. Used by town-store.ts.
import { z } from 'zod';
import type { AgentId, Memory, MemoryId, MemoryKind, PlanLevel } from '../agent/types.ts';
import { PLAIN_ISSUES_AFTER_PATH } from '../core/validation-text.ts';
import { bytesToVector, vectorToBytes } from '../llm/vector.ts';
import { issuePath, StoredStateError } from '../town/state-schema.ts';
import type { NewPost, Post, PostKind } from '../town/types.ts';

/** Memory ids are unique per town in the core; the table's key is global, so rows carry the town as a prefix. */
export const rowId = (townId: string, id: string) => `${townId}/${id}`;
export const coreId = (townId: string, id: string) => (id.startsWith(`${townId}/`) ? id.slice(townId.length + 1) : id);

export type MemoryRow = {
  id: string;
  agentId: string;
  kind: string;
  description: string;
  createdAt: bigint;
  lastAccessAt: bigint;
  importance: number;
  embedding: Uint8Array | null;
  embedderId: string | null;
  evidence: string;
  depth: number;
  planLevel: string | null;
  planStart: bigint | null;
  planMinutes: number | null;
  planLocation: string | null;
  meta: string;
  seq: number;
};

export function toRow(townId: string, m: Memory) {
  return {
    id: rowId(townId, m.id),
    townId,
    agentId: m.agentId,
    kind: m.kind,
    description: m.description,
    createdAt: BigInt(Math.round(m.createdAt)),
    lastAccessAt: BigInt(Math.round(m.lastAccessAt)),
    importance: Math.round(m.importance),
    embedding: m.embedding ? vectorToBytes(m.embedding) : null,
    embedderId: m.embedderId,
    evidence: JSON.stringify(m.evidence),
    depth: m.depth,
    planLevel: m.plan?.level ?? null,
    planStart: m.plan ? BigInt(Math.round(m.plan.start)) : null,
    planMinutes: m.plan?.minutes ?? null,
    planLocation: m.plan?.location ?? null,
    meta: JSON.stringify(m.meta ?? {}),
    seq: m.seq,
  };
}

const evidenceSchema = z.array(z.string());
const metaSchema = z.record(z.string(), z.unknown());

/** A JSON column of a memory row, parsed and checked; names the town, memory and column when it does not parse. */
function jsonColumn<T>(townId: string, r: MemoryRow, field: 'meta' | 'evidence', schema: z.ZodType<T>, fallback: T): T {
  const raw = r[field];
  if (raw === null || raw === undefined || raw === '') return fallback;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new StoredStateError(townId, `memory ${coreId(townId, r.id)}`, field, 'not JSON');
  }
  const p = schema.safeParse(value, PLAIN_ISSUES_AFTER_PATH);
  if (!p.success) {
    const issue = p.error.issues[0];
    const at = issuePath(issue?.path ?? []);
    throw new StoredStateError(
      townId,
      `memory ${coreId(townId, r.id)}`,
      at ? `${field}.${at}` : field,
      issue?.message ?? 'invalid',
    );
  }
  return p.data;
}

export function fromRow(townId: string, r: MemoryRow): Memory {
  const meta = jsonColumn(townId, r, 'meta', metaSchema, {});
  return {
    id: coreId(townId, r.id) as MemoryId,
    agentId: r.agentId as AgentId,
    seq: r.seq,
    kind: r.kind as MemoryKind,
    description: r.description,
    createdAt: Number(r.createdAt),
    lastAccessAt: Number(r.lastAccessAt),
    importance: r.importance,
    embedding: r.embedding ? bytesToVector(r.embedding) : null,
    embedderId: r.embedderId,
    evidence: jsonColumn(townId, r, 'evidence', evidenceSchema, []) as MemoryId[],
    depth: r.depth,
    ...(r.planLevel !== null && r.planStart !== null
      ? {
          plan: {
            level: r.planLevel as PlanLevel,
            start: Number(r.planStart),
            minutes: r.planMinutes ?? 0,
            location: r.planLocation ?? '',
          },
        }
      : {}),
    ...(Object.keys(meta).length > 0 ? { meta } : {}),
  };
}

export function postRow(townId: string, p: NewPost) {
  return {
    id: `${townId}:${p.seq}`,
    townId,
    seq: p.seq,
    location: p.location,
    speakerId: p.speakerId,
    speakerName: p.speakerName,
    emoji: p.emoji,
    kind: p.kind,
    text: p.text,
    simTime: BigInt(Math.round(p.simTime)),
    conversationId: p.conversationId ?? null,
  };
}

export type PostRow = {
  id: string;
  seq: number;
  location: string;
  speakerId: string | null;
  speakerName: string | null;
  emoji: string | null;
  kind: string;
  text: string;
  simTime: bigint;
  conversationId?: string | null;
  deliveredAt: Date | null;
  deliveryRef: string | null;
  attempts: number;
};

export function fromPostRow(r: PostRow): Post {
  return {
    id: r.id,
    seq: r.seq,
    location: r.location,
    speakerId: r.speakerId,
    speakerName: r.speakerName,
    emoji: r.emoji,
    kind: r.kind as PostKind,
    text: r.text,
    simTime: Number(r.simTime),
    ...(r.conversationId ? { conversationId: r.conversationId } : {}),
    deliveredAt: r.deliveredAt ? r.deliveredAt.getTime() : null,
    deliveryRef: r.deliveryRef,
    attempts: r.attempts,
  };
}
