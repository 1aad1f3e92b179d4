// Headless simulation: runs a town for N simulated hours with the given model, then measures it the way the
// paper does (sec. 7.1: information diffusion, relationship network density; sec. 6.1: interview battery) and
// reports model calls and tokens per task, per resident-day and in total.
import type { Memory, MemoryKind } from '../agent/types.ts';
import { formatSimTime, HOUR_MS } from '../core/time.ts';
import type { ChatMessage, Embedder, LanguageModel } from '../llm/port.ts';
import { DEFAULT_PRICES, dollarsFor, formatDollars, PRICES_TAKEN } from '../llm/prices.ts';
import { agentKit } from '../town/agent-kit.ts';
import type { TownFile } from '../town/file.ts';
import { loadTownFile } from '../town/file-io.ts';
import { type CallTotals, combineTotals, MeteredEmbedder, MeteredModel, scaleTotals } from '../town/metering.ts';
import { READ_RESIDENT_TASK } from '../town/reading/prompt.ts';
import { type KitFactory, TownService } from '../town/service.ts';
import { InMemoryTownStore, type TownStore } from '../town/store.ts';
import type { TickLog } from '../town/tick.ts';
import type { Post } from '../town/types.ts';
import { type AttendanceResult, AttendanceTracker, attendanceLine, plannedAt } from './attendance.ts';
import {
  type BatteryAnswer,
  type DensityResult,
  type DiffusionResult,
  measureDensity,
  measureDiffusion,
  runInterviewBattery,
} from './evaluation.ts';
import type { KnowledgeJudge } from './knowledge-judge.ts';
import { type Judge, type JudgeStatus, unreliableJudgeText } from './model-judge.ts';

export interface SimulateOptions {
  hours: number;
  /** Town to run (default: the seed town). */
  town?: TownFile;
  llm: LanguageModel;
  embedder: Embedder;
  seed?: string | number;
  /** Default: an in-memory store. */
  store?: TownStore;
  /** Override the agent mind (tests, benches); default src/agent over the metered model. */
  kit?: KitFactory;
  /** Measure diffusion and density before and after (default true). */
  evaluate?: boolean;
  /** Residents (names or ids) who answer the 25-question battery at the end. */
  interviewBattery?: string[];
  /** Prompt token counter (default: src/llm/tokens.ts countChatTokens is passed by the CLI; else chars/4). */
  countPrompt?: (messages: readonly ChatMessage[]) => Promise<number> | number;
  countCompletion?: (text: string) => Promise<number> | number;
  onProgress?: (p: { tick: number; ticks: number; time: string; posts: number }) => void;
  log?: TickLog;
  /** Judges whether interview answers state a fact or know a person (default: the rules of src/eval/judge.ts). */
  knowledgeJudge?: KnowledgeJudge;
  /** A prepared judge (model-judge.ts): its knowledge judge is used and its status goes into the report. */
  judge?: Judge;
  /** Town id in the store (default sim-<seed>); several runs in one database need their own. */
  townId?: string;
  /** Called with the whole run before the town closes (e.g. to export it: src/eval/run-export.ts). */
  onFinish?: (run: FinishedRun) => Promise<void> | void;
  /** Keep every model call's timing (critical-path analysis in benches). */
  keepCalls?: boolean;
}

/** Everything a run produced, handed to `onFinish` before the town closes. */
export interface FinishedRun {
  residents: { id: string; name: string; memories: readonly Memory[] }[];
  posts: Post[];
  townSettings: Record<string, unknown>;
  agentSettings: Record<string, unknown>;
}

