// A run you can keep: one NDJSON file per simulation or evaluation run with everything needed to read it back
// without a model: the settings in force, every resident's memory stream (kind, importance, evidence, plan
// fields, timestamps), every post with its date and time, and the cost. `npm run town -- replay FILE` prints a day
// or one resident's life from it.
import { z } from 'zod';
import type { Memory } from '../agent/types.ts';
import { PLAIN_ISSUES_AFTER_PATH } from '../core/validation-text.ts';
import type { Post } from '../town/types.ts';

export const RUN_EXPORT_VERSION = 1;

const iso = (ms: number) => new Date(ms).toISOString();

export const runLine = z.object({
  type: z.literal('run'),
  version: z.number(),
  town: z.string(),
  seed: z.union([z.string(), z.number()]),
  hours: z.number(),
  model: z.string(),
  simStart: z.string(),
  simEnd: z.string(),
  /** Town settings, agent settings (with any ablation) and the run's options. */
  settings: z.record(z.string(), z.unknown()),
  cost: z.record(z.string(), z.unknown()),
});
export const residentLine = z.object({ type: z.literal('resident'), id: z.string(), name: z.string() });
export const memoryLine = z.object({
  type: z.literal('memory'),
  resident: z.string(),
  id: z.string(),
  seq: z.number(),
  kind: z.string(),
  description: z.string(),
  createdAt: z.string(),
  importance: z.number(),
  evidence: z.array(z.string()),
  depth: z.number(),
  plan: z.object({ level: z.string(), start: z.string(), minutes: z.number(), location: z.string() }).optional(),
});
export const postLine = z.object({
  type: z.literal('post'),
  at: z.string(),
  location: z.string(),
  speaker: z.string().nullable(),
  kind: z.string(),
  text: z.string(),
});
/**
 * One conversation (a pair or a group, issue 28): who took part (residents; people who spoke into it), where, from
 * when to when, and its lines in order. Read from the participants' memories (each conversation's summary records
 * its place, participants and times; each line is its speaker's own dialogue memory), so an export needs no log.
 */
export const conversationLine = z.object({
  type: z.literal('conversation'),
  id: z.string(),
  participants: z.array(z.string()),
  people: z.array(z.string()).optional(),
  place: z.string(),
  start: z.string(),
  end: z.string(),
  lines: z.array(z.object({ speaker: z.string(), text: z.string() })),
});
export const exportLine = z.discriminatedUnion('type', [runLine, residentLine, memoryLine, postLine, conversationLine]);
export type ExportLine = z.infer<typeof exportLine>;

export interface RunData {
  run: Omit<z.infer<typeof runLine>, 'type' | 'version'>;
  residents: { id: string; name: string; memories: readonly Memory[] }[];
  posts: readonly Post[];
}

/** The run as NDJSON lines: the run header, residents, memories in stream order, posts in time order. */
export function runExportLines(d: RunData): string[] {
  const lines: ExportLine[] = [{ type: 'run', version: RUN_EXPORT_VERSION, ...d.run }];
  for (const r of d.residents) lines.push({ type: 'resident', id: r.id, name: r.name });
  for (const r of d.residents)
    for (const m of [...r.memories].sort((a, b) => a.seq - b.seq))
      lines.push({
        type: 'memory',
        resident: r.id,
        id: m.id,
        seq: m.seq,
        kind: m.kind,
        description: m.description,
        createdAt: iso(m.createdAt),
        importance: m.importance,
        evidence: [...m.evidence],
        depth: m.depth,
        ...(m.plan
          ? {
              plan: {
                level: m.plan.level,
                start: iso(m.plan.start),
                minutes: m.plan.minutes,
                location: m.plan.location,
              },
            }
          : {}),
      });
  lines.push(...conversationRecords(d.residents));
  for (const p of [...d.posts].sort((a, b) => a.simTime - b.simTime || a.seq - b.seq))
    lines.push({
      type: 'post',
      at: iso(p.simTime),
      location: p.location,
      speaker: p.speakerName,
      kind: p.kind,
      text: p.text,
    });
  return lines.map((l) => JSON.stringify(l));
}

