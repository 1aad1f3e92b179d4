// The gateway: what every model call goes through, whatever the provider.
// Order of concern per call: daily budget -> circuit breaker -> concurrency slot -> attempt with timeout, retried
// with backoff -> schema validation with one repair round -> accounting of every HTTP request it took.
// Embeddings (embedding-gateway.ts) add batching and a cache in front of the same call policy.
import { nextCallSeed } from '../core/call-seed.ts';
import { AccountedGateway, type AttemptTally, CallPolicy, type GatewayOptions } from './call-policy.ts';
import { CircuitBreaker } from './circuit.ts';
import type { CallReceipt, LanguageModel, LlmErrorCode, ModelInfo, ObjectRequest } from './port.ts';
import { LlmError } from './port.ts';
import type { ChatProvider, TokenUsage } from './provider.ts';
import { responseFormatFor } from './strict-schema.ts';
import { prepareSchema, repairMessages, schemaName, validateCompletion } from './structured.ts';
import { countTokens, estimateRequestTokens } from './tokens.ts';
import { type BudgetStatus, GLOBAL_TOWN, receiptTotals, type UsageSink } from './usage.ts';

export {
  AccountedGateway,
  type AttemptTally,
  CallPolicy,
  type GatewayEvent,
  type GatewayOptions,
  gatewaySettings,
} from './call-policy.ts';
export { EmbeddingGateway, type EmbeddingGatewayOptions, type EmbeddingStats } from './embedding-gateway.ts';

function failureCode(e: unknown): LlmErrorCode | undefined {
  return e instanceof LlmError ? e.code : undefined;
}

/** Failures that say the provider is down or misconfigured (what the circuit breaker counts). */
const providerCodes: ReadonlySet<LlmErrorCode> = new Set(['llm/provider_error', 'llm/timeout', 'llm/rate_limited']);

const emptyReceipt = (): CallReceipt => ({
  requests: 0,
  retries: 0,
  repairs: 0,
  refused: false,
  failed: false,
  billedPromptTokens: 0,
  cachedPromptTokens: 0,
  completionTokens: 0,
});

/**
 * What a request would be billed when nobody reports usage (the built-in model): the messages plus the
 * response_format a real provider would send for this task.
 */
async function estimateUsage(task: string, req: ObjectRequest<unknown>, raw: string): Promise<TokenUsage> {
  let format: unknown;
  try {
    format = responseFormatFor(task, req.schema).json_schema;
  } catch {
    format = { name: schemaName(task), strict: true, schema: prepareSchema(req.schema).jsonSchema };
  }
  return {
    promptTokens: await estimateRequestTokens(req.messages, format),
    completionTokens: await countTokens(raw),
    cachedPromptTokens: 0,
    estimated: true,
  };
}

/** The structured-output gateway: a `LanguageModel` over any `ChatProvider`. */
export class LlmGateway extends AccountedGateway implements LanguageModel {
  readonly info: ModelInfo;
  private readonly circuit: CircuitBreaker | undefined;

  constructor(
    private readonly provider: ChatProvider,
    opts: GatewayOptions = {},
  ) {
    super(new CallPolicy(opts));
    this.info = provider.info;
    this.circuit = provider.info.offline || opts.circuit === false ? undefined : new CircuitBreaker(opts.circuit || {});
  }

  get usage(): UsageSink {
    return this.policy.usage;
  }

  /** The built-in model has no budget (it costs nothing): its status says so instead of showing a limit. */
  override async budgetStatus(townId: string): Promise<BudgetStatus> {
    const status = await super.budgetStatus(townId);
    if (!this.info.offline) return status;
    return { ...status, limit: undefined, remaining: undefined, offline: true };
  }

  /** The breaker, for the embedding gateway of the same provider to share (a pause of one is a pause of both). */
  get breaker(): CircuitBreaker | undefined {
    return this.circuit;
  }

  /** 'closed' normally; 'open' while the provider is paused after repeated failures. */
  get circuitState(): 'closed' | 'open' | 'half-open' {
    return this.circuit?.state ?? 'closed';
  }

