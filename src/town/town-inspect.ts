// A town's birth and the read models that call the model (service.ts calls these): creating a town from its file
// with each resident's seed memories (sec. 3.1), everything about one resident with its cached summary, and an
// admin's retrieval with the components of each score (sec. 4.1).

import type { Memory } from '../agent/types.ts';
import { formatSimTime } from '../core/time.ts';
import { buildTownState } from './build.ts';
import { mapLimit } from './concurrency.ts';
import type { TownFile } from './file.ts';
import { withCallContext } from './metering.ts';
import type { MindResident } from './mind.ts';
import {
  type MemoryHit,
  memoryCounts,
  type PublicResidentInfo,
  type ResidentInfo,
  residentSummary,
} from './queries.ts';
import { readTown } from './reading/read.ts';
import { townFrame, townTexts } from './reading/town-text.ts';
import type { TownReading } from './reading/types.ts';
import { seedState } from './rng.ts';
import type { KitFactory, TownSession } from './session.ts';
import type { TownRecord, TownStore } from './store.ts';
import { learnPlacesFromMemories } from './tick.ts';
import type { ResidentState } from './types.ts';
import { getLocation } from './world.ts';

export interface CreateTownOptions {
  id: string;
  scope: string;
  file: TownFile;
  seed?: string | number;
  /** The town's reading, already made (the sidecar, or `read` before a confirmation); absent: read now. */
  reading?: TownReading;
}

/** Builds the world from a town file, seeds each resident's memories and stores the new town. */
export async function createTownRecord(
  deps: { store: TownStore; kit: KitFactory },
  opts: CreateTownOptions,
): Promise<{ rec: TownRecord; memories: Memory[] }> {
  const kit = deps.kit(opts.id, opts.file.agent);
  // the town's text is read once, here, by the configured model (the neutral reader offline): issue 32
  const reading =
    opts.reading ??
    opts.file.reading ??
    (await readTown(townTexts(opts.file), townFrame(opts.file), {
      ...(kit.model ? { model: kit.model } : {}),
      ...(kit.log ? { log: kit.log } : {}),
      townId: opts.id,
      seed: seedState(opts.seed ?? opts.id),
    }));
  const state = buildTownState(opts.file, { seed: opts.seed ?? opts.id, initialMind: kit.initialMindState, reading });
  state.reading = reading;
  const residents = state.residents.map((rs) => ({
    rs,
    live: { profile: rs.profile, mind: rs.mind, memory: kit.memoryStream(rs.profile.id, []) },
  }));
  await mapLimit(residents, state.settings.concurrency, ({ live }) =>
    withCallContext({ resident: live.profile.id, phase: 'seed', seed: state.rng }, () =>
      kit.runtime.seed(live, state.clock.start),
    ),
  );
  const memories: Memory[] = [];
  for (const { rs, live } of residents) {
    const { added } = live.memory.drainChanges();
    memories.push(...added);
    rs.memoryCount = added.length;
    rs.mind = live.mind;
    learnPlacesFromMemories(state, rs, live);
  }
  state.seeded = true;
  const rec = await deps.store.create({ id: opts.id, scope: opts.scope, name: state.name, state, memories });
  return { rec, memories };
}

/** Everything about one resident; `bio` is the agent's cached summary description (may call the model). */
export async function residentInfo(session: TownSession, rs: ResidentState): Promise<ResidentInfo> {
  const bio = await session.exclusive((w) =>
    withCallContext({ resident: rs.profile.id, phase: 'info' }, () =>
      session.kit.runtime.summary(w.residents.get(rs.profile.id) as MindResident, w.state.clock.now),
    ).catch(() => `${rs.profile.name} (${rs.profile.age}): ${rs.profile.learned}`),
  );
  // the public part, then what only the resident's own pages show
  return {
    ...residentPublicInfo(session, rs),
    currently: rs.profile.currently,
    bio,
    knownPlaces: session.state.locations.filter((l) => rs.knownPlaces[l.id]).map((l) => l.name),
    memoryCounts: memoryCounts(session.world, rs.profile.id),
  };
}

/**
 * What anyone may see of a resident (the web view): the public part of the seed (age, traits, who they are, their
 * lifestyle, home), where they are and today's plan. Never `currently` or the seed paragraph (they hold what the
 * town's facts spread by word of mouth), never the model: answered from the last commit at once.
 */
export function residentPublicInfo(session: TownSession, rs: ResidentState): PublicResidentInfo {
  const state = session.state;
  const live = session.world.residents.get(rs.profile.id) as MindResident;
  const home = getLocation(state, rs.profile.home);
  return {
    ...residentSummary(state, rs),
    age: rs.profile.age,
    innate: rs.profile.innate,
    learned: rs.profile.learned,
    lifestyle: rs.profile.lifestyle,
    home: { id: rs.profile.home, name: home?.name ?? rs.profile.home },
    plan: session.kit.runtime.publicPlanLines(live),
  };
}

/** Retrieval with component scores for admin inspection (updates access times, as retrieval does). */
export function inspectMemories(session: TownSession, rs: ResidentState, q: string, k: number): Promise<MemoryHit[]> {
  return session.change(async (w) => {
    const live = w.residents.get(rs.profile.id) as MindResident;
    const hits = await withCallContext({ resident: rs.profile.id, phase: 'inspect' }, () =>
      session.kit.runtime.retrieve(live, q, w.state.clock.now, Math.max(1, Math.min(50, k))),
    );
    return hits.map((h) => ({
      id: h.memory.id,
      kind: h.memory.kind,
      description: h.memory.description,
      createdAt: formatSimTime(h.memory.createdAt),
      importance: h.memory.importance,
      score: h.score,
      recency: h.recency,
      relevance: h.relevance,
      importanceScore: h.importance,
    }));
  });
}

/** Stateless interviews for evaluations (sec. 6-7: they leave no memory), several at once with bounded parallelism. */
export function evaluateInterviews(
  session: TownSession,
  items: readonly { rs: ResidentState; question: string }[],
): Promise<string[]> {
  return session.exclusive(async (w) =>
    mapLimit(items, w.state.settings.concurrency, ({ rs, question }) => {
      const live = w.residents.get(rs.profile.id) as MindResident;
      return withCallContext({ resident: rs.profile.id, phase: 'evaluate' }, () =>
        session.kit.runtime.interview(live, question, { now: w.state.clock.now, remember: false, probe: true }),
      );
    }),
  );
}
