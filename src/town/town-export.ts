// One file with a whole town: its state (clock, residents, places, plans in progress), every memory (with its
// embedding) and the people's personas. JSON (one document) or NDJSON (a header line, then one line per memory
// and per persona, so a large town streams). Import validates the file against the schemas below and the stored
// state schema (state-schema.ts) before anything is written, and creates the town in one transaction.
import { z } from 'zod';
import type { Memory } from '../agent/types.ts';
import { UserError } from '../errors.ts';
import { issuePath, parseTownState } from './state-schema.ts';
import type { TownStore } from './store.ts';
import type { Persona, TownState } from './types.ts';

export const EXPORT_FORMAT = 'smalltown-town';
export const EXPORT_VERSION = 1;

const memorySchema = z.object({
  id: z.string().min(1),
  agentId: z.string().min(1),
  seq: z.number().int().min(0),
  kind: z.string().min(1),
  description: z.string(),
  createdAt: z.number(),
  lastAccessAt: z.number(),
  importance: z.number(),
  embedding: z.array(z.number()).nullable(),
  embedderId: z.string().nullable(),
  evidence: z.array(z.string()),
  depth: z.number().int().min(0),
  plan: z
    .object({ level: z.enum(['day', 'hour', 'step']), start: z.number(), minutes: z.number(), location: z.string() })
    .optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});

const personaSchema = z.object({ userId: z.string().min(1), name: z.string().min(1), description: z.string() });

const headerSchema = z.object({
  format: z.literal(EXPORT_FORMAT, `not a smalltown town export (format "${EXPORT_FORMAT}" expected)`),
  version: z.literal(EXPORT_VERSION),
  exportedAt: z.string(),
  name: z.string(),
  state: z.unknown(),
});

const documentSchema = headerSchema.extend({
  memories: z.array(memorySchema),
  personas: z.array(personaSchema),
});

export interface TownExport {
  name: string;
  state: TownState;
  memories: Memory[];
  personas: Persona[];
}

type MemoryJson = z.infer<typeof memorySchema>;

function memoryToJson(m: Memory): MemoryJson {
  return { ...m, embedding: m.embedding ? Array.from(m.embedding) : null } as MemoryJson;
}

function memoryFromJson(m: MemoryJson): Memory {
  return { ...m, embedding: m.embedding ? Float32Array.from(m.embedding) : null } as Memory;
}

/** Reads a town, its memories and personas as one consistent snapshot. */
export async function readTownExport(store: TownStore, townId: string): Promise<TownExport> {
  const snap = await store.loadSnapshot(townId);
  if (!snap) throw new UserError('town/export_missing', `There is no town "${townId}" to export.`);
  return {
    name: snap.rec.name,
    state: snap.rec.state,
    memories: snap.memories,
    personas: await store.listPersonas(townId),
  };
}

/** The export as text: `ndjson` gives a header line and one line per memory and persona. */
export function formatTownExport(t: TownExport, as: 'json' | 'ndjson', now = new Date()): string {
  const header = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    name: t.name,
    state: t.state,
  };
  if (as === 'json')
    return `${JSON.stringify({ ...header, memories: t.memories.map(memoryToJson), personas: t.personas })}\n`;
  return `${[
    JSON.stringify(header),
    ...t.memories.map((m) => JSON.stringify({ memory: memoryToJson(m) })),
    ...t.personas.map((p) => JSON.stringify({ persona: p })),
  ].join('\n')}\n`;
}

function invalid(where: string, issue: z.core.$ZodIssue | undefined): UserError {
  const path = issuePath(issue?.path ?? []);
  return new UserError(
    'town/import_invalid',
    `The town file is not valid at ${where}${path ? ` (${path})` : ''}: ${issue?.message ?? 'invalid'}. Nothing was imported.`,
  );
}

/** Parses an export (JSON or NDJSON, told apart by its first line) and validates every part of it. */
export function parseTownExport(text: string): TownExport {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) throw new UserError('town/import_empty', 'The town file is empty. Nothing was imported.');
  const json = (line: string, where: string): unknown => {
    try {
      return JSON.parse(line);
    } catch {
      throw new UserError('town/import_invalid', `The town file is not JSON at ${where}. Nothing was imported.`);
    }
  };
  const first = json(lines[0]!, lines.length === 1 ? 'its start' : 'line 1') as Record<string, unknown>;
  let doc: z.infer<typeof documentSchema>;
  if (lines.length === 1 && typeof first === 'object' && first && 'memories' in first) {
    const r = documentSchema.safeParse(first);
    if (!r.success) throw invalid('the document', r.error.issues[0]);
    doc = r.data;
  } else {
    const h = headerSchema.safeParse(first);
    if (!h.success) throw invalid('line 1', h.error.issues[0]);
    const memories: MemoryJson[] = [];
    const personas: Persona[] = [];
    lines.slice(1).forEach((line, k) => {
      const v = json(line, `line ${k + 2}`) as { memory?: unknown; persona?: unknown };
      const r = v && 'persona' in v ? personaSchema.safeParse(v.persona) : memorySchema.safeParse(v?.memory);
      if (!r.success) throw invalid(`line ${k + 2}`, r.error.issues[0]);
      if ('persona' in v) personas.push(r.data as Persona);
      else memories.push(r.data as MemoryJson);
    });
    doc = { ...h.data, memories, personas };
  }
  let state: TownState;
  try {
    state = parseTownState('import', doc.state);
  } catch (e) {
    throw new UserError('town/import_invalid', `${(e as Error).message} Nothing was imported.`);
  }
  const ids = new Set<string>(state.residents.map((r) => r.profile.id));
  const stray = doc.memories.find((m) => !ids.has(m.agentId));
  if (stray)
    throw new UserError(
      'town/import_invalid',
      `The town file has a memory of "${stray.agentId}", who is not one of its residents. Nothing was imported.`,
    );
  return { name: doc.name, state, memories: doc.memories.map(memoryFromJson), personas: doc.personas };
}

/**
 * Creates the town `id` (scope `scope`) from an export, in one transaction, then its personas. Refuses when the
 * town already exists: the caller removes or resets it first.
 */
export async function writeTownImport(
  store: TownStore,
  t: TownExport,
  target: { id: string; scope: string },
): Promise<void> {
  if (await store.load(target.id))
    throw new UserError(
      'town/import_exists',
      `A town already exists here (${target.id}). To replace it, run /town import FILE in the console or on Discord (it asks to confirm; /town export keeps a copy first).`,
    );
  await store.create({ id: target.id, scope: target.scope, name: t.name, state: t.state, memories: t.memories });
  for (const p of t.personas) await store.setPersona(target.id, p);
}
