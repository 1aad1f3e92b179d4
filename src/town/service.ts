// TownService: one town's actions, front-end neutral (the console and Discord call the same methods). Built on a
// TownSession (session.ts: lease, lock, load, commit, reload, copy-on-write state) and the read models in
// queries.ts. Every change runs under the town's lock on a draft and commits in one transaction (snapshot with
// version check + memory journal + outbox posts); a failed change leaves the committed world as it was.
// API reference: src/town/README.md.

import type { MemoryKind } from '../agent/types.ts';
import { UserError } from '../errors.ts';
import type { BudgetStatus } from '../llm/usage.ts';
import { withCallContext } from './metering.ts';
import type { MindKit, MindResident } from './mind.ts';
import { TownOutbox } from './outbox.ts';
import { checkMessage, checkPersona, personaOf, type Speaker } from './persona.ts';
import {
  locationList,
  locationOrThrow,
  type MapData,
  type MemoryHit,
  type PublicResidentInfo,
  type RelationshipGraph,
  type ResidentInfo,
  type ResidentSummary,
  relationshipGraph,
  residentOrThrow,
  residentSummary,
  type TownStatus,
  townMap,
  townStatus,
} from './queries.ts';
import type { TownReading } from './reading/types.ts';
import { TownSession, type TownSessionDeps } from './session.ts';
import type { TownSettings } from './settings.ts';
import { hearSpeech, type SayResult } from './speech.ts';
import { runTick, type TickResult } from './tick.ts';
import { catchUpTown, setBudget, setObjectStatus, setPaused, setSpeed } from './town-admin.ts';
import { readTownExport, type TownExport } from './town-export.ts';
import {
  type CreateTownOptions,
  createTownRecord,
  evaluateInterviews,
  inspectMemories,
  residentInfo,
  residentPublicInfo,
} from './town-inspect.ts';
import type { DigestData, Persona, Post, ResidentState, TownState } from './types.ts';

export type { Speaker } from './persona.ts';
export { PERSONA_DESC_MAX, PERSONA_NAME_MAX } from './persona.ts';
export type {
  MapData,
  MemoryHit,
  PublicResidentInfo,
  RelationshipGraph,
  ResidentInfo,
  ResidentSummary,
  TownStatus,
} from './queries.ts';
export type { KitFactory } from './session.ts';
export { upgradeState } from './session.ts';
export type { Reply, SayResult } from './speech.ts';
export type { CreateTownOptions } from './town-inspect.ts';

export interface TownServiceDeps extends TownSessionDeps {
  /** Daily-budget status from the LLM gateway (optional). */
  budgetStatus?: (townId: string) => Promise<BudgetStatus>;
  /** Label of the model in use, for status lines ("offline model ..."). */
  modelLabel?: string;
  /**
   * Called after every tick, however it was started (a schedule, `/town step`, a queue job), with its wall time and
   * whether it committed: the one path by which console, bot and workers count ticks (src/ops/metrics.ts).
   */
  onTick?: (townId: string, ms: number, ok: boolean) => void;
}

export class TownService {
  readonly id: string;
  readonly scope: string;
  /** The posts ticks committed, for the front ends that deliver them (outbox.ts). */
  readonly outbox: TownOutbox;

  private constructor(
    private readonly deps: TownServiceDeps,
    readonly session: TownSession,
  ) {
    this.id = session.id;
    this.scope = session.scope;
    this.outbox = new TownOutbox(deps.store, session.id, session.wallNow);
  }

  /** Loads a stored town (one consistent snapshot); null when it does not exist. */
  static async load(deps: TownServiceDeps, townId: string): Promise<TownService | null> {
    const session = await TownSession.load(deps, townId);
    return session ? new TownService(deps, session) : null;
  }

  /** Creates a town from a town file: builds the world and stores each resident's seed memories (sec. 3.1). */
  static async create(deps: TownServiceDeps, opts: CreateTownOptions): Promise<TownService> {
    const { rec, memories } = await createTownRecord(deps, opts);
    return new TownService(deps, new TownSession(deps, rec, memories));
  }

  /** The last committed state. */
  private get state(): TownState {
    return this.session.state;
  }

  /** Read-only snapshot of the state (tests, simulate). */
  snapshot(): TownState {
    return structuredClone(this.state);
  }

