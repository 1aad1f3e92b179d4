// The agent mind (Park et al. 2023, sec. 4): perceive -> remember (memory stream) -> retrieve -> plan (day ->
// hour -> 5-15 min steps, lazily) -> react or continue -> converse -> reflect; plus interviews and the inner
// voice. Pure core: a LanguageModel and an Embedder come in as ports; time is always an argument.
//
// Cost design (target: <= 120 calls, <= 25k prompt tokens per agent-day): one importance call per tick for every
// resident's new observations; repeated and idle observations reuse or skip the rating; plans are decomposed
// lazily and only where a block or hour is long enough to need it; each step carries its emoji, sub-area and
// object (one call where the original made several); reflection is 2 calls (questions, then all insights);
// a dialogue line is one call (retrieval by embeddings); the conversation summary rates all lines at once.
// Every call has a safe default: the offline rule for the same input, then a constant.
import type { z } from 'zod';
import { hashString } from '../core/rng.ts';
import type { ChatMessage, Embedder, LanguageModel } from '../llm/port.ts';
import type { MemoryStream, NewMemory } from './memory-stream.ts';
import { asMindState, type DayPlan, type MindState, type PlanSlot, type StepSlot } from './mind-state.ts';
import { todayNumber, upcomingDay } from './offline-plan.ts';
import { agentOfflineRules, offlineDayPlan } from './offline-rules.ts';
import { type PromptMemory, type QuotedText, quoted } from './prompts/common.ts';
import {
  CONVERSATION_SUMMARY_TASK,
  type ConversationSummaryInput,
  conversationSummaryMessages,
  conversationSummaryOutput,
} from './prompts/conversation-summary.ts';
import {
  DIALOGUE_TURN_TASK,
  type DialogueTurnInput,
  dialogueTurnMessages,
  dialogueTurnOutput,
} from './prompts/dialogue-turn.ts';
import { HEAR_TASK, type HearInput, hearMessages, hearOutput } from './prompts/hear.ts';
import { IMPORTANCE_TASK, type ImportanceInput, importanceMessages, importanceOutput } from './prompts/importance.ts';
import { INTERVIEW_TASK, type InterviewInput, interviewMessages, interviewOutput } from './prompts/interview.ts';
import {
  PLAN_DAY_TASK,
  type PlanDayInput,
  type PromptPlace,
  planDayMessages,
  planDayOutput,
} from './prompts/plan-day.ts';
import { PLAN_HOURS_TASK, type PlanHoursInput, planHoursMessages, planHoursOutput } from './prompts/plan-hours.ts';
import { PLAN_STEPS_TASK, type PlanStepsInput, planStepsMessages, planStepsOutput } from './prompts/plan-steps.ts';
import { NO_REACTION, REACT_TASK, type ReactInput, reactMessages, reactOutput } from './prompts/react.ts';
import {
  REFLECT_INSIGHTS_TASK,
  type ReflectInsightsInput,
  reflectInsightsMessages,
  reflectInsightsOutput,
} from './prompts/reflect-insights.ts';
import {
  REFLECT_QUESTIONS_TASK,
  type ReflectQuestionsInput,
  reflectQuestionsMessages,
  reflectQuestionsOutput,
} from './prompts/reflect-questions.ts';
import { SUMMARY_TASK, type SummaryInput, summaryMessages, summaryOutput } from './prompts/summary.ts';
import { fitBudget, type ScoredMemory } from './retrieval.ts';
import {
  dedupeMeals,
  mealOf,
  mergeAdjacent,
  nextStartAfter,
  normalizeSlots,
  type NormalizeOptions,
  slotAt,
  spliceSlots,
} from './schedule.ts';
import { type AgentSettings, resolveAgentSettings } from './settings.ts';
import {
  baseOfIng,
  clip as clipText,
  cleanLine,
  emojiFor,
  escapeRegExp,
  heuristicImportance,
  isAlarming,
  isIdle,
  isSleeping,
  newsKey,
  progressive,
  stripPeriod,
  toThirdPerson,
} from './text.ts';
import { clockAt, DAY_MS, dateText, dayKey, dayStart, hhmm, MINUTE_MS, parseClock } from './time.ts';
import type {
  Action,
  AgentId,
  AgentProfile,
  DecideContext,
  Decision,
  Memory,
  MemoryId,
  MemoryKind,
  Perceived,
  Place,
  PlanLevel,
} from './types.ts';

/** One resident as the runtime sees it; the town owns these objects and commits their changes. */
export interface Resident {
  profile: AgentProfile;
  /** MindState (opaque to the town); normalised in place on first use. */
  mind: MindState | unknown;
  memory: MemoryStream;
}

export interface AgentRuntimeDeps {
  llm: LanguageModel;
  embedder: Embedder;
  settings?: Partial<AgentSettings> | Record<string, unknown>;
  townId?: string;
  log?: (msg: string, data?: object) => void;
}

export interface RetrievedMemory {
  memory: Memory;
  score: number;
  recency: number;
  importance: number;
  relevance: number;
}

/** Kinds that describe experience (reflection, dialogue context): fine-grained plan steps are left out. */
const EXPERIENCE: MemoryKind[] = [
  'seed',
  'observation',
  'reflection',
  'dialogue',
  'conversation_summary',
  'inner_voice',
  'interview',
  'game',
];

const clampInt = (x: unknown, lo: number, hi: number, fallback: number): number =>
  typeof x === 'number' && Number.isFinite(x) ? Math.min(hi, Math.max(lo, Math.round(x))) : fallback;
const floorTo = (t: number, step: number) => Math.floor(t / step) * step;
const firstWord = (name: string) => name.split(/\s+/)[0] ?? name;

export class AgentRuntime {
  readonly settings: AgentSettings;
  private readonly llm: LanguageModel;
  private readonly embedder: Embedder;
  private readonly townId: string | undefined;
  private readonly logFn: (msg: string, data?: object) => void;

  constructor(deps: AgentRuntimeDeps) {
    this.llm = deps.llm;
    this.embedder = deps.embedder;
    this.settings = resolveAgentSettings(deps.settings);
    this.townId = deps.townId;
    this.logFn = deps.log ?? (() => {});
  }

  // ------------------------------------------------------------------ plumbing

  private log(msg: string, data?: object): void {
    try {
      this.logFn(msg, data);
    } catch {
      // a failing logger must never take the mind down
    }
  }

  /** The resident's mind state, normalised in place (and attached) on first use. */
  mindOf(r: Resident): MindState {
    const raw = r.mind;
    if (raw && typeof raw === 'object' && (raw as { v?: unknown }).v === 1) {
      const fresh = asMindState(raw, r.profile);
      Object.assign(raw, { ...fresh, ...(raw as object) });
      return raw as MindState;
    }
    const m = asMindState(raw, r.profile);
    r.mind = m;
    return m;
  }

  /**
   * One structured call with a safe default: on any failure (budget, schema after the gateway's repair,
   * timeout, ...) the offline rule answers from the same input, then `lastResort`. Logged, never thrown.
   */
  private async ask<T>(
    task: string,
    schema: z.ZodType<T>,
    messages: ChatMessage[],
    input: unknown,
    lastResort: () => NoInfer<T>,
  ): Promise<T> {
    try {
      return await this.llm.object({ task, schema, messages, input, ...(this.townId ? { townId: this.townId } : {}) });
    } catch (e) {
      this.log(`agent: ${task} failed, using a safe default`, { error: e instanceof Error ? e.message : String(e) });
      try {
        const rule = agentOfflineRules[task];
        const parsed = rule ? schema.safeParse(rule(input, messages)) : undefined;
        if (parsed?.success) return parsed.data;
      } catch {
        // fall through to the constant
      }
      return lastResort();
    }
  }

  private async embedTexts(texts: string[], task: string): Promise<(Float32Array | null)[]> {
    if (texts.length === 0) return [];
    try {
      const v = await this.embedder.embed({ texts, task, ...(this.townId ? { townId: this.townId } : {}) });
      return texts.map((_, i) => v[i] ?? null);
    } catch (e) {
      this.log('agent: embedding failed; memories stored without vectors', {
        error: e instanceof Error ? e.message : String(e),
      });
      return texts.map(() => null);
    }
  }

  /** Stores memories for one or more residents with ONE embedding call for all their descriptions. */
  private async storeAll(entries: { r: Resident; m: NewMemory }[], now: number): Promise<Memory[]> {
    const texts = [...new Set(entries.map((e) => e.m.description.trim()))];
    const vectors = await this.embedTexts(texts, 'agent_memory');
    const byText = new Map(texts.map((t, i) => [t, vectors[i] ?? null]));
    return entries.map(({ r, m }) => {
      const embedding = byText.get(m.description.trim()) ?? null;
      return r.memory.add({ ...m, embedding, embedderId: embedding ? this.embedder.id : null }, now);
    });
  }

