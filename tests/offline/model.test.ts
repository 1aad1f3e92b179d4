// The built-in offline model: deterministic rules, schema-checked, labelled offline, tokens counted.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeModel } from '../../src/llm/index.ts';
import { type ChatMessage, isLlmError, type OfflineRules } from '../../src/llm/port.ts';
import { responseFormatFor } from '../../src/llm/strict-schema.ts';
import { countTokens } from '../../src/llm/tokens.ts';
import { createLanguageModel, mergeOfflineRules, OfflineModel } from '../../src/offline/index.ts';

const Importance = z.object({ score: z.number().int().min(1).max(10) });
const rules: OfflineRules = {
  // A toy rule: longer observations matter more; it reads the structured input, never the prose.
  rate_importance: (input) => {
    const { description } = input as { description: string };
    return { score: Math.min(10, 1 + Math.floor(description.length / 10)) };
  },
  broken: () => ({ score: 'high' }),
};
const messages: ChatMessage[] = [{ role: 'user', content: 'Rate the poignancy of: Isabella is planning a party.' }];

describe('OfflineModel', () => {
  it('is labelled offline everywhere it shows', () => {
    const m = new OfflineModel(rules);
    expect(m.info).toEqual({ provider: 'offline', model: 'offline-rules-v1', offline: true });
    expect(describeModel(m.info)).toContain('offline');
    expect(createLanguageModel({ provider: 'offline', offlineRules: rules }).info.offline).toBe(true);
  });

  it('answers from the structured input, deterministically', async () => {
    const m = new OfflineModel(rules);
    const input = { description: 'Isabella is planning a Valentine party' };
    const a = await m.object({ task: 'rate_importance', schema: Importance, messages, input });
    const b = await new OfflineModel(rules).object({ task: 'rate_importance', schema: Importance, messages, input });
    expect(a).toEqual({ score: 4 });
    expect(b).toEqual(a);
  });

  it('uses the schema default for a task without a rule, and refuses when there is none', async () => {
    const m = new OfflineModel({});
    const withDefault = z.object({ mood: z.string().default('neutral'), tags: z.array(z.string()).default([]) });
    expect(await m.object({ task: 'unknown', schema: withDefault, messages })).toEqual({ mood: 'neutral', tags: [] });
    expect(await m.object({ task: 'unknown', schema: z.array(z.string()), messages })).toEqual([]);
    const e = await m.object({ task: 'unknown', schema: Importance, messages }).catch((x: unknown) => x);
    expect(isLlmError(e, 'llm/no_offline_rule')).toBe(true);
  });

  it('validates rule output with the schema', async () => {
    const e = await new OfflineModel(rules)
      .object({ task: 'broken', schema: Importance, messages })
      .catch((x: unknown) => x);
    expect(isLlmError(e, 'llm/schema_invalid')).toBe(true);
  });

  it('through the gateway: counted with the o200k tokenizer, no repair round, never budget-limited', async () => {
    const llm = createLanguageModel({ provider: 'offline', offlineRules: rules, dailyTokenBudget: 1 });
    for (let i = 0; i < 3; i++) {
      await llm.object({
        task: 'rate_importance',
        schema: Importance,
        messages,
        input: { description: 'x' },
        townId: 't',
      });
    }
    const report = await llm.usageReport();
    const row = report.byTask.rate_importance!;
    expect(row.calls).toBe(3);
    // "Rate the poignancy of: Isabella is planning a party." is 12 o200k tokens, +1 for the role, +3+3 framing;
    // plus the response_format a real request would carry.
    const schemaTokens = await countTokens(
      JSON.stringify(responseFormatFor('rate_importance', Importance).json_schema),
    );
    expect(row.billedPromptTokens).toBe(3 * (19 + schemaTokens));
    expect(row.completionTokens).toBe(3 * 5); // {"score":1}
    expect(report.byModel['offline-rules-v1']?.calls).toBe(3);
    const bad = await llm.object({ task: 'broken', schema: Importance, messages }).catch((x: unknown) => x);
    expect(isLlmError(bad, 'llm/schema_invalid')).toBe(true);
    expect((await llm.usageReport()).byTask.broken).toMatchObject({ calls: 1, failures: 1 });
  });

  it('mergeOfflineRules refuses a task defined twice', () => {
    expect(Object.keys(mergeOfflineRules({ a: () => 1 }, { b: () => 2 }))).toEqual(['a', 'b']);
    expect(() => mergeOfflineRules({ a: () => 1 }, { a: () => 2 })).toThrow(/defined twice/);
  });
});