  /** Live residents (simulate's evaluation interviews and reports). */
  liveResident(idOrName: string): MindResident {
    return this.session.world.residents.get(this.resident_(idOrName).profile.id) as MindResident;
  }

  get mind(): MindKit {
    return this.session.kit;
  }

  get currentVersion(): number {
    return this.session.currentVersion;
  }

  /** Called with the posts of every commit (after it is durable). Returns an unsubscribe function. */
  onPosts(listener: (posts: Post[]) => void): () => void {
    return this.session.onPosts(listener);
  }

  // ---- lookups (UserError for people) -------------------------------------------------------------------

  private resident_(query: string): ResidentState {
    return residentOrThrow(this.state, query);
  }

  private location_(query: string) {
    return locationOrThrow(this.state, query);
  }

  private text_(text: string, what: string): string {
    return checkMessage(text, what, this.state.settings.maxMessageChars);
  }

  // ---- reading (read models of the last commit: they never wait for a running tick) ----------------------

  status(): TownStatus {
    return townStatus(this.id, this.scope, this.state, this.deps.modelLabel, this.session.world);
  }

  settings(): TownSettings {
    return { ...this.state.settings };
  }

  locations(): { id: string; name: string; emoji: string; kind?: string; hours?: string; public: boolean }[] {
    return locationList(this.state);
  }

  residents(): ResidentSummary[] {
    return this.state.residents.map((r) => residentSummary(this.state, r));
  }

  /** Everything about one resident; `bio` is the agent's cached summary description (may call the model). */
  async residentInfo(name: string): Promise<ResidentInfo> {
    return residentInfo(this.session, this.resident_(name));
  }

  /** What anyone may see of a resident (the web view): public seed, whereabouts, today's plan; no model call. */
  publicResident(name: string): PublicResidentInfo {
    return residentPublicInfo(this.session, this.resident_(name));
  }

  /**
   * Reloads the last commit when another process committed since (a reader beside PostgreSQL workers, e.g. the web
   * view in the bot's process); true when it reloaded. Waits for the town's lock like a change.
   */
  refresh(): Promise<boolean> {
    return this.session.refresh();
  }

  /** Retrieval with component scores for admin inspection (updates access times, as retrieval does). */
  async memories(name: string, query: string, k = 10): Promise<MemoryHit[]> {
    return inspectMemories(this.session, this.resident_(name), this.text_(query, 'query'), k);
  }

  map(): MapData {
    return townMap(this.state);
  }

  /** Who knows whom: edge weight = memories of one that name the other (full name, or first name if unique). */
  relationships(): RelationshipGraph {
    return relationshipGraph(this.session.world);
  }

  /** The whole town as one export (state, memories, plans, personas): see town-export.ts. */
  exportTown(): Promise<TownExport> {
    return readTownExport(this.deps.store, this.id);
  }

  /** What the town's text was read to mean when it was made (issue 32); null for towns made before the reading. */
  reading(): TownReading | null {
    return this.state.reading ? structuredClone(this.state.reading) : null;
  }

  lastDigest(): DigestData | null {
    return this.state.lastDigest ? structuredClone(this.state.lastDigest) : null;
  }

  budget(): Promise<BudgetStatus | null> {
    return this.deps.budgetStatus ? this.deps.budgetStatus(this.id) : Promise.resolve(null);
  }

  // ---- people ---------------------------------------------------------------------------------------------

  async setPersona(speaker: Speaker, name: string, description: string): Promise<Persona> {
    const p = checkPersona(this.state, speaker, name, description);
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
    const persona = await personaOf(this.deps.store, this.id, speaker);
    return this.session.change((w, out) => hearSpeech(w, out, this.session.kit, loc, persona, msg));
  }

