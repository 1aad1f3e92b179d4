// Shared fixtures for the agent tests: two residents of a tiny town, places, and a decide() context builder.
import { MemoryStream } from '../../src/agent/memory-stream.ts';
import { initialMindState, type MindState } from '../../src/agent/mind-state.ts';
import { AgentRuntime, type Resident } from '../../src/agent/runtime.ts';
import type { AgentSettings } from '../../src/agent/settings.ts';
import type { AgentId, AgentProfile, DecideContext, Place } from '../../src/agent/types.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import { agentOfflineRules } from '../../src/offline/agent/agent-rules.ts';
import { RecordingModel } from '../support/recording-model.ts';

export const DAY0 = Date.UTC(2023, 1, 13); // Monday, February 13, 2023
export const at = (h: number, m = 0) => DAY0 + (h * 60 + m) * 60_000;

export const MARA: AgentProfile = {
  id: 'mara' as AgentId,
  name: 'Mara Okafor',
  firstName: 'Mara',
  age: 34,
  innate: 'warm, curious, organised',
  learned: 'Mara Okafor runs the Lantern Cafe and knows most regulars by name.',
  currently: 'Mara Okafor is opening the Lantern Cafe every morning and wants to host a music night.',
  lifestyle: 'Mara goes to bed around 10pm and wakes up around 6am.',
  home: 'mara-home',
  seed: 'Mara Okafor runs the Lantern Cafe; Mara Okafor is friends with Tomas Reyes; Mara Okafor lives alone',
};

export const TOMAS: AgentProfile = {
  id: 'tomas' as AgentId,
  name: 'Tomas Reyes',
  firstName: 'Tomas',
  age: 27,
  innate: 'quiet, thoughtful, stubborn',
  learned: 'Tomas Reyes is a student at Pine College who writes about local history.',
  currently: 'Tomas Reyes is writing a paper on the town archive at Pine College.',
  lifestyle: 'Tomas goes to bed around 11pm and wakes up around 7am.',
  home: 'tomas-home',
  seed: 'Tomas Reyes studies at Pine College; Tomas Reyes knows Mara Okafor from the cafe',
};

export const MARA_HOME: Place = {
  id: 'mara-home',
  name: "Mara's house",
  kind: 'home',
  subAreas: [
    {
      name: 'kitchen',
      objects: [
        { name: 'stove', status: 'idle' },
        { name: 'table', status: 'idle' },
      ],
    },
    {
      name: 'bedroom',
      objects: [
        { name: 'bed', status: 'idle' },
        { name: 'desk', status: 'idle' },
      ],
    },
    { name: 'bathroom', objects: [{ name: 'shower', status: 'idle' }] },
  ],
};
export const TOMAS_HOME: Place = {
  id: 'tomas-home',
  name: "Tomas's flat",
  kind: 'home',
  subAreas: [
    {
      name: 'bedroom',
      objects: [
        { name: 'bed', status: 'idle' },
        { name: 'desk', status: 'idle' },
      ],
    },
  ],
};
export const CAFE: Place = {
  id: 'lantern-cafe',
  name: 'Lantern Cafe',
  kind: 'cafe',
  hours: '07:00-20:00',
  subAreas: [
    {
      name: 'counter',
      objects: [
        { name: 'coffee machine', status: 'idle' },
        { name: 'counter', status: 'idle' },
      ],
    },
  ],
};
export const COLLEGE: Place = {
  id: 'pine-college',
  name: 'Pine College',
  kind: 'college',
  subAreas: [
    {
      name: 'library',
      objects: [
        { name: 'desk', status: 'idle' },
        { name: 'bookshelf', status: 'idle' },
      ],
    },
  ],
};
export const PARK: Place = {
  id: 'elm-park',
  name: 'Elm Park',
  kind: 'park',
  subAreas: [{ name: 'lawn', objects: [] }],
};

export function resident(profile: AgentProfile): Resident & { mind: MindState } {
  return { profile, mind: initialMindState(profile), memory: new MemoryStream(profile.id) };
}

export function ctxFor(
  r: Resident,
  now: number,
  over: Partial<DecideContext> & { location?: Place } = {},
): DecideContext {
  const home = r.profile.home === MARA_HOME.id ? MARA_HOME : TOMAS_HOME;
  return {
    now,
    minutesPerTick: 10,
    location: over.location ?? home,
    knownPlaces: over.knownPlaces ?? [home, CAFE, COLLEGE, PARK],
    perceived: over.perceived ?? [],
    nearby: over.nearby ?? [],
    ...(over.rejected ? { rejected: over.rejected } : {}),
  };
}

export function setup(settings: Partial<AgentSettings> = {}) {
  const model = new RecordingModel(agentOfflineRules);
  const logs: { msg: string; data?: object }[] = [];
  const embedder = new LexicalEmbedder();
  const runtime = new AgentRuntime({
    llm: model,
    embedder,
    settings,
    log: (msg, data) => logs.push({ msg, ...(data ? { data } : {}) }),
  });
  return { model, runtime, logs, embedder };
}
