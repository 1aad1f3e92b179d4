// Bench `cost`: what a town costs per resident-day, Willowbrook (the seed town) and Smallville's real 25 residents
// (`--smallville DIR`), under three profiles: `offline` (the built-in model behind the gateway, each request billed
// as the real one would carry: messages + response_format schema), `calibrated` and `chatty` (the realistic model,
// tests/support/realistic-model, over HTTP through the real SDK: o200k usage with prompt caching, occasional
// faults, and behaviour rates from behaviour.ts: `calibrated` on a real run of the original code, `chatty` talking
// whenever two free residents meet). By task: billed and cached prompt tokens, requests, repairs; for the realistic
// runs the report's billed total is compared with the sum of the server's `usage` (must agree within 1%), and the
// behaviour the town showed (conversations, lines, words, importance, reflections) is printed beside the real run's.
// Targets per resident-day (issue 21): Willowbrook <= 20,000 billed prompt tokens and <= 60 requests calibrated,
// Smallville <= 25,000 and <= 70 calibrated; chatty (issue 33) <= 20,000 / <= 22,000, <= 45 requests and <= $0.005.
// Dollars at gpt-4o-mini list prices (src/llm/prices.ts), output included; per resident-day and per town-month.
// Options: --hours N (default 24), --latency X (realistic latency scale, default 0), --profiles
// offline,calibrated,chatty, --towns willowbrook,smallville, --smallville DIR, --rates talk=0.3,... (over the
// profile; each rate has a range), --seed N (the town's and the realistic model's seed, default 1: one seed's figures
// move by about 10% with any change to a prompt, so compare changes over several), --readme (rewrite README's cost
// table from this run).

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Memory } from '../src/agent/types.ts';
import { type FinishedRun, simulate } from '../src/eval/simulate.ts';
import { createEmbedder, createLanguageModel, DEFAULT_PRICES, dollarsFor, PRICES_TAKEN } from '../src/llm/index.ts';
import { loadTownFile } from '../src/town/file-io.ts';
import type { CallTotals } from '../src/town/metering.ts';
import {
  type BehaviourRates,
  behaviourProfile,
  describeRates,
  RateError,
  withRates,
} from '../tests/support/realistic-model/behaviour.ts';
import { realisticRates, startRealisticModel } from '../tests/support/realistic-model/server.ts';
import { benchTown, offlineModels, smallvilleOpt } from './town-support.ts';

/** The bench's prices: gpt-4o-mini's list prices from the one price table (src/llm/prices.ts). */
export const PRICE_MODEL = 'gpt-4o-mini';
export const prices = { model: PRICE_MODEL, taken: PRICES_TAKEN, ...DEFAULT_PRICES[PRICE_MODEL]! } as const;
/** A town-month: 30 simulated days of every resident. */
const MONTH_DAYS = 30;

type TownKey = 'willowbrook' | 'smallville';
type Profile = 'offline' | 'calibrated' | 'chatty';
const PROFILES: readonly Profile[] = ['offline', 'calibrated', 'chatty'];
const TOWNS: readonly TownKey[] = ['willowbrook', 'smallville'];

/** A target per resident-day: billed prompt tokens, requests and, where set, dollars (output included). */
interface Target {
  billedPromptTokens: number;
  requests: number;
  dollars?: number;
}

/**
 * Targets per resident-day by town and profile (none: reported only). Calibrated: issue 21. Chatty, the proxy for
 * an eager model (issue 33): Willowbrook <= 20,000 and Smallville <= 22,000 billed prompt tokens, <= 45 requests,
 * <= $0.005 at gpt-4o-mini list prices.
 */
export const targets: Record<TownKey, Partial<Record<Profile, Target>>> = {
  willowbrook: {
    calibrated: { billedPromptTokens: 20_000, requests: 60 },
    chatty: { billedPromptTokens: 20_000, requests: 45, dollars: 0.005 },
  },
  smallville: {
    calibrated: { billedPromptTokens: 25_000, requests: 70 },
    chatty: { billedPromptTokens: 22_000, requests: 45, dollars: 0.005 },
  },
};

