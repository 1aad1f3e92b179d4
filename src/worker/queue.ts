// The job queue: pg-boss on the same PostgreSQL database as the towns (its tables live in schema `pgboss`).
// Why pg-boss (not graphile-worker): a worker killed mid-job has its job retried within heartbeatSeconds (pg-boss
// 12 fails a job whose heartbeat stops and retries it), where graphile-worker only frees a dead worker's job after
// a fixed 4 hours; and pg-boss's queue policies give one active tick per town (`stately` + singletonKey) and
// singletonSeconds gives one tick job per town per interval however many schedulers send it.

import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { explainConnectError, redactUrl } from '../db/postgres/client.ts';
import { DatabaseStartupError } from '../db/startup-error.ts';

export const QUEUE_SCHEMA = 'pgboss';
/** One job = the ticks one scheduled run owes a town. */
export const TICK_QUEUE = 'town-tick';

export const queueSettings = {
  /** A worker that stops beating for this long (killed, frozen) loses its job, which is retried. pg-boss: >= 10. */
  heartbeatSeconds: 10,
  /**
   * A crashed or failed tick job is retried up to 3 times (a job is keyed by its slot, so a retry runs only the ticks
   * its earlier attempts did not commit: retrying is safe). Once was not enough: a kill loop killed the retry of a
   * killed job too, and its slot was lost. A job failing 4 times leaves its slot to the next one.
   */
  retryLimit: 3,
  retryDelaySeconds: 1,
  /** Longest a tick job may run (a slow model): past it the job is failed and retried. */
  expireInSeconds: 15 * 60,
  /** Completed jobs are kept a day for inspection. */
  deleteAfterSeconds: 24 * 3600,
  pollingIntervalSeconds: 0.5,
  /**
   * How often a process beats in pg-boss's instance registry; three missed beats (6 s) make it quiet (dead), and the
   * scheduler then fails its worker queue over (affinity.ts) within schedulerSettings.failOverMs. With the town
   * lease (town-lock.ts, 8 s) a frozen worker's towns tick elsewhere within about 10 s (goal: 15 s).
   */
  instanceHeartbeatSeconds: 2,
} as const;

export interface TickJobData {
  townId: string;
  /** Ticks owed by this scheduled run (speed: fractions accumulate in the scheduler). */
  ticks: number;
  /** The interval slot the job is for (scheduler.ts); each tick's commit records it. Absent in jobs of older versions. */
  slot?: number;
  /**
   * Earlier slots' ticks this job carries, oldest first, run before its own: jobs of one town merged when a dead
   * worker's queue is failed over (affinity.ts), since a queue keeps one waiting job per town.
   */
  earlier?: { slot: number; ticks: number }[];
}

export interface QueueOptions {
  /** Install or upgrade pg-boss's tables (the default). false: refuse to start when they are missing. */
  migrate?: boolean;
  max?: number;
  /** How often pg-boss looks for jobs whose heartbeat stopped (default 10 s; tests shorten it). */
  superviseIntervalSeconds?: number;
  /** This process in pg-boss's instance registry (a worker's owner id). */
  instanceName?: string;
  onError?: (e: unknown) => void;
}

/** Checks the queue's tables before starting pg-boss, so a half-installed queue gets one message. */
async function preflightQueue(url: string, migrate: boolean): Promise<void> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  c.on('error', () => undefined);
  try {
    await c.connect();
  } catch (e) {
    throw explainConnectError(url, e);
  }
  try {
    const r = await c.query<{ version: string | null; job: string | null; queue: string | null }>(
      `SELECT to_regclass('${QUEUE_SCHEMA}.version')::text AS version, to_regclass('${QUEUE_SCHEMA}.job')::text AS job,
              to_regclass('${QUEUE_SCHEMA}.queue')::text AS queue`,
    );
    const row = r.rows[0];
    const installed = Boolean(row?.version);
    const missing = [row?.job ? null : 'job', row?.queue ? null : 'queue'].filter(Boolean);
    if (installed && missing.length)
      throw new DatabaseStartupError(
        `job queue: table ${missing.map((t) => `${QUEUE_SCHEMA}.${t}`).join(' and ')} is missing in ${redactUrl(url)} although pg-boss is installed there. Drop the schema (DROP SCHEMA ${QUEUE_SCHEMA} CASCADE) so the next start reinstalls it, or restore it from a backup.`,
      );
    if (!installed && !migrate)
      throw new DatabaseStartupError(
        `job queue: schema ${QUEUE_SCHEMA} is not installed in ${redactUrl(url)}. Start one process with QUEUE_MIGRATE=true (the default) to install it.`,
      );
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** Starts pg-boss (installing its schema when needed) and makes sure the tick queue exists. */
export async function openQueue(url: string, opts: QueueOptions = {}): Promise<PgBoss> {
  const migrate = opts.migrate ?? true;
  await preflightQueue(url, migrate);
  const boss = new PgBoss({
    connectionString: url,
    schema: QUEUE_SCHEMA,
    migrate,
    max: opts.max ?? 4,
    // pg-boss's own cron is not used: the scheduler decides which towns owe ticks.
    schedule: false,
    // Heartbeat and expiry checks run in pg-boss's monitor pass, at most every max(monitor, supervise) seconds.
    superviseIntervalSeconds: opts.superviseIntervalSeconds ?? 10,
    monitorIntervalSeconds: opts.superviseIntervalSeconds ?? 10,
    instanceHeartbeatSeconds: queueSettings.instanceHeartbeatSeconds,
    ...(opts.instanceName ? { instanceName: opts.instanceName } : {}),
  });
  boss.on('error', (e: unknown) => opts.onError?.(e));
  await boss.start();
  await ensureTickQueue(boss, TICK_QUEUE);
  return boss;
}

/** Creates a tick queue (the shared one, or a worker's own: affinity.ts) unless it exists; same policy for all. */
export async function ensureTickQueue(boss: PgBoss, name: string): Promise<void> {
  const existing = await boss.getQueue(name);
  if (existing) {
    // installed by an earlier version with other retry settings
    if (existing.retryLimit !== queueSettings.retryLimit)
      await boss.updateQueue(name, { retryLimit: queueSettings.retryLimit }).catch(() => undefined);
    return;
  }
  await boss
    .createQueue(name, {
      policy: 'stately',
      retryLimit: queueSettings.retryLimit,
      retryDelay: queueSettings.retryDelaySeconds,
      expireInSeconds: queueSettings.expireInSeconds,
      heartbeatSeconds: queueSettings.heartbeatSeconds,
      deleteAfterSeconds: queueSettings.deleteAfterSeconds,
    })
    .catch(async (e: unknown) => {
      // Two processes starting at once: the other one created it.
      if (!(await boss.getQueue(name))) throw e;
    });
}

/**
 * Jobs waiting and running in the tick queues, the shared one and the workers' own (the /metrics queue depth), from
 * pg-boss's typed queue counts.
 */
export async function tickQueueDepth(boss: PgBoss): Promise<{ queued: number; active: number }> {
  const qs = (await boss.getQueues()).filter((q) => q.name === TICK_QUEUE || q.name.startsWith(`${TICK_QUEUE}.w.`));
  return {
    queued: qs.reduce((a, q) => a + q.queuedCount, 0),
    active: qs.reduce((a, q) => a + q.activeCount, 0),
  };
}
