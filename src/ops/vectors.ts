// Memories without their vector (an embedding call failed; issue 24): a counted state, never a silent one. Each
// process counts the towns it holds in /metrics (`smalltown_memories_without_vector`, per town, from the loaded
// memory streams: no query); benchmarks and checks count the whole database.
import type { Db } from '../db/client.ts';
import type { Metrics } from './metrics.ts';

/** Loaded towns as the gauge reads them (a TownService: `status().memoriesWithoutVector`). */
export interface VectorCounted {
  readonly id: string;
  status(): { memoriesWithoutVector: number };
}

/** The gauge over the towns this process holds. */
export function registerVectorGauge(
  metrics: Metrics,
  towns: () => Iterable<VectorCounted> | Promise<Iterable<VectorCounted>>,
): void {
  metrics.gauge(
    'smalltown_memories_without_vector',
    'Memories stored without their vector (the embedding failed), waiting for the retry, per loaded town',
    ['town'],
    async () => [...(await towns())].map((t) => ({ labels: { town: t.id }, value: t.status().memoriesWithoutVector })),
  );
}

/**
 * Memory rows without a vector in the whole database, per town (a scan of the memory table: for benchmarks and
 * checks, not for every scrape).
 */
export async function memoriesWithoutVector(
  prisma: Db['prisma'],
): Promise<{ total: number; byTown: { townId: string; count: number }[] }> {
  const rows = await prisma.memory.groupBy({ by: ['townId'], where: { embedderId: null }, _count: { _all: true } });
  const byTown = rows
    .map((r) => ({ townId: r.townId, count: r._count._all }))
    .sort((a, b) => a.townId.localeCompare(b.townId));
  return { total: byTown.reduce((n, r) => n + r.count, 0), byTown };
}