  /** Inner voice (sec. 3.1): the resident takes the whisper as its own thought and re-plans. */
  async whisper(residentQuery: string, _speaker: Speaker, text: string): Promise<{ resident: string }> {
    const rs = this.resident_(residentQuery);
    const msg = this.text_(text, 'whisper');
    return this.session.change(async (w) => {
      const live = w.residents.get(rs.profile.id) as MindResident;
      await withCallContext({ resident: rs.profile.id, phase: 'inner_voice' }, () =>
        this.session.kit.runtime.innerVoice(live, msg, w.state.clock.now),
      );
      w.state.dayLog.notable.push(`${rs.profile.name} had a sudden idea`);
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
    const persona = await personaOf(this.deps.store, this.id, speaker);
    return this.session.change(async (w) => {
      const live = w.residents.get(rs.profile.id) as MindResident;
      const answer = await withCallContext({ resident: rs.profile.id, phase: 'interview' }, () =>
        this.session.kit.runtime.interview(live, q, { now: w.state.clock.now, asker: persona.name, remember: true }),
      );
      return { resident: rs.profile.name, answer };
    });
  }

  /** Stateless interview for evaluations (the paper's sec. 6-7 interviews leave no memory). */
  async evaluate(residentQuery: string, question: string): Promise<string> {
    const [answer] = await this.evaluateMany([{ resident: residentQuery, question }]);
    return answer as string;
  }

  /** Many stateless interviews at once (bounded parallelism), e.g. every resident about every other. */
  async evaluateMany(items: { resident: string; question: string }[]): Promise<string[]> {
    return evaluateInterviews(
      this.session,
      items.map((i) => ({ rs: this.resident_(i.resident), question: i.question })),
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
    return this.session.change(async (w) => {
      const live = w.residents.get(rs.profile.id) as MindResident;
      await this.session.kit.runtime.remember(live, d, w.state.clock.now, kind, importance);
    });
  }

  // ---- admin ----------------------------------------------------------------------------------------------

  /**
   * Advances the town by one tick now (the scheduler calls this). Its model calls run on a snapshot outside the town
   * lock, so whispers, interviews and `say` do not wait for it (session.ts, decideThenApply).
   */
  tick(opts: { slot?: number } = {}): Promise<TickResult> {
    const onTick = this.deps.onTick;
    if (!onTick) return this.tick_(opts);
    const t0 = performance.now();
    return this.tick_(opts).then(
      (r) => {
        onTick(this.id, performance.now() - t0, true);
        return r;
      },
      (e: unknown) => {
        onTick(this.id, performance.now() - t0, false);
        throw e;
      },
    );
  }

  private tick_(opts: { slot?: number }): Promise<TickResult> {
    return this.session.decideThenApply(
      (fork) => runTick(fork, this.session.kit, this.deps.log),
      (draft, r) => {
        const clock = draft.state.clock;
        clock.lastTickWall = this.session.wallNow();
        // A scheduled tick records its slot in the same commit, so a retried job knows what its slot still owes.
        if (opts.slot !== undefined)
          clock.slot = { n: opts.slot, ticks: clock.slot?.n === opts.slot ? clock.slot.ticks + 1 : 1 };
        // What is committed: a rebase may have dropped conversations of the fork.
        r.conversations = draft.state.dayLog.conversations.filter((c) => c.at === r.now).length;
      },
    );
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
    return setPaused(this.session, true);
  }

  resume(): Promise<void> {
    return setPaused(this.session, false);
  }

  /** Ticks per scheduled run (0.1-100; fractions accumulate). */
  setSpeed(speed: number): Promise<void> {
    return setSpeed(this.session, speed);
  }

  /** Sets this town's daily token budget (null = the configured default). */
  setBudget(tokens: number | null): Promise<void> {
    return setBudget(this.session, tokens);
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
    return setObjectStatus(this.session, loc, objectQuery, this.text_(status, 'status').slice(0, 200));
  }

  /**
   * Catch-up after downtime (issue 4): 'resume' continues where it stopped; 'skip' jumps the simulated clock by
   * the missed ticks (capped) without simulating them; 'replay' runs the missed ticks (capped).
   */
  catchUp(scheduleIntervalMs: number): Promise<{ missed: number; applied: number; mode: string }> {
    return catchUpTown(this.session, scheduleIntervalMs, (n) => this.step(n));
  }

  /**
   * Takes or renews the town's lease for work done outside a change, so that it too has a single writer: the front
   * end delivers the outbox only while this is true. A lease of a dead process on this host is taken over at once;
   * on taking the town over, reloads what the previous holder committed.
   */
  holdLease(): Promise<boolean> {
    return this.session.holdLease();
  }

  /** Waits for running work, then releases the lease. */
  close(): Promise<void> {
    return this.session.close();
  }
}
