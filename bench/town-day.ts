// Bench `townDay`: the seed town (or, with --smallville DIR, the 25 Smallville residents) for one simulated day on
// the offline model: model calls and prompt tokens per resident-day (targets <= 120 calls, <= 25,000 tokens) and
// wall time.

import { simulate } from '../src/eval/simulate.ts';
import { countChatTokens, countTokens } from '../src/llm/tokens.ts';
import { benchTown, offlineModels, smallvilleOpt } from './town-support.ts';

export async function run(opts: Record<string, unknown> = {}) {
  const sv = smallvilleOpt(opts);
  const town = sv ? benchTown(25, sv) : benchTown(10);
  const { llm, embedder } = offlineModels();
  const r = await simulate({
    hours: Number(opts.hours ?? 24),
    town,
    llm,
    embedder,
    seed: 1,
    evaluate: false,
    countPrompt: countChatTokens,
    countCompletion: countTokens,
  });
  const byTask = Object.fromEntries(
    Object.entries(r.modelCalls.ticksByTask)
      .sort((a, b) => b[1].billedPromptTokens - a[1].billedPromptTokens)
      .map(([k, v]) => [k, { calls: v.calls, billedPromptTokens: v.billedPromptTokens }]),
  );
  return {
    town: r.town,
    residents: r.residents.length,
    hours: r.hours,
    wallMs: r.wallMs,
    callsPerResidentDay: r.modelCalls.perResidentDay.calls,
    billedPromptTokensPerResidentDay: r.modelCalls.perResidentDay.billedPromptTokens,
    completionTokensPerResidentDay: r.modelCalls.perResidentDay.completionTokens,
    totalCalls: r.modelCalls.total.calls,
    embeddingRequests: r.modelCalls.embeddings.requests,
    conversations: r.conversations,
    reflections: r.reflections,
    posts: r.posts.total,
    failures: r.failures.total,
    byTask,
    targets: { callsPerResidentDay: 120, promptTokensPerResidentDay: 25_000 },
  };
}

export function format(r: Record<string, unknown>): string {
  return `${r.town}, ${r.residents} residents, ${r.hours} h: ${r.callsPerResidentDay} calls and ${r.billedPromptTokensPerResidentDay} billed prompt tokens per resident-day (targets <= 120, <= 25,000); wall ${(Number(r.wallMs) / 1000).toFixed(1)} s; ${r.conversations} conversations, ${r.reflections} reflections, ${r.posts} posts, ${r.failures} failures\nby task: ${JSON.stringify(r.byTask)}`;
}
