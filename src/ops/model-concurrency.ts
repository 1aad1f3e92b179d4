// The adaptive model concurrency (src/llm/adaptive-limit.ts) in /metrics: where each gateway's limit stands against
// its ceiling (LLM_CONCURRENCY), what is in flight and waiting, and the 429s since start. Every process that calls
// the model registers it (the console and bot, workers).
import type { AdaptiveLimit } from '../llm/adaptive-limit.ts';
import type { Metrics } from './metrics.ts';

/** A gateway with a limit (LlmGateway, EmbeddingGateway); the offline lexical embedder has none. */
export interface Limited {
  readonly concurrency: AdaptiveLimit;
}

export function registerModelConcurrencyGauges(metrics: Metrics, gateways: { chat: Limited; embedding?: unknown }) {
  const limits: [string, AdaptiveLimit][] = [['chat', gateways.chat.concurrency]];
  const e = gateways.embedding as Partial<Limited> | undefined;
  if (e?.concurrency) limits.push(['embedding', e.concurrency]);
  metrics.gauge(
    'smalltown_model_concurrency',
    'Model requests: the adaptive limit, its ceiling (LLM_CONCURRENCY), in flight and waiting, per gateway',
    ['gateway', 'what'],
    async () =>
      limits.flatMap(([gateway, l]) => [
        { labels: { gateway, what: 'limit' }, value: l.limit },
        { labels: { gateway, what: 'ceiling' }, value: l.ceiling },
        { labels: { gateway, what: 'in_flight' }, value: l.inUse },
        { labels: { gateway, what: 'waiting' }, value: l.waiting },
      ]),
  );
  metrics.counter(
    'smalltown_model_rate_limited_total',
    'Model requests answered 429 (rate limited), per gateway',
    ['gateway'],
    () => limits.map(([gateway, l]) => ({ labels: { gateway }, value: l.stats.rateLimited })),
  );
}