  /**
   * Memories as prompts show them. A dialogue line that passed on news becomes the news itself with who told it
   * (`from`), so the news is repeated as theirs ("Hannah told me ..."), never as the listener's own words.
   */
  private promptMemories(ms: readonly Memory[], r?: Resident): PromptMemory[] {
    return ms.map((m) => {
      const news = m.kind === 'dialogue' && typeof m.meta?.news === 'string' ? m.meta.news : null;
      const from = news ? speakerName(m) : null;
      const own = from !== null && r !== undefined && (from === r.profile.name || m.meta?.speaker === r.profile.id);
      const text = news ?? m.description;
      const quote = quoteOf(m, this.settings.memoryLineChars);
      return {
        text:
          m.kind === 'conversation_summary'
            ? clipClauses(text, this.settings.memoryLineChars)
            : clipText(text, this.settings.memoryLineChars),
        importance: m.importance,
        kind: m.kind,
        ...(from && !own ? { from } : {}),
        ...(quote ? { quote } : {}),
      };
    });
  }

  /**
   * Retrieval for several queries at once (one embedding call): each query's top k by the sec. 4.1 score,
   * merged by best score, cut to the context budget; what is returned is touched (last access = now).
   */
  private async recall(
    r: Resident,
    queries: string[],
    now: number,
    opts: { k?: number; kinds?: readonly MemoryKind[]; budget?: number; touch?: boolean } = {},
  ): Promise<RetrievedMemory[]> {
    const s = this.settings;
    const k = opts.k ?? s.retrieveK;
    const qs = queries.filter((q) => q.trim() !== '');
    const vecs = await this.embedTexts(qs, 'agent_query');
    const best = new Map<MemoryId, ScoredMemory>();
    const searchOpts = {
      k,
      weights: s.weights,
      decay: s.recencyDecay,
      sigmas: s.retrievalErrorSigmas,
      exactBelow: s.exactScanBelow,
      ...(opts.kinds ? { kinds: opts.kinds } : {}),
    };
    for (const v of vecs.length > 0 ? vecs : [null]) {
      for (const hit of r.memory.search({ embedding: v, embedderId: this.embedder.id }, now, searchOpts)) {
        const prev = best.get(hit.memory.id);
        if (!prev || hit.score > prev.score) best.set(hit.memory.id, hit);
      }
    }
    const ranked = [...best.values()].sort((a, b) => b.score - a.score || b.memory.seq - a.memory.seq);
    const kept = fitBudget(ranked, k, opts.budget ?? s.contextBudgetTokens);
    if (opts.touch !== false)
      r.memory.touch(
        kept.map((x) => x.memory.id),
        now,
      );
    return kept;
  }

  // ------------------------------------------------------------------ memory in

  /** Stores the seed paragraph's phrases as 'seed' memories (once), rated in one call. */
  async seed(r: Resident, now: number): Promise<void> {
    const mind = this.mindOf(r);
    if (mind.seeded || r.memory.all().some((m) => m.kind === 'seed')) {
      mind.seeded = true;
      return;
    }
    // Seed phrases written to the resident ("you and Rajiv sometimes talk ...") are stored in the third person
    // like every other memory, so they are never repeated to someone else as "you".
    const phrases = r.profile.seed
      .split(';')
      .map((p) => p.trim())
      .filter((p) => p !== '')
      .map((p) => (/\b(you|your|yourself)\b/i.test(p) ? toThirdPerson(p, r.profile.firstName) : p));
    const ratings = await this.rate(
      phrases.map((text) => ({ who: r.profile.firstName, text })),
      phrases,
    );
    await this.storeAll(
      phrases.map((description, i) => ({ r, m: { kind: 'seed' as const, description, importance: ratings[i]! } })),
      now,
    );
    mind.seeded = true;
  }

  /** One importance call for many items; missing or out-of-range ratings are repaired per item. */
  private async rate(items: ImportanceInput['items'], texts: string[]): Promise<number[]> {
    // (items whose text is someone's words are flagged `quoted`: the prompt shows them as quoted blocks)
    if (items.length === 0) return [];
    const input: ImportanceInput = { items };
    const out = await this.ask(IMPORTANCE_TASK, importanceOutput, importanceMessages(input), input, () => ({
      ratings: [],
    }));
    if (out.ratings.length !== items.length)
      this.log('agent: importance ratings do not match the items; repairing', {
        expected: items.length,
        got: out.ratings.length,
      });
    return texts.map((t, i) => {
      const v = out.ratings[i];
      const fixed = clampInt(v, 1, 10, heuristicImportance(t));
      if (v !== undefined && v !== fixed) this.log('agent: importance out of range; clamped', { value: v, fixed });
      return fixed;
    });
  }

  /**
   * Stores observations for many residents at once: ONE importance call for the whole batch, embeddings
   * batched. Idle objects are rated 1 and repeats reuse their earlier rating without a call (Smallville code);
   * a perception identical to one stored within settings.perceptionDedupMinutes is not stored again.
   */
  async perceive(items: { resident: Resident; perceived: Perceived[] }[], now: number): Promise<void> {
    const s = this.settings;
    const toStore: { r: Resident; p: Perceived; text: string; importance: number | null }[] = [];
    for (const { resident: r, perceived } of items) {
      this.mindOf(r);
      const seen = new Set<string>();
      for (const p of perceived) {
        const text = p.description.replace(/\s+/g, ' ').trim();
        if (text === '' || seen.has(text)) continue;
        seen.add(text);
        const latest = r.memory.latestWithDescription(text);
        if (latest && latest.kind === 'observation' && now - latest.createdAt < s.perceptionDedupMinutes * MINUTE_MS)
          continue;
        const importance = isIdle(text) ? 1 : latest ? latest.importance : null;
        toStore.push({ r, p, text, importance });
      }
    }
    // The same sight seen by several residents this tick (a crowd at lunch) is rated once, like any repeat.
    const unrated = toStore.filter((x) => x.importance === null);
    const distinct = [...new Map(unrated.map((x) => [x.text, x] as const)).values()];
    const ratings = await this.rate(
      distinct.map((x) => ({
        who: x.r.profile.firstName,
        text: x.text,
        ...(x.p.kind === 'speech' ? { quoted: true } : {}),
      })),
      distinct.map((x) => x.text),
    );
    const ratingOf = new Map(distinct.map((x, i) => [x.text, ratings[i]!] as const));
    for (const x of unrated) x.importance = ratingOf.get(x.text) ?? heuristicImportance(x.text);
    await this.storeAll(
      toStore.map((x) => ({
        r: x.r,
        m: {
          kind: 'observation' as const,
          description: x.text,
          importance: x.importance ?? 1,
          meta: {
            perceived: x.p.kind ?? 'action',
            ...(x.p.subject ? { subject: x.p.subject } : {}),
            // overheard words (which may repeat a visitor's) are quoted in every later prompt
            ...(x.p.kind === 'speech' ? { userText: { from: 'overheard', text: x.text } } : {}),
          },
        },
      })),
      now,
    );
    for (const x of toStore) this.mindOf(x.r).importanceSinceReflection += x.importance ?? 1;
  }

  /** Stores a memory of something outside the loop (e.g. a game played). */
  async remember(r: Resident, description: string, now: number, kind: MemoryKind = 'game', importance?: number) {
    const imp =
      importance ??
      (kind === 'game'
        ? this.settings.gameImportance
        : (await this.rate([{ who: r.profile.firstName, text: description }], [description]))[0]!);
    await this.storeAll([{ r, m: { kind, description, importance: imp } }], now);
    if (kind === 'observation' || kind === 'game') this.mindOf(r).importanceSinceReflection += clampInt(imp, 1, 10, 1);
  }

  /** Retrieval with component scores, for admin inspection; touches what it returns. */
  async retrieve(r: Resident, query: string, now: number, k?: number): Promise<RetrievedMemory[]> {
    return this.recall(r, [query], now, { k: k ?? this.settings.retrieveK, budget: Number.POSITIVE_INFINITY });
  }

  // ------------------------------------------------------------------ summary description

  /** Cached summary description (sec. 4.3 / appendix), refreshed every settings.summaryRefreshHours. */
  async summary(r: Resident, now: number): Promise<string> {
    const mind = this.mindOf(r);
    if (mind.summary && now - mind.summary.at < this.settings.summaryRefreshHours * 3_600_000 && now >= mind.summary.at)
      return mind.summary.text;
    const p = r.profile;
    const first = p.firstName;
    const mems = await this.recall(
      r,
      [
        `${first}'s core characteristics`,
        `${first}'s current daily occupation`,
        `${first}'s feeling about recent progress in life`,
      ],
      now,
      { k: 6, kinds: EXPERIENCE },
    );
    const input: SummaryInput = {
      name: p.name,
      age: p.age,
      innate: p.innate,
      learned: p.learned,
      currently: p.currently,
      lifestyle: p.lifestyle,
      memories: this.promptMemories(
        mems.map((x) => x.memory),
        r,
      ),
    };
    const out = await this.ask(SUMMARY_TASK, summaryOutput, summaryMessages(input), input, () => ({
      summary: `${p.name} (${p.age}) is ${p.innate}. ${p.currently}`,
    }));
    let text = out.summary.replace(/\s+/g, ' ').trim();
    if (text === '') {
      this.log('agent: empty summary; using the identity fields', { agent: p.id });
      text = `${p.name} (${p.age}) is ${p.innate}. ${p.currently}`;
    }
    if (!text.includes(first)) text = `${p.name}: ${text}`;
    mind.summary = { text: clipText(text, 700), at: now };
    return mind.summary.text;
  }

