// The model gateway of a process (language model + embedder with its persistent cache, and usage accounting),
// built from the configuration over an open database. The bot/console (src/main.ts) and the worker
// (src/worker/main.ts) build theirs here, so both account and budget the same way.

import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { PrismaEmbeddingCacheStore } from '../db/embedding-cache-store.ts';
import { PrismaUsageSink } from '../db/usage-store.ts';
import { InMemoryEmbeddingCache, TieredEmbeddingCache } from '../llm/embedding-cache.ts';
import { createEmbedder, type GatewayEvent } from '../llm/index.ts';
import type { UsageRecord, UsageSink } from '../llm/usage.ts';
import { agentOfflineRules, createLanguageModel, gamesOfflineRules, mergeOfflineRules } from '../offline/index.ts';

export function buildModelStack(
  config: Config,
  db: Db,
  opts: {
    budgetFor: (townId: string) => number | undefined;
    onUsageError: (e: unknown) => void;
    /** Every usage record as the gateway writes it (metrics). */
    onUsage?: (r: UsageRecord) => void;
    /** Gateway events (retries, repairs, failures, circuit breaker). */
    onEvent?: (e: GatewayEvent) => void;
    /** A durable embedding-cache write failed (best effort: the embedding call itself went through). */
    onCacheWriteError?: (e: unknown) => void;
  },
) {
  const sink = new PrismaUsageSink(db.prisma, { onError: opts.onUsageError });
  const onUsage = opts.onUsage;
  const usage: UsageSink = onUsage
    ? {
        record: (r) => {
          onUsage(r);
          sink.record(r);
        },
        tokensSpent: (townId, day) => sink.tokensSpent(townId, day),
        report: (filter) => sink.report(filter),
        flush: () => sink.flush(),
        close: () => sink.close(),
      }
    : sink;
  const tuning = {
    ...(opts.onEvent ? { onEvent: opts.onEvent } : {}),
    usage,
    dailyTokenBudget: (townId: string) => opts.budgetFor(townId) ?? config.model.dailyTokenBudget,
    dailyDollarBudget: config.model.dailyDollarBudget,
    ...(config.model.price ? { price: config.model.price } : {}),
    timeoutMs: config.model.timeoutMs,
    maxAttempts: config.model.maxAttempts,
    concurrency: config.model.concurrency,
    adaptiveConcurrency: config.model.adaptiveConcurrency,
  };
  const remote = {
    ...(config.model.apiKey ? { apiKey: config.model.apiKey } : {}),
    ...(config.model.baseURL ? { baseURL: config.model.baseURL } : {}),
  };
  const llm = createLanguageModel({
    provider: config.model.provider,
    offlineRules: mergeOfflineRules(agentOfflineRules, gamesOfflineRules),
    chatModel: config.model.chatModel,
    structuredMode: config.model.structuredMode,
    ...remote,
    ...tuning,
  });
  const embedder = createEmbedder({
    provider: config.model.provider,
    embeddingModel: config.model.embeddingModel,
    ...(config.model.embeddingDimensions ? { dimensions: config.model.embeddingDimensions } : {}),
    cache: new TieredEmbeddingCache(
      new InMemoryEmbeddingCache(),
      new PrismaEmbeddingCacheStore(db.prisma),
      opts.onCacheWriteError,
    ),
    ...remote,
    ...tuning,
    ...(llm.breaker ? { breaker: llm.breaker } : {}),
  });
  return { llm, embedder, usage: sink };
}