/** Every conversation the memory streams record, in time order (see `conversationLine`). */
export function conversationRecords(residents: RunData['residents']): z.infer<typeof conversationLine>[] {
  const byId = new Map<
    string,
    {
      participants: Set<string>;
      people: Set<string>;
      place: string;
      start: number;
      end: number;
      lines: Map<string, { at: number; seq: number; speaker: string; text: string }>;
    }
  >();
  const get = (id: string) => {
    let c = byId.get(id);
    if (!c) {
      c = { participants: new Set(), people: new Set(), place: '', start: Infinity, end: -Infinity, lines: new Map() };
      byId.set(id, c);
    }
    return c;
  };
  for (const r of residents)
    for (const m of r.memories) {
      const id = typeof m.meta?.conversation === 'string' ? m.meta.conversation : null;
      if (!id) continue;
      const c = get(id);
      if (m.kind === 'conversation_summary') {
        for (const n of Array.isArray(m.meta?.participants) ? m.meta.participants : [])
          if (typeof n === 'string') c.participants.add(n);
        if (typeof m.meta?.place === 'string') c.place = m.meta.place;
        if (typeof m.meta?.start === 'number') c.start = Math.min(c.start, m.meta.start);
        if (typeof m.meta?.end === 'number') c.end = Math.max(c.end, m.meta.end);
      }
      if (m.kind !== 'dialogue') continue;
      const speaker = typeof m.meta?.speakerName === 'string' ? m.meta.speakerName : null;
      const text = typeof m.meta?.line === 'string' ? m.meta.line : null;
      if (!speaker || !text) continue;
      if (m.meta?.persona) c.people.add(speaker);
      // each line is in every participant's stream: kept once
      const key = `${m.createdAt}|${speaker}|${text}`;
      if (!c.lines.has(key)) c.lines.set(key, { at: m.createdAt, seq: m.seq, speaker, text });
    }
  return [...byId.entries()]
    .filter(([, c]) => c.lines.size > 0 && c.place !== '')
    .sort((a, b) => a[1].start - b[1].start)
    .map(([id, c]) => ({
      type: 'conversation' as const,
      id,
      participants: [...c.participants],
      ...(c.people.size > 0 ? { people: [...c.people] } : {}),
      place: c.place,
      start: iso(c.start),
      end: iso(Math.max(c.end, c.start)),
      lines: [...c.lines.values()]
        .sort((a, b) => a.at - b.at || a.seq - b.seq)
        .map((l) => ({ speaker: l.speaker, text: l.text })),
    }));
}

export class RunExportError extends Error {}

/** Parses an export; a line that does not parse names its line number and is never half-used. */
export function parseRunExport(text: string): ExportLine[] {
  const out: ExportLine[] = [];
  text.split('\n').forEach((raw, i) => {
    if (!raw.trim()) return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new RunExportError(`line ${i + 1}: not JSON`);
    }
    const r = exportLine.safeParse(json, PLAIN_ISSUES_AFTER_PATH);
    if (!r.success) throw new RunExportError(`line ${i + 1}: ${r.error.issues[0]?.message ?? 'not an export line'}`);
    out.push(r.data);
  });
  if (!out.some((l) => l.type === 'run')) throw new RunExportError('not a run export: no "run" line');
  return out;
}

/** "Fri Apr 12 09:40" from an ISO time. */
function stamp(isoTime: string): string {
  const d = new Date(isoTime);
  const day = d.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `${day} ${isoTime.slice(11, 16)}`;
}

/** The simulated days an export covers (YYYY-MM-DD, in order). */
export function exportDays(lines: readonly ExportLine[]): string[] {
  const days = new Set<string>();
  for (const l of lines) if (l.type === 'post') days.add(l.at.slice(0, 10));
  return [...days].sort();
}

/** One day of the town across every location, in time order with dates (`day` is 1-based or YYYY-MM-DD). */
export function replayDay(lines: readonly ExportLine[], day: number | string): string[] {
  const days = exportDays(lines);
  const date = typeof day === 'number' ? days[day - 1] : day;
  if (!date || !days.includes(date))
    throw new RunExportError(`no day ${day} in this run (it has ${days.length}: ${days.join(', ')})`);
  return lines
    .filter((l): l is z.infer<typeof postLine> => l.type === 'post' && l.at.startsWith(date))
    .map((p) => `[${stamp(p.at)}] #${p.location} ${p.speaker ? `${p.speaker}: ` : ''}${p.text}`);
}

/** One resident's life: its memory stream in time order (kind and importance), reflections with their evidence. */
export function replayResident(lines: readonly ExportLine[], name: string): string[] {
  const who = lines.find(
    (l): l is z.infer<typeof residentLine> =>
      l.type === 'resident' && (l.name.toLowerCase() === name.toLowerCase() || l.id === name),
  );
  if (!who) {
    const names = lines.filter((l) => l.type === 'resident').map((l) => (l as { name: string }).name);
    throw new RunExportError(`no resident called "${name}" in this run (${names.join(', ')})`);
  }
  const mems = lines.filter((l): l is z.infer<typeof memoryLine> => l.type === 'memory' && l.resident === who.id);
  const bySeq = new Map(mems.map((m) => [m.id, m.seq]));
  return [
    `${who.name}: ${mems.length} memories`,
    ...mems.map((m) => {
      const cites = m.evidence.length ? ` (because of #${m.evidence.map((e) => bySeq.get(e) ?? '?').join(', #')})` : '';
      const plan = m.plan ? ` [${m.plan.level} ${stamp(m.plan.start)}, ${m.plan.minutes} min, ${m.plan.location}]` : '';
      return `#${m.seq} [${stamp(m.createdAt)}] ${m.kind} (${m.importance}) ${m.description}${plan}${cites}`;
    }),
  ];
}