  // ------------------------------------------------------------------ planning

  private placesFor(ctx: DecideContext, r: Resident, mind: MindState): PromptPlace[] {
    const seen = new Set<string>();
    const out: PromptPlace[] = [];
    for (const p of [ctx.location, ...ctx.knownPlaces]) {
      if (seen.has(p.id)) continue;
      seen.add(p.id);
      out.push({ id: p.id, name: p.name, ...(p.kind ? { kind: p.kind } : {}), ...(p.hours ? { hours: p.hours } : {}) });
    }
    if (!seen.has(r.profile.home)) out.push({ id: r.profile.home, name: 'home' });
    return out.filter((p) => !mind.avoid.includes(p.id) || p.id === r.profile.home);
  }

  /** Maps a model's place (id or name) onto a known place id; unknown ones fall back (and are logged). */
  private resolvePlace(place: string, places: readonly PromptPlace[], fallback: string): string {
    const q = place.trim().toLowerCase();
    const hit =
      places.find((p) => p.id.toLowerCase() === q) ??
      places.find((p) => p.name.toLowerCase() === q) ??
      places.find((p) => q !== '' && (p.name.toLowerCase().includes(q) || q.includes(p.name.toLowerCase())));
    if (!hit) this.log('agent: plan names an unknown place; using a known one', { place, fallback });
    return hit?.id ?? fallback;
  }

  /** Model items with "HH:MM" times -> absolute slots inside the day; unreadable items are dropped. */
  private toSlots(
    items: readonly { start: string; end: string; activity: string; place: string }[],
    day0: number,
    places: readonly PromptPlace[],
    fallbackPlace: string,
  ): PlanSlot[] {
    const out: PlanSlot[] = [];
    for (const it of items) {
      const s = parseClock(String(it.start));
      let e = parseClock(String(it.end));
      if (e === 0) e = 1440;
      const activity = clipText(String(it.activity ?? ''), 140);
      if (s === null || e === null || e <= s || activity === '') continue;
      out.push({
        start: day0 + s * MINUTE_MS,
        end: day0 + e * MINUTE_MS,
        activity,
        place: this.resolvePlace(String(it.place ?? ''), places, fallbackPlace),
      });
    }
    if (out.length < items.length)
      this.log('agent: dropped unreadable plan items', { dropped: items.length - out.length });
    return out;
  }

  private slotOpts<T extends PlanSlot>(fill: (start: number, end: number) => T): NormalizeOptions<T> {
    return {
      granularityMs: this.settings.planGranularityMinutes * MINUTE_MS,
      fill,
      same: (a, b) => a.place === b.place && a.activity.toLowerCase() === b.activity.toLowerCase(),
    };
  }

  /** Plan slots of one level as plan memories (sec. 4.3: plans live in the memory stream). */
  private planMemories(r: Resident, level: PlanLevel, slots: readonly PlanSlot[], places: readonly PromptPlace[]) {
    return slots.map((slot) => ({
      r,
      m: {
        kind: 'plan' as const,
        description: this.planText(r.profile.firstName, slot, places),
        importance: this.settings.planImportance[level],
        plan: {
          level,
          start: slot.start,
          minutes: Math.round((slot.end - slot.start) / MINUTE_MS),
          location: slot.place,
        },
      },
    }));
  }

  private planText(first: string, s: PlanSlot, places: readonly PromptPlace[]): string {
    const where = places.find((p) => p.id === s.place)?.name ?? s.place;
    // "sleeping" -> "sleep"; no "at Riverside Library at Riverside Library"
    const what = stripPeriod(s.activity).replace(/^(\w+ing)\b/, (w) => baseOfIng(w));
    const at = what.toLowerCase().endsWith(where.toLowerCase()) ? '' : ` at ${where}`;
    return `${first} plans to ${what}${at} from ${clockAt(s.start)} to ${clockAt(s.end)}`;
  }

  /** The day outline, whole (from = day start) or the rest of the day from `from` (re-planning). */
  private async planDay(r: Resident, ctx: DecideContext, from: number, reason?: string): Promise<void> {
    const s = this.settings;
    const mind = this.mindOf(r);
    const p = r.profile;
    const now = ctx.now;
    const day0 = dayStart(now);
    const start = floorTo(Math.max(from, day0), s.planGranularityMinutes * MINUTE_MS);
    const window = { start, end: day0 + DAY_MS };
    const summary = await this.summary(r, now);
    const intentions = await this.recall(
      r,
      [
        `${p.firstName}'s plans and intentions for today`,
        reason ?? `what ${p.firstName} has to do on ${dateText(now)}`,
      ],
      now,
      { k: 6, kinds: EXPERIENCE },
    );
    const pinned = this.upcoming(r, now, new Set(intentions.map((x) => x.memory.id)));
    const known = [...intentions.map((x) => x.memory), ...pinned];
    const places = this.placesFor(ctx, r, mind);
    const input: PlanDayInput = {
      name: p.name,
      first: p.firstName,
      summary,
      date: dateText(now),
      from: hhmm((start - day0) / MINUTE_MS),
      lifestyle: p.lifestyle,
      currently: p.currently,
      yesterday: mind.yesterday,
      day: dayKey(now),
      // each with the day it was made, so "tomorrow" and "on Sunday" are read from then, not from today
      intentions: this.promptMemories(known, r).map((m, k) => ({ ...m, day: dayKey(known[k]!.createdAt) })),
      places,
      home: p.home,
      avoid: mind.avoid,
      blocks: s.dayBlocks,
    };
    const out = await this.ask(PLAN_DAY_TASK, planDayOutput, planDayMessages(input), input, () => ({ blocks: [] }));
    let slots = this.toSlots(out.blocks, day0, places, p.home).filter((x) => x.end > start);
    if (slots.length === 0) {
      this.log('agent: empty day plan; using the rule-based outline', { agent: p.id });
      slots = this.toSlots(offlineDayPlan(input), day0, places, p.home);
    }
    const fill = (a: number, b: number): PlanSlot => ({ start: a, end: b, activity: 'sleeping', place: p.home });
    const fresh = normalizeSlots(slots, window, this.slotOpts(fill));
    const sameDay = mind.plan?.day === dayKey(now);
    const plan: DayPlan =
      sameDay && mind.plan
        ? {
            ...mind.plan,
            blocks: spliceSlots(mind.plan.blocks, window, fresh, this.slotOpts(fill)),
            hours: cutFrom(mind.plan.hours, start),
            steps: cutFrom(mind.plan.steps, start),
          }
        : {
            day: dayKey(now),
            dayStart: day0,
            blocks: normalizeSlots(fresh, { start: day0, end: window.end }, this.slotOpts(fill)),
            hours: [],
            steps: [],
          };
    plan.blocks = dedupeMeals(mergeAdjacent(plan.blocks, this.slotOpts(fill).same));
    mind.plan = plan;
    const newBlocks = plan.blocks.filter((b) => b.start >= start);
    // Deciding how to spend the day is a thought that counts toward reflection (the brief lists plans among what
    // matters); each waking block at the day-plan importance, sleep not.
    mind.importanceSinceReflection += newBlocks.filter((b) => !isSleeping(b.activity)).length * s.planImportance.day;
    await this.storeAll(this.planMemories(r, 'day', newBlocks, places), now);
  }

  /**
   * Dated events and intentions the resident knows of whose day is today or ahead, besides the retrieved ones:
   * retrieval ranks a week's routine above a party heard of yesterday once memories pile up. One line per
   * distinct text, in a small budget.
   */
  private upcoming(r: Resident, now: number, have: ReadonlySet<MemoryId>): Memory[] {
    const s = this.settings;
    const today = todayNumber(dayKey(now), '');
    if (today === null || s.upcomingK <= 0) return [];
    const textOf = (m: Memory) =>
      m.kind === 'dialogue' && typeof m.meta?.news === 'string' ? m.meta.news : m.description;
    const raw = (t: string) => /\bsaid\b[^:"]*: ["“]/.test(t);
    const found: { m: Memory; day: number; raw: boolean }[] = [];
    for (const m of r.memory.all()) {
      if (have.has(m.id) || !EXPERIENCE.includes(m.kind)) continue;
      const day = upcomingDay(textOf(m), today, dayKey(m.createdAt));
      if (day !== null) found.push({ m, day, raw: raw(textOf(m)) });
    }
    // the news itself before overheard lines, the nearest day first, then the more important, then the newer
    found.sort(
      (a, b) => Number(a.raw) - Number(b.raw) || a.day - b.day || b.m.importance - a.m.importance || b.m.seq - a.m.seq,
    );
    const out: Memory[] = [];
    const seen = new Set<string>();
    let chars = 0;
    for (const { m } of found) {
      const t = textOf(m).trim().toLowerCase();
      if (seen.has(t)) continue;
      const len = Math.min(textOf(m).length, s.memoryLineChars);
      if (chars + len > s.upcomingBudgetTokens * 4) continue;
      seen.add(t);
      chars += len;
      out.push(m);
      if (out.length >= s.upcomingK) break;
    }
    return out;
  }

