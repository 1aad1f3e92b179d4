// Turns a validated town file into the initial TownState (no memories yet: seeding is the agent's job).
import type { AgentId, AgentProfile } from '../agent/types.ts';
import { kindInText, readEventText } from '../core/event-text.ts';
import { DAY_MS, dayIndex, MINUTE_MS, parseSimStart } from '../core/time.ts';
import { slugify, type TownFile } from './file.ts';
import { familiesFrom, onlyQuoted, publicFace, secretOfPhrase } from './reading/apply.ts';
import { readTownNeutral } from './reading/read.ts';
import { standingPhrases } from './reading/standing.ts';
import { townFrame, townTexts } from './reading/town-text.ts';
import { trackedFromReading } from './reading/tracked.ts';
import type { TownReading } from './reading/types.ts';
import { seedState } from './rng.ts';
import { resolveTownSettings } from './settings.ts';
import { eventFact, eventSentence } from './tracked.ts';
import type { Location, ResidentState, TownState, TownStats } from './types.ts';
import { observePlace, pairKey } from './world.ts';

export interface BuildOptions {
  /** Seed of the town's PRNG (a seed replays a run). */
  seed?: string | number;
  /** The agent module's initial mind state for a profile. */
  initialMind: (profile: AgentProfile) => unknown;
  /** The town's reading (issue 32); absent: the neutral reader reads the file now. */
  reading?: TownReading;
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

const listNames = (xs: readonly string[]) =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;

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

