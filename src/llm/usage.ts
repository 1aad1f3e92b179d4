// Model-usage accounting: the port the gateway writes to, totals for reports and budgets, an in-memory twin.
// The persistent implementation (Prisma, buffered) is src/db/usage-store.ts.
import type { CallReceipt } from './port.ts';

/** Calls made without a town (benches, console tools) are accounted under this town id. */
export const GLOBAL_TOWN = '_global';

export interface UsageTotals {
  /** Logical calls (one per `object()` / embedding batch run), whatever happened to them. */
  calls: number;
  /** Calls that ended without a model answer (the caller falls back to its safe default). */
  failures: number;
  /** Calls the daily budget refused before any request (counted in `failures` too). */
  refused: number;
  /** HTTP requests sent: first tries, retries and repair rounds. */
  requests: number;
  retries: number;
  repairs: number;
  /** Prompt tokens as billed: every request, with its schema or JSON-mode instruction (estimated if no usage). */
  billedPromptTokens: number;
  /** Of billedPromptTokens, served from the provider's prompt cache. */
  cachedPromptTokens: number;
  completionTokens: number;
  /** Sum of wall-clock latencies (retries and backoff included). */
  latencyMs: number;
}

export const usageFields = [
  'calls',
  'failures',
  'refused',
  'requests',
  'retries',
  'repairs',
  'billedPromptTokens',
  'cachedPromptTokens',
  'completionTokens',
  'latencyMs',
] as const satisfies readonly (keyof UsageTotals)[];

/**
 * A town's model spending today: what the gateway reports (call-policy.ts `budgetStatus`) and the town shows
 * (`TownService.budget()`, /town budget). The one budget type on both sides of the port.
 */
export interface BudgetStatus {
  townId: string;
  day: string;
  spent: number;
  /** Undefined: no budget for this town. */
  limit: number | undefined;
  remaining: number | undefined;
  /** The town's totals for the day (billed, cached, requests, failures, retries, repairs, refusals). */
  today?: UsageTotals;
  /** The same, by task (where the tokens go). */
  todayByTask?: Record<string, UsageTotals>;
  /** Today's spending in US dollars at the chat model's price (src/llm/prices.ts), when the table has one. */
  dollars?: number;
  /** The town's daily cap in dollars (DAILY_DOLLAR_BUDGET), when set. */
  dollarLimit?: number;
  /** The built-in model: tokens are what a real model would bill; nothing is spent and no budget applies. */
  offline?: boolean;
  /** The gateway's counters since start and whether the model is paused (health.ts), added by the front end. */
  health?: string;
}

/** One increment: the gateway records one per logical call (or embedding request). */
export interface UsageRecord extends UsageTotals {
  townId: string;
  /** UTC calendar day of wall time, YYYY-MM-DD (see utcDay). */
  day: string;
  task: string;
  model: string;
}

export interface UsageFilter {
  townId?: string;
  /** Inclusive range of UTC days (YYYY-MM-DD). */
  fromDay?: string;
  toDay?: string;
}

export interface UsageReport {
  byTask: Record<string, UsageTotals>;
  byModel: Record<string, UsageTotals>;
  total: UsageTotals;
}

export interface UsageSink {
  /** Must not block on storage: implementations buffer and flush on their own. */
  record(r: UsageRecord): void;
  /** Billed prompt + completion tokens recorded for a town on a day (for the daily budget). */
  tokensSpent(townId: string, day: string): Promise<number>;
  report(filter?: UsageFilter): Promise<UsageReport>;
  /** Persists everything recorded so far. */
  flush(): Promise<void>;
  /** Flushes and stops background work. */
  close(): Promise<void>;
}

export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function zeroTotals(): UsageTotals {
  return {
    calls: 0,
    failures: 0,
    refused: 0,
    requests: 0,
    retries: 0,
    repairs: 0,
    billedPromptTokens: 0,
    cachedPromptTokens: 0,
    completionTokens: 0,
    latencyMs: 0,
  };
}

export function addTotals(into: UsageTotals, r: UsageTotals): UsageTotals {
  for (const k of usageFields) into[k] += r[k];
  return into;
}

/** One logical call's receipt as usage totals (latency is measured by whoever records it). */
export function receiptTotals(r: CallReceipt): Omit<UsageTotals, 'latencyMs'> {
  return {
    calls: 1,
    failures: r.failed ? 1 : 0,
    refused: r.refused ? 1 : 0,
    requests: r.requests,
    retries: r.retries,
    repairs: r.repairs,
    billedPromptTokens: r.billedPromptTokens,
    cachedPromptTokens: r.cachedPromptTokens,
    completionTokens: r.completionTokens,
  };
}

/** What the daily budget counts: billed tokens, both directions. */
export function billedTokens(t: Pick<UsageTotals, 'billedPromptTokens' | 'completionTokens'>): number {
  return t.billedPromptTokens + t.completionTokens;
}

export function matchesFilter(r: { townId: string; day: string }, f: UsageFilter | undefined): boolean {
  if (!f) return true;
  if (f.townId !== undefined && r.townId !== f.townId) return false;
  if (f.fromDay !== undefined && r.day < f.fromDay) return false;
  if (f.toDay !== undefined && r.day > f.toDay) return false;
  return true;
}

/** Totals per task and per model over rows (already filtered). */
export function summarizeUsage(rows: Iterable<UsageRecord>): UsageReport {
  const report: UsageReport = { byTask: {}, byModel: {}, total: zeroTotals() };
  for (const r of rows) {
    const task = report.byTask[r.task] ?? zeroTotals();
    report.byTask[r.task] = addTotals(task, r);
    const model = report.byModel[r.model] ?? zeroTotals();
    report.byModel[r.model] = addTotals(model, r);
    addTotals(report.total, r);
  }
  return report;
}

export function usageKey(r: { townId: string; day: string; task: string; model: string }): string {
  return JSON.stringify([r.townId, r.day, r.task, r.model]);
}

/** Keeps every row in memory: the default in tests and when no database is wanted. */
export class InMemoryUsageSink implements UsageSink {
  private readonly rows = new Map<string, UsageRecord>();

  record(r: UsageRecord): void {
    const key = usageKey(r);
    const row = this.rows.get(key);
    if (row) addTotals(row, r);
    else this.rows.set(key, { ...r });
  }

  async tokensSpent(townId: string, day: string): Promise<number> {
    let n = 0;
    for (const r of this.rows.values()) if (r.townId === townId && r.day === day) n += billedTokens(r);
    return n;
  }

  async report(filter?: UsageFilter): Promise<UsageReport> {
    return summarizeUsage([...this.rows.values()].filter((r) => matchesFilter(r, filter)));
  }

  /** Every row, for tests and benches that want more than per-task totals. */
  all(): UsageRecord[] {
    return [...this.rows.values()].map((r) => ({ ...r }));
  }

  async flush(): Promise<void> {}
  async close(): Promise<void> {}
}
