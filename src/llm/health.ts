// What a person sees of the model: gateway events as readable lines, counters since start, and the one text
// for "how much did the town spend today" that `/town budget`, `/status` and the console all render.
import type { GatewayEvent } from './call-policy.ts';
import { formatDollars } from './prices.ts';
import type { BudgetStatus, UsageTotals } from './usage.ts';

/** One readable line per event, e.g. "model: agent_react failed (llm/timeout): no answer within 60000 ms". */
export function describeGatewayEvent(e: GatewayEvent): string {
  switch (e.type) {
    case 'retry':
      return `model: ${e.task} attempt ${e.attempt} failed (${e.kind}: ${oneLine(e.message)}); retrying in ${e.delayMs} ms`;
    case 'repair':
      return `model: ${e.task} answer did not match its schema; asking once more (${oneLine(e.error)})`;
    case 'failure':
      return e.code === 'llm/budget_exhausted'
        ? `model: ${e.task} refused by the daily budget (${oneLine(e.message)})`
        : `model: ${e.task} failed (${e.code}): ${oneLine(e.message)}; the town falls back to its default`;
    case 'circuit_open':
      return `model: paused after ${e.failures} failures in a row (${oneLine(e.message)}); residents carry on with their plans, next try in ${Math.round(e.retryInMs / 1000)} s`;
    case 'circuit_closed':
      return 'model: answering again; the pause is over';
  }
}

function oneLine(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > 200 ? `${t.slice(0, 199)}…` : t;
}

export interface HealthCounts {
  failed: number;
  retried: number;
  repaired: number;
  refusedByBudget: number;
  pauses: number;
}

/** Counters since start, fed by the gateway's events (all towns); `/status` prints them. */
export class ModelHealth {
  readonly counts: HealthCounts = { failed: 0, retried: 0, repaired: 0, refusedByBudget: 0, pauses: 0 };
  paused = false;
  lastProblem: string | null = null;

  record(e: GatewayEvent): void {
    switch (e.type) {
      case 'retry':
        this.counts.retried++;
        break;
      case 'repair':
        this.counts.repaired++;
        break;
      case 'failure':
        if (e.code === 'llm/budget_exhausted') this.counts.refusedByBudget++;
        else {
          this.counts.failed++;
          this.lastProblem = oneLine(e.message);
        }
        break;
      case 'circuit_open':
        this.counts.pauses++;
        this.paused = true;
        break;
      case 'circuit_closed':
        this.paused = false;
        break;
    }
  }

  /** "model since start: 2 failed (fell back), 5 retried, 1 repaired, 0 refused by budget" (+ pause state). */
  summary(): string {
    const c = this.counts;
    return `model since start: ${c.failed} failed (fell back), ${c.retried} retried, ${c.repaired} repaired, ${c.refusedByBudget} refused by budget${this.paused ? ' — PAUSED after repeated failures' : ''}`;
  }
}

const n = (x: number) => x.toLocaleString('en-US');

/** What budgetLines reads of a BudgetStatus (the health summary when the front end has one). */
export type BudgetView = Pick<
  BudgetStatus,
  'day' | 'spent' | 'limit' | 'today' | 'todayByTask' | 'offline' | 'health' | 'dollars' | 'dollarLimit'
>;

/** Today's spending and call outcomes for one town; the same lines on Discord and in the console. */
export function budgetLines(b: BudgetView, setting: string): string[] {
  const limit = b.limit === undefined ? 'no limit' : `${n(b.limit)} tokens`;
  const lines = [
    b.offline
      ? `Model tokens on ${b.day} (UTC): ${n(b.spent)}, counted as a real model would bill them; the offline model is free, so no budget applies (set: ${setting}).`
      : `Model tokens billed on ${b.day} (UTC): ${n(b.spent)} of ${limit}. Daily budget: ${setting}.`,
  ];
  // money, not only tokens (issue 33): today's bill at the chat model's list price, output included
  if (b.dollars !== undefined)
    lines.push(
      b.offline
        ? `At list prices a real model would have cost ${formatDollars(b.dollars)} today.`
        : `In dollars at list prices: ${formatDollars(b.dollars)}${b.dollarLimit !== undefined ? ` of ${formatDollars(b.dollarLimit)} (DAILY_DOLLAR_BUDGET)` : ''}.`,
    );
  const t: UsageTotals | undefined = b.today;
  if (t && t.calls > 0) {
    lines.push(
      `Today: ${n(t.requests)} requests, ${n(t.billedPromptTokens)} billed prompt tokens (${n(t.cachedPromptTokens)} cached), ${n(t.completionTokens)} completion tokens; ${n(t.failures - t.refused)} failed (fell back), ${n(t.retries)} retried, ${n(t.repairs)} repaired, ${n(t.refused)} refused by budget.`,
    );
  }
  const tasks = Object.entries(b.todayByTask ?? {})
    .filter(([, v]) => v.billedPromptTokens > 0)
    .sort((x, y) => y[1].billedPromptTokens - x[1].billedPromptTokens)
    .slice(0, 5);
  if (tasks.length > 0)
    lines.push(
      `Most billed: ${tasks.map(([task, v]) => `${task} ${n(v.billedPromptTokens)} (${n(v.requests)} requests)`).join(', ')}.`,
    );
  if (b.health) lines.push(b.health);
  return lines;
}