  /** A few lines about the day that just ended, for tomorrow's plan (no model call). */
  private yesterdayLines(r: Resident, plan: DayPlan): string[] {
    const blocks = plan.blocks
      .filter((b) => !isSleeping(b.activity))
      .map((b) => `${clockAt(b.start)}-${clockAt(b.end)}: ${b.activity}`);
    const notable = r.memory
      .recent(300, (m) => m.createdAt >= plan.dayStart && m.createdAt < plan.dayStart + DAY_MS && m.kind !== 'plan')
      .sort((a, b) => b.importance - a.importance)
      .slice(0, 3)
      .map((m) => {
        const quote = quoteOf(m, 120);
        return quote ? quoted(quote) : clipText(m.description, 120);
      });
    return [...blocks.slice(0, 8), ...notable];
  }

  private async ensureDay(r: Resident, ctx: DecideContext): Promise<DayPlan> {
    const mind = this.mindOf(r);
    const key = dayKey(ctx.now);
    if (mind.plan && mind.plan.day !== key) {
      mind.yesterday = this.yesterdayLines(r, mind.plan);
      mind.avoid = [];
      mind.context = null;
      mind.plan = null;
    }
    if (!mind.plan) await this.planDay(r, ctx, dayStart(ctx.now));
    if (mind.replan) {
      const reason = mind.replan.reason;
      mind.replan = null;
      await this.planDay(r, ctx, ctx.now, reason);
    }
    return mind.plan!;
  }

  /** The hour chunk covering t, decomposing the current block lazily (one call for a long block). */
  private async ensureHour(r: Resident, ctx: DecideContext, t: number): Promise<PlanSlot> {
    const s = this.settings;
    const mind = this.mindOf(r);
    const plan = mind.plan!;
    const have = slotAt(plan.hours, t);
    if (have) return have;
    const block = slotAt(plan.blocks, t) ?? {
      start: t,
      end: t + 60 * MINUTE_MS,
      activity: 'free time',
      place: r.profile.home,
    };
    const g = s.planGranularityMinutes * MINUTE_MS;
    const window = {
      start: Math.max(block.start, floorTo(t, g)),
      end: Math.min(block.end, nextStartAfter(plan.hours, t, block.end)),
    };
    const same = (): PlanSlot[] => [{ ...block, start: window.start, end: window.end }];
    let items: PlanSlot[] = same();
    const places = this.placesFor(ctx, r, mind);
    if (window.end - window.start > s.hourChunkMinutes * MINUTE_MS && !isSleeping(block.activity)) {
      const mems = await this.recall(r, [block.activity], ctx.now, { k: 4, kinds: EXPERIENCE });
      const input: PlanHoursInput = {
        first: r.profile.firstName,
        summary: await this.summary(r, ctx.now),
        block: {
          start: hhmm((window.start - plan.dayStart) / MINUTE_MS),
          end: hhmm((window.end - plan.dayStart) / MINUTE_MS),
          activity: block.activity,
          place: block.place,
        },
        places,
        memories: this.promptMemories(
          mems.map((x) => x.memory),
          r,
        ),
      };
      const out = await this.ask(PLAN_HOURS_TASK, planHoursOutput, planHoursMessages(input), input, () => ({
        items: [],
      }));
      const got = this.toSlots(out.items, plan.dayStart, places, block.place);
      if (got.length === 0) this.log('agent: empty hour plan; keeping the block as one chunk', { agent: r.profile.id });
      else items = got;
      const fresh = normalizeSlots(
        items,
        window,
        this.slotOpts(() => same()[0]!),
      );
      await this.storeAll(this.planMemories(r, 'hour', fresh, places), ctx.now);
    }
    plan.hours = dedupeMeals(
      spliceSlots(
        plan.hours,
        window,
        items,
        this.slotOpts(() => same()[0]!),
      ),
      { replace: () => notAMeal(block.activity) },
    );
    return slotAt(plan.hours, t) ?? same()[0]!;
  }

  /** The 5-15 minute step covering t, decomposing the current hour lazily (one call per hour at most). */
  private async ensureStep(r: Resident, ctx: DecideContext, t: number): Promise<StepSlot> {
    const s = this.settings;
    const mind = this.mindOf(r);
    const plan = mind.plan!;
    const have = slotAt(plan.steps, t);
    if (have) return have;
    const hour = await this.ensureHour(r, ctx, t);
    const g = s.planGranularityMinutes * MINUTE_MS;
    const start = Math.max(hour.start, floorTo(t, g));
    const window = {
      start,
      end: Math.min(hour.end, start + s.hourChunkMinutes * MINUTE_MS, nextStartAfter(plan.steps, t, hour.end)),
    };
    const whole: StepSlot = { ...hour, ...window, emoji: emojiFor(hour.activity) };
    let steps: StepSlot[] = [whole];
    if (window.end - window.start > s.stepMinutes.max * MINUTE_MS && !isSleeping(hour.activity)) {
      const place = [ctx.location, ...ctx.knownPlaces].find((p) => p.id === hour.place);
      // Another person's own room is not where one's steps happen (a lean prompt in a shared house).
      const all = (place?.subAreas ?? []).map((a) => ({ name: a.name, objects: a.objects.map((o) => o.name) }));
      const mine = all.filter((a) => !othersPrivateArea(a.name, r.profile.name));
      const areas = mine.length > 0 ? mine : all;
      const input: PlanStepsInput = {
        first: r.profile.firstName,
        // Who is doing it, briefly: the steps follow from the activity and the place (the most frequent plan call).
        summary: briefIdentity(await this.summary(r, ctx.now), s.briefSummaryChars),
        chunk: {
          start: hhmm((window.start - plan.dayStart) / MINUTE_MS),
          end: hhmm((window.end - plan.dayStart) / MINUTE_MS),
          activity: hour.activity,
          placeName: place?.name ?? (hour.place === r.profile.home ? 'home' : hour.place),
        },
        home: hour.place === r.profile.home,
        areas,
        ...(mind.context ? { context: mind.context } : {}),
        steps: s.stepMinutes,
      };
      mind.context = null;
      const out = await this.ask(PLAN_STEPS_TASK, planStepsOutput, planStepsMessages(input), input, () => ({
        steps: [],
      }));
      const got = this.toSteps(out.steps, window, hour, areas);
      if (got.length === 0) this.log('agent: empty step plan; using the hour as one step', { agent: r.profile.id });
      else steps = got;
      const places = this.placesFor(ctx, r, mind);
      await this.storeAll(this.planMemories(r, 'step', steps, places), ctx.now);
    }
    plan.steps = dedupeMeals(
      spliceSlots(
        plan.steps,
        window,
        steps,
        this.slotOpts(() => whole),
      ),
      { replace: () => notAMeal(hour.activity), transparent: (x) => x.kind !== undefined },
    );
    return slotAt(plan.steps, t) ?? whole;
  }

  /** Model steps -> consecutive slots from the window start; sub-areas and objects only from the place. */
  private toSteps(
    raw: readonly z.infer<typeof planStepsOutput>['steps'][number][],
    window: { start: number; end: number },
    hour: PlanSlot,
    areas: readonly { name: string; objects: string[] }[],
  ): StepSlot[] {
    const s = this.settings;
    const out: StepSlot[] = [];
    let cursor = window.start;
    for (const st of raw) {
      const action = clipText(String(st.action ?? ''), 140);
      if (action === '' || cursor >= window.end) continue;
      const minutes = clampInt(st.minutes, s.stepMinutes.min, 60, s.stepMinutes.max);
      const end = Math.min(window.end, cursor + minutes * MINUTE_MS);
      const area = areas.find((a) => a.name.toLowerCase() === String(st.area ?? '').toLowerCase());
      const objArea = st.object
        ? (area ? [area] : areas).find((a) =>
            a.objects.some((o) => o.toLowerCase() === String(st.object).toLowerCase()),
          )
        : undefined;
      const object = objArea?.objects.find((o) => o.toLowerCase() === String(st.object).toLowerCase());
      const emoji =
        typeof st.emoji === 'string' && st.emoji.trim() !== '' && st.emoji.length <= 8
          ? st.emoji.trim()
          : emojiFor(action);
      out.push({
        start: cursor,
        end,
        activity: action,
        place: hour.place,
        emoji,
        ...(objArea ? { subArea: objArea.name } : area ? { subArea: area.name } : {}),
        ...(object ? { object, objectStatus: clipText(String(st.objectStatus ?? 'in use'), 60) } : {}),
      });
      cursor = end;
    }
    return out;
  }

  /** Today's plan as text lines for display (blocks, with the hour chunks decomposed so far). */
  planLines(r: Resident, opts: { hours?: boolean } = {}): string[] {
    const plan = this.mindOf(r).plan;
    if (!plan) return [];
    const lines: string[] = [];
    for (const b of plan.blocks) {
      lines.push(`${clockAt(b.start)}-${clockAt(b.end)}: ${b.activity} (${b.place})`);
      if (opts.hours === false) continue;
      for (const h of plan.hours)
        if (h.start >= b.start && h.end <= b.end && !(h.start === b.start && h.end === b.end))
          lines.push(`  ${clockAt(h.start)}-${clockAt(h.end)}: ${h.activity}`);
    }
    return lines;
  }

