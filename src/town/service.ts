// TownService: one town, front-end neutral. The console and the Discord front end call the same methods.
// Every change (tick or a person's operation) runs under one per-town mutex and commits in one transaction
// (snapshot with version check + memory journal + outbox posts); a failed change reloads the last commit, so
// nothing is ever stored half-way. API reference: docs/town-api.md.
import type { UsageTotals } from '../llm/usage.ts';
import type { AgentId, Memory, MemoryKind } from '../agent/types.ts';
import { UserError } from '../errors.ts';
import { buildTownState, emptyStats } from './build.ts';
import { Mutex, mapLimit } from './concurrency.ts';
import type { TownFile } from './file.ts';
import { withCallContext } from './metering.ts';
import type { MindKit, MindResident } from './mind.ts';
import { resolveTownSettings, type TownSettings } from './settings.ts';
import type { TownRecord, TownStore } from './store.ts';
import {
  PostBuffer,
  actionPhrase,
  learnPlacesFromMemories,
  runTick,
  type TickLog,
  type TickResult,
  type TownWorld,
} from './tick.ts';
import { formatClock, formatSimDate, formatSimTime, MINUTE, minuteOfDay } from './time.ts';
import type { DigestData, NewPost, Persona, Post, ResidentState, TownState, WorldEvent } from './types.ts';
import { findLocation, findObject, findResident, getLocation, isOpenAt, occupants, placeView } from './world.ts';

export type KitFactory = (townId: string, agentSettings: Record<string, unknown>) => MindKit;

export interface TownServiceDeps {
  store: TownStore;
  kit: KitFactory;
  /** Wall clock (ms) for leases and catch-up; default Date.now. */
  wallNow?: () => number;
  /** Lease owner id of this process. */
  owner: string;
  log?: TickLog;
  /** Daily-budget status from the LLM gateway (optional). */
  budgetStatus?: (townId: string) => Promise<BudgetInfo>;
  /** Label of the model in use, for status lines ("offline model ..."). */
  modelLabel?: string;
}

export interface BudgetInfo {
  day: string;
  spent: number;
  limit: number | undefined;
  remaining: number | undefined;
  /** Today's model totals for the town (src/llm/usage.ts), when the gateway provides them. */
  today?: UsageTotals;
  /** The gateway's counters since start and whether the model is paused (src/llm/health.ts). */
  health?: string;
}

/** Someone speaking in town: a Discord user or the console user, seen by residents through a persona. */
export interface Speaker {
  /** Stable id (Discord user id, or 'console'). */
  id: string;
  /** Display name, used when the person has no persona. */
  displayName: string;
}

export interface TownStatus {
  id: string;
  scope: string;
  name: string;
  time: string;
  simTime: number;
  tick: number;
  paused: boolean;
  speed: number;
  minutesPerTick: number;
  cron: string;
  residents: number;
  locations: number;
  travelling: number;
  conversationsToday: number;
  stats: TownState['stats'];
  model?: string;
  dailyTokenBudget: number | null;
}

export interface ResidentSummary {
  id: string;
  name: string;
  emoji: string;
  location: { id: string; name: string; emoji: string };
  /** Where it is going, while on the road. */
  travellingTo?: { id: string; name: string };
  doing: string;
  actionEmoji: string;
}

export interface ResidentInfo extends ResidentSummary {
  age: number;
  innate: string;
  learned: string;
  currently: string;
  lifestyle: string;
  home: { id: string; name: string };
  /** The agent's summary description (sec. 4.3, cached by the agent). */
  bio: string;
  plan: string[];
  knownPlaces: string[];
  memoryCounts: Partial<Record<MemoryKind, number>>;
}

export interface MemoryHit {
  id: string;
  kind: MemoryKind;
  description: string;
  createdAt: string;
  importance: number;
  score: number;
  recency: number;
  relevance: number;
  importanceScore: number;
}

export interface Reply {
  residentId: string;
  name: string;
  emoji: string;
  text: string;
}

export interface SayResult {
  location: { id: string; name: string };
  speaker: string;
  /** Residents present who heard it. */
  heard: string[];
  replies: Reply[];
}

export interface MapData {
  time: string;
  locations: {
    id: string;
    name: string;
    emoji: string;
    kind?: string;
    open: boolean;
    hours?: string;
    position?: { x: number; y: number };
    residents: { id: string; name: string; emoji: string; doing: string }[];
    /** Objects whose status differs from idle. */
    objects: { subArea: string; name: string; status: string }[];
  }[];
  travelling: { id: string; name: string; emoji: string; from: string; to: string; arriveTick: number }[];
}

