// Shared pieces of the town benches: a 25-resident town (Smallville when given, else the seed town cloned),
// the offline model as a zero-latency fake, and a fixed-latency wrapper.
import { createEmbedder } from '../src/llm/index.ts';
import { agentOfflineRules, createLanguageModel, mergeOfflineRules } from '../src/offline/index.ts';
import type { Embedder, EmbedRequest, LanguageModel, ModelInfo, ObjectRequest } from '../src/llm/port.ts';
import { slugify, type TownFile } from '../src/town/file.ts';
import { loadTownFile } from '../src/town/file-io.ts';
import { importSmallville } from '../src/town/smallville.ts';
import { readSmallvilleDir } from '../src/town/smallville-files.ts';

const EXTRA_FIRST = [
  'Alba',
  'Bruno',
  'Cleo',
  'Dario',
  'Elsa',
  'Farid',
  'Greta',
  'Hugo',
  'Iris',
  'Jonas',
  'Kira',
  'Leon',
  'Mira',
  'Nico',
  'Olga',
];

/** A town of n residents: Smallville when a directory is given (25), else the seed town plus invented neighbours. */
export function benchTown(n: number, smallville?: string): TownFile {
  if (smallville) return importSmallville(readSmallvilleDir(smallville));
  const base = loadTownFile();
  const residents = [...base.residents];
  for (let i = 0; residents.length < n; i++) {
    const src = base.residents[i % base.residents.length];
    if (!src) break;
    const first = EXTRA_FIRST[i % EXTRA_FIRST.length] ?? `Person${i}`;
    const last = src.name.split(' ').slice(1).join(' ') || 'Smith';
    const name = `${first} ${last}${i >= EXTRA_FIRST.length ? ` ${i}` : ''}`;
    residents.push({
      ...src,
      id: slugify(name),
      name,
      firstName: first,
      seed: src.seed.replaceAll(src.name, name).replaceAll(src.name.split(' ')[0] ?? '', first),
      learned: src.learned.replaceAll(src.name, name),
      currently: src.currently.replaceAll(src.name, name),
      lifestyle: src.lifestyle.replaceAll(src.name, name),
    });
  }
  return { ...base, residents: residents.slice(0, n), facts: base.facts };
}

/** The offline model behind the gateway, so every call is billed as the real request would be (messages + schema). */
export function offlineModels(): { llm: LanguageModel; embedder: Embedder } {
  return {
    llm: createLanguageModel({ provider: 'offline', offlineRules: mergeOfflineRules(agentOfflineRules) }),
    embedder: createEmbedder({ provider: 'offline' }),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every call takes `ms` (the parallel bench: 300 ms), answers from the inner model. */
export class DelayedModel implements LanguageModel {
  constructor(
    private readonly inner: LanguageModel,
    private readonly ms: number,
  ) {}
  get info(): ModelInfo {
    return this.inner.info;
  }
  async object<T>(req: ObjectRequest<T>): Promise<T> {
    await sleep(this.ms);
    return this.inner.object(req);
  }
}

export class DelayedEmbedder implements Embedder {
  constructor(
    private readonly inner: Embedder,
    private readonly ms: number,
  ) {}
  get id(): string {
    return this.inner.id;
  }
  get dimensions(): number {
    return this.inner.dimensions;
  }
  async embed(req: EmbedRequest): Promise<Float32Array[]> {
    await sleep(this.ms);
    return this.inner.embed(req);
  }
}

export const smallvilleOpt = (opts: Record<string, unknown>): string | undefined =>
  typeof opts.smallville === 'string' ? opts.smallville : undefined;
