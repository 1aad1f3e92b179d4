// The /healthz and /metrics of a bot or console process (workers build theirs in src/worker/main.ts): the outbox
// backlog as a gauge (the tick queue's depth is the workers'); delivery latency through the metered town store;
// health = the database answers (+ the process's own checks, e.g. the Discord gateway).
import type { Db } from '../db/client.ts';
import type { TownStore } from '../town/store.ts';
import type { Metrics } from './metrics.ts';
import { type HealthCheck, type OpsServer, startOpsServer } from './server.ts';

/** Registers the database-backed gauges every process exports. */
export function registerStoreGauges(metrics: Metrics, db: Db): void {
  metrics.gauge('smalltown_outbox_backlog', 'Posts committed and not yet delivered (all towns)', [], async () => [
    { value: await db.prisma.outboxPost.count({ where: { deliveredAt: null } }) },
  ]);
  // The tick queue's depth is exported by the workers, from pg-boss's typed queue counts (tickQueueDepth): a bot or
  // console opening pg-boss only to read them would register as a live worker in pg-boss's instance registry, which
  // the workers' affinity routes towns by (src/worker/affinity.ts).
}

/**
 * The town store with delivery metered: each post marked delivered counts, and the time from its commit to its
 * delivery is observed. Everything else passes through.
 */
export function meteredTownStore(store: TownStore, db: Db, metrics: Metrics): TownStore {
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'markDelivered')
        return async (townId: string, seqs: number[], ref: string | null, wallNow: number) => {
          const rows =
            seqs.length > 0
              ? await db.prisma.outboxPost.findMany({
                  where: { townId, seq: { in: seqs }, deliveredAt: null },
                  select: { createdAt: true },
                })
              : [];
          await target.markDelivered(townId, seqs, ref, wallNow);
          for (const r of rows) metrics.delivery(r.createdAt.getTime(), wallNow);
        };
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

export async function startProcessOps(opts: {
  port: number;
  db: Db;
  metrics: Metrics;
  checks?: Record<string, HealthCheck>;
  /** Interface to listen on (default: every interface, as a container's metrics port needs). */
  host?: string;
}): Promise<OpsServer> {
  return startOpsServer({
    port: opts.port,
    ...(opts.host ? { host: opts.host } : {}),
    metrics: opts.metrics,
    checks: {
      database: async () => {
        await opts.db.prisma.$queryRawUnsafe('SELECT 1');
      },
      ...opts.checks,
    },
  });
}
