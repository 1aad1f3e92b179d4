// Bench `cost`: what a town costs per resident-day, Willowbrook (the seed town) and a 25-resident town, under two
// profiles: `offline` (the built-in model behind the gateway, each request billed as the real one would carry:
// messages + response_format schema) and `realistic` (tests/support/realistic-model over HTTP through the real SDK:
// chat-model lengths, o200k usage with prompt caching, occasional faults). By task: billed and cached prompt
// tokens, requests, repairs. For the realistic runs the report's billed total is compared with the sum of the
// server's `usage` (must agree within 1%). Targets (issue 9): Willowbrook <= 20,000 billed prompt tokens and <= 60
// requests per resident-day; 25 residents <= 25,000 and <= 70. Dollars at gpt-4o-mini list prices.
// Options: --hours N (default 24), --latency X (realistic latency scale, default 0), --profiles offline,realistic,
// --towns willowbrook,25, --smallville DIR (the 25-resident town from Smallville instead of the seed town grown).

import { simulate } from '../src/eval/simulate.ts';
import { createEmbedder, createLanguageModel } from '../src/llm/index.ts';
import { loadTownFile } from '../src/town/file-io.ts';
import type { CallTotals } from '../src/town/metering.ts';
import { realisticRates, startRealisticModel } from '../tests/support/realistic-model/server.ts';
import { benchTown, offlineModels, smallvilleOpt } from './town-support.ts';

/** gpt-4o-mini list prices, USD per million tokens. */
export const prices = { input: 0.15, cachedInput: 0.075, output: 0.6 } as const;

export const targets = {
  willowbrook: { billedPromptTokens: 20_000, requests: 60 },
  residents25: { billedPromptTokens: 25_000, requests: 70 },
} as const;

/** Dollars for totals at the list prices (cached prompt tokens at the cached rate). */
export function dollars(t: Pick<CallTotals, 'billedPromptTokens' | 'cachedPromptTokens' | 'completionTokens'>): number {
  const uncached = t.billedPromptTokens - t.cachedPromptTokens;
  return (
    (uncached * prices.input + t.cachedPromptTokens * prices.cachedInput + t.completionTokens * prices.output) / 1e6
  );
}

interface CostRun {
  town: string;
  profile: string;
  residents: number;
  hours: number;
  wallMs: number;
  perResidentDay: CallTotals;
  dollarsPerResidentDay: number;
  byTask: Record<string, CallTotals>;
  target: { billedPromptTokens: number; requests: number };
  meetsTarget: boolean;
  /** Realistic only: the server's own usage sum against the report's billed total. */
  server?: { requests: number; promptTokens: number; cachedTokens: number; completionTokens: number; faults: unknown };
  reportBilledPromptTokens?: number;
  billedVsServer?: string;
}

async function runOne(
  townKey: 'willowbrook' | 'residents25',
  profile: 'offline' | 'realistic',
  opts: Record<string, unknown>,
): Promise<CostRun> {
  const hours = Number(opts.hours ?? 24);
  const sv = smallvilleOpt(opts);
  const town = townKey === 'willowbrook' ? loadTownFile() : benchTown(25, sv);
  const server =
    profile === 'realistic'
      ? await startRealisticModel({ seed: 1, latencyScale: Number(opts.latency ?? 0), rates: realisticRates })
      : undefined;
  try {
    const llm = server
      ? createLanguageModel({ provider: 'compatible', baseURL: server.baseURL, chatModel: server.model })
      : offlineModels().llm;
    // Same lexical embedder for both profiles: retrieval (and so behaviour) differs only by the chat model.
    const embedder = createEmbedder({ provider: 'offline' });
    const r = await simulate({ hours, town, llm, embedder, seed: 1, evaluate: false });
    const per = r.modelCalls.perResidentDay;
    const target = targets[townKey];
    const run: CostRun = {
      // The 25-resident town is the seed town grown with invented neighbours (or Smallville with --smallville).
      town: townKey === 'willowbrook' || sv ? r.town : `${r.town} grown to 25`,
      profile,
      residents: r.residents.length,
      hours,
      wallMs: r.wallMs,
      perResidentDay: per,
      dollarsPerResidentDay: Math.round(dollars(per) * 1e5) / 1e5,
      byTask: r.modelCalls.perResidentDayByTask,
      target,
      meetsTarget: per.billedPromptTokens <= target.billedPromptTokens && per.requests <= target.requests,
    };
    if (server) {
      const s = server.stats.total;
      const billed = r.modelCalls.total.billedPromptTokens + r.modelCalls.evaluation.billedPromptTokens;
      run.server = { ...s, faults: server.stats.faults };
      run.reportBilledPromptTokens = billed;
      run.billedVsServer = `${(((billed - s.promptTokens) / Math.max(1, s.promptTokens)) * 100).toFixed(2)}%`;
    }
    return run;
  } finally {
    await server?.close();
  }
}

export async function run(opts: Record<string, unknown> = {}) {
  const profiles = String(opts.profiles ?? 'offline,realistic').split(',') as Array<'offline' | 'realistic'>;
  const towns = String(opts.towns ?? 'willowbrook,25')
    .split(',')
    .map((t) => (t === '25' ? 'residents25' : 'willowbrook')) as Array<'willowbrook' | 'residents25'>;
  const runs: CostRun[] = [];
  for (const t of towns) for (const p of profiles) runs.push(await runOne(t, p, opts));
  return { prices, runs };
}

const n = (x: number) => Math.round(x).toLocaleString('en-US');

export function format(r: Record<string, unknown>): string {
  const runs = (r as { runs: CostRun[] }).runs;
  const out: string[] = [];
  for (const x of runs) {
    const p = x.perResidentDay;
    out.push(
      `### ${x.town} (${x.residents} residents, ${x.hours} h), ${x.profile}: per resident-day ${n(p.billedPromptTokens)} billed prompt tokens (${n(p.cachedPromptTokens)} cached), ${n(p.completionTokens)} completion, ${p.requests} requests (${p.calls} calls, ${p.repairs} repairs, ${p.retries} retries, ${p.failures} fell back); $${x.dollarsPerResidentDay.toFixed(4)}; target <= ${n(x.target.billedPromptTokens)} and <= ${x.target.requests}: ${x.meetsTarget ? 'met' : 'NOT met'}; wall ${(x.wallMs / 1000).toFixed(1)} s`,
    );
    if (x.server)
      out.push(
        `server usage: ${n(x.server.promptTokens)} prompt tokens (${n(x.server.cachedTokens)} cached), ${n(x.server.completionTokens)} completion, ${x.server.requests} answered requests; report billed ${n(x.reportBilledPromptTokens ?? 0)} (${x.billedVsServer} vs server); faults ${JSON.stringify(x.server.faults)}`,
      );
    out.push('| task | billed prompt | cached | completion | requests | repairs | billed/request |');
    out.push('|---|---:|---:|---:|---:|---:|---:|');
    for (const [task, t] of Object.entries(x.byTask).sort((a, b) => b[1].billedPromptTokens - a[1].billedPromptTokens))
      out.push(
        `| ${task} | ${n(t.billedPromptTokens)} | ${n(t.cachedPromptTokens)} | ${n(t.completionTokens)} | ${t.requests} | ${t.repairs} | ${t.requests ? n(t.billedPromptTokens / t.requests) : '-'} |`,
      );
  }
  return out.join('\n');
}
