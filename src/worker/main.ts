// `npm run worker`: a process that runs towns' ticks from the PostgreSQL job queue (and, with WORKER_SCHEDULE,
// enqueues them). Start any number, on any machines, against one DATABASE_URL. Composition root like src/main.ts.
import { hostname } from 'node:os';
import { buildModelStack } from '../app/model-stack.ts';
import { ConfigError, EnvSchema, loadConfig, loadDotEnv } from '../config.ts';
import { helpOrNothing } from '../core/cli-args.ts';
import { diskFullError, onDiskFull } from '../core/disk-full.ts';
import { openDatabase } from '../db/client.ts';
import { isPostgresUrl } from '../db/postgres/client.ts';
import { DatabaseStartupError } from '../db/startup-error.ts';
import { PrismaTownStore } from '../db/town-store.ts';
import { describeModel } from '../llm/index.ts';
import { createLogger } from '../log.ts';
import { Metrics } from '../ops/metrics.ts';
import { registerModelConcurrencyGauges } from '../ops/model-concurrency.ts';
import { OutageReporter } from '../ops/outage.ts';
import { registerStoreGauges } from '../ops/process-ops.ts';
import { startOpsServer } from '../ops/server.ts';
import { agentKit } from '../town/agent-kit.ts';
import { startWorkerProcess, workerIdleInTransactionMs } from './compose.ts';
import { registerWorkerMetrics } from './metrics.ts';
import { TICK_QUEUE } from './queue.ts';

// The defaults the usage text states are the configuration's.
const defaults = EnvSchema.parse({});

export const WORKER_USAGE = `Usage: npm run worker

Runs towns' ticks from the PostgreSQL job queue; start any number, on any machines, against one DATABASE_URL.
Configured by the environment (.env), not by options:
  DATABASE_URL         postgresql://user:password@host:5432/smalltown (required: workers share towns through it)
  WORKER_CONCURRENCY   towns this worker ticks at once (default ${defaults.WORKER_CONCURRENCY})
  WORKER_MAX_TOWNS     towns kept loaded (default ${defaults.WORKER_MAX_TOWNS}); the least recently ticked is let go past it
  WORKER_MAX_MB        memory budget in MB of measured RSS (default 0: none); towns are let go to stay in it
  WORKER_SCHEDULE      true: this worker also enqueues the ticks (any number of schedulers may run)
  LLM_CONCURRENCY      most model requests in flight (default ${defaults.LLM_CONCURRENCY}); they adapt below it to the
                       provider's rate limits (LLM_ADAPTIVE_CONCURRENCY=false: always that many)
  METRICS_PORT         serve /healthz and /metrics (Prometheus) on this port
  OPENAI_API_KEY, OPENAI_BASE_URL, ...   the model, as for npm start (.env.example)
Stops cleanly on SIGINT / SIGTERM (the town being ticked finishes its tick). README "Scaling out".`;

