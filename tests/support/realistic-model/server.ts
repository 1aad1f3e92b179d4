// A realistic OpenAI-compatible model server for tests and benches: answers every structured request
// schema-valid with chat-model lengths, reports `usage` like OpenAI (o200k, schema included, prompt caching),
// takes time like a hosted model and misbehaves at configurable, seeded rates.
//
// Usage (the real SDK over HTTP; nothing here imports our agent code or the offline rules):
//   const server = await startRealisticModel({ seed: 7, latencyScale: 0 });   // latencyScale 0: no waiting
//   const llm = createLanguageModel({ provider: 'compatible', baseURL: server.baseURL, chatModel: server.model });
//   ... run the town ...
//   server.stats.total.promptTokens   // what the "bill" says; compare with our meter
//   await server.close();
// Rates (0..1, per request): fences / prose / brokenJson / nulls apply only where a real server could do it (JSON
// mode, or json_schema with strict false); serverErrors / rateLimits apply to every request.
// `rates: noFaults` gives a perfectly behaved model; the default is `realisticRates`.
import { createHash } from 'node:crypto';
import { strictSchemaViolations } from '../../../src/llm/strict-schema.ts';
import { type ChatRequestBody, type FakeOpenAI, type FakeResponse, reply, startFakeOpenAI } from '../fake-openai.ts';
import type { FakeRateLimits } from '../fake-rate-limit.ts';
import { answerFor } from './answer.ts';
import { type BehaviourRates, calibratedRates } from './behaviour.ts';
import { cacheSettings, PromptCache, promptTokens, tokenCount } from './usage.ts';
import { seededRng } from './words.ts';

export interface FaultRates {
  /** The JSON wrapped in ```json fences. */
  fences: number;
  /** A sentence of prose before the JSON. */
  prose: number;
  /** Cut short: not parseable. */
  brokenJson: number;
  /** Optional fields written as null (non-strict only; under strict the schema says which fields may be null). */
  nulls: number;
  /** HTTP 500. */
  serverErrors: number;
  /** HTTP 429 with retry-after-ms. */
  rateLimits: number;
}

export const noFaults: FaultRates = { fences: 0, prose: 0, brokenJson: 0, nulls: 0, serverErrors: 0, rateLimits: 0 };
/** "Occasional": what a chat model behind a busy API does now and then. */
export const realisticRates: FaultRates = {
  fences: 0.03,
  prose: 0.02,
  brokenJson: 0.01,
  nulls: 0.3,
  serverErrors: 0.003,
  rateLimits: 0.003,
};

export const latencyModel = {
  // Time to first token plus decoding time, gpt-4o-mini-like.
  baseMs: 250,
  perCompletionTokenMs: 12,
} as const;

export interface RealisticModelOptions {
  seed?: number;
  /** Multiplies the latency model: 1 = realistic, 0 = answer at once (tests). Default 1. */
  latencyScale?: number;
  rates?: Partial<FaultRates>;
  /** Model id it answers as (and lists at /v1/models). Default 'realistic-mini'. */
  model?: string;
  /** 400 on json_schema, like servers without structured outputs. */
  rejectJsonSchema?: boolean;
  /** How it behaves (behaviour.ts): default the rates calibrated on the real Smallville run. */
  behaviour?: BehaviourRates;
  /** Every answer takes this long instead of the latency model (benches with a set model latency). */
  fixedLatencyMs?: number;
  /** Rate limits as OpenAI enforces them (../fake-rate-limit.ts). */
  rateLimits?: FakeRateLimits;
}

export interface UsageTally {
  requests: number;
  promptTokens: number;
  cachedTokens: number;
  completionTokens: number;
}

export interface RealisticStats {
  total: UsageTally;
  /** Requests whose prompt was long enough to be cached (cacheSettings.minPrefix tokens or more). */
  cacheablePrompts: number;
  /** By response_format json_schema name (our task name), or '(json_object)' / '(prompt)'. */
  byName: Record<string, UsageTally>;
  faults: Record<keyof FaultRates | 'strictRejected', number>;
}

const zeroTally = (): UsageTally => ({ requests: 0, promptTokens: 0, cachedTokens: 0, completionTokens: 0 });

export interface RealisticModel {
  readonly baseURL: string;
  /** The behaviour rates it answers with. */
  readonly behaviour: BehaviourRates;
  readonly model: string;
  readonly stats: RealisticStats;
  /** The underlying fake (recorded requests, scripted replies). */
  readonly fake: FakeOpenAI;
  close(): Promise<void>;
}

/** Finds the JSON Schema a JSON-mode prompt carries ("... JSON Schema:\n{...}"). */
function schemaInMessages(messages: ChatRequestBody['messages']): Record<string, unknown> | undefined {
  for (const m of messages) {
    const at = String(m.content).indexOf('JSON Schema:\n');
    if (at < 0) continue;
    const line = String(m.content)
      .slice(at + 'JSON Schema:\n'.length)
      .split('\n')[0];
    try {
      return JSON.parse(line ?? '') as Record<string, unknown>;
    } catch {
      // not a schema after all
    }
  }
  return undefined;
}

