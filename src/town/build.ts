// Turns a validated town file into the initial TownState (no memories yet: seeding is the agent's job).
import type { AgentId, AgentProfile } from '../agent/types.ts';
import { familiesOf } from './family.ts';
import { slugify, type TownFile } from './file.ts';
import { seedState } from './rng.ts';
import { resolveTownSettings } from './settings.ts';
import { dayIndex, parseSimStart } from '../core/time.ts';
import type { Location, ResidentState, TownState, TownStats } from './types.ts';
import { observePlace, pairKey } from './world.ts';

export interface BuildOptions {
  /** Seed of the town's PRNG (a seed replays a run). */
  seed?: string | number;
  /** The agent module's initial mind state for a profile. */
  initialMind: (profile: AgentProfile) => unknown;
}

/** A town's counters before its first tick (also the defaults for snapshots written before a counter existed). */
export function emptyStats(): TownStats {
  return {
    ticks: 0,
    failures: 0,
    failuresByStep: {},
    conversations: 0,
    conversationsByResident: {},
    reflections: 0,
    rejectedMoves: 0,
  };
}

export function buildTownState(file: TownFile, opts: BuildOptions): TownState {
  const start = parseSimStart(file.start);
  if (start === null) throw new Error(`unparseable start ${file.start}`); // validated before; a bug if reached
  const settings = resolveTownSettings({ ...file.settings, minutesPerTick: file.minutesPerTick });
  const homes = new Set(file.residents.map((r) => r.home));
  const locations: Location[] = file.locations.map((l) => ({
    id: l.id,
    name: l.name,
    emoji: l.emoji,
    ...(l.kind ? { kind: l.kind } : {}),
    ...(l.description ? { description: l.description } : {}),
    public: l.public ?? !(homes.has(l.id) || l.kind === 'home'),
    ...(l.hours ? { hours: l.hours } : {}),
    ...(l.capacity !== undefined ? { capacity: l.capacity } : {}),
    ...(l.position ? { position: l.position } : {}),
    ...(l.perception ? { perception: l.perception } : {}),
    subAreas: l.subAreas.map((a) => ({
      name: a.name,
      ...(a.capacity !== undefined ? { capacity: a.capacity } : {}),
      objects: a.objects.map((o) => {
        const name = typeof o === 'string' ? o : o.name;
        const idle = (typeof o === 'string' ? undefined : (o.idle ?? o.status)) ?? 'idle';
        const status = (typeof o === 'string' ? undefined : o.status) ?? idle;
        return { name, status, idleStatus: idle, usedBy: null };
      }),
    })),
  }));
  const travel: Record<string, number> = {};
  for (const t of file.travel) travel[pairKey(t.from, t.to)] = t.minutes;

  const families = familiesOf(file.residents);
  const residents: ResidentState[] = file.residents.map((r) => {
    const id = (r.id ?? slugify(r.name)) as AgentId;
    const profile: AgentProfile = {
      id,
      name: r.name,
      firstName: r.firstName ?? r.name.split(/\s+/)[0] ?? r.name,
      age: r.age,
      innate: r.innate,
      learned: r.learned,
      currently: r.currently,
      lifestyle: r.dailyPlan ? `${r.lifestyle} ${r.dailyPlan}` : r.lifestyle,
      home: r.home,
      ...(r.avatarUrl ? { avatarUrl: r.avatarUrl } : {}),
      seed: r.seed,
      ...(families.has(r.name) ? { family: families.get(r.name) } : {}),
    };
    const startAt = r.startAt ?? r.home;
    const home = locations.find((l) => l.id === r.home);
    const homeArea =
      home?.subAreas.find((a) => a.name.toLowerCase() === r.homeArea?.toLowerCase())?.name ?? home?.subAreas[0]?.name;
    const resident: ResidentState = {
      profile,
      mind: opts.initialMind(profile),
      emoji: r.emoji ?? '🙂',
      ...(r.workplace ? { workplace: r.workplace } : {}),
      location: startAt,
      ...(startAt === r.home && homeArea ? { subArea: homeArea } : {}),
      ...(homeArea ? { homeArea } : {}),
      travel: null,
      action: null,
      knownPlaces: {},
      scannedSeq: 0,
      planPostedDay: -1,
      memoryCount: 0,
    };
    const known = new Set([r.home, startAt, ...(r.workplace ? [r.workplace] : []), ...r.knows]);
    for (const l of locations) if (l.public) known.add(l.id);
    for (const l of locations) if (known.has(l.id)) observePlace(resident, l, start);
    return resident;
  });

  // Residents named in each other's seed paragraphs already know each other.
  const acquaintances = new Set<string>();
  for (const a of residents)
    for (const b of residents)
      if (a !== b && a.profile.seed.toLowerCase().includes(b.profile.name.toLowerCase()))
        acquaintances.add(pairKey(a.profile.id, b.profile.id));

  const byName = (q: string) => {
    const s = q.toLowerCase();
    return residents.find((r) => r.profile.name.toLowerCase() === s || r.profile.id === s);
  };

  return {
    schema: 1,
    name: file.name,
    ...(file.description ? { description: file.description } : {}),
    settings,
    agentSettings: file.agent,
    clock: { start, now: start, tick: 0, paused: false, lastTickWall: null },
    locations,
    travel,
    residents,
    events: [],
    acquaintances: [...acquaintances].sort(),
    lastConversation: {},
    facts: file.facts.map((f) => ({
      id: f.id,
      description: f.description,
      holder: byName(f.holder)?.profile.id ?? (f.holder as AgentId),
      question: f.question,
      keywords: f.keywords,
      ...(f.event
        ? {
            event: {
              location: f.event.location,
              ...(f.event.kind ? { kind: f.event.kind } : {}),
              start: parseSimStart(f.event.start) as number,
              end: parseSimStart(f.event.end) as number,
            },
          }
        : {}),
    })),
    dayLog: { day: dayIndex(start), conversations: [], newRelations: [], notable: [], posts: 0, rejectedMoves: 0 },
    lastDigest: null,
    stats: emptyStats(),
    outboxSeq: 1,
    rng: seedState(opts.seed ?? file.name),
    seeded: false,
  };
}