  // ------------------------------------------------------------------ acting and reacting

  /** The focal perception worth a react decision, if any (sec. 4.3.1; cheap gates first, no model call). */
  private focal(
    r: Resident,
    ctx: DecideContext,
    status: string,
  ): { observation: string; subject?: string; person?: DecideContext['nearby'][number] } | null {
    const s = this.settings;
    const mind = this.mindOf(r);
    const now = ctx.now;
    const recently = (at: number | undefined, minutes: number) => at !== undefined && now - at < minutes * MINUTE_MS;
    const own = new RegExp(`^(${escapeRegExp(r.profile.name)}|${escapeRegExp(r.profile.firstName)})\\b`);
    const fresh = ctx.perceived.filter(
      (p) =>
        p.kind !== 'speech' &&
        !isIdle(p.description) &&
        !own.test(p.description) &&
        !recently(mind.considered[p.description], 60),
    );
    const alarm = fresh.find((p) => isAlarming(p.description));
    if (alarm) return { observation: alarm.description, ...(alarm.subject ? { subject: alarm.subject } : {}) };
    if (isSleeping(status)) return null;
    // Whom to consider talking to: a free person not talked with lately; in a crowd, not always the first one
    // listed (the others there are likelier to be taken by then), but a stable choice for the same moment.
    const free = ctx.nearby.filter(
      (n) =>
        !n.busy &&
        !recently(mind.chattedAt[n.id], s.chatCooldownMinutes) &&
        !recently(mind.considered[declinedKey(n.id)], s.chatDeclinedMinutes),
    );
    const n = free.sort(
      (a, b) => hashString(`${r.profile.id}|${a.id}|${now}`) - hashString(`${r.profile.id}|${b.id}|${now}`),
    )[0];
    if (n) return { observation: `${n.name} is ${stripPeriod(n.action)}`, subject: n.name, person: n };
    // Someone else's routine doings (an action or an arrival) are no reason to stop; an unusual object state or a
    // remarkable event is (sec. 4.3.1: react to what matters), and only those cost a decision.
    const notable = fresh
      .map((p) => ({
        p,
        imp: r.memory.latestWithDescription(p.description)?.importance ?? heuristicImportance(p.description),
      }))
      .filter((x) =>
        x.p.kind === 'action' || x.p.kind === 'arrival' || x.p.kind === undefined
          ? x.imp >= s.reactEventImportance
          : x.imp >= s.reactMinImportance,
      )
      .sort((a, b) => b.imp - a.imp)[0];
    return notable
      ? { observation: notable.p.description, ...(notable.p.subject ? { subject: notable.p.subject } : {}) }
      : null;
  }

  /** Plans (day outline -> hour -> 5-15 min steps, lazily), reacts or continues; returns the current action. */
  async decide(r: Resident, ctx: DecideContext): Promise<Decision> {
    const mind = this.mindOf(r);
    const p = r.profile;
    const now = ctx.now;
    await this.ensureDay(r, ctx);
    if (ctx.rejected) await this.onRejected(r, ctx);
    let step = await this.ensureStep(r, ctx, now);
    let reacted = false;
    let converse: Decision['converse'];
    const focal = this.focal(r, ctx, step.activity);
    if (focal) {
      mind.considered[focal.observation] = now;
      if (focal.person) mind.chattedAt[focal.person.id] = now; // considered: no new decision for a while
      pruneTimes(mind.considered, now);
      const context = await this.recall(
        r,
        [`What is ${p.firstName}'s relationship with ${focal.subject ?? focal.observation}?`, focal.observation],
        now,
        { k: this.settings.reactContextK, kinds: EXPERIENCE },
      );
      const input: ReactInput = {
        name: p.name,
        first: p.firstName,
        summary: await this.summary(r, now),
        time: clockAt(now),
        status: progressive(step.activity),
        placeName: ctx.location.name,
        observation: focal.observation,
        ...(focal.subject ? { subject: focal.subject } : {}),
        context: this.promptMemories(
          context.map((x) => x.memory),
          r,
        ),
        ...(focal.person ? { person: { name: focal.person.name, action: focal.person.action } } : {}),
      };
      const out = await this.ask(REACT_TASK, reactOutput, reactMessages(input), input, () => ({
        ...NO_REACTION,
      }));
      // Chose not to talk: no new decision about this person for a while (unless they are still there much later).
      if (focal.person && out.decision !== 'talk') mind.considered[declinedKey(focal.person.id)] = now;
      if (out.decision === 'talk' && focal.person) {
        converse = {
          with: focal.person.id,
          intent: clipText(out.intent ?? `talk with ${firstWord(focal.person.name)}`, 160),
        };
      } else if (out.decision === 'react' && (out.reaction ?? '').trim() !== '') {
        step = await this.react(r, ctx, focal.observation, out);
        reacted = true;
      }
    }
    const action = this.toAction(r, step);
    const changed =
      !mind.lastAction ||
      mind.lastAction.description !== action.description ||
      mind.lastAction.location !== action.location;
    mind.lastAction = action;
    // A resident perceives its own new action like any event (the Smallville code stores it as one): a routine
    // step counts little, a party or a reaction to a fire a lot (sec. 4.2 trigger). Sleep is not perceived.
    if (changed && !isSleeping(step.activity))
      mind.importanceSinceReflection += reacted
        ? (r.memory.latestWithDescription(focal?.observation ?? '')?.importance ?? heuristicImportance(step.activity))
        : Math.min(heuristicImportance(step.activity), this.settings.ownActionMaxImportance);
    return { action, changed, reacted, ...(converse ? { converse } : {}) };
  }

  /** A reaction becomes the current step; the rest of the hour is planned again from its end (sec. 4.3.1). */
  private async react(
    r: Resident,
    ctx: DecideContext,
    observation: string,
    out: z.infer<typeof reactOutput>,
  ): Promise<StepSlot> {
    const s = this.settings;
    const mind = this.mindOf(r);
    const plan = mind.plan!;
    const g = s.planGranularityMinutes * MINUTE_MS;
    const start = floorTo(ctx.now, g);
    const minutes = clampInt(out.minutes, s.stepMinutes.min, 60, s.reactionMinutes);
    const end = start + minutes * MINUTE_MS;
    const reaction = clipText(stripPeriod(out.reaction ?? ''), 140);
    const objects = ctx.location.subAreas.flatMap((a) => a.objects.map((o) => ({ area: a.name, name: o.name })));
    const obj = out.object ? objects.find((o) => o.name.toLowerCase() === out.object!.toLowerCase()) : undefined;
    const step: StepSlot = {
      start,
      end,
      activity: reaction,
      place: ctx.location.id,
      emoji: out.emoji && out.emoji.length <= 8 ? out.emoji : emojiFor(reaction),
      kind: 'reaction',
      ...(obj ? { subArea: obj.area, object: obj.name, objectStatus: clipText(out.objectStatus ?? 'in use', 60) } : {}),
    };
    const hour = slotAt(plan.hours, ctx.now);
    const hourEnd = hour?.end ?? end;
    // Re-plan from now: the reaction, then the rest of the hour decomposed again when reached (lazily).
    const cutEnd = Math.max(end, hourEnd);
    const kept = plan.steps.flatMap((x) =>
      x.end <= start || x.start >= cutEnd
        ? [x]
        : x.start < start
          ? [{ ...x, end: start }]
          : x.end > cutEnd
            ? [{ ...x, start: cutEnd }]
            : [],
    );
    plan.steps = [...kept, step].sort((a, b) => a.start - b.start);
    mind.context = `${r.profile.firstName} had to ${reaction} because ${stripPeriod(observation).toLowerCase()}`;
    const imp = r.memory.latestWithDescription(observation)?.importance ?? heuristicImportance(observation);
    await this.storeAll(
      [
        {
          r,
          m: {
            kind: 'plan',
            description: `${r.profile.firstName} reacted to "${stripPeriod(observation)}" and decided to ${reaction}`,
            importance: imp,
            plan: { level: 'step', start, minutes, location: ctx.location.id },
          },
        },
      ],
      ctx.now,
    );
    return step;
  }

  /** The world refused a move: remember why, avoid the place today, plan the rest of the hour again. */
  private async onRejected(r: Resident, ctx: DecideContext): Promise<void> {
    const mind = this.mindOf(r);
    const plan = mind.plan!;
    const reason = clipText(ctx.rejected!, 200);
    const target = mind.lastAction?.location;
    if (target && target !== r.profile.home && !mind.avoid.includes(target)) mind.avoid.push(target);
    const text = `${r.profile.firstName} could not go ahead as planned: ${stripPeriod(reason)}`;
    await this.storeAll([{ r, m: { kind: 'observation', description: text, importance: 3 } }], ctx.now);
    mind.context = text;
    const home = r.profile.home;
    const swap = <T extends PlanSlot>(x: T): T =>
      x.end > ctx.now && target !== undefined && x.place === target ? { ...x, place: home } : x;
    plan.blocks = plan.blocks.map(swap);
    plan.hours = plan.hours.map(swap);
    plan.steps = cutFrom(plan.steps, floorTo(ctx.now, this.settings.planGranularityMinutes * MINUTE_MS));
  }