/** What the real run showed (../shared/data/smallville-run/stats.json), beside what the town did. */
export const realRun = {
  conversationsPerResidentDay: 16 / 3, // per_day conversations_started 4 + 6 + 6 over 3 residents
  medianLines: 16, // overall.turns_per_conversation median
  medianWords: 21, // overall.words_per_utterance median (p90 35)
  importance: { event: 3.76, chat: 5.13, thought: 6.31 }, // poignancy_event_llm_rated, poignancy_chat, insight means
  reflectionEpisodesPerResidentDay: 21 / 3, // overall.insight_episodes over 3 residents
} as const;

/** Dollars for totals at the list prices (cached prompt tokens at the cached rate). */
export function dollars(t: Pick<CallTotals, 'billedPromptTokens' | 'cachedPromptTokens' | 'completionTokens'>): number {
  return dollarsFor(t, prices);
}

/** What the town did, measured from its memories (the same figures as realRun). */
export interface Behaviour {
  conversationsPerResidentDay: number;
  medianLines: number;
  medianWords: number;
  importance: { event: number; chat: number; thought: number };
  reflectionEpisodesPerResidentDay: number;
}

interface CostRun {
  town: string;
  profile: Profile;
  residents: number;
  hours: number;
  wallMs: number;
  perResidentDay: CallTotals;
  dollarsPerResidentDay: number;
  byTask: Record<string, CallTotals>;
  /** The town's one-time reading when it was made (issue 32): its whole cost, not per resident-day. */
  reading?: { totals: CallTotals; dollars: number };
  target?: Target;
  meetsTarget?: boolean;
  behaviour: Behaviour;
  /** The realistic model's behaviour rates (calibrated, chatty), one line each. */
  rates?: string[];
  /** Realistic only: the server's own usage sum against the report's billed total. */
  server?: {
    requests: number;
    promptTokens: number;
    cachedTokens: number;
    completionTokens: number;
    cacheablePrompts: number;
    faults: unknown;
  };
  reportBilledPromptTokens?: number;
  billedVsServer?: string;
}

const median = (xs: number[]) => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const r2 = (x: number) => Math.round(x * 100) / 100;

/** The behaviour figures from every resident's memories after the run (ticks only: seeded memories left out). */
export function measureBehaviour(run: FinishedRun, residentDays: number): Behaviour {
  // the town is seeded at its start time; everything after it is the ticks
  const from = Math.min(...run.residents.flatMap((r) => r.memories.map((m) => m.createdAt)));
  const lines = new Map<string, string[]>();
  const owner = new Map<string, string>();
  const imp = { event: [] as number[], chat: [] as number[], thought: [] as number[] };
  let episodes = 0;
  for (const r of run.residents) {
    const made = r.memories.filter((m: Memory) => m.createdAt > from);
    const reflectedAt = new Set<number>();
    for (const m of made) {
      const conv = typeof m.meta?.conversation === 'string' ? m.meta.conversation : null;
      if (m.kind === 'dialogue' && conv && typeof m.meta?.line === 'string') {
        // every participant stores every line: count the first participant's copy
        if (!owner.has(conv)) owner.set(conv, r.id);
        if (owner.get(conv) === r.id) lines.set(conv, [...(lines.get(conv) ?? []), m.meta.line]);
      }
      if (m.kind === 'observation') imp.event.push(m.importance);
      if (m.kind === 'conversation_summary') imp.chat.push(m.importance);
      if (m.kind === 'reflection') {
        imp.thought.push(m.importance);
        reflectedAt.add(m.createdAt);
      }
    }
    episodes += reflectedAt.size;
  }
  const participants = new Map<string, number>();
  for (const r of run.residents)
    for (const m of r.memories)
      if (m.kind === 'conversation_summary' && m.createdAt > from) {
        const c = String(m.meta?.conversation ?? m.id);
        participants.set(c, (participants.get(c) ?? 0) + 1);
      }
  const perConv = [...lines.values()].map((l) => l.length);
  const words = [...lines.values()].flat().map((l) => l.split(/\s+/).filter(Boolean).length);
  const convs = [...participants.values()].reduce((a, b) => a + b, 0);
  return {
    conversationsPerResidentDay: r2(convs / residentDays),
    medianLines: median(perConv),
    medianWords: median(words),
    importance: { event: r2(mean(imp.event)), chat: r2(mean(imp.chat)), thought: r2(mean(imp.thought)) },
    reflectionEpisodesPerResidentDay: r2(episodes / residentDays),
  };
}

