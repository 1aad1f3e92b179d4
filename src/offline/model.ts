// The built-in offline model: deterministic rules per task, so the whole product runs with no key.
// Each module that defines tasks exports its rules (OfflineRules); the composition root merges them here.
import type { z } from 'zod';
import type { ChatMessage, LanguageModel, ModelInfo, ObjectRequest, OfflineRules } from '../llm/port.ts';
import { LlmError } from '../llm/port.ts';
import type { CallOptions, ChatProvider, CompletionRequest, CompletionResult } from '../llm/provider.ts';
import { countChatTokens, countTokens } from '../llm/tokens.ts';

export const offlineModelInfo: ModelInfo = Object.freeze({
  provider: 'offline',
  model: 'offline-rules-v1',
  offline: true,
});

/** Merges rule sets from several modules; a task defined twice is a wiring bug, so it throws. */
export function mergeOfflineRules(...sets: OfflineRules[]): OfflineRules {
  const merged: OfflineRules = {};
  for (const set of sets) {
    for (const [task, rule] of Object.entries(set)) {
      if (Object.hasOwn(merged, task)) throw new Error(`offline rule for task '${task}' is defined twice`);
      merged[task] = rule;
    }
  }
  return merged;
}

/** The value a schema produces with nothing to go on (zod defaults, all-optional objects, empty arrays). */
function valueFromSchema(schema: z.ZodType): { value: unknown } | undefined {
  for (const candidate of [undefined, {}, []]) {
    const r = schema.safeParse(candidate);
    if (r.success) return { value: candidate };
  }
  return undefined;
}

export class OfflineModel implements LanguageModel, ChatProvider {
  readonly info: ModelInfo = offlineModelInfo;

  constructor(private readonly rules: OfflineRules) {}

  get tasks(): string[] {
    return Object.keys(this.rules).sort();
  }

  hasRule(task: string): boolean {
    return Object.hasOwn(this.rules, task);
  }

  /** The rule's raw answer (schema input), or the schema's own default for a task without a rule. */
  private answer(req: { task: string; schema: z.ZodType; input?: unknown; messages: ChatMessage[] }): unknown {
    if (this.hasRule(req.task)) return this.rules[req.task]!(req.input, req.messages);
    const fallback = valueFromSchema(req.schema);
    if (fallback) return fallback.value;
    throw new LlmError(
      'llm/no_offline_rule',
      req.task,
      `the offline model has no rule for task '${req.task}' and its schema has no default`,
    );
  }

  async object<T>(req: ObjectRequest<T>): Promise<T> {
    const raw = this.answer(req);
    const parsed = req.schema.safeParse(raw);
    if (!parsed.success) {
      throw new LlmError(
        'llm/schema_invalid',
        req.task,
        `offline rule for '${req.task}' returned a value outside its schema: ${parsed.error.message}`,
      );
    }
    return parsed.data;
  }

  /** Gateway entry: the answer travels already decoded; tokens are counted as a real model would bill them. */
  async complete(req: CompletionRequest, _opts: CallOptions): Promise<CompletionResult> {
    const value = this.answer(req);
    const raw = JSON.stringify(value) ?? 'null';
    return {
      raw,
      json: { value },
      usage: { promptTokens: await countChatTokens(req.messages), completionTokens: await countTokens(raw) },
      model: this.info.model,
    };
  }
}
