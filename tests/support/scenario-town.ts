// The town of a scenario test: in memory, the agent kit over the given (recording) model with the lexical embedder,
// owned by the scenario, and seeded so each run replays.

import { LexicalEmbedder } from '../../src/llm/index.ts';
import type { LanguageModel } from '../../src/llm/port.ts';
import { agentKit } from '../../src/town/agent-kit.ts';
import type { TownFile } from '../../src/town/file.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';

export function scenarioTown(llm: LanguageModel, file: TownFile, id: string, seed: number): Promise<TownService> {
  return TownService.create(
    {
      store: new InMemoryTownStore(),
      kit: (townId, settings) =>
        agentKit({ llm, embedder: new LexicalEmbedder({ dimensions: 128 }), settings, townId }),
      owner: 'scenario',
    },
    { id, scope: 'console', file, seed },
  );
}