async function runOne(
  townKey: TownKey,
  profile: Profile,
  opts: Record<string, unknown>,
  behaviour: BehaviourRates | undefined,
): Promise<CostRun> {
  const hours = Number(opts.hours ?? 24);
  const seed = Number(opts.seed ?? 1);
  const sv = smallvilleOpt(opts);
  const town = townKey === 'willowbrook' ? loadTownFile() : benchTown(25, sv);
  const server =
    profile === 'offline'
      ? undefined
      : await startRealisticModel({
          seed,
          latencyScale: Number(opts.latency ?? 0),
          rates: realisticRates,
          ...(behaviour ? { behaviour } : {}),
        });
  try {
    const llm = server
      ? createLanguageModel({ provider: 'compatible', baseURL: server.baseURL, chatModel: server.model })
      : offlineModels().llm;
    // Same lexical embedder for every profile: retrieval (and so behaviour) differs only by the chat model.
    const embedder = createEmbedder({ provider: 'offline' });
    let finished: FinishedRun | undefined;
    const r = await simulate({
      hours,
      town,
      llm,
      embedder,
      seed,
      evaluate: false,
      onFinish: (run) => {
        finished = run;
      },
    });
    const per = r.modelCalls.perResidentDay;
    const target = targets[townKey][profile];
    const residentDays = r.residents.length * (hours / 24);
    const run: CostRun = {
      town: r.town,
      profile,
      residents: r.residents.length,
      hours,
      wallMs: r.wallMs,
      perResidentDay: per,
      dollarsPerResidentDay: Math.round(dollars(per) * 1e5) / 1e5,
      byTask: r.modelCalls.perResidentDayByTask,
      ...(r.modelCalls.reading
        ? { reading: { totals: r.modelCalls.reading, dollars: Math.round(dollars(r.modelCalls.reading) * 1e5) / 1e5 } }
        : {}),
      behaviour: measureBehaviour(finished!, residentDays),
      ...(target
        ? {
            target,
            meetsTarget:
              per.billedPromptTokens <= target.billedPromptTokens &&
              per.requests <= target.requests &&
              (target.dollars === undefined || dollars(per) <= target.dollars),
          }
        : {}),
    };
    if (server) {
      const s = server.stats.total;
      const billed = r.modelCalls.total.billedPromptTokens + r.modelCalls.evaluation.billedPromptTokens;
      run.rates = describeRates(server.behaviour);
      run.server = { ...s, cacheablePrompts: server.stats.cacheablePrompts, faults: server.stats.faults };
      run.reportBilledPromptTokens = billed;
      run.billedVsServer = `${(((billed - s.promptTokens) / Math.max(1, s.promptTokens)) * 100).toFixed(2)}%`;
    }
    return run;
  } finally {
    await server?.close();
  }
}

/** The profiles and towns asked for, or a RateError naming what is allowed. */
export function parseCostOptions(opts: Record<string, unknown>): {
  profiles: Profile[];
  towns: TownKey[];
  rates: string;
} {
  const list = (v: unknown, d: string) =>
    String(typeof v === 'string' ? v : d)
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  const profiles = list(opts.profiles, PROFILES.join(','));
  for (const p of profiles)
    if (!PROFILES.includes(p as Profile))
      throw new RateError(`unknown profile "${p}"; allowed: ${PROFILES.join(', ')}`);
  const towns = list(opts.towns, smallvilleOpt(opts) ? 'willowbrook,smallville' : 'willowbrook').map((t) =>
    t === '25' ? 'smallville' : t,
  );
  for (const t of towns) {
    if (!TOWNS.includes(t as TownKey)) throw new RateError(`unknown town "${t}"; allowed: ${TOWNS.join(', ')}`);
    if (t === 'smallville' && !smallvilleOpt(opts))
      throw new RateError('town "smallville" needs --smallville DIR (the original Smallville files)');
  }
  if (opts.seed !== undefined && !/^\d+$/.test(String(opts.seed)))
    throw new RateError(`seed "${String(opts.seed)}" is not a whole number; allowed: 0 or more, e.g. --seed 2`);
  const rates = typeof opts.rates === 'string' ? opts.rates : '';
  // checked now, before any run: a rate out of range is refused with its range
  if (rates) withRates(behaviourProfile('calibrated'), rates);
  return { profiles: profiles as Profile[], towns: towns as TownKey[], rates };
}