export interface RelationshipGraph {
  nodes: { id: string; name: string; emoji: string }[];
  /** Undirected edges; weight = memories either holds that name the other. */
  edges: { a: string; b: string; weight: number; aToB: number; bToA: number; acquainted: boolean }[];
}

export interface CreateTownOptions {
  id: string;
  scope: string;
  file: TownFile;
  seed?: string | number;
}

const PERSONA_NAME_MAX = 40;
const PERSONA_DESC_MAX = 200;

export class TownService {
  readonly id: string;
  readonly scope: string;
  private world: TownWorld;
  private version: number;
  private kit: MindKit;
  private readonly mutex = new Mutex();
  private readonly listeners = new Set<(posts: Post[]) => void>();
  private readonly wallNow: () => number;
  private closed = false;
  /** Wall ms until which this process surely holds the lease, as of its last take or renewal (0: not held). */
  private leaseHeldUntil = 0;

  private constructor(
    private readonly deps: TownServiceDeps,
    rec: TownRecord,
    memories: Memory[],
  ) {
    this.id = rec.id;
    this.scope = rec.scope;
    this.wallNow = deps.wallNow ?? Date.now;
    this.kit = deps.kit(rec.id, rec.state.agentSettings);
    this.version = rec.version;
    this.world = this.buildWorld(rec.state, memories);
  }

  /** Loads a stored town; null when it does not exist. */
  static async load(deps: TownServiceDeps, townId: string): Promise<TownService | null> {
    const rec = await deps.store.load(townId);
    if (!rec) return null;
    const memories = await deps.store.loadMemories(townId);
    return new TownService(deps, rec, memories);
  }

  /** Creates a town from a town file: builds the world and stores each resident's seed memories (sec. 3.1). */
  static async create(deps: TownServiceDeps, opts: CreateTownOptions): Promise<TownService> {
    const kit = deps.kit(opts.id, opts.file.agent);
    const state = buildTownState(opts.file, { seed: opts.seed ?? opts.id, initialMind: kit.initialMindState });
    const residents = state.residents.map((rs) => ({
      rs,
      live: { profile: rs.profile, mind: rs.mind, memory: kit.memoryStream(rs.profile.id, []) },
    }));
    await mapLimit(residents, state.settings.concurrency, ({ live }) =>
      withCallContext({ resident: live.profile.id, phase: 'seed' }, () => kit.runtime.seed(live, state.clock.start)),
    );
    const memories: Memory[] = [];
    for (const { rs, live } of residents) {
      const { added } = live.memory.drainChanges();
      memories.push(...added);
      rs.memoryCount = added.length;
      rs.mind = live.mind;
      learnPlacesFromMemories(state, rs, live);
    }
    state.seeded = true;
    const rec = await deps.store.create({ id: opts.id, scope: opts.scope, name: state.name, state, memories });
    return new TownService(deps, rec, memories);
  }

  private buildWorld(loaded: TownState, memories: Memory[]): TownWorld {
    const state = upgradeState(loaded);
    const byAgent = new Map<string, Memory[]>();
    for (const m of memories) {
      const list = byAgent.get(m.agentId) ?? [];
      list.push(m);
      byAgent.set(m.agentId, list);
    }
    const residents = new Map<AgentId, MindResident>();
    for (const rs of state.residents) {
      const mine = byAgent.get(rs.profile.id) ?? [];
      if (mine.length !== rs.memoryCount)
        this.deps.log?.('warn', 'memory count differs from the snapshot', {
          resident: rs.profile.id,
          stored: mine.length,
          snapshot: rs.memoryCount,
        });
      residents.set(rs.profile.id, {
        profile: rs.profile,
        mind: rs.mind,
        memory: this.kit.memoryStream(rs.profile.id, mine),
      });
    }
    return { state, residents };
  }

  /** Discards in-memory changes and reloads the last committed state (after a failed change or a conflict). */
  private async reload(): Promise<void> {
    const rec = await this.deps.store.load(this.id);
    if (!rec) throw new Error(`town ${this.id} disappeared from the store`);
    const memories = await this.deps.store.loadMemories(this.id);
    this.version = rec.version;
    this.kit = this.deps.kit(rec.id, rec.state.agentSettings);
    this.world = this.buildWorld(rec.state, memories);
  }