export async function startRealisticModel(opts: RealisticModelOptions = {}): Promise<RealisticModel> {
  const model = opts.model ?? 'realistic-mini';
  const rates: FaultRates = { ...realisticRates, ...(opts.rates ?? {}) };
  const scale = opts.latencyScale ?? 1;
  const seed = opts.seed ?? 1;
  const behaviour = opts.behaviour ?? calibratedRates;
  const fake = await startFakeOpenAI({
    models: [model, 'text-embedding-3-small'],
    // text-embedding-3-small's size, so a town configured with the default embedding model works against it.
    embeddingDimensions: 1536,
    ...(opts.rejectJsonSchema ? { rejectJsonSchema: true } : {}),
    ...(opts.rateLimits ? { rateLimits: opts.rateLimits } : {}),
  });
  const stats: RealisticStats = {
    total: zeroTally(),
    cacheablePrompts: 0,
    byName: {},
    faults: { fences: 0, prose: 0, brokenJson: 0, nulls: 0, serverErrors: 0, rateLimits: 0, strictRejected: 0 },
  };
  const cache = new PromptCache();
  const seen = new Map<string, number>();

  fake.onChat(async (req): Promise<FakeResponse> => {
    const body = req.body as ChatRequestBody;
    const format = body.response_format;
    const js = format?.type === 'json_schema' ? format.json_schema : undefined;
    const strict = js?.strict === true;
    const name = js?.name ?? (format?.type === 'json_object' ? '(json_object)' : '(prompt)');
    if (strict) {
      const problems = strictSchemaViolations(js?.schema);
      if (problems.length > 0) {
        stats.faults.strictRejected++;
        return reply.error(400, `Invalid schema for response_format '${name}': ${problems[0]}`, 'invalid_json_schema');
      }
    }
    // Same request again (a retry) rolls new dice; the sequence stays reproducible for a given seed.
    const digest = createHash('sha256').update(req.rawBody).digest('hex');
    const nth = (seen.get(digest) ?? 0) + 1;
    seen.set(digest, nth);
    const rng = seededRng(
      Number.parseInt(createHash('sha256').update(`${seed}:${digest}:${nth}`).digest('hex').slice(0, 8), 16),
    );
    if (rng() < rates.rateLimits) {
      stats.faults.rateLimits++;
      return reply.rateLimited({ retryAfterMs: Math.round(200 * scale) });
    }
    if (rng() < rates.serverErrors) {
      stats.faults.serverErrors++;
      return reply.serverError(500);
    }
    const schema = js?.schema ?? schemaInMessages(body.messages) ?? { type: 'object', properties: {} };
    const users = body.messages.filter((m) => m.role === 'user');
    const value = answerFor(schema as Record<string, unknown>, {
      rng,
      strict,
      nullRate: rates.nulls,
      lastUser: String(users[users.length - 1]?.content ?? ''),
      allText: body.messages.map((m) => String(m.content)).join('\n'),
      behaviour,
    });
    let content = JSON.stringify(value);
    if (!strict) {
      if (rng() < rates.brokenJson) {
        stats.faults.brokenJson++;
        content = content.slice(0, Math.max(1, Math.floor(content.length * 0.7)));
      } else if (rng() < rates.fences) {
        stats.faults.fences++;
        content = `\`\`\`json\n${content}\n\`\`\``;
      } else if (rng() < rates.prose) {
        stats.faults.prose++;
        content = `Sure! Here is the answer:\n${content}`;
      }
      if (/:null/.test(content)) stats.faults.nulls++;
    }
    const prompt = promptTokens({ ...(js ? { schema: js } : {}), messages: body.messages });
    const cached = cache.cachedTokens(prompt.tokens);
    if (prompt.total >= cacheSettings.minPrefix) stats.cacheablePrompts++;
    const completion = tokenCount(content);
    stats.byName[name] ??= zeroTally();
    for (const t of [stats.total, stats.byName[name]]) {
      t.requests++;
      t.promptTokens += prompt.total;
      t.cachedTokens += cached;
      t.completionTokens += completion;
    }
    const wait = opts.fixedLatencyMs ?? scale * (latencyModel.baseMs + latencyModel.perCompletionTokenMs * completion);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const res = reply.chat(content, { promptTokens: prompt.total, completionTokens: completion, model });
    if (res.type === 'json') {
      const usage = (res.body as { usage: Record<string, unknown> }).usage;
      usage.prompt_tokens_details = { cached_tokens: cached };
    }
    return res;
  });

  return {
    baseURL: fake.baseURL,
    behaviour,
    model,
    stats,
    fake,
    close: () => fake.close(),
  };
}
