// A secret in the evaluation (issues 22 and 23): the evaluation's probe (stateless, nobody present, sec. 6.1/7.1)
// reads what a resident knows, so the holder of a secret counts as knowing it; a person who asks the same question
// is not told. Saltmarsh is a town written for the tests (tests/fixtures/towns/saltmarsh.yaml), offline stand-in.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { measureDiffusion } from '../../src/eval/evaluation.ts';
import { answerKnowsFact } from '../../src/eval/judge.ts';
import { LexicalEmbedder } from '../../src/llm/index.ts';
import { agentOfflineRules } from '../../src/offline/agent/agent-rules.ts';
import { createLanguageModel } from '../../src/offline/index.ts';
import { agentKit } from '../../src/town/agent-kit.ts';
import { buildTownState } from '../../src/town/build.ts';
import { parseTownFile } from '../../src/town/file.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';

describe('a secret in the evaluation', () => {
  it("the holder's probe answer states its secret; the same question from a visitor does not get it", async () => {
    const file = parseTownFile(
      readFileSync(new URL('../fixtures/towns/saltmarsh.yaml', import.meta.url), 'utf8'),
      'saltmarsh.yaml',
    );
    const llm = createLanguageModel({ provider: 'offline', offlineRules: agentOfflineRules });
    const service = await TownService.create(
      {
        store: new InMemoryTownStore(),
        kit: (townId, settings) =>
          agentKit({ llm, embedder: new LexicalEmbedder({ dimensions: 128 }), settings, townId }),
        owner: 'secret-eval',
      },
      { id: 'secret-eval', scope: 'console', file, seed: 3 },
    );
    const facts = buildTownState(file, { initialMind: () => ({}) }).facts;
    const secret = facts.find((f) => f.id === 'harbour-master');
    expect(secret).toBeDefined();
    const [d] = await measureDiffusion(service, [secret!]);
    expect(d?.said).toEqual(['Bruno Castell']); // the holder, and nobody else, at the start
    expect(d?.grounded).toEqual(['Bruno Castell']);

    const asked = await service.interview('Bruno', { id: 'u-1', displayName: 'kit' }, secret!.question);
    expect(answerKnowsFact(asked.answer, secret!.keywords)).toBe(false);
    expect(asked.answer).not.toMatch(/harbou?r master/i);
  });
});
