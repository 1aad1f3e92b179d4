// Prisma implementation of the gateway's UsageSink (src/llm/usage.ts): table ModelUsage, one row per
// (town, UTC day, task, model), incremented by upsert. Records are buffered in memory and flushed on a timer
// or on demand, so a model call never waits on the database.
import {
  addTotals,
  billedTokens,
  matchesFilter,
  summarizeUsage,
  type UsageFilter,
  type UsageRecord,
  type UsageReport,
  type UsageSink,
  usageKey,
} from '../llm/usage.ts';
import type { PrismaClient } from './client.ts';

export const usageStoreSettings = {
  // A few seconds of accounting lost at worst on a crash; a handful of upserts per flush.
  flushIntervalMs: 5_000,
  // Flush early once this many distinct rows are waiting (a burst of many tasks or towns).
  maxPendingRows: 200,
} as const;

export interface PrismaUsageSinkOptions {
  flushIntervalMs?: number;
  maxPendingRows?: number;
  /** Background flush failures (the rows stay buffered and are retried on the next flush). */
  onError?: (e: unknown) => void;
}

/** The table keeps the billed prompt tokens in its original `promptTokens` column. */
function toRow(r: UsageRecord) {
  const { billedPromptTokens, ...rest } = r;
  return { ...rest, promptTokens: billedPromptTokens };
}

function fromRow(row: Omit<UsageRecord, 'billedPromptTokens'> & { promptTokens: number; id?: number }): UsageRecord {
  const { promptTokens, id: _id, ...rest } = row;
  return { ...rest, billedPromptTokens: promptTokens };
}

function spentKey(townId: string, day: string): string {
  return JSON.stringify([townId, day]);
}

export class PrismaUsageSink implements UsageSink {
  private pending = new Map<string, UsageRecord>();
  /** Tokens per (town, day), loaded once from the table and kept current by record(): budget checks stay in memory. */
  private readonly spent = new Map<string, number>();
  /** Flushes and budget loads run one at a time, so a load never misses rows that are mid-flush. */
  private chain: Promise<unknown> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private readonly maxPendingRows: number;
  private readonly onError: (e: unknown) => void;
  private closed = false;

  constructor(
    private readonly prisma: PrismaClient,
    opts: PrismaUsageSinkOptions = {},
  ) {
    this.maxPendingRows = opts.maxPendingRows ?? usageStoreSettings.maxPendingRows;
    this.onError = opts.onError ?? (() => {});
    this.timer = setInterval(() => this.backgroundFlush(), opts.flushIntervalMs ?? usageStoreSettings.flushIntervalMs);
    this.timer.unref(); // accounting must not keep the process alive
  }

  /** Rows waiting to be written (for tests and shutdown logs). */
  get pendingRows(): number {
    return this.pending.size;
  }

  record(r: UsageRecord): void {
    const key = usageKey(r);
    const row = this.pending.get(key);
    if (row) addTotals(row, r);
    else this.pending.set(key, { ...r });
    const sk = spentKey(r.townId, r.day);
    const known = this.spent.get(sk);
    if (known !== undefined) this.spent.set(sk, known + billedTokens(r));
    if (this.pending.size >= this.maxPendingRows) this.backgroundFlush();
  }

  async tokensSpent(townId: string, day: string): Promise<number> {
    const sk = spentKey(townId, day);
    const known = this.spent.get(sk);
    if (known !== undefined) return known;
    return this.serial(async () => {
      const again = this.spent.get(sk);
      if (again !== undefined) return again;
      const agg = await this.prisma.modelUsage.aggregate({
        where: { townId, day },
        _sum: { promptTokens: true, completionTokens: true },
      });
      // Synchronous from here: every record() so far is either in the table or still pending, never both.
      let total = (agg._sum.promptTokens ?? 0) + (agg._sum.completionTokens ?? 0);
      for (const r of this.pending.values()) {
        if (r.townId === townId && r.day === day) total += billedTokens(r);
      }
      this.spent.set(sk, total);
      return total;
    });
  }

  /**
   * What is stored plus what still waits to be written. A read never depends on a write: when the flush first tried
   * here fails (a full disk), the pending rows stay pending and are counted from memory, so `/town status` answers.
   */
  async report(filter?: UsageFilter): Promise<UsageReport> {
    await this.flush().catch((e: unknown) => this.onError(e));
    return this.serial(async () => {
      const rows = await this.prisma.modelUsage.findMany({
        where: {
          ...(filter?.townId !== undefined ? { townId: filter.townId } : {}),
          ...(filter?.fromDay !== undefined || filter?.toDay !== undefined
            ? {
                day: {
                  ...(filter.fromDay !== undefined ? { gte: filter.fromDay } : {}),
                  ...(filter.toDay !== undefined ? { lte: filter.toDay } : {}),
                },
              }
            : {}),
        },
      });
      // In the serial lane no write is in flight: a row is either stored or pending, never both.
      const pending = [...this.pending.values()].map((r) => ({ ...r }));
      return summarizeUsage([...rows.map(fromRow), ...pending].filter((r) => matchesFilter(r, filter)));
    });
  }

  flush(): Promise<void> {
    return this.serial(() => this.writePending());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    await this.flush();
  }

  private backgroundFlush(): void {
    this.flush().catch((e: unknown) => this.onError(e));
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn, fn);
    this.chain = run.catch(() => {});
    return run;
  }

  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.prisma.$transaction(
        [...batch.values()].map((r) =>
          this.prisma.modelUsage.upsert({
            where: { townId_day_task_model: { townId: r.townId, day: r.day, task: r.task, model: r.model } },
            create: toRow(r),
            update: Object.fromEntries(
              Object.entries(toRow(r))
                .filter(([k]) => !['townId', 'day', 'task', 'model'].includes(k))
                .map(([k, v]) => [k, { increment: v as number }]),
            ),
          }),
        ),
      );
    } catch (e) {
      // Put the batch back (merged with anything recorded meanwhile) so nothing is lost; the next flush retries.
      for (const [key, r] of batch) {
        const newer = this.pending.get(key);
        if (newer) addTotals(newer, r);
        else this.pending.set(key, r);
      }
      throw e;
    }
  }
}
