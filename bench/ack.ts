// Bench `ack`: how fast an interaction is acknowledged while two towns step 24 ticks at once on the offline model,
// on one SQLite file (the bot's setting). An interaction "arrives" every 20 ms as a timer due at that moment; it is
// acknowledged when its handler runs (Discord's deferReply is the handler's first act), so the latency is how long the
// event loop was held by ticks, SQLite and the offline model. A whisper is also sent to each town every 500 ms;
// its completion time says how long it waited for the town (a tick's decide phase holds the town lock).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { PrismaTownStore } from '../src/db/town-store.ts';
import { agentKit } from '../src/town/agent-kit.ts';
import { loadTownFile } from '../src/town/file-io.ts';
import { TownService } from '../src/town/service.ts';
import { offlineModels } from './town-support.ts';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number) : 0;
};

export async function run(opts: Record<string, unknown> = {}) {
  const ticks = Number(opts.ticks ?? 24);
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
    const whispers: number[] = [];
    let running = true;
    const arrive = () => {
      if (!running) return;
      const due = performance.now() + 20;
      setTimeout(() => {
        acks.push(performance.now() - due);
        arrive();
      }, 20);
    };
    arrive();
    const resident = towns[0]?.residents()[0]?.name ?? '';
    const whisperLoop = (async () => {
      while (running) {
        await new Promise((r) => setTimeout(r, 500));
        if (!running) break;
        const t0 = performance.now();
        await Promise.all(
          towns.map((t) =>
            t.whisper(resident, { id: 'bench', displayName: 'Bench' }, 'I should call my sister today.'),
          ),
        );
        whispers.push(performance.now() - t0);
      }
    })();
    const started = performance.now();
    await Promise.all(towns.map((t) => t.step(ticks)));
    const wallMs = performance.now() - started;
    running = false;
    await whisperLoop;
    for (const t of towns) await t.close();
    return {
      towns: towns.length,
      ticksEach: ticks,
      coldFirstTickMs: Math.round(coldMs),
      wallMs: Math.round(wallMs),
      interactions: acks.length,
      ackMs: { p50: Math.round(pct(acks, 50)), p99: Math.round(pct(acks, 99)), max: Math.round(Math.max(0, ...acks)) },
      whispers: whispers.length,
      whisperMs: {
        p50: Math.round(pct(whispers, 50)),
        p99: Math.round(pct(whispers, 99)),
        max: Math.round(Math.max(0, ...whispers)),
      },
      target: 'ack max < 1000 ms',
    };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function format(r: Record<string, unknown>): string {
  const a = r.ackMs as { p50: number; p99: number; max: number };
  const w = r.whisperMs as { p50: number; p99: number; max: number };
  return [
    `${r.towns} towns x ${r.ticksEach} ticks at once on the offline model, one SQLite file: ${r.wallMs} ms (after a cold first tick of both: ${r.coldFirstTickMs} ms)`,
    `ack latency over ${r.interactions} interactions: p50 ${a.p50} ms, p99 ${a.p99} ms, max ${a.max} ms (target: max < 1000 ms)`,
    `whisper completion over ${r.whispers} whispers (both towns): p50 ${w.p50} ms, p99 ${w.p99} ms, max ${w.max} ms`,
  ].join('\n');
}
