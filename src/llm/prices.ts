// What the meter's tokens cost (issue 33): a price table in USD per million tokens (prompt, cached prompt,
// completion) per model, defaults for the small OpenAI models, settable for any model (MODEL_PRICES), and the one
// function that turns usage totals into dollars (the cost bench, the simulate report, the daily budget, /town status).
import type { UsageTotals } from './usage.ts';

/** USD per million tokens. */
export interface ModelPrice {
  prompt: number;
  cachedPrompt: number;
  completion: number;
}

/**
 * The defaults' date: OpenAI's list prices as published with GPT-4.1 (2025-04-14), checked again on 2026-11-27
 * against stored copies of public pages (OpenAI's own pricing page was not among them, so not verified at the
 * source): gpt-4.1-mini 0.40/0.10/1.60 and gpt-4.1-nano 0.10/0.025/0.40 (hex.pm openai_responses 0.4.1
 * lib/responses/pricing.ex, "Source: platform.openai.com/docs/pricing, last updated on 2025-06-03"), gpt-4o-mini
 * 0.15/0.075/0.60 (docs.rs openai-models 0.1.1, "From openai.com/api/pricing"); a 2026-05-07 table
 * (Sraleik/undetermini PRICING.md) agrees on prompt and completion and notes OpenAI's page no longer lists the 4.x
 * models. Check before relying on them; MODEL_PRICES overrides.
 */
export const PRICES_TAKEN = '2025-04-14';

/** OpenAI list prices (standard tier), USD per million tokens, as of PRICES_TAKEN (unchanged when checked). */
export const DEFAULT_PRICES: Readonly<Record<string, ModelPrice>> = {
  'gpt-4o-mini': { prompt: 0.15, cachedPrompt: 0.075, completion: 0.6 },
  'gpt-4.1-mini': { prompt: 0.4, cachedPrompt: 0.1, completion: 1.6 },
  'gpt-4.1-nano': { prompt: 0.1, cachedPrompt: 0.025, completion: 0.4 },
};

/** The form MODEL_PRICES takes, for messages. */
export const PRICE_FORM =
  'model=prompt/cached/completion USD per million tokens, ";"-separated, e.g. gpt-4o-mini=0.15/0.075/0.6';

/**
 * MODEL_PRICES read over the defaults: "gpt-4o-mini=0.15/0.075/0.6;my-model=1/0.5/2". Returns the table, or a
 * message saying what is wrong and the allowed form (a missing or negative price, an entry without a model).
 */
export function parsePrices(
  text: string | undefined,
  base: Readonly<Record<string, ModelPrice>> = DEFAULT_PRICES,
): { prices: Record<string, ModelPrice> } | { error: string } {
  const prices: Record<string, ModelPrice> = { ...base };
  for (const entry of (text ?? '').split(';').map((x) => x.trim())) {
    if (entry === '') continue;
    const eq = entry.indexOf('=');
    const model = eq < 0 ? '' : entry.slice(0, eq).trim();
    const parts =
      eq < 0
        ? []
        : entry
            .slice(eq + 1)
            .split('/')
            .map((x) => x.trim());
    if (model === '') return { error: `"${entry}" names no model; the form is ${PRICE_FORM}` };
    if (parts.length !== 3 || parts.some((p) => p === ''))
      return { error: `"${entry}" needs three prices (prompt, cached, completion); the form is ${PRICE_FORM}` };
    const [prompt, cachedPrompt, completion] = parts.map(Number) as [number, number, number];
    if (![prompt, cachedPrompt, completion].every((x) => Number.isFinite(x) && x >= 0))
      return { error: `"${entry}": each price must be a number of dollars, 0 or more; the form is ${PRICE_FORM}` };
    prices[model] = { prompt, cachedPrompt, completion };
  }
  return { prices };
}

/** Dollars for usage totals at a price (cached prompt tokens at the cached rate, the rest at the prompt rate). */
export function dollarsFor(
  t: Pick<UsageTotals, 'billedPromptTokens' | 'cachedPromptTokens' | 'completionTokens'>,
  p: ModelPrice,
): number {
  const uncached = Math.max(0, t.billedPromptTokens - t.cachedPromptTokens);
  return (uncached * p.prompt + t.cachedPromptTokens * p.cachedPrompt + t.completionTokens * p.completion) / 1e6;
}

/** "$0.0052" for small sums, "$12.40" for large ones. */
export function formatDollars(x: number): string {
  return x >= 1 ? `$${x.toFixed(2)}` : `$${x.toFixed(4)}`;
}