  private toAction(r: Resident, step: StepSlot): Action {
    const activity = stripPeriod(step.activity);
    const description = new RegExp(`^${escapeRegExp(r.profile.name)}\\b`).test(activity)
      ? activity
      : `${r.profile.name} is ${progressive(activity)}`;
    return {
      description,
      emoji: step.emoji,
      location: step.place,
      ...(step.subArea ? { subArea: step.subArea } : {}),
      ...(step.object ? { object: step.object } : {}),
      ...(step.objectStatus ? { objectStatus: step.objectStatus } : {}),
      start: step.start,
      minutes: Math.round((step.end - step.start) / MINUTE_MS),
    };
  }

  // ------------------------------------------------------------------ dialogue

  /**
   * Retrieved memories for a dialogue line. `fresh` marks what the listeners have not heard: not told by them,
   * not already told to them, and a piece of knowledge at all (a raw line without news, a conversation record,
   * an interview or a plan is context, not something to pass on).
   */
  private dialogueMemories(speaker: Resident, listeners: Resident[], mems: readonly Memory[]) {
    const mind = this.mindOf(speaker);
    const ids = new Set<string>(listeners.map((l) => l.profile.id));
    const shown = this.promptMemories(mems, speaker);
    return mems.map((m, i) => {
      const news = typeof m.meta?.news === 'string' ? m.meta.news : null;
      const from = typeof m.meta?.speaker === 'string' ? m.meta.speaker : null;
      const key = newsKey(news ?? m.description);
      const told = listeners.every((l) => (mind.told[l.profile.id] ?? []).includes(key));
      const knowledge = SHAREABLE.includes(m.kind) || (m.kind === 'dialogue' && news !== null);
      return { ...shown[i]!, fresh: knowledge && !(from !== null && ids.has(from)) && !told };
    });
  }

  /**
   * A whole conversation between 2+ co-located residents, turn by turn (cap settings.maxTurnsEach each); every
   * line is a dialogue memory for everyone present; at the end each stores a summary of what was said and agreed.
   */
  async converse(
    participants: Resident[],
    ctx: { now: number; location: Place; initiator: AgentId; intent: string },
  ): Promise<{ lines: { speaker: AgentId; text: string }[]; ended: 'natural' | 'cap' }> {
    const s = this.settings;
    const now = ctx.now;
    const order = [...participants].sort((a, b) =>
      a.profile.id === ctx.initiator ? -1 : b.profile.id === ctx.initiator ? 1 : 0,
    );
    if (order.length < 2) return { lines: [], ended: 'natural' };
    for (const r of order) this.mindOf(r);
    const lines: { speaker: AgentId; text: string; news?: string }[] = [];
    const maxLines = order.length * s.maxTurnsEach;
    let ended: 'natural' | 'cap' = 'cap';
    for (let turn = 0; turn < maxLines; turn++) {
      const speaker = order[turn % order.length]!;
      const listeners = order.filter((x) => x !== speaker);
      const last = lines[lines.length - 1];
      const listenerNames = listeners.map((l) => l.profile.name);
      const mems = await this.recall(
        speaker,
        [
          `What is ${speaker.profile.firstName}'s relationship with ${listenerNames.join(' and ')}?`,
          last?.text ?? ctx.intent,
        ],
        now,
        { k: s.dialogueRetrieveK, kinds: EXPERIENCE, budget: s.dialogueBudgetTokens },
      );
      const spoken = lines.filter((l) => l.speaker === speaker.profile.id).length;
      const input: DialogueTurnInput = {
        name: speaker.profile.name,
        first: speaker.profile.firstName,
        summary: await this.summary(speaker, now),
        listeners: listenerNames,
        placeName: ctx.location.name,
        time: clockAt(now),
        ...(turn === 0 ? { intent: ctx.intent } : {}),
        history: lines
          .slice(-s.dialogueHistoryLines)
          .map((l) => ({ speaker: this.nameOf(order, l.speaker), text: l.text, ...(l.news ? { news: l.news } : {}) })),
        memories: this.dialogueMemories(
          speaker,
          listeners,
          mems.map((x) => x.memory),
        ),
        turnsLeft: s.maxTurnsEach - spoken,
      };
      const out = await this.ask(DIALOGUE_TURN_TASK, dialogueTurnOutput, dialogueTurnMessages(input), input, () => ({
        line: 'I should get going. See you later!',
        end: true,
        news: null,
      }));
      const text = clipText(cleanLine(out.line, speaker.profile.name), 500);
      if (text === '') {
        this.log('agent: empty dialogue line; ending the conversation', { agent: speaker.profile.id });
        ended = 'natural';
        break;
      }
      const news = out.news && out.news.trim() !== '' ? clipText(out.news, 300) : undefined;
      lines.push({ speaker: speaker.profile.id, text, ...(news ? { news } : {}) });
      if (news) {
        const m = this.mindOf(speaker);
        for (const l of listeners) m.told[l.profile.id] = [...(m.told[l.profile.id] ?? []), newsKey(news)].slice(-40);
      }
      if (out.end) {
        ended = 'natural';
        break;
      }
    }
    await this.afterConversation(order, lines, ctx);
    return { lines: lines.map((l) => ({ speaker: l.speaker, text: l.text })), ended };
  }

  private nameOf(rs: readonly Resident[], id: AgentId): string {
    return rs.find((r) => r.profile.id === id)?.profile.name ?? String(id);
  }

  /** Summary call (rates the lines too), dialogue + summary memories for everyone, plan bookkeeping. */
  private async afterConversation(
    order: Resident[],
    lines: { speaker: AgentId; text: string; news?: string }[],
    ctx: { now: number; location: Place; initiator: AgentId },
  ): Promise<void> {
    if (lines.length === 0) return;
    const s = this.settings;
    const now = ctx.now;
    const input: ConversationSummaryInput = {
      participants: order.map((r) => r.profile.name),
      placeName: ctx.location.name,
      time: clockAt(now),
      lines: lines.map((l) => ({
        speaker: this.nameOf(order, l.speaker),
        text: l.text,
        ...(l.news ? { news: l.news } : {}),
      })),
    };
    const out = await this.ask(
      CONVERSATION_SUMMARY_TASK,
      conversationSummaryOutput,
      conversationSummaryMessages(input),
      input,
      () => ({
        summary: `${input.participants.join(' and ')} talked at ${ctx.location.name}.`,
        importance: 3,
        lineImportance: null,
      }),
    );
    const summary = clipText(
      out.summary.trim() || `${input.participants.join(' and ')} talked at ${ctx.location.name}.`,
      500,
    );
    const importance = clampInt(out.importance, 1, 10, 3);
    const lineImp = lines.map((l, i) =>
      clampInt(out.lineImportance?.[i], 1, 10, heuristicImportance(l.news ?? l.text)),
    );
    const conversation = `${ctx.initiator}@${now}`;
    const entries: { r: Resident; m: NewMemory }[] = [];
    for (const r of order) {
      const others = order.filter((x) => x !== r).map((x) => x.profile.name);
      lines.forEach((l, i) => {
        const speakerName = this.nameOf(order, l.speaker);
        const mine = l.speaker === r.profile.id;
        entries.push({
          r,
          m: {
            kind: 'dialogue',
            description: mine
              ? `${speakerName} said to ${others.join(' and ')}: "${l.text}"`
              : `${speakerName} said: "${l.text}"`,
            importance: lineImp[i]!,
            meta: {
              conversation,
              speaker: l.speaker,
              speakerName,
              line: l.text,
              ...(l.news ? { news: l.news } : {}),
            },
          },
        });
      });
      entries.push({
        r,
        m: {
          kind: 'conversation_summary',
          description: `Conversation with ${others.join(' and ')}: ${summary}`,
          importance,
          // what people said, summarised: quoted like the lines themselves
          meta: {
            conversation,
            userText: { from: `summary of a conversation with ${others.join(' and ')}`, text: summary },
          },
        },
      });
    }
    await this.storeAll(entries, now);
    const minutes = Math.max(s.stepMinutes.min, Math.ceil(lines.length / 2 / 5) * 5);
    const g = s.planGranularityMinutes * MINUTE_MS;
    for (const r of order) {
      const mind = this.mindOf(r);
      // The conversation is one perceived event and every line heard in it another (sec. 4.2 trigger).
      const heard = lines.reduce((sum, l, i) => sum + (l.speaker !== r.profile.id ? lineImp[i]! : 0), 0);
      mind.importanceSinceReflection += importance + heard;
      for (const o of order) if (o !== r) mind.chattedAt[o.profile.id] = now;
      if (mind.plan && mind.plan.day === dayKey(now)) {
        const others = order.filter((x) => x !== r).map((x) => firstWord(x.profile.name));
        const start = floorTo(now, g);
        const step: StepSlot = {
          start,
          end: start + minutes * MINUTE_MS,
          activity: `talk with ${others.join(' and ')}`,
          place: ctx.location.id,
          emoji: '💬',
          kind: 'conversation',
        };
        mind.plan.steps = spliceSlots(
          mind.plan.steps,
          { start: step.start, end: step.end },
          [step],
          this.slotOpts(() => step),
        );
      }
    }
  }