  // events the town tracks are facts with a place and a window; a host whose seed does not say its event knows it
  const named = (q: string) =>
    file.residents.find((r) => r.name.toLowerCase() === q.toLowerCase() || (r.id ?? slugify(r.name)) === q);
  const reading = opts.reading ?? readTownNeutral(townTexts(file), townFrame(file));
  const readOf = (name: string) => reading.residents.find((x) => x.resident.toLowerCase() === name.toLowerCase());
  // what the file declares wins; the reading's events fill in those it does not declare (by host and kind, or by
  // place and start), and its private matters are the facts a town that declares none tracks
  const fromReading = trackedFromReading(file, reading);
  const readEvents = fromReading.events;
  // the reading's events are hosted whatever the file declares; they are tracked (as the file's are) only when the
  // file declares nothing to track: an author who chose what to measure is not second-guessed
  const declaresTracked = file.facts.length + file.events.length > 0;
  const events = [...file.events];
  for (const e of readEvents)
    if (!events.some((x) => (x.id ?? slugify(x.kind)) === e.id || (x.host === e.host && x.start === e.start)))
      events.push(e);
  const trackedEvents = declaresTracked ? file.events : events;
  const hostSeeds = new Map<string, string[]>();
  const eventFacts = events
    .map((e) => {
      const host = named(e.host)?.name ?? e.host;
      const placeName = file.locations.find((l) => l.id === e.place)?.name ?? e.place;
      const t0 = parseSimStart(e.start) as number;
      const t1 = parseSimStart(e.end) as number;
      // the host knows its event in words the mind reads back as that event (its place, day and hour), else in the
      // town's own sentence: "from seven until half past nine" is the reading's, not the mind's
      const seed = named(e.host)?.seed ?? '';
      const said = Math.floor((parseSimStart(file.start) ?? 0) / DAY_MS);
      const places = file.locations.map((l) => ({ id: l.id, name: l.name }));
      const readable = seed.split(';').some((p) => {
        const ev = kindInText(e.kind, p) ? readEventText(p, { said, places, people: [host] }) : null;
        return ev !== null && ev.place === e.place && ev.day * DAY_MS + ev.start * MINUTE_MS === t0;
      });
      if (!readable) {
        const invited =
          e.invited === 'everyone'
            ? ', and everyone is welcome'
            : `, and means to invite ${listNames(e.invited.map((n) => named(n)?.name ?? n))}`;
        hostSeeds.set(host, [
          ...(hostSeeds.get(host) ?? []),
          `${eventSentence({ kind: e.kind, host, placeName, start: t0, end: t1 })}${invited}`,
        ]);
      }
      return trackedEvents.includes(e) ? eventFact(e, { host, placeName }, t0, t1) : null;
    })
    .filter((f): f is NonNullable<typeof f> => f !== null);
  const families = familiesFrom(file, reading);
  const people = file.residents.map((r) => r.name);
  const secretFacts = declaresTracked ? [] : fromReading.facts;
  /** Where and when a resident can be sought out (issue 32 item 5): at their work an hour into it, else at home. */
  const seekOf = (n: string): [string, { place: string; start: string | null }][] => {
    const o = named(n);
    if (!o) return [];
    const w = readOf(o.name)?.work;
    const place = o.workplace ?? w?.place;
    const start = w?.start
      ? `${String(Math.min(23, Number(w.start.slice(0, 2)) + 1)).padStart(2, '0')}:${w.start.slice(3)}`
      : '10:00';
    return [[o.name, place ? { place, start } : { place: o.home, start: null }]];
  };
  const residents: ResidentState[] = file.residents.map((r) => {
    const id = (r.id ?? slugify(r.name)) as AgentId;
    const read = readOf(r.name);
    // sentences that carry a secret leave the identity fields (they head every prompt and the public profile) and
    // become kept seed phrases
    const face = publicFace(r, read?.secrets ?? [], people);
    const seedPhrases = [
      ...r.seed.split(';').map((p) => p.trim()),
      ...face.kept.map((k) => k.text),
      ...(hostSeeds.get(r.name) ?? []),
    ].filter((p) => p !== '');
    // seed phrases that say where the resident stands, secret or not, read once: a phrase of them that a secret's
    // quote only runs over is no part of it, and the rest that no secret carries are background, never news
    const background = standingPhrases(seedPhrases, read, () => false, people);
    const secrets = (read?.secrets ?? []).map((s) => ({
      owner: s.owner,
      matter: s.matter,
      tellTo: s.tellTo,
      phrases: seedPhrases.filter(
        (p) => secretOfPhrase(p, [s], people) !== null && !(background.includes(p) && onlyQuoted(p, s, people)),
      ),
      // where the owner can seek out each one it means to tell: at their work (an hour into it), else at home
      seek: Object.fromEntries(s.tellTo.flatMap((n) => seekOf(n))),
    }));
    const workplace = r.workplace ?? read?.work?.place;
    const work = read?.work && read.work.place === workplace ? read.work : undefined;
    // hours said of the workplace in another sentence ("runs the stall ... every morning from 7 am to 1 pm") are the
    // work's when the work's own sentence gives none
    const atWork = read?.routine.find((x) => x.place === workplace && x.start !== null && x.end !== null);
    const hours =
      work?.start && work.end
        ? work
        : atWork
          ? { start: atWork.start, end: atWork.end, days: work?.days ?? atWork.days }
          : work;
    const hosting = events
      .filter((e) => (named(e.host)?.name ?? e.host) === r.name)
      .map((e) => {
        const invite = e.invited === 'everyone' ? ('everyone' as const) : e.invited.map((n) => named(n)?.name ?? n);
        // whom the host goes to invite, and where: those it names, else (everyone welcome) the residents its own text
        // names, up to three; found at their work before the event (an invitation is no call at home at its hour)
        const asked =
          invite === 'everyone'
            ? file.residents.map((o) => o.name).filter((n) => n !== r.name && seedPhrases.some((p) => p.includes(n)))
            : invite.filter((n) => n !== r.name);
        const seek = asked.flatMap((n) => seekOf(n)).filter(([, at]) => at.start !== null && at.place !== e.place);
        return {
          kind: e.kind,
          place: e.place,
          start: parseSimStart(e.start) as number,
          end: parseSimStart(e.end) as number,
          invite,
          ...(seek.length > 0 ? { seek: Object.fromEntries(seek.slice(0, 3)) } : {}),
        };
      });
    const profile: AgentProfile = {
      id,
      name: r.name,
      firstName: r.firstName ?? r.name.split(/\s+/)[0] ?? r.name,
      age: r.age,
      innate: face.innate,
      learned: face.learned,
      currently: face.currently,
      lifestyle: face.dailyPlan ? `${face.lifestyle} ${face.dailyPlan}` : face.lifestyle,
      home: r.home,
      ...(r.avatarUrl ? { avatarUrl: r.avatarUrl } : {}),
      seed: seedPhrases.join('; '),
      ...(families.has(r.name) ? { family: families.get(r.name) } : {}),
      ...(workplace
        ? {
            work: { place: workplace, days: hours?.days ?? null, start: hours?.start ?? null, end: hours?.end ?? null },
          }
        : {}),
      ...(read && read.routine.length > 0
        ? { routine: read.routine.map(({ quote: _q, ...x }) => ({ ...x, days: x.days ? [...x.days] : null })) }
        : {}),
      secrets,
      ...(hosting.length > 0 ? { hosting } : {}),
    };
    const standing = background.filter((p) => !secrets.some((s) => s.phrases.includes(p)));
    if (standing.length > 0) profile.standing = standing;
    const startAt = r.startAt ?? r.home;
    const home = locations.find((l) => l.id === r.home);
    const homeArea =
      home?.subAreas.find((a) => a.name.toLowerCase() === r.homeArea?.toLowerCase())?.name ?? home?.subAreas[0]?.name;
    const resident: ResidentState = {
      profile,
      mind: opts.initialMind(profile),
      emoji: r.emoji ?? '🙂',
      ...(workplace ? { workplace } : {}),
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
    // (and where to find those it means to tell something in private or to invite: it knows where they live or work)
    const seekAt = [...secrets, ...hosting].flatMap((x) => Object.values(x.seek ?? {}).map((v) => v.place));
    const known = new Set([r.home, startAt, ...(workplace ? [workplace] : []), ...r.knows, ...seekAt]);
    for (const l of locations) if (l.public) known.add(l.id);
    for (const l of locations) if (known.has(l.id)) observePlace(resident, l, start);
    return resident;
  });

  // Residents named in each other's seed paragraphs already know each other.
  // So do family and those who share a home (a husband and wife never "met" in the digest).
  const acquaintances = new Set<string>();
  for (const a of residents)
    for (const b of residents)
      if (
        a !== b &&
        (a.profile.seed.toLowerCase().includes(b.profile.name.toLowerCase()) ||
          (a.profile.family ?? []).some((t) => t.name === b.profile.name))
      )
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
    facts: [...file.facts, ...eventFacts, ...secretFacts.filter((f) => !file.facts.some((d) => d.id === f.id))].map(
      (f) => ({
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
                ...(f.event.invited ? { invited: f.event.invited.map((n) => byName(n)?.profile.name ?? n) } : {}),
                start: parseSimStart(f.event.start) as number,
                end: parseSimStart(f.event.end) as number,
              },
            }
          : {}),
      }),
    ),
    dayLog: { day: dayIndex(start), conversations: [], newRelations: [], notable: [], posts: 0, rejectedMoves: 0 },
    lastDigest: null,
    stats: emptyStats(),
    outboxSeq: 1,
    rng: seedState(opts.seed ?? file.name),
    seeded: false,
  };
}