export interface SimulateReport {
  town: string;
  seed: string | number;
  hours: number;
  ticks: number;
  minutesPerTick: number;
  simStart: string;
  simEnd: string;
  wallMs: number;
  model: string;
  residents: {
    id: string;
    name: string;
    memories: Partial<Record<MemoryKind, number>>;
    reflections: number;
    conversations: number;
    location: string;
  }[];
  conversations: number;
  reflections: number;
  posts: { total: number; byLocation: Record<string, number>; byKind: Record<string, number> };
  modelCalls: {
    /** The simulation itself (seeding and ticks), excluding the evaluation interviews before and after. */
    byTask: Record<string, CallTotals>;
    byPhase: Record<string, CallTotals>;
    byResident: Record<string, CallTotals>;
    total: CallTotals;
    /**
     * The simulated ticks only (no seeding, no evaluation) per resident per simulated day: calls, HTTP requests,
     * retries, repairs, failures (fell back), billed and cached prompt tokens, completion tokens.
     */
    perResidentDay: CallTotals;
    /** The same per resident-day figure, by task (where the tokens go). */
    perResidentDayByTask: Record<string, CallTotals>;
    /** The simulated ticks only, by task. */
    ticksByTask: Record<string, CallTotals>;
    /** Evaluation interviews (diffusion, density, battery; before and after the ticks), counted separately. */
    evaluation: CallTotals;
    /** The town's reading when it was made (issue 32): once per town, never per resident-day; absent offline. */
    reading?: CallTotals;
    /** A model judge's calls (issue 33): its calibration and its judging, in the provider's bill like the rest. */
    judge?: CallTotals;
    embeddings: { requests: number; texts: number };
  };
  /** Town steps that fell back (total, byStep) and model calls that failed (the agent falls back on its own). */
  failures: { total: number; byStep: Record<string, number>; modelCalls: number };
  rejectedMoves: number;
  diffusion?: { before: DiffusionResult[]; after: DiffusionResult[] };
  density?: { before: DensityResult; after: DensityResult };
  interviewBattery?: BatteryAnswer[];
  /** Events among the seeded facts: who heard of each, who came (sec. 7.1.3). */
  attendance: AttendanceResult[];
  /** The judge of the interviews, when a prepared one was given: calibration, calls, reliability. */
  judge?: JudgeStatus;
  /** Posts per location, in order, as "[time] emoji name: text". */
  transcript: Record<string, string[]>;
  /** Every post in time order across locations, as "[Mon 2024-01-01 08:00] #location emoji name: text". */
  timeline: string[];
}

const sum = (a: CallTotals | undefined, b: CallTotals | undefined): CallTotals => combineTotals(a, b, 1);
const sub = (a: CallTotals | undefined, b: CallTotals | undefined): CallTotals => combineTotals(a, b, -1);

