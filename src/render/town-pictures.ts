// The town's two pictures built from a running town: one place that turns a TownService into the map's and the
// relationship graph's input, shared by Discord (/town map, /town relationships), the console (/map,
// /relationships) and the CLI (`npm run town -- render`).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../errors.ts';
import type { TownService } from '../town/service.ts';
import { findResident } from '../town/world.ts';
import { type MapInput, renderMapPng } from './map.ts';
import { type GraphNode, type RelationshipInput, renderRelationshipPng } from './relationships.ts';
import { type TieMemory, tieStrengths } from './ties.ts';

export type TownPicture = 'map' | 'relationships';

export interface PictureOptions {
  /** Ego view of the relationship graph around this resident or persona (name, first name or id). */
  resident?: string;
  /** Users' personas to include as people (residents remember them; they keep no memories of their own). */
  personas?: { name: string }[];
}

export function townMapInput(t: TownService): MapInput {
  const m = t.map();
  const st = t.status();
  const name = (id: string) => m.locations.find((l) => l.id === id)?.name ?? id;
  return {
    title: st.name,
    subtitle: `${m.time}${st.paused ? ' · paused' : ''}`,
    locations: m.locations.map((l) => ({
      id: l.id,
      name: l.name,
      emoji: l.emoji,
      open: l.open,
      ...(l.position ? { position: l.position } : {}),
      residents: l.residents.map((r) => ({ name: r.name, emoji: r.emoji, doing: r.doing })),
    })),
    travelling: m.travelling.map((r) => ({ name: r.name, emoji: r.emoji, from: name(r.from), to: name(r.to) })),
  };
}

export function townRelationshipInput(t: TownService, opts: PictureOptions = {}): RelationshipInput {
  const st = t.status();
  const state = t.snapshot();
  const residentNames = new Set(state.residents.map((r) => r.profile.name.toLowerCase()));
  const personas = (opts.personas ?? []).filter(
    (p, i, all) =>
      p.name.trim() &&
      !residentNames.has(p.name.toLowerCase()) &&
      all.findIndex((q) => q.name.toLowerCase() === p.name.toLowerCase()) === i,
  );
  const people = [
    ...state.residents.map((r) => ({ id: r.profile.id, name: r.profile.name, firstName: r.profile.firstName })),
    ...personas.map((p) => ({ id: `persona:${p.name.toLowerCase()}`, name: p.name })),
  ];
  const memories = new Map<string, TieMemory[]>();
  for (const r of state.residents)
    memories.set(
      r.profile.id,
      t
        .liveResident(r.profile.id)
        .memory.all()
        .map((mem) => ({ kind: mem.kind, description: mem.description })),
    );
  const nodes: GraphNode[] = [
    ...state.residents.map((r) => ({ id: r.profile.id, name: r.profile.name, emoji: r.emoji })),
    ...personas.map((p) => ({ id: `persona:${p.name.toLowerCase()}`, name: p.name, persona: true })),
  ];
  const acquainted = state.acquaintances.map((key) => {
    const [a = '', b = ''] = key.split('|');
    return { a, b };
  });
  let ego: string | undefined;
  if (opts.resident !== undefined) {
    const q = opts.resident.trim();
    const persona = personas.find((p) => p.name.toLowerCase() === q.toLowerCase());
    const r = persona ? undefined : findResident(state, q);
    if (!persona && !r) throw new UserError('render/resident', `No resident or persona called "${q}" in ${st.name}.`);
    ego = persona ? `persona:${persona.name.toLowerCase()}` : r!.profile.id;
  }
  const egoName = ego ? nodes.find((n) => n.id === ego)?.name : undefined;
  return {
    title: egoName ? `${egoName}'s ties in ${st.name}` : `Who is close to whom in ${st.name}`,
    subtitle: st.time,
    nodes,
    edges: tieStrengths(people, memories).map((e) => ({ from: e.from, to: e.to, weight: e.strength })),
    acquainted,
    ...(ego ? { ego } : {}),
  };
}

export function renderTownPicture(t: TownService, kind: TownPicture, opts: PictureOptions = {}): Promise<Buffer> {
  return kind === 'map' ? renderMapPng(townMapInput(t)) : renderRelationshipPng(townRelationshipInput(t, opts));
}

/** Renders into `dir` (created if missing) as `<town-id>-<kind>.png` and returns the file's path. */
export async function writeTownPicture(
  t: TownService,
  kind: TownPicture,
  dir: string,
  opts: PictureOptions = {},
): Promise<string> {
  const png = await renderTownPicture(t, kind, opts);
  mkdirSync(dir, { recursive: true });
  const file = pictureFileName(dir, t, kind, opts.resident, existsSync);
  writeFileSync(file, png);
  return file;
}

/**
 * A name of its own for each picture, so none overwrites an earlier one: the town, the kind (and the resident of an
 * ego view), the simulated date and time, and -2, -3, ... when that picture was already drawn at this time.
 * `willowbrook-map-2024-04-12-0710.png`, `willowbrook-relationships-ann-lee-2024-04-12-0710.png`.
 */
export function pictureFileName(
  dir: string,
  t: Pick<TownService, 'id' | 'status'>,
  kind: TownPicture,
  resident: string | undefined,
  exists: (path: string) => boolean,
): string {
  const slug = (x: string) =>
    x
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'town';
  const d = new Date(t.status().simTime);
  const pad = (n: number) => String(n).padStart(2, '0');
  const when = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}-${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;
  const base = [slug(t.status().name), kind, ...(resident ? [slug(resident)] : []), when].join('-');
  let file = join(dir, `${base}.png`);
  for (let n = 2; exists(file); n++) file = join(dir, `${base}-${n}.png`);
  return file;
}