  async object<T>(request: ObjectRequest<T>): Promise<T> {
    // The town's seeded scope (src/core/call-seed.ts) gives each call its sampling seed unless the caller set one.
    const seed = request.seed ?? nextCallSeed(request.task);
    const req = seed === undefined ? request : { ...request, seed };
    const townId = req.townId ?? GLOBAL_TOWN;
    const started = this.policy.clock.now();
    const receipt = emptyReceipt();
    // Accounted under the configured name: servers answer with dated snapshot names that would split the rows.
    const model = this.info.model;
    try {
      return await this.run(req, receipt);
    } catch (e) {
      receipt.failed = true;
      const code = failureCode(e);
      if (code) this.policy.emit({ type: 'failure', task: req.task, code, message: (e as Error).message });
      throw e;
    } finally {
      this.policy.record({
        townId,
        task: req.task,
        model,
        started,
        ...receiptTotals(receipt),
      });
      req.onReceipt?.(receipt);
    }
  }

  private async run<T>(req: ObjectRequest<T>, receipt: CallReceipt): Promise<T> {
    const townId = req.townId ?? GLOBAL_TOWN;
    // The built-in model costs nothing, so it has no budget (but it is still accounted).
    if (!this.info.offline) {
      try {
        await this.policy.checkBudget(townId, req.task);
      } catch (e) {
        receipt.refused = true;
        throw e;
      }
    }
    const now = this.policy.clock.now();
    if (this.circuit && !this.circuit.allow(now)) {
      const wait = Math.ceil(this.circuit.retryInMs(now) / 1000);
      throw new LlmError(
        'llm/provider_error',
        req.task,
        `${req.task}: the model is paused after repeated failures (${this.circuit.lastError}); next try in ${wait} s`,
      );
    }
    let messages = req.messages;
    // Round 0 is the call; round 1 the single repair (an offline rule would only repeat itself).
    const rounds = this.info.offline ? 1 : 2;
    for (let round = 0; round < rounds; round++) {
      const call = { ...req, messages };
      const tally: AttemptTally = { requests: 0, retries: 0 };
      let result: Awaited<ReturnType<ChatProvider['complete']>>;
      try {
        result = await this.policy.attempt(req.task, (opts) => this.provider.complete(call, opts), tally);
      } catch (e) {
        this.providerFailed(e);
        throw e;
      } finally {
        receipt.requests += tally.requests;
        receipt.retries += tally.retries;
      }
      this.providerAnswered();
      // The built-in model is billed as the real request would be (messages + schema), whatever it reports.
      const usage = this.info.offline || !result.usage ? await estimateUsage(req.task, call, result.raw) : result.usage;
      receipt.billedPromptTokens += usage.promptTokens;
      receipt.cachedPromptTokens += usage.cachedPromptTokens ?? 0;
      receipt.completionTokens += usage.completionTokens;
      const checked = validateCompletion(req.schema, result);
      if (checked.ok) return checked.value;
      if (round + 1 < rounds) {
        receipt.repairs++;
        this.policy.emit({ type: 'repair', task: req.task, error: checked.error });
        messages = repairMessages(req.messages, result.raw, checked.error);
        continue;
      }
      throw new LlmError(
        'llm/schema_invalid',
        req.task,
        `${req.task}: the model's answer does not match the schema${rounds > 1 ? ' even after one repair' : ''}:\n${checked.error}`,
      );
    }
    throw new Error('unreachable');
  }

  private providerFailed(e: unknown): void {
    const code = failureCode(e);
    if (!this.circuit || !code || !providerCodes.has(code)) return;
    const message = (e as Error).message;
    const pause = this.circuit.failure(this.policy.clock.now(), message);
    if (pause !== undefined) {
      this.policy.emit({
        type: 'circuit_open',
        failures: this.circuit.failures,
        retryInMs: pause,
        message,
      });
    }
  }

  private providerAnswered(): void {
    if (this.circuit?.success()) this.policy.emit({ type: 'circuit_closed' });
  }
}