  private async ensureLease(): Promise<void> {
    const now = this.wallNow();
    const ok = await this.deps.store.acquireLease(this.id, this.deps.owner, this.state.settings.leaseMs, now);
    this.leaseHeldUntil = ok ? now + this.state.settings.leaseMs : 0;
    if (!ok) {
      const l = await this.deps.store.lease(this.id);
      throw new UserError(
        'town/leased',
        `Town ${this.state.name} is being run by another process (${l.owner ?? 'unknown'}).`,
        {
          owner: l.owner,
        },
      );
    }
  }

  /** Runs a change under the mutex and commits it with its posts; on any error, reloads the last commit. */
  private change<T>(fn: (out: PostBuffer) => Promise<T>): Promise<T> {
    return this.mutex.run(async () => {
      if (this.closed) throw new UserError('town/closed', 'This town has been shut down.');
      await this.ensureLease();
      const out = new PostBuffer(this.state);
      let value: T;
      try {
        value = await fn(out);
        await this.commit(out.posts);
      } catch (e) {
        await this.reload();
        throw e;
      }
      return value;
    });
  }

  private async commit(posts: NewPost[]): Promise<void> {
    const added: Memory[] = [];
    const touched: { agentId: AgentId; id: Memory['id']; lastAccessAt: number }[] = [];
    for (const rs of this.state.residents) {
      const live = this.world.residents.get(rs.profile.id);
      if (!live) continue;
      const changes = live.memory.drainChanges();
      added.push(...changes.added);
      for (const t of changes.touched) touched.push({ agentId: rs.profile.id, ...t });
      rs.memoryCount += changes.added.length;
      rs.mind = live.mind;
    }
    this.version = await this.deps.store.commit({
      townId: this.id,
      expectedVersion: this.version,
      state: this.state,
      memories: { added, touched },
      posts,
      owner: this.deps.owner,
    });
    if (posts.length > 0 && this.listeners.size > 0) {
      const committed: Post[] = posts.map((p) => ({
        ...p,
        id: `${this.id}:${p.seq}`,
        deliveredAt: null,
        deliveryRef: null,
        attempts: 0,
      }));
      for (const l of this.listeners) {
        try {
          l(committed);
        } catch (e) {
          this.deps.log?.('error', 'post listener failed', { error: (e as Error).message });
        }
      }
    }
  }

  private get state(): TownState {
    return this.world.state;
  }

  /** Read-only snapshot of the state (tests, simulate). */
  snapshot(): TownState {
    return structuredClone(this.state);
  }

  /** Live residents (simulate's evaluation interviews and reports). */
  liveResident(idOrName: string): MindResident {
    return this.world.residents.get(this.resident_(idOrName).profile.id) as MindResident;
  }

  get mind(): MindKit {
    return this.kit;
  }

  get currentVersion(): number {
    return this.version;
  }