export async function run(opts: Record<string, unknown> = {}) {
  let parsed: ReturnType<typeof parseCostOptions>;
  try {
    parsed = parseCostOptions(opts);
  } catch (e) {
    if (e instanceof RateError) {
      process.exitCode = 2;
      return { error: e.message };
    }
    throw e;
  }
  const runs: CostRun[] = [];
  for (const t of parsed.towns)
    for (const p of parsed.profiles) {
      const behaviour = p === 'offline' ? undefined : withRates(behaviourProfile(p), parsed.rates);
      runs.push(await runOne(t, p, opts, behaviour));
    }
  const result = { prices, realRun, runs };
  if (opts.readme) writeReadmeTable(result);
  return result;
}

const n = (x: number) => Math.round(x).toLocaleString('en-US');

/** "prompt 46%, completion 54%": where the dollars go. */
function dollarShare(t: CallTotals): string {
  const all = dollars(t);
  const out = dollars({ billedPromptTokens: 0, cachedPromptTokens: 0, completionTokens: t.completionTokens });
  return all > 0
    ? `prompt ${Math.round(((all - out) / all) * 100)}%, completion ${Math.round((out / all) * 100)}%`
    : 'nothing';
}

export function format(r: Record<string, unknown>): string {
  if (typeof r.error === 'string') return `refused: ${r.error}`;
  const runs = (r as { runs: CostRun[] }).runs;
  const out: string[] = [];
  for (const x of runs) {
    const p = x.perResidentDay;
    const target = x.target
      ? `target <= ${n(x.target.billedPromptTokens)} and <= ${x.target.requests}${x.target.dollars !== undefined ? ` and <= $${x.target.dollars}` : ''}: ${x.meetsTarget ? 'met' : 'NOT met'}`
      : 'no target';
    out.push(
      `### ${x.town} (${x.residents} residents, ${x.hours} h), ${x.profile}: per resident-day ${n(p.billedPromptTokens)} billed prompt tokens (${n(p.cachedPromptTokens)} cached), ${n(p.completionTokens)} completion, ${p.requests} requests (${p.calls} calls, ${p.repairs} repairs, ${p.retries} retries, ${p.failures} fell back); $${x.dollarsPerResidentDay.toFixed(4)} at ${prices.model} list prices of ${prices.taken} (${dollarShare(p)}), $${(x.dollarsPerResidentDay * x.residents * MONTH_DAYS).toFixed(2)} per town-month; ${target}; wall ${(x.wallMs / 1000).toFixed(1)} s`,
    );
    if (x.rates) out.push(`rates: ${x.rates.join('; ')}`);
    if (x.reading) {
      const t = x.reading.totals;
      out.push(
        `reading the town once (on creation): ${n(t.billedPromptTokens)} billed prompt tokens, ${n(t.completionTokens)} completion, ${t.requests} requests (${t.repairs} repairs, ${t.failures} fell back), $${x.reading.dollars.toFixed(4)} for the town`,
      );
    }
    const b = x.behaviour;
    const rr = realRun;
    out.push(
      `behaviour (this run | real run): conversations per resident-day ${b.conversationsPerResidentDay} | ${rr.conversationsPerResidentDay.toFixed(2)}; median lines ${b.medianLines} | ${rr.medianLines}; median words per line ${b.medianWords} | ${rr.medianWords}; importance events ${b.importance.event} | ${rr.importance.event}, conversations ${b.importance.chat} | ${rr.importance.chat}, thoughts ${b.importance.thought} | ${rr.importance.thought}; reflection episodes per resident-day ${b.reflectionEpisodesPerResidentDay} | ${rr.reflectionEpisodesPerResidentDay.toFixed(2)}`,
    );
    if (x.server)
      out.push(
        `server usage: ${n(x.server.promptTokens)} prompt tokens (${n(x.server.cachedTokens)} cached), ${n(x.server.completionTokens)} completion, ${x.server.requests} answered requests; report billed ${n(x.reportBilledPromptTokens ?? 0)} (${x.billedVsServer} vs server); faults ${JSON.stringify(x.server.faults)}`,
      );
    out.push(
      '| task | billed prompt | cached | completion | requests | repairs | billed/request | completion/request | $ |',
    );
    out.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const [task, t] of Object.entries(x.byTask).sort((a, b) => dollars(b[1]) - dollars(a[1])))
      out.push(
        `| ${task} | ${n(t.billedPromptTokens)} | ${n(t.cachedPromptTokens)} | ${n(t.completionTokens)} | ${t.requests} | ${t.repairs} | ${t.requests ? n(t.billedPromptTokens / t.requests) : '-'} | ${t.requests ? n(t.completionTokens / t.requests) : '-'} | ${dollars(t).toFixed(5)} |`,
      );
  }
  return out.join('\n');
}

