// One file with a whole town: its state (clock, residents, places, plans in progress), every memory (with its
// embedding) and the people's personas. JSON (one document) or NDJSON (a header line, then one line per memory
// and per persona, so a large town streams). Import validates the file against the schemas below and the stored
// state schema (state-schema.ts) before anything is written, and creates the town in one transaction.
import { z } from 'zod';
import type { Memory } from '../agent/types.ts';
import { plainName } from '../core/user-text.ts';
import { PLAIN_ISSUES_AFTER_PATH } from '../core/validation-text.ts';
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

// A persona's name as people will see it, whatever an edited export carries (src/core/user-text.ts).
const personaSchema = z.object({
  userId: z.string().min(1),
  name: z.string().overwrite(plainName).trim().min(1),
  description: z.string(),
});

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
  const bytes = Buffer.byteLength(text, 'utf8');
  const json = (line: string, where: string, last: boolean): unknown => {
    try {
      return JSON.parse(line);
    } catch (e) {
      // The parser failed at the very end of the file's last line: the file was cut off (an interrupted copy or
      // export), not written wrong.
      const message = (e as Error).message;
      const at = /at position (\d+)/.exec(message)?.[1];
      const unfinished =
        /end of JSON input/i.test(message) || (at !== undefined && Number(at) >= line.trimEnd().length);
      if (last && unfinished)
        throw new UserError(
          'town/import_truncated',
          `The town file is cut off at byte ${bytes}${where === 'its start' ? '' : ` (in ${where})`}: it ends in the middle of its JSON, so the export or the copy did not finish. Export it again. Nothing was imported.`,
        );
      throw new UserError(
        'town/import_invalid',
        `The town file is not JSON at ${where}: ${(e as Error).message.split('\n')[0]}. Nothing was imported.`,
      );
    }
  };
  const first = json(lines[0]!, lines.length === 1 ? 'its start' : 'line 1', lines.length === 1) as Record<
    string,
    unknown
  >;
  // A newer format is named as such, not as a schema mismatch ("expected 1").
  const version = first && typeof first === 'object' ? first.version : undefined;
  if (first?.format === EXPORT_FORMAT && typeof version === 'number' && version > EXPORT_VERSION)
    throw new UserError(
      'town/import_newer',
      `The town file was written by a newer version of smalltown (export format version ${version}; this one reads version ${EXPORT_VERSION}). Update smalltown, then import it. Nothing was imported.`,
    );
  let doc: z.infer<typeof documentSchema>;
  if (lines.length === 1 && typeof first === 'object' && first && 'memories' in first) {
    const r = documentSchema.safeParse(first, PLAIN_ISSUES_AFTER_PATH);
    if (!r.success) throw invalid('the document', r.error.issues[0]);
    doc = r.data;
  } else {
    const h = headerSchema.safeParse(first, PLAIN_ISSUES_AFTER_PATH);
    if (!h.success) throw invalid('line 1', h.error.issues[0]);
    const memories: MemoryJson[] = [];
    const personas: Persona[] = [];
    lines.slice(1).forEach((line, k) => {
      const v = json(line, `line ${k + 2}`, k + 2 === lines.length) as { memory?: unknown; persona?: unknown };
      const r =
        v && 'persona' in v
          ? personaSchema.safeParse(v.persona, PLAIN_ISSUES_AFTER_PATH)
          : memorySchema.safeParse(v?.memory, PLAIN_ISSUES_AFTER_PATH);
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
