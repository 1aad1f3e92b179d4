// The two model profiles a behaviour is judged on (offline and realistic-model), for agent and scenario tests: the
// offline stand-in with the agent rules, and a realistic model server started for the test file (seeded, no
// latency, no faults, the behaviour rates calibrated on the real Smallville run: realistic-model/behaviour.ts)
// and closed after it.
import { afterAll, beforeAll } from 'vitest';
import type { LlmGateway } from '../../src/llm/index.ts';
import { agentOfflineRules } from '../../src/offline/agent/agent-rules.ts';
import { createLanguageModel } from '../../src/offline/index.ts';
import { noFaults, type RealisticModel, startRealisticModel } from './realistic-model/server.ts';

export type ProfileName = 'offline' | 'realistic';

/** Registers the realistic server's start and stop on the calling file; each profile makes a fresh model. */
export function agentModelProfiles(seed: number): Record<ProfileName, () => LlmGateway> {
  let server: RealisticModel | undefined;
  beforeAll(async () => {
    server = await startRealisticModel({ seed, latencyScale: 0, rates: noFaults });
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    offline: () => createLanguageModel({ provider: 'offline', offlineRules: agentOfflineRules }),
    realistic: () => {
      if (!server) throw new Error('the realistic model server is not started yet (use the profile inside a test)');
      return createLanguageModel({ provider: 'compatible', baseURL: server.baseURL, chatModel: server.model });
    },
  };
}