const README_BEGIN = '<!-- cost-table: generated by `npm run bench -- --only cost --readme`; do not edit by hand -->';
const README_END = '<!-- /cost-table -->';

/** README's cost section body: the table of the realistic runs, the profile's rates and what caching saved. */
export function readmeTable(r: { runs: CostRun[] }): string {
  const real = r.runs.filter((x) => x.profile !== 'offline');
  const rows = real.map((x) => {
    const p = x.perResidentDay;
    const day = (p.billedPromptTokens + p.completionTokens) * x.residents;
    return `| ${x.town}, ${x.residents} residents | ${x.profile} | ${n(p.billedPromptTokens)} billed prompt tokens (${n(p.cachedPromptTokens)} cached), ${n(p.completionTokens)} completion, ${p.requests} requests, $${x.dollarsPerResidentDay.toFixed(4)} | ${x.behaviour.conversationsPerResidentDay} conversations, median ${x.behaviour.medianLines} lines | ${(day / 1e6).toFixed(2)}M tokens, about $${(x.dollarsPerResidentDay * x.residents).toFixed(2)}; $${(x.dollarsPerResidentDay * x.residents * MONTH_DAYS).toFixed(2)} a month |`;
  });
  const rates = real.find((x) => x.profile === 'calibrated')?.rates ?? real[0]?.rates ?? [];
  const cached = real.reduce((a, x) => a + x.perResidentDay.cachedPromptTokens, 0);
  const billed = real.reduce((a, x) => a + x.perResidentDay.billedPromptTokens, 0);
  const requests = real.reduce((a, x) => a + (x.server?.requests ?? 0), 0);
  const long = real.reduce((a, x) => a + (x.server?.cacheablePrompts ?? 0), 0);
  return [
    README_BEGIN,
    `Dollars at ${prices.model} list prices of ${prices.taken} ($${prices.prompt} prompt, $${prices.cachedPrompt} cached prompt, $${prices.completion} completion per million tokens; MODEL_PRICES sets others), output included.`,
    '',
    '| town | profile | per resident-day | talk | per real day at the defaults |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `The \`calibrated\` profile's rates (tests/support/realistic-model/behaviour.ts, each taken from a released one-day run of the original Smallville code on a real model, joonspk-research/generative_agents \`July1_the_ville_isabella_maria_klaus\`): ${rates.join('; ')}. \`chatty\` is the same model deciding to talk whenever two free residents meet.`,
    '',
    `Prompt caching (OpenAI caches exact prompt prefixes of 1,024 tokens or more, in 128-token steps): in these runs ${requests > 0 ? ((long / requests) * 100).toFixed(1) : '0'}% of the requests were that long and the cache served ${billed > 0 ? ((cached / billed) * 100).toFixed(1) : '0'}% of the billed prompt tokens (a conversation is one call, so no two requests share a long prefix); cached tokens are billed at half price and are counted in the billed figures above.`,
    README_END,
  ].join('\n');
}

function writeReadmeTable(r: { runs: CostRun[] }): void {
  const path = join(dirname(fileURLToPath(import.meta.url)), '..', 'README.md');
  const text = readFileSync(path, 'utf8');
  const a = text.indexOf(README_BEGIN);
  const b = text.indexOf(README_END);
  if (a < 0 || b < a) throw new Error(`README.md has no generated cost table (${README_BEGIN} ... ${README_END})`);
  writeFileSync(path, `${text.slice(0, a)}${readmeTable(r)}${text.slice(b + README_END.length)}`);
}
