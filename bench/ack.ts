// Bench `ack`: how fast an interaction is acknowledged while two towns step 24 ticks at once on the offline model,
// on one SQLite file (the bot's setting). An interaction "arrives" every 20 ms as a timer due at that moment; it is
// acknowledged when its handler runs (Discord's deferReply is the handler's first act), so the latency is how long the
// event loop was held by ticks, SQLite and the offline model. A whisper is also sent to each town every 100 ms; its
// completion time says how long it waited for the town; those sent while a tick of that town was in flight are
// reported apart, with how many completed before that tick did (a tick decides outside the town lock, session.ts).
// A second run does the same on one town whose every model call takes `slowMs` (a remote model): a tick then takes
// seconds, and a whisper sent during it should take its own model calls' time, not the tick's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { PrismaTownStore } from '../src/db/town-store.ts';
import { agentKit } from '../src/town/agent-kit.ts';
import { loadTownFile } from '../src/town/file-io.ts';
import { TownService } from '../src/town/service.ts';
import { DelayedModel, offlineModels } from './town-support.ts';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number) : 0;
};

type Figures = { p50: number; p99: number; max: number };
const figures = (xs: number[]): Figures => ({
  p50: Math.round(pct(xs, 50)),
  p99: Math.round(pct(xs, 99)),
  max: Math.round(Math.max(0, ...xs)),
});

/**
 * Steps `towns` `ticks` times each (one tick at a time per town, all towns at once) while whispers go to each town
 * every `everyMs`. Returns whisper latencies, those sent while a tick of that town was in flight, and how many of
 * those completed before that tick did.
 */
async function stepWithWhispers(towns: TownService[], ticks: number, everyMs: number) {
  const inFlight = towns.map(() => 0); // id of the tick in flight (0: none)
  let nextTick = 1;
  const whispers: number[] = [];
  const duringTick: number[] = [];
  let beforeTheTick = 0;
  let running = true;
  const tickMs: number[] = [];
  const resident = towns[0]?.residents()[0]?.name ?? '';
  const loops = towns.map(async (t, i) => {
    while (running) {
      await new Promise((r) => setTimeout(r, everyMs));
      if (!running) break;
      const during = inFlight[i] as number;
      const t0 = performance.now();
      await t.whisper(resident, { id: 'bench', displayName: 'Bench' }, 'I should call my sister today.');
      const ms = performance.now() - t0;
      whispers.push(ms);
      if (during) {
        duringTick.push(ms);
        if (inFlight[i] === during) beforeTheTick++;
      }
    }
  });
  const started = performance.now();
  await Promise.all(
    towns.map(async (t, i) => {
      for (let k = 0; k < ticks; k++) {
        inFlight[i] = nextTick++;
        const t0 = performance.now();
        await t.tick();
        tickMs.push(performance.now() - t0);
        inFlight[i] = 0;
      }
    }),
  );
  const wallMs = performance.now() - started;
  running = false;
  await Promise.all(loops);
  return { wallMs, whispers, duringTick, beforeTheTick, tickMs };
}

export async function run(opts: Record<string, unknown> = {}) {
  const ticks = Number(opts.ticks ?? 24);
  const slowMs = Number(opts.slowMs ?? 100);
  const slowTicks = Number(opts.slowTicks ?? 3);
  const dir = mkdtempSync(join(tmpdir(), 'bench-ack-'));
  const db = await openDatabase(`file:${join(dir, 'town.db')}`);
  try {
    const store = new PrismaTownStore(db.prisma);
    const { llm, embedder } = offlineModels();
    const deps = {
      store,
      kit: (townId: string, settings: Record<string, unknown>) => agentKit({ llm, embedder, settings, townId }),
      owner: 'bench',
    };
    const file = loadTownFile();
    const towns = await Promise.all(
      ['a', 'b'].map((id) => TownService.create(deps, { id: `ack-${id}`, scope: `bench-${id}`, file, seed: 1 })),
    );
    // One tick per town first: the process's first tick loads and compiles code lazily (one-time, reported apart).
    const cold = performance.now();
    await Promise.all(towns.map((t) => t.tick()));
    const coldMs = performance.now() - cold;
    const acks: number[] = [];
    let arriving = true;
    const arrive = () => {
      if (!arriving) return;
      const due = performance.now() + 20;
      setTimeout(() => {
        acks.push(performance.now() - due);
        arrive();
      }, 20);
    };
    arrive();
    const fast = await stepWithWhispers(towns, ticks, 100);
    arriving = false;
    for (const t of towns) await t.close();

    // A slow model: every call takes slowMs.
    const slowLlm = new DelayedModel(llm, slowMs);
    const slowDeps = {
      ...deps,
      kit: (townId: string, settings: Record<string, unknown>) =>
        agentKit({ llm: slowLlm, embedder, settings, townId }),
    };
    const slowTown = await TownService.create(deps, { id: 'ack-slow', scope: 'bench-slow', file, seed: 1 });
    await slowTown.close();
    const slowLoaded = (await TownService.load(slowDeps, 'ack-slow')) as TownService;
    const slow = await stepWithWhispers([slowLoaded], slowTicks, 250);
    await slowLoaded.close();
    return {
      towns: towns.length,
      ticksEach: ticks,
      coldFirstTickMs: Math.round(coldMs),
      wallMs: Math.round(fast.wallMs),
      interactions: acks.length,
      ackMs: figures(acks),
      whispers: fast.whispers.length,
      whisperMs: figures(fast.whispers),
      whispersDuringTick: fast.duringTick.length,
      whisperDuringTickMs: figures(fast.duringTick),
      whispersBeforeTheirTick: fast.beforeTheTick,
      slow: {
        modelMs: slowMs,
        ticks: slowTicks,
        tickMs: figures(slow.tickMs),
        whispersDuringTick: slow.duringTick.length,
        whisperDuringTickMs: figures(slow.duringTick),
        whispersBeforeTheirTick: slow.beforeTheTick,
      },
      target: 'ack max < 1000 ms',
    };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function format(r: Record<string, unknown>): string {
  const f = (x: Figures) => `p50 ${x.p50} ms, p99 ${x.p99} ms, max ${x.max} ms`;
  const slow = r.slow as {
    modelMs: number;
    ticks: number;
    tickMs: Figures;
    whispersDuringTick: number;
    whisperDuringTickMs: Figures;
    whispersBeforeTheirTick: number;
  };
  return [
    `${r.towns} towns x ${r.ticksEach} ticks at once on the offline model, one SQLite file: ${r.wallMs} ms (after a cold first tick of both: ${r.coldFirstTickMs} ms)`,
    `ack latency over ${r.interactions} interactions: ${f(r.ackMs as Figures)} (target: max < 1000 ms)`,
    `whisper completion over ${r.whispers} whispers (both towns): ${f(r.whisperMs as Figures)}`,
    `  of which sent while a tick of that town was in flight: ${r.whispersDuringTick}, ${f(r.whisperDuringTickMs as Figures)}; completed before that tick: ${r.whispersBeforeTheirTick}`,
    `one town on a model taking ${slow.modelMs} ms a call, ${slow.ticks} ticks: tick ${f(slow.tickMs)}`,
    `  whispers sent while a tick was in flight: ${slow.whispersDuringTick}, ${f(slow.whisperDuringTickMs)}; completed before that tick: ${slow.whispersBeforeTheirTick}`,
  ].join('\n');
}