async function main(): Promise<number> {
  const args = helpOrNothing(process.argv.slice(2), WORKER_USAGE);
  if (args !== 'run') return args === 'help' ? 0 : 2;
  loadDotEnv();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    throw e;
  }
  if (!isPostgresUrl(config.databaseUrl)) {
    process.stderr.write(
      'DATABASE_URL: workers share towns through PostgreSQL; set DATABASE_URL=postgresql://user:password@host:5432/smalltown (with SQLite, `npm start` runs the towns itself).\n',
    );
    return 2;
  }
  const log = createLogger({ level: config.logLevel });
  const owner = `worker:${hostname()}:${process.pid}`;
  // The process label is the role: stable across restarts (Prometheus's instance label tells workers apart; the
  // PID is in smalltown_process_info).
  const metrics = new Metrics('worker');
  const db = await openDatabase(config.databaseUrl, {
    poolSize: config.scale.workerConcurrency + 2,
    idleInTransactionMs: workerIdleInTransactionMs,
  });
  if (db.applied.length) log.info({ applied: db.applied }, 'database migrated');
  const store = new PrismaTownStore(db.prisma);
  // As in src/main.ts: a full disk (whatever write meets it) and accounting that cannot be flushed are one log line
  // when they start and one with the duration when they end, not a line per failed write.
  const outageLog = (level: 'warn' | 'info', msg: string, data: Record<string, unknown>) => log[level](data, msg);
  const diskOutage = new OutageReporter({ what: 'writes to the database', log: outageLog, quietMs: 120_000 });
  const usageOutage = new OutageReporter({ what: 'model usage accounting (kept in memory, retried)', log: outageLog });
  const stopDiskWatch = onDiskFull(() => diskOutage.error(new Error('no space left on the disk (53100 / ENOSPC)')));
  const { llm, embedder, usage } = buildModelStack(config, db, {
    budgetFor: (townId) => worker?.towns.budgetFor(townId),
    onUsageError: (e) => {
      if (!diskFullError(e)) usageOutage.error(e);
    },
    onCacheWriteError: (e) => {
      if (!diskFullError(e)) log.warn({ err: e }, 'embedding cache write failed (the vectors were kept)');
    },
    onUsage: (r) => metrics.usage(r),
  });
  const townLog = (level: 'warn' | 'error' | 'info', msg: string, data?: Record<string, unknown>) =>
    log[level](data ?? {}, msg);
  // pg-boss reports every failed poll: one line when the queue's database goes, one when it is back.
  const queueOutage = new OutageReporter({
    what: 'queue',
    level: 'error',
    debugBetween: true,
    log: (level, msg, data) => log[level](data, msg),
  });
  let worker: Awaited<ReturnType<typeof startWorkerProcess>> | undefined;
  try {
    worker = await startWorkerProcess({
      url: config.databaseUrl,
      store,
      kit: (townId, settings) => agentKit({ llm, embedder, settings, townId, log: townLog }),
      concurrency: config.scale.workerConcurrency,
      maxTowns: config.scale.workerMaxTowns,
      maxMb: config.scale.workerMaxMb,
      schedule: config.scale.workerSchedule,
      owner,
      log: townLog,
      budgetStatus: (townId) => llm.budgetStatus(townId),
      modelLabel: describeModel(llm.info),
      queue: { onError: (e) => queueOutage.error(e) },
      onTick: (townId, ms, ok) => metrics.tick(townId, ms, ok),
      onJob: (townId, outcome) => {
        metrics.jobs.inc({ outcome: outcome.status });
        if (outcome.status === 'failed') log.error({ town: townId, error: outcome.error }, 'tick job failed');
        else if (outcome.status === 'lost')
          log.warn(
            { town: townId, holder: outcome.holder },
            'lost the town mid-job (this worker stopped renewing its lease: frozen or stalled): its tick was not written; the job is retried',
          );
        else log.info({ town: townId, ...outcome }, 'tick job done');
      },
    });
  } catch (e) {
    await usage.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw e;
  }
  const running = worker;
  registerWorkerMetrics(metrics, running);
  registerStoreGauges(metrics, db);
  registerModelConcurrencyGauges(metrics, { chat: llm, embedding: embedder });
  const ops =
    config.scale.metricsPort !== undefined
      ? await startOpsServer({
          port: config.scale.metricsPort,
          metrics,
          checks: {
            database: async () => {
              await db.prisma.$queryRawUnsafe('SELECT 1');
            },
            queue: async () => {
              if (!(await running.boss.getQueue(TICK_QUEUE))) throw new Error(`queue ${TICK_QUEUE} is missing`);
            },
          },
        })
      : null;
  log.info(
    {
      owner,
      concurrency: config.scale.workerConcurrency,
      scheduling: config.scale.workerSchedule,
      model: describeModel(llm.info),
      ...(ops ? { metricsPort: ops.port } : {}),
    },
    'worker ready',
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  log.info({}, 'worker stopping: finishing running ticks');
  await running.stop();
  queueOutage.stop();
  stopDiskWatch();
  diskOutage.stop();
  usageOutage.stop();
  await ops?.close();
  await usage.close().catch(() => undefined);
  await db.close();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    if (e instanceof DatabaseStartupError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`fatal: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);
