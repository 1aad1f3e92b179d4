// Builds one worker process's parts over an open PostgreSQL database: the queue, the town locks, the towns it has
// loaded, the tick worker and (optionally) a scheduler. `npm run worker` (src/worker/main.ts), the tests and the
// benchmarks all build workers here.
import { hostname } from 'node:os';
import type { PgBoss } from 'pg-boss';
import type { KitFactory, TownServiceDeps } from '../town/service.ts';
import type { TownStore } from '../town/store.ts';
import { TownRouter, workerQueueName } from './affinity.ts';
import { patientLeases } from './patient-leases.ts';
import { openQueue, type QueueOptions } from './queue.ts';
import { QueueScheduler } from './scheduler.ts';
import { TownLocks } from './town-lock.ts';
import { WORKER_OWNER_PREFIX, WorkerTowns } from './towns.ts';
import { type JobOutcome, type RunningWorker, startWorker } from './worker.ts';

/**
 * A worker's database sessions left idle inside a transaction this long are ended by the server: a worker frozen
 * mid-commit must not keep its town's row locked past its lease (town-lock.ts).
 */
export const workerIdleInTransactionMs = 5_000;

export interface WorkerProcessOptions {
  url: string;
  store: TownStore;
  kit: KitFactory;
  /** Towns ticked at once (WORKER_CONCURRENCY). */
  concurrency: number;
  /** Towns kept loaded (WORKER_MAX_TOWNS; default 50). */
  maxTowns?: number;
  /** Memory budget in MB of measured RSS (WORKER_MAX_MB; 0 or absent: none). */
  maxMb?: number;
  /** Also run a scheduler in this process (any number may run: the queue drops duplicates). */
  schedule: boolean;
  schedulerPollMs?: number;
  owner?: string;
  queue?: QueueOptions;
  log?: TownServiceDeps['log'];
  budgetStatus?: TownServiceDeps['budgetStatus'];
  modelLabel?: string;
  onTick?: (townId: string, ms: number, ok: boolean) => void;
  onJob?: (townId: string, outcome: JobOutcome) => void;
}

export interface WorkerProcess {
  boss: PgBoss;
  towns: WorkerTowns;
  /** This worker's own queue: the towns routed to it (affinity.ts). */
  queue: string;
  scheduler: QueueScheduler | null;
  stop(): Promise<void>;
}

export async function startWorkerProcess(o: WorkerProcessOptions): Promise<WorkerProcess> {
  const name = o.owner ?? `${hostname()}:${process.pid}`;
  const owner = name.startsWith(WORKER_OWNER_PREFIX) ? name : `${WORKER_OWNER_PREFIX}${name}`;
  const boss = await openQueue(o.url, { instanceName: owner, ...o.queue });
  const locks = new TownLocks(o.url, { owner, ...(o.log ? { log: o.log } : {}) });
  const queue = workerQueueName(owner);
  await warnIfNameTaken(boss, owner, o.log);
  const towns = new WorkerTowns({
    store: patientLeases(o.store),
    locks,
    kit: o.kit,
    owner,
    ...(o.maxTowns ? { maxTowns: o.maxTowns } : {}),
    ...(o.maxMb ? { maxMb: o.maxMb } : {}),
    ...(o.log ? { log: o.log } : {}),
    ...(o.budgetStatus ? { budgetStatus: o.budgetStatus } : {}),
    ...(o.modelLabel ? { modelLabel: o.modelLabel } : {}),
    ...(o.onTick ? { onTick: o.onTick } : {}),
  });
  let worker: RunningWorker | null = null;
  let scheduler: QueueScheduler | null = null;
  try {
    worker = await startWorker({
      boss,
      towns,
      locks,
      concurrency: o.concurrency,
      ownQueue: queue,
      ...(o.onJob ? { onJob: o.onJob } : {}),
    });
    if (o.schedule) {
      scheduler = new QueueScheduler({
        boss,
        store: o.store,
        router: new TownRouter(boss, o.log ? { log: o.log } : {}),
        ...(o.schedulerPollMs ? { pollMs: o.schedulerPollMs } : {}),
        ...(o.log ? { log: o.log } : {}),
      });
      scheduler.start();
    }
  } catch (e) {
    await boss.stop({ graceful: false }).catch(() => undefined);
    await locks.close().catch(() => undefined);
    throw e;
  }
  return {
    boss,
    towns,
    queue,
    scheduler,
    async stop() {
      await scheduler?.stop();
      await worker?.stop();
      await boss.stop({ graceful: true, timeout: 10_000 });
      await locks.close();
    },
  };
}

/**
 * Two live workers of one name share its queue (harmless: each hold of a town carries its own nonce, so they
 * still take towns one at a time); said once at start.
 */
async function warnIfNameTaken(boss: PgBoss, owner: string, log: WorkerProcessOptions['log']): Promise<void> {
  const others = (await boss.getInstances().catch(() => [])).filter((i) => i.live && i.name === owner);
  if (others.length > 1)
    log?.('warn', 'another live worker has this name: both work its queue; each town is still held by one at a time', {
      owner,
      live: others.length,
    });
}