export function transcriptLine(p: Post): string {
  const time = new Date(p.simTime).toISOString().slice(11, 16);
  return `[${time}] ${p.emoji ? `${p.emoji} ` : ''}${p.speakerName ? `${p.speakerName}: ` : ''}${p.text}`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** One post of the time-ordered transcript: the simulated date and time, then the location. */
export function timelineLine(p: Post): string {
  const d = new Date(p.simTime);
  const stamp = `${WEEKDAYS[d.getUTCDay()]} ${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)}`;
  return `[${stamp}] #${p.location} ${p.emoji ? `${p.emoji} ` : ''}${p.speakerName ? `${p.speakerName}: ` : ''}${p.text}`;
}

export async function simulate(opts: SimulateOptions): Promise<SimulateReport> {
  const t0 = performance.now();
  const file = opts.town ?? loadTownFile();
  const llm = new MeteredModel(opts.llm, {
    ...(opts.countPrompt ? { countPrompt: opts.countPrompt } : {}),
    ...(opts.countCompletion ? { countCompletion: opts.countCompletion } : {}),
    ...(opts.keepCalls ? { keepCalls: true } : {}),
  });
  const embedder = new MeteredEmbedder(opts.embedder);
  const store = opts.store ?? new InMemoryTownStore();
  const kit: KitFactory =
    opts.kit ??
    ((townId, settings) => agentKit({ llm, embedder, settings, townId, ...(opts.log ? { log: opts.log } : {}) }));
  const seed = opts.seed ?? 1;
  const deps = { store, kit, owner: 'simulate', ...(opts.log ? { log: opts.log } : {}) };
  const service = await TownService.create(deps, { id: opts.townId ?? `sim-${seed}`, scope: 'simulate', file, seed });
  const state0 = service.snapshot();
  const evaluate = opts.evaluate ?? true;
  const knowledgeJudge = opts.judge?.knowledge ?? opts.knowledgeJudge;

  // Meter snapshots around each stage: the per-resident-day figure counts the simulated ticks only, never the
  // seeding nor the evaluation interviews that run before and after them.
  const atStart = meterSnapshot(llm);
  const diffusionBefore = evaluate ? await measureDiffusion(service, state0.facts, knowledgeJudge) : undefined;
  const densityBefore = evaluate ? await measureDensity(service, knowledgeJudge) : undefined;
  const beforeTicks = meterSnapshot(llm);

  const ticks = Math.max(0, Math.round((opts.hours * HOUR_MS) / (state0.settings.minutesPerTick * 60_000)));
  let posts = 0;
  const attendance = new AttendanceTracker(state0.facts);
  for (let i = 0; i < ticks; i++) {
    const r = await service.tick();
    posts += r.posts.length;
    if (attendance.watching(r.now))
      attendance.observe(
        r.now,
        service.residents().map((x) => ({ ...x, planned: plannedAt(service.liveResident(x.id).mind, r.now) })),
      );
    opts.onProgress?.({ tick: i + 1, ticks, time: formatSimTime(r.now), posts });
  }
  const afterTicks = meterSnapshot(llm);

  const diffusionAfter = evaluate ? await measureDiffusion(service, state0.facts, knowledgeJudge) : undefined;
  const densityAfter = evaluate ? await measureDensity(service, knowledgeJudge) : undefined;
  const battery =
    opts.interviewBattery && opts.interviewBattery.length > 0
      ? await runInterviewBattery(service, opts.interviewBattery, state0.facts)
      : undefined;

  const end = service.snapshot();
  const attended = attendance.results(
    end.residents.map((r) => ({ id: r.profile.id, name: r.profile.name })),
    (id) =>
      service
        .liveResident(id)
        .memory.all()
        .map((m) => m.description),
  );
  const all = await service.outbox.postsAfter(0, 1_000_000);
  const transcript: Record<string, string[]> = {};
  const byLocation: Record<string, number> = {};
  const byKind: Record<string, number> = {};
  const timeline = [...all].sort((a, b) => a.simTime - b.simTime || a.seq - b.seq).map(timelineLine);
  for (const p of all) {
    const lines = transcript[p.location] ?? [];
    lines.push(transcriptLine(p));
    transcript[p.location] = lines;
    byLocation[p.location] = (byLocation[p.location] ?? 0) + 1;
    byKind[p.kind] = (byKind[p.kind] ?? 0) + 1;
  }
  const residents = end.residents.map((rs) => {
    const mems = service.liveResident(rs.profile.id).memory.all();
    const counts: Partial<Record<MemoryKind, number>> = {};
    for (const m of mems) counts[m.kind] = (counts[m.kind] ?? 0) + 1;
    return {
      id: rs.profile.id,
      name: rs.profile.name,
      memories: counts,
      reflections: counts.reflection ?? 0,
      conversations: end.stats.conversationsByResident[rs.profile.id] ?? 0,
      location: rs.travel ? `→ ${rs.travel.to}` : rs.location,
    };
  });

  const atEnd = meterSnapshot(llm);
  const tickMeter = meterCombine(afterTicks, beforeTicks, sub);
  // The simulation itself: seeding plus the ticks; evaluation is everything else.
  const sim = meterCombine(atStart, tickMeter, sum);
  const evalTotals = sum(sub(beforeTicks.total, atStart.total), sub(atEnd.total, afterTicks.total));
  const residentDays = Math.max(1e-9, end.residents.length * (opts.hours / 24));

  if (opts.onFinish)
    await opts.onFinish({
      residents: end.residents.map((rs) => ({
        id: rs.profile.id,
        name: rs.profile.name,
        memories: service.liveResident(rs.profile.id).memory.all(),
      })),
      posts: all,
      townSettings: { ...end.settings },
      agentSettings: { ...end.agentSettings },
    });
  await service.close();
  const judgeUsage = opts.judge?.status().usage;
  return {
    town: end.name,
    seed,
    hours: opts.hours,
    ticks,
    minutesPerTick: end.settings.minutesPerTick,
    simStart: formatSimTime(state0.clock.now),
    simEnd: formatSimTime(end.clock.now),
    wallMs: Math.round(performance.now() - t0),
    model: `${opts.llm.info.provider}/${opts.llm.info.model}${opts.llm.info.offline ? ' (offline)' : ''}`,
    residents,
    conversations: end.stats.conversations,
    reflections: end.stats.reflections,
    posts: { total: all.length, byLocation, byKind },
    modelCalls: {
      byTask: sim.byTask,
      byPhase: sim.byPhase,
      byResident: sim.byResident,
      total: sim.total,
      perResidentDay: scaleTotals(tickMeter.total, residentDays),
      perResidentDayByTask: Object.fromEntries(
        Object.entries(tickMeter.byTask).map(([task, t]) => [task, scaleTotals(t, residentDays)]),
      ),
      ticksByTask: tickMeter.byTask,
      evaluation: evalTotals,
      ...(sim.byTask[READ_RESIDENT_TASK] ? { reading: sim.byTask[READ_RESIDENT_TASK] } : {}),
      ...(judgeUsage ? { judge: combineTotals(judgeUsage.calibration, judgeUsage.judging, 1) } : {}),
      embeddings: { requests: embedder.requests, texts: embedder.texts },
    },
    failures: { total: end.stats.failures, byStep: end.stats.failuresByStep, modelCalls: sim.total.failures },
    rejectedMoves: end.stats.rejectedMoves,
    ...(diffusionBefore && diffusionAfter ? { diffusion: { before: diffusionBefore, after: diffusionAfter } } : {}),
    ...(densityBefore && densityAfter ? { density: { before: densityBefore, after: densityAfter } } : {}),
    ...(battery ? { interviewBattery: battery } : {}),
    attendance: attended,
    ...(opts.judge ? { judge: opts.judge.status() } : {}),
    transcript,
    timeline,
  };
}

interface MeterSnapshot {
  total: CallTotals;
  byTask: Record<string, CallTotals>;
  byPhase: Record<string, CallTotals>;
  byResident: Record<string, CallTotals>;
}

function meterSnapshot(m: MeteredModel): MeterSnapshot {
  return structuredClone({ total: m.total, byTask: m.byTask, byPhase: m.byPhase, byResident: m.byResident });
}

/** Per-key a op b, keeping only keys with calls. */
function combine(
  a: Record<string, CallTotals>,
  b: Record<string, CallTotals>,
  op: TotalsOp,
): Record<string, CallTotals> {
  const out: Record<string, CallTotals> = {};
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const v = op(a[k], b[k]);
    if (v.calls !== 0) out[k] = v;
  }
  return out;
}