  /**
   * A person (persona) spoke in the resident's location. Returns the reply, or null when it stays silent.
   * Addressed residents always answer (a safe default line if the model gives none).
   */
  async hear(
    r: Resident,
    ctx: {
      now: number;
      location: Place;
      speaker: { name: string; description?: string };
      text: string;
      addressed: boolean;
    },
  ): Promise<string | null> {
    const p = r.profile;
    const now = ctx.now;
    const mind = this.mindOf(r);
    const text = clipText(ctx.text, 1000);
    const mems = await this.recall(r, [text, `What is ${p.firstName}'s relationship with ${ctx.speaker.name}?`], now, {
      k: 6,
      kinds: EXPERIENCE,
    });
    const input: HearInput = {
      name: p.name,
      first: p.firstName,
      summary: await this.summary(r, now),
      time: clockAt(now),
      status: mind.lastAction ? progressive(actionPhrase(p, mind.lastAction.description)) : 'here',
      placeName: ctx.location.name,
      speaker: { name: ctx.speaker.name, ...(ctx.speaker.description ? { description: ctx.speaker.description } : {}) },
      text,
      addressed: ctx.addressed,
      memories: this.promptMemories(
        mems.map((x) => x.memory),
        r,
      ),
    };
    const out = await this.ask(HEAR_TASK, hearOutput, hearMessages(input), input, () => ({
      importance: heuristicImportance(text),
      reply: ctx.addressed ? "Sorry, I'm not sure what to say." : '',
    }));
    const importance = clampInt(out.importance, 1, 10, heuristicImportance(text));
    let reply = cleanLine(out.reply ?? '', p.name);
    if (reply === '' && ctx.addressed) {
      this.log('agent: addressed resident gave no reply; using a default', { agent: p.id });
      reply = "Sorry, I'm not sure what to say.";
    }
    const entries: { r: Resident; m: NewMemory }[] = [
      {
        r,
        m: {
          kind: 'dialogue',
          description: `${ctx.speaker.name} said: "${text}"`,
          importance,
          meta: {
            speaker: ctx.speaker.name,
            persona: true,
            userText: { from: `${ctx.speaker.name} (a visitor)`, text },
          },
        },
      },
    ];
    if (reply !== '')
      entries.push({
        r,
        m: {
          kind: 'dialogue',
          description: `${p.name} said to ${ctx.speaker.name}: "${reply}"`,
          importance: 2,
          meta: {
            speaker: p.id,
            to: ctx.speaker.name,
            userText: { from: `${p.name}, answering ${ctx.speaker.name}`, text: reply },
          },
        },
      });
    await this.storeAll(entries, now);
    mind.importanceSinceReflection += importance;
    return reply === '' ? null : reply;
  }

  // ------------------------------------------------------------------ inner voice, interview

  /** Inner voice (sec. 3.1): the resident's own high-importance thought; forces a re-plan at the next decide(). */
  async innerVoice(r: Resident, text: string, now: number): Promise<void> {
    const mind = this.mindOf(r);
    const thought = clipText(toThirdPerson(text, r.profile.firstName), 400);
    const importance = this.settings.innerVoiceImportance;
    await this.storeAll(
      [
        {
          r,
          m: {
            kind: 'inner_voice',
            description: thought,
            importance,
            // the resident's own thought, in the words it came in: quoted in every prompt, labelled as its own
            meta: {
              said: clipText(text, 400),
              userText: {
                from: `${r.profile.name}'s inner voice (${r.profile.firstName}'s own thought)`,
                text: clipText(text, 400),
              },
            },
          },
        },
      ],
      now,
    );
    mind.importanceSinceReflection += importance;
    mind.replan = { reason: thought, at: now };
  }

  /** Answers in character from retrieval on the question; remembers having been interviewed unless told not to. */
  async interview(
    r: Resident,
    question: string,
    ctx: { now: number; asker?: string; remember?: boolean },
  ): Promise<string> {
    const p = r.profile;
    const now = ctx.now;
    const q = clipText(question, 1000);
    // An interview is a question about anything in a life: a wider look than one step of the day loop.
    const mems = await this.recall(r, [q], now, {
      k: this.settings.retrieveK + 4,
      budget: this.settings.contextBudgetTokens * 2,
      touch: ctx.remember !== false,
    });
    const pinned = this.namingMemories(r, q, new Set(mems.map((x) => x.memory.id)));
    const input: InterviewInput = {
      name: p.name,
      first: p.firstName,
      summary: await this.summary(r, now),
      time: `${dateText(now)}, ${clockAt(now)}`,
      ...(ctx.asker ? { asker: ctx.asker } : {}),
      question: q,
      memories: this.promptMemories([...mems.map((x) => x.memory), ...pinned], r),
      ...(this.mindOf(r).plan?.day === dayKey(now) ? { plan: this.planLines(r, { hours: false }) } : {}),
    };
    const out = await this.ask(INTERVIEW_TASK, interviewOutput, interviewMessages(input), input, () => ({
      answer: "I'm sorry, I can't answer that right now.",
    }));
    const answer = clipText(cleanLine(out.answer, p.name), 1500) || "I'm sorry, I can't answer that right now.";
    if (ctx.remember !== false) {
      await this.storeAll(
        [
          {
            r,
            m: {
              kind: 'interview',
              description: `${ctx.asker ?? 'Someone'} interviewed ${p.firstName} and asked: "${clipText(q, 200)}"`,
              importance: this.settings.interviewImportance,
              meta: {
                asker: ctx.asker ?? null,
                answer: clipText(answer, 300),
                userText: { from: `${ctx.asker ?? 'someone'}, interviewing ${p.firstName}`, text: clipText(q, 200) },
              },
            },
          },
        ],
        now,
      );
    }
    return answer;
  }

  /**
   * Memories that name a person the question names ("Do you know Carlos Gomez?"). With equal weights, a seed fact
   * about an acquaintance loses to recent, important memories as the stream grows: the paper's "failing to
   * retrieve" (sec. 6.5). A name in the question is a strong cue, so the strongest memories naming it are added.
   */
  private namingMemories(r: Resident, question: string, have: ReadonlySet<MemoryId>): Memory[] {
    const k = this.settings.namedPinK;
    if (k <= 0) return [];
    const names = [...question.matchAll(/\b[A-Z][\p{L}'’-]+(?: [A-Z][\p{L}'’-]+)+/gu)]
      .map((m) => m[0])
      .filter((n) => n !== r.profile.name);
    if (names.length === 0) return [];
    const lowered = names.map((n) => n.toLowerCase());
    return r.memory
      .all()
      .filter(
        (m) =>
          !have.has(m.id) && m.kind !== 'interview' && lowered.some((n) => m.description.toLowerCase().includes(n)),
      )
      .sort((a, b) => b.importance - a.importance || b.seq - a.seq)
      .slice(0, k);
  }

  // ------------------------------------------------------------------ reflection

  /**
   * Reflects when the importance of perceived events since the last reflection exceeds the threshold
   * (sec. 4.2): 3 questions over the 100 most recent records, retrieval per question, 5 insights each with
   * evidence. Returns the number of reflections stored.
   */
  async maybeReflect(r: Resident, now: number): Promise<number> {
    const s = this.settings;
    const mind = this.mindOf(r);
    if (!(mind.importanceSinceReflection > s.reflectionThreshold)) return 0;
    const p = r.profile;
    // The 100 most recent records (sec. 4.2); a record repeated word for word is shown once.
    const seenText = new Set<string>();
    const window = r.memory.recent(s.reflectionRecent, (m) => {
      if (m.kind === 'plan' && m.plan?.level !== 'day') return false;
      if (seenText.has(m.description)) return false;
      seenText.add(m.description);
      return true;
    });
    // Terse: a conversation whose summary is in the window is shown by its summary, not line by line.
    const summarised = new Set(
      window.filter((m) => m.kind === 'conversation_summary').map((m) => String(m.meta?.conversation ?? '')),
    );
    const recent = window.filter(
      (m) => !(m.kind === 'dialogue' && summarised.has(String(m.meta?.conversation ?? '\u0000'))),
    );
    const qInput: ReflectQuestionsInput = {
      name: p.name,
      first: p.firstName,
      count: s.reflectionQuestions,
      memories: reflectionRecords(recent, p.name, s).map((m, i) => ({ n: i + 1, ...m })),
    };
    const qOut = await this.ask(
      REFLECT_QUESTIONS_TASK,
      reflectQuestionsOutput,
      reflectQuestionsMessages(qInput),
      qInput,
      () => ({
        questions: [],
      }),
    );
    let questions = [...new Set(qOut.questions.map((q) => clipText(String(q), 200)).filter((q) => q !== ''))].slice(
      0,
      s.reflectionQuestions,
    );
    if (questions.length === 0) {
      this.log('agent: no reflection questions; using a general one', { agent: p.id });
      questions = [`What has ${p.firstName} been spending time on lately?`];
    }
    const numberOf = new Map<MemoryId, number>();
    const byNumber = new Map<number, Memory>();
    const perQuestion: ReflectInsightsInput['questions'] = [];
    const topOf: (MemoryId | undefined)[] = [];
    for (const q of questions) {
      const hits = await this.recall(r, [q], now, { k: s.reflectionRetrieveK, budget: Number.POSITIVE_INFINITY });
      topOf.push(hits[0]?.memory.id);
      perQuestion.push({
        question: q,
        memories: hits.map((h) => {
          let n = numberOf.get(h.memory.id);
          if (n === undefined) {
            n = numberOf.size + 1;
            numberOf.set(h.memory.id, n);
            byNumber.set(n, h.memory);
          }
          const quote = quoteOf(h.memory, 140);
          return {
            n,
            text: clipText(h.memory.description, 140),
            importance: h.memory.importance,
            ...(quote ? { quote } : {}),
          };
        }),
      });
    }
    const iInput: ReflectInsightsInput = {
      name: p.name,
      first: p.firstName,
      perQuestion: s.insightsPerQuestion,
      questions: perQuestion,
    };
    const iOut = await this.ask(
      REFLECT_INSIGHTS_TASK,
      reflectInsightsOutput,
      reflectInsightsMessages(iInput),
      iInput,
      () => ({
        insights: [],
      }),
    );
    const byId = new Map([...byNumber.values()].map((m) => [m.id, m] as const));
    const countPer = new Map<number, number>();
    const entries: { r: Resident; m: NewMemory }[] = [];
    const seen = new Set<string>();
    for (const ins of iOut.insights) {
      const text = clipText(String(ins.text ?? ''), 300);
      const qi = clampInt(ins.question, 1, questions.length, 1);
      if (text === '' || seen.has(text.toLowerCase()) || (countPer.get(qi) ?? 0) >= s.insightsPerQuestion) continue;
      // An insight already held adds nothing to the tree: keep the earlier one (and its evidence).
      if (r.memory.latestWithDescription(text)?.kind === 'reflection') continue;
      let evidence = [
        ...new Set((ins.because ?? []).map((n) => byNumber.get(n)?.id).filter((x): x is MemoryId => !!x)),
      ];
      if (evidence.length === 0) {
        const top = topOf[qi - 1];
        this.log("agent: insight without valid evidence; citing the question's best memory", { agent: p.id, text });
        evidence = top ? [top] : [];
      }
      seen.add(text.toLowerCase());
      countPer.set(qi, (countPer.get(qi) ?? 0) + 1);
      entries.push({
        r,
        m: {
          kind: 'reflection',
          description: text,
          importance: clampInt(ins.importance, 1, 10, 5),
          evidence,
          meta: {
            question: questions[qi - 1],
            // an insight drawn from what people said may repeat their words: quoted like its evidence
            ...(evidence.some((id) => quoteOf(byId.get(id)!, 1) !== undefined)
              ? { userText: { from: `${p.firstName}'s reflection on what people said`, text } }
              : {}),
          },
        },
      });
    }
    await this.storeAll(entries, now);
    mind.importanceSinceReflection = 0;
    mind.reflections++;
    mind.lastReflectionAt = now;
    return entries.length;
  }
}

