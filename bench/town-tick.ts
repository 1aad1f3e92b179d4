// Bench `tick`: 25 residents for one simulated day on a zero-latency fake model (the offline rules): engine
// overhead per resident-step = wall time minus the time spent computing model and embedder answers. Target <= 5 ms.
import type { Embedder, EmbedRequest, LanguageModel, ModelInfo, ObjectRequest } from '../src/llm/port.ts';
import { agentKit } from '../src/town/agent-kit.ts';
import { TownService } from '../src/town/service.ts';
import { InMemoryTownStore } from '../src/town/store.ts';
import { benchTown, offlineModels, smallvilleOpt } from './town-support.ts';

/** Times the synchronous part of each call: the fake answers without awaiting, so that is its whole cost. */
class CpuTimedModel implements LanguageModel {
  ms = 0;
  calls = 0;
  constructor(private readonly inner: LanguageModel) {}
  get info(): ModelInfo {
    return this.inner.info;
  }
  object<T>(req: ObjectRequest<T>): Promise<T> {
    const t = performance.now();
    const p = this.inner.object(req);
    this.ms += performance.now() - t;
    this.calls++;
    return p;
  }
}

class CpuTimedEmbedder implements Embedder {
  ms = 0;
  constructor(private readonly inner: Embedder) {}
  get id(): string {
    return this.inner.id;
  }
  get dimensions(): number {
    return this.inner.dimensions;
  }
  embed(req: EmbedRequest): Promise<Float32Array[]> {
    const t = performance.now();
    const p = this.inner.embed(req);
    this.ms += performance.now() - t;
    return p;
  }
}

export async function run(opts: Record<string, unknown> = {}) {
  const hours = Number(opts.hours ?? 24);
  const town = benchTown(25, smallvilleOpt(opts));
  const models = offlineModels();
  const llm = new CpuTimedModel(models.llm);
  const embedder = new CpuTimedEmbedder(models.embedder);
  const service = await TownService.create(
    {
      store: new InMemoryTownStore(),
      kit: (townId, settings) => agentKit({ llm, embedder, settings, townId }),
      owner: 'bench',
    },
    { id: 'bench-tick', scope: 'bench', file: town, seed: 1 },
  );
  llm.ms = 0;
  llm.calls = 0;
  embedder.ms = 0;
  const ticks = Math.round((hours * 60) / service.settings().minutesPerTick);
  const tickMs: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < ticks; i++) {
    const s = performance.now();
    await service.tick();
    tickMs.push(performance.now() - s);
  }
  const wall = performance.now() - t0;
  const steps = ticks * town.residents.length;
  const overhead = Math.max(0, wall - llm.ms - embedder.ms);
  tickMs.sort((a, b) => a - b);
  await service.close();
  return {
    town: town.name,
    residents: town.residents.length,
    ticks,
    residentSteps: steps,
    wallMs: Math.round(wall),
    modelComputeMs: Math.round(llm.ms),
    embedComputeMs: Math.round(embedder.ms),
    modelCalls: llm.calls,
    engineOverheadMsPerResidentStep: Number((overhead / steps).toFixed(3)),
    tickP50Ms: Number((tickMs[Math.floor(ticks / 2)] ?? 0).toFixed(1)),
    tickMaxMs: Number((tickMs[ticks - 1] ?? 0).toFixed(1)),
    target: '<= 5 ms per resident-step',
  };
}

export function format(r: Record<string, unknown>): string {
  return `${r.residents} residents x ${r.ticks} ticks (${r.town}): ${r.engineOverheadMsPerResidentStep} ms engine overhead per resident-step (target <= 5); wall ${r.wallMs} ms, of which fake-model compute ${r.modelComputeMs} ms and embedding ${r.embedComputeMs} ms over ${r.modelCalls} calls; tick p50 ${r.tickP50Ms} ms, max ${r.tickMaxMs} ms`;
}