type TotalsOp = (x: CallTotals | undefined, y: CallTotals | undefined) => CallTotals;

/** Two snapshots combined field by field (sub: what was metered between them; sum: both together). */
function meterCombine(a: MeterSnapshot, b: MeterSnapshot, op: TotalsOp): MeterSnapshot {
  return {
    total: op(a.total, b.total),
    byTask: combine(a.byTask, b.byTask, op),
    byPhase: combine(a.byPhase, b.byPhase, op),
    byResident: combine(a.byResident, b.byResident, op),
  };
}

/**
 * A short human-readable summary of a report (the CLI prints it). The measures a judge made (diffusion, density)
 * are left out when the judge is unreliable, unless `allowUnreliable`.
 */
export function summarizeReport(r: SimulateReport, opts: { allowUnreliable?: boolean } = {}): string {
  const lines = [
    `${r.town}: ${r.hours} simulated hours (${r.ticks} ticks of ${r.minutesPerTick} min), ${r.simStart} → ${r.simEnd}`,
    `model ${r.model}; wall time ${(r.wallMs / 1000).toFixed(1)} s`,
    `${r.residents.length} residents, ${r.conversations} conversations, ${r.reflections} reflections, ${r.posts.total} posts, ${r.rejectedMoves} refused moves, ${r.failures.modelCalls} failed model calls, ${r.failures.total} town fallbacks`,
    `model calls (simulation): ${r.modelCalls.total.calls} calls, ${r.modelCalls.total.requests} requests, ${r.modelCalls.total.billedPromptTokens} billed prompt tokens (${r.modelCalls.total.cachedPromptTokens} cached); evaluation (separate): ${r.modelCalls.evaluation.calls} calls, ${r.modelCalls.evaluation.billedPromptTokens} billed prompt tokens`,
    `per resident-day (ticks only): ${perDay(r.modelCalls.perResidentDay)}${priced(r.model, r.modelCalls.perResidentDay)}`,
  ];
  const j = r.modelCalls.judge;
  const ju = r.judge?.usage;
  if (j && ju)
    lines.push(
      `judge's model calls (separate, in the provider's bill): ${j.calls} calls, ${j.requests} requests, ${j.billedPromptTokens} billed prompt tokens, ${j.completionTokens} completion (calibration ${ju.calibration.billedPromptTokens} + judging ${ju.judging.billedPromptTokens} prompt tokens)${priced(r.model, j)}`,
    );
  const unreliable = r.judge !== undefined && !r.judge.reliable;
  if (r.judge && (r.diffusion || r.density))
    lines.push(
      `judge: ${r.judge.by === 'rules' ? 'rules (offline; npm run eval -- --judge-check measures their error)' : `${r.judge.model} (calibrated: ${r.judge.calibration?.verdicts.right}/${r.judge.calibration?.verdicts.of} known verdicts, ${r.judge.calibration?.rankings.right}/${r.judge.calibration?.rankings.of} known rankings; ${r.judge.calls.calls} calls while judging)`}`,
    );
  if (unreliable && !opts.allowUnreliable) {
    lines.push(unreliableJudgeText(r.judge as JudgeStatus));
    return lines.join('\n');
  }
  if (unreliable)
    lines.push(`UNRELIABLE JUDGE (shown because of --allow-unreliable-judge): ${r.judge?.reasons.join('; ')}`);
  if (r.diffusion && r.diffusion.after.length === 0)
    lines.push(
      'nothing to track in this town (its file declares no facts or events and its reading found no private matter or event): information diffusion and attendance are not measured',
    );
  if (r.diffusion)
    for (let i = 0; i < r.diffusion.after.length; i++) {
      const b = r.diffusion.before[i];
      const a = r.diffusion.after[i];
      if (!a) continue;
      lines.push(
        `diffusion "${a.description}": ${b?.grounded.length ?? 0}/${a.residents} (${pct(b?.share ?? 0)}) → ${a.grounded.length}/${a.residents} (${pct(a.share)})${a.hallucinated.length ? `, ${a.hallucinated.length} ungrounded claims` : ''}`,
      );
    }
  // attendance (issue 22): came with a plan naming the event, of those who heard; there anyway apart
  for (const a of r.attendance ?? []) lines.push(`attendance: ${attendanceLine(a)}`);
  if (r.density)
    lines.push(
      `network density η: ${r.density.before.density.toFixed(3)} → ${r.density.after.density.toFixed(3)} (${r.density.after.edges.length} mutual pairs; ${r.density.after.hallucinatedYes} of ${r.density.after.yesAnswers} "yes" answers ungrounded)`,
    );
  return lines.join('\n');
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** "57 calls, 60 requests, 18,000 billed prompt tokens (6,000 cached), 1,200 completion; 2 repairs, 1 retry, 0 fell back". */
/** "; $0.0052 at gpt-4o-mini list prices" when the price table knows the model (src/llm/prices.ts), else nothing. */
function priced(model: string, t: CallTotals): string {
  const name = model.split('/')[1]?.replace(/ \(offline\)$/, '') ?? model;
  const price = DEFAULT_PRICES[name];
  return price ? `; ${formatDollars(dollarsFor(t, price))} at ${name} list prices of ${PRICES_TAKEN}` : '';
}

export function perDay(t: CallTotals): string {
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  return `${t.calls} calls, ${t.requests} requests, ${n(t.billedPromptTokens)} billed prompt tokens (${n(t.cachedPromptTokens)} cached), ${n(t.completionTokens)} completion tokens; ${t.repairs} repairs, ${t.retries} retries, ${t.failures} fell back`;
}
