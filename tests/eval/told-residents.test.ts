// Interviews that find what was heard (issue 38 item 3), in a whole town: after two and a half simulated days of
// Saltmarsh offline (stand-in model, lexical embedder), every resident who was told of the beach clean-up in a talk
// says so when the evaluation asks, and the judge reads it as knowing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/eval/simulate.ts';
import { LexicalEmbedder } from '../../src/llm/index.ts';
import { agentOfflineRules } from '../../src/offline/agent/agent-rules.ts';
import { createLanguageModel } from '../../src/offline/index.ts';
import { parseTownFile } from '../../src/town/file.ts';

describe('residents told of an event, asked about it', () => {
  it('answer from what they were told', async () => {
    const file = parseTownFile(
      readFileSync(new URL('../fixtures/towns/saltmarsh.yaml', import.meta.url), 'utf8'),
      'saltmarsh.yaml',
    );
    const llm = createLanguageModel({ provider: 'offline', offlineRules: agentOfflineRules });
    const told: string[] = [];
    const r = await simulate({
      hours: 60,
      llm,
      embedder: new LexicalEmbedder(),
      town: file,
      seed: 1,
      evaluate: true,
      onFinish: (run) => {
        for (const res of run.residents)
          if (
            res.name !== 'Marta Castell' &&
            res.memories.some(
              (m) =>
                (m.kind === 'conversation_summary' || m.kind === 'dialogue') && /beach clean-up/.test(m.description),
            )
          )
            told.push(res.name);
      },
    });
    const d = r.diffusion?.after.find((x) => x.fact === 'beach-clean-up');
    expect(told.length).toBeGreaterThanOrEqual(3);
    for (const name of told) {
      expect(d?.said, `${name}: ${d?.answers[name]}`).toContain(name);
      expect(d?.answers[name]).not.toMatch(/don't remember/);
    }
  }, 120_000);
});