  /** Called with the posts of every commit (after it is durable). Returns an unsubscribe function. */
  onPosts(listener: (posts: Post[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- lookups (UserError for people) -------------------------------------------------------------------

  private resident_(query: string): ResidentState {
    const r = findResident(this.state, query);
    if (!r)
      throw new UserError(
        'town/unknown_resident',
        `No resident called "${query}". Residents: ${this.state.residents.map((x) => x.profile.name).join(', ')}.`,
        { query },
      );
    return r;
  }

  private location_(query: string) {
    const l = findLocation(this.state, query);
    if (!l)
      throw new UserError(
        'town/unknown_location',
        `No place called "${query}". Places: ${this.state.locations.map((x) => `${x.name} (#${x.id})`).join(', ')}.`,
        { query },
      );
    return l;
  }

  private text_(text: string, what: string): string {
    const t = text.trim();
    if (t.length === 0) throw new UserError('town/empty_message', `The ${what} is empty.`);
    const max = this.state.settings.maxMessageChars;
    if (t.length > max)
      throw new UserError('town/message_too_long', `The ${what} is ${t.length} characters long; the limit is ${max}.`, {
        length: t.length,
        max,
      });
    return t;
  }

  private async persona_(speaker: Speaker): Promise<{ name: string; description?: string }> {
    const p = await this.deps.store.getPersona(this.id, speaker.id);
    if (p) return { name: p.name, description: p.description };
    return {
      name: speaker.displayName.trim().slice(0, PERSONA_NAME_MAX) || 'A visitor',
      description: 'a visitor to town',
    };
  }

  private summary_(rs: ResidentState): ResidentSummary {
    const loc = getLocation(this.state, rs.location);
    const to = rs.travel ? getLocation(this.state, rs.travel.to) : undefined;
    return {
      id: rs.profile.id,
      name: rs.profile.name,
      emoji: rs.emoji,
      location: { id: rs.location, name: loc?.name ?? rs.location, emoji: loc?.emoji ?? '📍' },
      ...(to ? { travellingTo: { id: to.id, name: to.name } } : {}),
      doing: rs.travel
        ? `walking to ${to?.name ?? rs.travel.to}`
        : rs.action
          ? actionPhrase(rs.profile, rs.action.description)
          : 'idle',
      actionEmoji: rs.travel ? '🚶' : (rs.action?.emoji ?? rs.emoji),
    };
  }

  // ---- reading --------------------------------------------------------------------------------------------

  status(): TownStatus {
    const s = this.state;
    return {
      id: this.id,
      scope: this.scope,
      name: s.name,
      time: formatSimTime(s.clock.now),
      simTime: s.clock.now,
      tick: s.clock.tick,
      paused: s.clock.paused,
      speed: s.settings.speed,
      minutesPerTick: s.settings.minutesPerTick,
      cron: s.settings.cron,
      residents: s.residents.length,
      locations: s.locations.length,
      travelling: s.residents.filter((r) => r.travel).length,
      conversationsToday: s.dayLog.conversations.length,
      stats: structuredClone(s.stats),
      ...(this.deps.modelLabel ? { model: this.deps.modelLabel } : {}),
      dailyTokenBudget: s.settings.dailyTokenBudget,
    };
  }

  settings(): TownSettings {
    return { ...this.state.settings };
  }

  locations(): { id: string; name: string; emoji: string; kind?: string; hours?: string; public: boolean }[] {
    return this.state.locations.map((l) => ({
      id: l.id,
      name: l.name,
      emoji: l.emoji,
      ...(l.kind ? { kind: l.kind } : {}),
      ...(l.hours ? { hours: l.hours } : {}),
      public: l.public,
    }));
  }

  residents(): ResidentSummary[] {
    return this.state.residents.map((r) => this.summary_(r));
  }

  /** Everything about one resident; `bio` is the agent's cached summary description (may call the model). */
  async residentInfo(name: string): Promise<ResidentInfo> {
    const rs = this.resident_(name);
    const live = this.world.residents.get(rs.profile.id) as MindResident;
    const bio = await this.mutex.run(() =>
      withCallContext({ resident: rs.profile.id, phase: 'info' }, () =>
        this.kit.runtime.summary(live, this.state.clock.now),
      ).catch(() => `${rs.profile.name} (${rs.profile.age}): ${rs.profile.learned}`),
    );
    const counts: Partial<Record<MemoryKind, number>> = {};
    for (const m of live.memory.all()) counts[m.kind] = (counts[m.kind] ?? 0) + 1;
    const home = getLocation(this.state, rs.profile.home);
    return {
      ...this.summary_(rs),
      age: rs.profile.age,
      innate: rs.profile.innate,
      learned: rs.profile.learned,
      currently: rs.profile.currently,
      lifestyle: rs.profile.lifestyle,
      home: { id: rs.profile.home, name: home?.name ?? rs.profile.home },
      bio,
      plan: this.kit.runtime.planLines(live),
      knownPlaces: this.state.locations.filter((l) => rs.knownPlaces[l.id]).map((l) => l.name),
      memoryCounts: counts,
    };
  }

  /** Retrieval with component scores for admin inspection (updates access times, as retrieval does). */
  async memories(name: string, query: string, k = 10): Promise<MemoryHit[]> {
    const rs = this.resident_(name);
    const q = this.text_(query, 'query');
    return this.change(async () => {
      const live = this.world.residents.get(rs.profile.id) as MindResident;
      const hits = await withCallContext({ resident: rs.profile.id, phase: 'inspect' }, () =>
        this.kit.runtime.retrieve(live, q, this.state.clock.now, Math.max(1, Math.min(50, k))),
      );
      return hits.map((h) => ({
        id: h.memory.id,
        kind: h.memory.kind,
        description: h.memory.description,
        createdAt: formatSimTime(h.memory.createdAt),
        importance: h.memory.importance,
        score: h.score,
        recency: h.recency,
        relevance: h.relevance,
        importanceScore: h.importance,
      }));
    });
  }

  map(): MapData {
    const s = this.state;
    return {
      time: formatSimTime(s.clock.now),
      locations: s.locations.map((l) => ({
        id: l.id,
        name: l.name,
        emoji: l.emoji,
        ...(l.kind ? { kind: l.kind } : {}),
        open: isOpenAt(l, s.clock.now),
        ...(l.hours ? { hours: l.hours } : {}),
        ...(l.position ? { position: l.position } : {}),
        residents: occupants(s, l.id).map((r) => ({
          id: r.profile.id,
          name: r.profile.name,
          emoji: r.action?.emoji ?? r.emoji,
          doing: r.action ? actionPhrase(r.profile, r.action.description) : 'idle',
        })),
        objects: l.subAreas.flatMap((a) =>
          a.objects
            .filter((o) => o.status !== o.idleStatus)
            .map((o) => ({ subArea: a.name, name: o.name, status: o.status })),
        ),
      })),
      travelling: s.residents
        .filter((r) => r.travel)
        .map((r) => ({
          id: r.profile.id,
          name: r.profile.name,
          emoji: r.emoji,
          from: r.travel?.from ?? '',
          to: r.travel?.to ?? '',
          arriveTick: r.travel?.arriveTick ?? 0,
        })),
    };
  }

  /** Who knows whom: edge weight = memories of one that name the other (full name, or first name if unique). */
  relationships(): RelationshipGraph {
    const rs = this.state.residents;
    const firstCount = new Map<string, number>();
    for (const r of rs)
      firstCount.set(r.profile.firstName.toLowerCase(), (firstCount.get(r.profile.firstName.toLowerCase()) ?? 0) + 1);
    const patterns = rs.map((r) => {
      const names = [r.profile.name];
      if (firstCount.get(r.profile.firstName.toLowerCase()) === 1) names.push(r.profile.firstName);
      return new RegExp(`\\b(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`, 'i');
    });
    const count: number[][] = rs.map(() => rs.map(() => 0));
    rs.forEach((a, i) => {
      const mems = this.world.residents.get(a.profile.id)?.memory.all() ?? [];
      for (const m of mems)
        rs.forEach((_b, j) => {
          if (i !== j && (patterns[j] as RegExp).test(m.description))
            (count[i] as number[])[j] = ((count[i] as number[])[j] as number) + 1;
        });
    });
    const edges: RelationshipGraph['edges'] = [];
    for (let i = 0; i < rs.length; i++)
      for (let j = i + 1; j < rs.length; j++) {
        const ab = (count[i] as number[])[j] as number;
        const ba = (count[j] as number[])[i] as number;
        const a = (rs[i] as ResidentState).profile.id;
        const b = (rs[j] as ResidentState).profile.id;
        const acquainted = this.state.acquaintances.includes(a < b ? `${a}|${b}` : `${b}|${a}`);
        if (ab + ba > 0 || acquainted) edges.push({ a, b, weight: ab + ba, aToB: ab, bToA: ba, acquainted });
      }
    return { nodes: rs.map((r) => ({ id: r.profile.id, name: r.profile.name, emoji: r.emoji })), edges };
  }

  lastDigest(): DigestData | null {
    return this.state.lastDigest ? structuredClone(this.state.lastDigest) : null;
  }

  budget(): Promise<BudgetInfo | null> {
    return this.deps.budgetStatus ? this.deps.budgetStatus(this.id) : Promise.resolve(null);
  }

  // ---- people ---------------------------------------------------------------------------------------------

  async setPersona(speaker: Speaker, name: string, description: string): Promise<Persona> {
    const n = name.trim();
    const d = description.trim();
    if (n.length === 0) throw new UserError('town/persona_name', 'A persona needs a name.');
    if (n.length > PERSONA_NAME_MAX)
      throw new UserError('town/persona_name', `A persona name is at most ${PERSONA_NAME_MAX} characters.`);
    if (d.length > PERSONA_DESC_MAX)
      throw new UserError(
        'town/persona_description',
        `A persona description is at most ${PERSONA_DESC_MAX} characters.`,
      );
    if (this.state.residents.some((r) => r.profile.name.toLowerCase() === n.toLowerCase()))
      throw new UserError('town/persona_taken', `${n} is a resident of ${this.state.name}; choose another name.`);
    const p: Persona = { userId: speaker.id, name: n, description: d || 'a visitor to town' };
    await this.deps.store.setPersona(this.id, p);
    return p;
  }

  persona(speaker: Speaker): Promise<Persona | null> {
    return this.deps.store.getPersona(this.id, speaker.id);
  }

  clearPersona(speaker: Speaker): Promise<boolean> {
    return this.deps.store.clearPersona(this.id, speaker.id);
  }

  /**
   * A person speaks in a location: every resident present perceives it (sec. 3.1 user interaction); those it
   * names almost always answer. Event-driven: answered now, within one model round trip (not at the next tick).
   */
  async say(locationQuery: string, speaker: Speaker, text: string): Promise<SayResult> {
    const loc = this.location_(locationQuery);
    const msg = this.text_(text, 'message');
    const persona = await this.persona_(speaker);
    return this.change(async (out) => {
      const now = this.state.clock.now;
      const here = occupants(this.state, loc.id);
      const view = placeView(loc, now);
      const replies = await mapLimit(here, this.state.settings.concurrency, (rs) =>
        withCallContext({ resident: rs.profile.id, phase: 'hear' }, async () => {
          const live = this.world.residents.get(rs.profile.id) as MindResident;
          const addressed = mentions(msg, rs);
          const reply = await this.kit.runtime.hear(live, {
            now,
            location: view,
            speaker: persona,
            text: msg,
            addressed,
          });
          return reply?.trim() ? { rs, text: reply.trim() } : null;
        }),
      );
      const result: Reply[] = [];
      for (const r of replies) {
        if (!r) continue;
        result.push({ residentId: r.rs.profile.id, name: r.rs.profile.name, emoji: r.rs.emoji, text: r.text });
        out.add({
          location: loc.id,
          speakerId: r.rs.profile.id,
          speakerName: r.rs.profile.name,
          emoji: r.rs.emoji,
          kind: 'reply',
          text: r.text,
          simTime: now,
        });
        // Residents present hear each other's answers at the next tick.
        this.state.events.push(
          event(
            this.state,
            loc.id,
            `${r.rs.profile.name} said to ${persona.name}: "${r.text.slice(0, 200)}"`,
            'speech',
            [r.rs.profile.id],
          ),
        );
      }
      if (here.length > 0) this.state.dayLog.notable.push(`${persona.name} talked with people at ${loc.name}`);
      return {
        location: { id: loc.id, name: loc.name },
        speaker: persona.name,
        heard: here.map((r) => r.profile.name),
        replies: result,
      };
    });
  }

  /** Inner voice (sec. 3.1): the resident takes the whisper as its own thought and re-plans. */
  async whisper(residentQuery: string, _speaker: Speaker, text: string): Promise<{ resident: string }> {
    const rs = this.resident_(residentQuery);
    const msg = this.text_(text, 'whisper');
    return this.change(async () => {
      const live = this.world.residents.get(rs.profile.id) as MindResident;
      await withCallContext({ resident: rs.profile.id, phase: 'inner_voice' }, () =>
        this.kit.runtime.innerVoice(live, msg, this.state.clock.now),
      );
      this.state.dayLog.notable.push(`${rs.profile.name} had a sudden idea`);
      return { resident: rs.profile.name };
    });
  }

  /** Interview (sec. 6.1): the resident answers in character; it remembers having been interviewed. */
  async interview(
    residentQuery: string,
    speaker: Speaker,
    question: string,
  ): Promise<{ resident: string; answer: string }> {
    const rs = this.resident_(residentQuery);
    const q = this.text_(question, 'question');
    const persona = await this.persona_(speaker);
    return this.change(async () => {
      const live = this.world.residents.get(rs.profile.id) as MindResident;
      const answer = await withCallContext({ resident: rs.profile.id, phase: 'interview' }, () =>
        this.kit.runtime.interview(live, q, { now: this.state.clock.now, asker: persona.name, remember: true }),
      );
      return { resident: rs.profile.name, answer };
    });
  }

  /** Stateless interview for evaluations (the paper's sec. 6-7 interviews leave no memory). */
  async evaluate(residentQuery: string, question: string): Promise<string> {
    const rs = this.resident_(residentQuery);
    return this.mutex.run(() => {
      const live = this.world.residents.get(rs.profile.id) as MindResident;
      return withCallContext({ resident: rs.profile.id, phase: 'evaluate' }, () =>
        this.kit.runtime.interview(live, question, { now: this.state.clock.now, remember: false }),
      );
    });
  }

  /** Many stateless interviews at once (bounded parallelism), e.g. every resident about every other. */
  async evaluateMany(items: { resident: string; question: string }[]): Promise<string[]> {
    const rs = items.map((i) => this.resident_(i.resident));
    return this.mutex.run(() =>
      mapLimit(items, this.state.settings.concurrency, (item, i) => {
        const r = rs[i] as ResidentState;
        const live = this.world.residents.get(r.profile.id) as MindResident;
        return withCallContext({ resident: r.profile.id, phase: 'evaluate' }, () =>
          this.kit.runtime.interview(live, item.question, { now: this.state.clock.now, remember: false }),
        );
      }),
    );
  }

  /** Stores a memory of something outside the loop (e.g. a game played) for one resident. */
  async remember(
    residentQuery: string,
    description: string,
    kind: MemoryKind = 'game',
    importance?: number,
  ): Promise<void> {
    const rs = this.resident_(residentQuery);
    const d = this.text_(description, 'memory');
    return this.change(async () => {
      const live = this.world.residents.get(rs.profile.id) as MindResident;
      await this.kit.runtime.remember(live, d, this.state.clock.now, kind, importance);
    });
  }

  // ---- admin ----------------------------------------------------------------------------------------------

  /** Advances the town by one tick now (the scheduler calls this). */
  tick(): Promise<TickResult> {
    return this.change(async (out) => {
      const r = await runTick(this.world, this.kit, this.deps.log);
      out.posts.push(...r.posts); // seq numbers were taken from the same state counter
      this.state.clock.lastTickWall = this.wallNow();
      return r;
    });
  }

  /** Runs n ticks now (works while paused: that is what a single step is for). */
  async step(n = 1): Promise<TickResult[]> {
    if (!Number.isInteger(n) || n < 1 || n > 1000)
      throw new UserError('town/step', 'Step takes a whole number of ticks from 1 to 1000.');
    const out: TickResult[] = [];
    for (let i = 0; i < n; i++) out.push(await this.tick());
    return out;
  }

  pause(): Promise<void> {
    return this.change(async () => {
      this.state.clock.paused = true;
    });
  }

  resume(): Promise<void> {
    return this.change(async () => {
      this.state.clock.paused = false;
    });
  }

  /** Ticks per scheduled run (0.1-100; fractions accumulate). */
  async setSpeed(speed: number): Promise<void> {
    if (!Number.isFinite(speed) || speed < 0.1 || speed > 100)
      throw new UserError('town/speed', 'Speed is the number of ticks per scheduled run, from 0.1 to 100.');
    return this.change(async () => {
      this.state.settings.speed = speed;
    });
  }

  /** Sets this town's daily token budget (null = the configured default). */
  async setBudget(tokens: number | null): Promise<void> {
    if (tokens !== null && (!Number.isInteger(tokens) || tokens < 0))
      throw new UserError('town/budget', 'The budget is a whole number of tokens per day (or "default").');
    return this.change(async () => {
      this.state.settings.dailyTokenBudget = tokens;
    });
  }

  /**
   * An admin rewrites an object's status in words ("the stove is burning", sec. 3.1); residents present
   * perceive it on the next tick and may react.
   */
  async setObject(
    locationQuery: string,
    objectQuery: string,
    status: string,
  ): Promise<{ location: string; object: string; status: string }> {
    const loc = this.location_(locationQuery);
    const st = this.text_(status, 'status').slice(0, 200);
    const found = findObject(loc, objectQuery.trim());
    if (!objectQuery.trim() || !found)
      throw new UserError(
        'town/unknown_object',
        `No object "${objectQuery}" at ${loc.name}. Objects: ${loc.subAreas.flatMap((a) => a.objects.map((o) => `${a.name}/${o.name}`)).join(', ')}.`,
        { location: loc.id, query: objectQuery },
      );
    return this.change(async (out) => {
      // Re-resolve inside the change: the world may have been reloaded since validation.
      const l = getLocation(this.state, loc.id);
      const f = l ? findObject(l, objectQuery.trim()) : undefined;
      if (!l || !f) throw new UserError('town/unknown_object', `No object "${objectQuery}" at ${loc.name}.`);
      f.object.status = st;
      f.object.usedBy = null;
      const text = `The ${f.object.name} in the ${f.area.name} is ${st}`;
      this.state.events.push({ ...event(this.state, l.id, text, 'object', [], f.object.name), subArea: f.area.name });
      this.state.dayLog.notable.push(`${text} (${l.name})`);
      out.add({
        location: l.id,
        speakerId: null,
        speakerName: null,
        emoji: '⚠️',
        kind: 'object',
        text,
        simTime: this.state.clock.now,
      });
      return { location: l.name, object: `${f.area.name}/${f.object.name}`, status: st };
    });
  }

  /**
   * Catch-up after downtime (issue 4): 'resume' continues where it stopped; 'skip' jumps the simulated clock by
   * the missed ticks (capped) without simulating them; 'replay' runs the missed ticks (capped).
   */
  async catchUp(scheduleIntervalMs: number): Promise<{ missed: number; applied: number; mode: string }> {
    const s = this.state;
    const last = s.clock.lastTickWall;
    const mode = s.settings.catchUp;
    if (last === null || s.clock.paused || scheduleIntervalMs <= 0) return { missed: 0, applied: 0, mode };
    const missedRuns = Math.floor((this.wallNow() - last) / scheduleIntervalMs) - 1;
    const missed = Math.max(0, Math.floor(missedRuns * s.settings.speed));
    const n = Math.min(missed, s.settings.catchUpMaxTicks);
    if (n <= 0 || mode === 'resume') return { missed, applied: 0, mode };
    if (mode === 'replay') {
      await this.step(n);
      return { missed, applied: n, mode };
    }
    await this.change(async (out) => {
      s.clock.tick += n;
      s.clock.now += n * s.settings.minutesPerTick * MINUTE;
      s.clock.lastTickWall = this.wallNow();
      out.add({
        location: 'town-hall',
        speakerId: null,
        speakerName: null,
        emoji: '⏩',
        kind: 'system',
        text: `The town was offline; the clock skipped ${n * s.settings.minutesPerTick} minutes to ${formatClock(minuteOfDay(s.clock.now))} on ${formatSimDate(s.clock.now)}.`,
        simTime: s.clock.now,
      });
    });
    return { missed, applied: n, mode };
  }

  // ---- outbox ---------------------------------------------------------------------------------------------

  /** Undelivered posts in order (front ends deliver them, then mark them). */
  pendingPosts(limit = 100): Promise<Post[]> {
    return this.deps.store.pendingPosts(this.id, limit);
  }

  postsAfter(afterSeq: number, limit = 1000): Promise<Post[]> {
    return this.deps.store.postsAfter(this.id, afterSeq, limit);
  }

  markDelivered(seqs: number[], ref: string | null = null): Promise<void> {
    return this.deps.store.markDelivered(this.id, seqs, ref, this.wallNow());
  }

  markFailed(seq: number, error: string): Promise<void> {
    return this.deps.store.markFailed(this.id, seq, error);
  }

  /**
   * Takes or renews the town's lease for work done outside a change, so that it too has a single writer: the front
   * end delivers the outbox only while this is true. Renews only once half the lease has run out (a poll loop may
   * call it often); false while another process holds a live lease, and after close. On taking the town over from
   * another process, reloads what that process committed, so the next tick here does not start from a stale state.
   */
  async holdLease(): Promise<boolean> {
    if (this.closed) return false;
    const now = this.wallNow();
    const ttl = this.state.settings.leaseMs;
    if (now < this.leaseHeldUntil - ttl / 2) return true;
    const takingOver = now >= this.leaseHeldUntil;
    const ok = await this.deps.store.acquireLease(this.id, this.deps.owner, ttl, now);
    if (!ok) {
      this.leaseHeldUntil = 0;
      return false;
    }
    if (this.closed) {
      // close() ran while we were asking: it released the lease, so must we.
      await this.deps.store.releaseLease(this.id, this.deps.owner);
      return false;
    }
    this.leaseHeldUntil = now + ttl;
    if (takingOver)
      await this.mutex.run(async () => {
        if (this.closed) return;
        const rec = await this.deps.store.load(this.id);
        if (rec && rec.version !== this.version) await this.reload();
      });
    return true;
  }

  /** Waits for running work, then releases the lease. */
  async close(): Promise<void> {
    await this.mutex.run(async () => {
      this.closed = true;
      this.leaseHeldUntil = 0;
      await this.deps.store.releaseLease(this.id, this.deps.owner);
    });
    this.listeners.clear();
  }
}

/** Fills fields added after a snapshot was written (settings merged over today's defaults). */
export function upgradeState(state: TownState): TownState {
  state.settings = resolveTownSettings(state.settings);
  state.stats = { ...emptyStats(), ...(state.stats as Partial<TownState['stats']>) };
  state.events ??= [];
  state.lastConversation ??= {};
  state.acquaintances ??= [];
  state.facts ??= [];
  return state;
}

function mentions(text: string, rs: ResidentState): boolean {
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\b(${esc(rs.profile.name)}|${esc(rs.profile.firstName)})\\b`, 'i').test(text);
}

function event(
  state: TownState,
  location: string,
  description: string,
  kind: WorldEvent['kind'],
  exclude: AgentId[],
  subject?: string,
): WorldEvent {
  return { tick: state.clock.tick, location, description, kind, exclude, ...(subject ? { subject } : {}) };
}