/** Cuts a record of several items ("a; b; c") after the last whole item that fits, so no fact is cut in half. */
function clipClauses(text: string, n: number): string {
  if (text.length <= n) return text;
  const cut = text.slice(0, n);
  const at = cut.lastIndexOf('; ');
  return at > n * 0.4 ? `${cut.slice(0, at)}.` : clipText(text, n);
}

/**
 * The words a memory holds that someone wrote or said, with who: a visitor's message, a whisper, an interview
 * question, overheard speech (marked `meta.userText` when stored), and every line of a conversation (its news,
 * else the line). Prompts show these only as quoted blocks, so text a person wrote never re-enters bare.
 */
export function quoteOf(m: Memory, max: number): QuotedText | undefined {
  const u = m.meta?.userText as { from?: unknown; text?: unknown } | undefined;
  if (u && typeof u.from === 'string' && typeof u.text === 'string')
    return { from: u.from, text: clipText(u.text, max) };
  if (m.kind !== 'dialogue') return undefined;
  const who = speakerName(m) ?? 'someone';
  if (typeof m.meta?.news === 'string') return { from: `${who}, passing on news`, text: clipText(m.meta.news, max) };
  const line = typeof m.meta?.line === 'string' ? m.meta.line : /: ["“](.*)["”]$/s.exec(m.description)?.[1];
  const to = /^.+? said (to .+?): ["“]/.exec(m.description)?.[1];
  return line !== undefined ? { from: to ? `${who}, ${to}` : who, text: clipText(line, max) } : undefined;
}

/** Kinds whose memories are knowledge a resident may pass on in conversation (sec. 7.1 diffusion). */
const SHAREABLE: MemoryKind[] = ['seed', 'observation', 'inner_voice', 'game'];

/** Who said a dialogue memory's line (stored name, else the description's "<name> said"). */
function speakerName(m: Memory): string | null {
  if (typeof m.meta?.speakerName === 'string') return m.meta.speakerName;
  const said = /^(.+?) said\b/.exec(m.description)?.[1];
  return said ?? (typeof m.meta?.speaker === 'string' ? m.meta.speaker : null);
}

/** Drops slots from t on (a slot straddling t is clipped to end there). */
function cutFrom<T extends PlanSlot>(slots: readonly T[], t: number): T[] {
  return slots.filter((x) => x.start < t).map((x) => (x.end > t ? { ...x, end: t } : x));
}

/** The first sentences of a summary description, up to `chars` (name, age, traits, occupation). */
export function briefIdentity(summary: string, chars: number): string {
  const sentences = summary.match(/[^.!?]+[.!?]+(\s+|$)/g) ?? [summary];
  let out = '';
  for (const x of sentences) {
    if (out !== '' && out.length + x.length > chars) break;
    out += x;
  }
  return clipText(out.trim(), chars);
}

/** Importance up to which a sight is routine (sec. 4.1 scale: 1 brushing teeth ... 10 a break-up). */
const ROUTINE_IMPORTANCE = 3;
const SOMEONE_IS = /^(\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)+) is (.+)$/u;

/**
 * The reflection-question records, tersely (sec. 4.2 asks over the 100 most recent): someone else's routine
 * doings (importance <= 3) are one line per person ("Abigail Chen is mixing colours / eating dinner"), each record is clipped, and
 * the oldest records are dropped past settings.reflectionPromptChars.
 */
export function reflectionRecords(
  memories: readonly (Pick<Memory, 'kind' | 'description' | 'importance'> & Partial<Pick<Memory, 'meta'>>)[],
  self: string,
  s: Pick<AgentSettings, 'reflectionRecordChars' | 'reflectionPromptChars'>,
): { text: string; importance: number; quote?: QuotedText }[] {
  const out: { text: string; importance: number; subject?: string; doings?: string[]; quote?: QuotedText }[] = [];
  const bySubject = new Map<string, (typeof out)[number]>();
  for (const m of memories) {
    const routine = m.kind === 'observation' && m.importance <= ROUTINE_IMPORTANCE;
    const who = routine ? SOMEONE_IS.exec(m.description.replace(/\.$/, '')) : null;
    if (who && who[1] !== self) {
      const subject = who[1]!;
      const had = bySubject.get(subject);
      if (had) out.splice(out.indexOf(had), 1);
      const doings = [...new Set([...(had?.doings ?? []), who[2]!])].slice(-4);
      const rec = { text: '', importance: Math.max(had?.importance ?? 0, m.importance), subject, doings };
      bySubject.set(subject, rec);
      out.push(rec);
      continue;
    }
    const quote = quoteOf(m as Memory, s.reflectionRecordChars);
    out.push({
      text: clipText(m.description, s.reflectionRecordChars),
      importance: m.importance,
      ...(quote ? { quote } : {}),
    });
  }
  const lines = out.map((r) => ({
    text: r.subject ? clipText(`${r.subject} is ${r.doings!.join(' / ')}`, 2 * s.reflectionRecordChars) : r.text,
    importance: r.importance,
    ...(r.quote ? { quote: r.quote } : {}),
  }));
  let chars = 0;
  let from = lines.length;
  while (from > 0 && chars + lines[from - 1]!.text.length <= s.reflectionPromptChars)
    chars += lines[--from]!.text.length;
  return lines.slice(from);
}

const PRIVATE_AREA = /^(\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)+)['’]s (room|bedroom|bathroom)$/u;

/** "Latoya Williams's room" is private to Latoya: true for anyone else. */
export function othersPrivateArea(area: string, self: string): boolean {
  const m = PRIVATE_AREA.exec(area);
  return m !== null && m[1] !== self;
}

const declinedKey = (id: string) => `declined talk:${id}`;

function pruneTimes(rec: Record<string, number>, now: number): void {
  for (const [k, at] of Object.entries(rec)) if (now - at > DAY_MS) delete rec[k];
}

/** "Mara Okafor is brewing coffee" -> "brewing coffee". */
function actionPhrase(p: AgentProfile, description: string): string {
  return description.replace(new RegExp(`^(${escapeRegExp(p.name)}|${escapeRegExp(p.firstName)})\\s+(is\\s+)?`), '');
}

/** What a repeated meal becomes: the parent activity, unless that is the meal itself. */
function notAMeal(parent: string): string {
  return mealOf(parent) ? 'take a short rest' : parent;
}
