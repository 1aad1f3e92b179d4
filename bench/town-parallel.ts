// Bench `parallel`: every model and embedding call takes 300 ms. Wall time per tick versus the critical path of
// calls (the longest chain of calls that must run one after another). Target ratio <= 1.5.

import { agentKit } from '../src/town/agent-kit.ts';
import type { CallRecord } from '../src/town/metering.ts';
import { MeteredEmbedder, MeteredModel } from '../src/town/metering.ts';
import { TownService } from '../src/town/service.ts';
import { InMemoryTownStore } from '../src/town/store.ts';
import { benchTown, DelayedEmbedder, DelayedModel, offlineModels, smallvilleOpt } from './town-support.ts';

/** Covered length of a set of intervals (calls of one chain that overlap count once). */
function covered(calls: CallRecord[]): number {
  const xs = [...calls].sort((a, b) => a.startMs - b.startMs);
  let total = 0;
  let end = Number.NEGATIVE_INFINITY;
  let start = 0;
  for (const c of xs) {
    if (c.startMs > end) {
      if (end > Number.NEGATIVE_INFINITY) total += end - start;
      start = c.startMs;
      end = c.endMs;
    } else end = Math.max(end, c.endMs);
  }
  if (end > Number.NEGATIVE_INFINITY) total += end - start;
  return total;
}

/**
 * Critical path of one tick: perception (town-wide) -> each resident's decide chain -> its conversation (after
 * both partners decided) -> its reflection. Each chain's length is the time its calls cover.
 */
export function criticalPath(calls: CallRecord[]): number {
  const by = (f: (c: CallRecord) => boolean) => calls.filter(f);
  const P = covered(by((c) => c.phase === 'perceive' || (c.resident === undefined && c.phase !== 'converse')));
  const residents = new Set(calls.map((c) => c.resident).filter((r): r is string => r !== undefined));
  const decideEnd = new Map<string, number>();
  for (const r of residents) decideEnd.set(r, P + covered(by((c) => c.resident === r && c.phase === 'decide')));
  const convEnd = new Map<string, number>();
  const groups = new Set(calls.filter((c) => c.phase === 'converse' && c.group).map((c) => c.group as string));
  for (const g of groups) {
    const members = g.split('|');
    const start = Math.max(P, ...members.map((m) => decideEnd.get(m) ?? P));
    const end = start + covered(by((c) => c.group === g && c.phase === 'converse'));
    for (const m of members) convEnd.set(m, end);
  }
  let critical = P;
  for (const r of new Set([...residents, ...convEnd.keys()])) {
    const before = Math.max(decideEnd.get(r) ?? P, convEnd.get(r) ?? 0);
    critical = Math.max(critical, before + covered(by((c) => c.resident === r && c.phase === 'reflect')));
  }
  return critical;
}

export async function run(opts: Record<string, unknown> = {}) {
  const latency = Number(opts.latency ?? 300);
  const ticks = Number(opts.ticks ?? 4);
  const town = benchTown(25, smallvilleOpt(opts));
  const { llm: raw, embedder: rawEmb } = offlineModels();
  const calls: CallRecord[] = [];
  const llm = new MeteredModel(new DelayedModel(raw, latency), { keepCalls: true });
  const embedder = new MeteredEmbedder(new DelayedEmbedder(rawEmb, latency), calls);
  // Seed with the zero-latency model (seeding is not a tick).
  const fast = new MeteredModel(raw);
  let live = false;
  const kit = (townId: string, settings: Record<string, unknown>) =>
    agentKit({
      llm: {
        info: raw.info,
        object: (req) => (live ? llm.object(req) : fast.object(req)),
      },
      embedder: {
        id: rawEmb.id,
        dimensions: rawEmb.dimensions,
        embed: (req) => (live ? embedder.embed(req) : rawEmb.embed(req)),
      },
      settings,
      townId,
    });
  const service = await TownService.create(
    { store: new InMemoryTownStore(), kit, owner: 'bench' },
    { id: 'bench-parallel', scope: 'bench', file: town, seed: 1 },
  );
  live = true;
  const rows: { tick: number; wallMs: number; criticalMs: number; calls: number }[] = [];
  for (let i = 0; i < ticks; i++) {
    llm.calls.length = 0;
    calls.length = 0;
    const s = performance.now();
    await service.tick();
    const wall = performance.now() - s;
    const all = [...llm.calls, ...calls];
    rows.push({ tick: i + 1, wallMs: Math.round(wall), criticalMs: Math.round(criticalPath(all)), calls: all.length });
  }
  await service.close();
  const wall = rows.reduce((n, r) => n + r.wallMs, 0);
  const crit = rows.reduce((n, r) => n + r.criticalMs, 0);
  return {
    residents: town.residents.length,
    latencyMs: latency,
    ticks: rows,
    wallPerTickMs: Math.round(wall / rows.length),
    criticalPerTickMs: Math.round(crit / rows.length),
    ratio: Number((wall / Math.max(1, crit)).toFixed(2)),
    target: '<= 1.5',
  };
}

export function format(r: Record<string, unknown>): string {
  return `${r.residents} residents, every call ${r.latencyMs} ms: wall ${r.wallPerTickMs} ms per tick vs critical path ${r.criticalPerTickMs} ms -> ratio ${r.ratio} (target <= 1.5)`;
}
