// Bench `tick`: 25 residents for one simulated day on a zero-latency fake model (the offline rules): engine
// overhead per resident-step, i.e. wall time minus time inside model and embedder calls. Target <= 5 ms.
import { agentKit } from '../src/town/agent-kit.ts';
import { type CallRecord, MeteredEmbedder, MeteredModel } from '../src/town/metering.ts';
import { TownService } from '../src/town/service.ts';
import { InMemoryTownStore } from '../src/town/store.ts';
import { benchTown, offlineModels, smallvilleOpt } from './town-support.ts';

export async function run(opts: Record<string, unknown> = {}) {
  const residents = 25;
  const hours = Number(opts.hours ?? 24);
  const town = benchTown(residents, smallvilleOpt(opts));
  const { llm: raw, embedder: rawEmb } = offlineModels();
  const llm = new MeteredModel(raw);
  const embedCalls: CallRecord[] = [];
  const embedder = new MeteredEmbedder(rawEmb, embedCalls);
  const service = await TownService.create(
    {
      store: new InMemoryTownStore(),
      kit: (townId, settings) => agentKit({ llm, embedder, settings, townId }),
      owner: 'bench',
    },
    { id: 'bench-tick', scope: 'bench', file: town, seed: 1 },
  );
  llm.reset();
  embedCalls.length = 0;
  const ticks = Math.round((hours * 60) / service.settings().minutesPerTick);
  const tickMs: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < ticks; i++) {
    const s = performance.now();
    await service.tick();
    tickMs.push(performance.now() - s);
  }
  const wall = performance.now() - t0;
  const modelMs = llm.total.latencyMs;
  const embedMs = embedCalls.reduce((n, c) => n + (c.endMs - c.startMs), 0);
  const steps = ticks * town.residents.length;
  const overhead = Math.max(0, wall - modelMs - embedMs);
  tickMs.sort((a, b) => a - b);
  await service.close();
  return {
    town: town.name,
    residents: town.residents.length,
    ticks,
    residentSteps: steps,
    wallMs: Math.round(wall),
    modelMs: Math.round(modelMs),
    embedMs: Math.round(embedMs),
    modelCalls: llm.total.calls,
    engineOverheadMsPerResidentStep: Number((overhead / steps).toFixed(3)),
    tickP50Ms: Number((tickMs[Math.floor(ticks / 2)] ?? 0).toFixed(1)),
    tickMaxMs: Number((tickMs[ticks - 1] ?? 0).toFixed(1)),
    target: '<= 5 ms per resident-step',
  };
}

export function format(r: Record<string, unknown>): string {
  return `${r.residents} residents x ${r.ticks} ticks (${r.town}): ${r.engineOverheadMsPerResidentStep} ms engine overhead per resident-step (target <= 5); wall ${r.wallMs} ms, model ${r.modelMs} ms, embed ${r.embedMs} ms, ${r.modelCalls} calls; tick p50 ${r.tickP50Ms} ms, max ${r.tickMaxMs} ms`;
}
