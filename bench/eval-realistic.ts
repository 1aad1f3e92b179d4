// `npx tsx bench/eval-realistic.ts [eval flags]`: `npm run eval` against the simulated OpenAI-compatible server
// (tests/support/realistic-model), so the model path of the evaluation runs end to end: residents, the blind
// ranking judge and the knowledge judge all ask the server through the real SDK. The figures are those of a
// simulated model (random but schema-valid answers): this checks the pipeline, it does not rate believability.
// Its random verdicts fail the judge's calibration, as they should; --allow-unreliable-judge is passed so the
// model-judge path still runs to the end (the output marks the judge unreliable).
import { runEvalCli } from '../src/cli/eval.ts';
import { createLanguageModel } from '../src/llm/index.ts';
import { LexicalEmbedder } from '../src/llm/lexical-embedder.ts';
import { startRealisticModel } from '../tests/support/realistic-model/server.ts';

const server = await startRealisticModel({ seed: 7, model: 'realistic-mini', latencyScale: 0 });
try {
  const llm = createLanguageModel({ provider: 'compatible', baseURL: server.baseURL, chatModel: server.model });
  const argv = process.argv.slice(2);
  const r = await runEvalCli(argv.includes('--judge-check') ? argv : [...argv, '--allow-unreliable-judge'], {
    out: (s) => process.stdout.write(s),
    err: (s) => process.stderr.write(s),
    models: () => ({ llm, embedder: new LexicalEmbedder() }),
  });
  const t = server.stats.total;
  const byTask = Object.entries(server.stats.byName)
    .filter(([task]) => task.startsWith('eval_'))
    .map(([task, x]) => `${task} ${x.requests}`)
    .join(', ');
  console.log(
    `server (${server.model}): ${t.requests} HTTP requests (${byTask}), ${t.promptTokens} prompt tokens, faults ${JSON.stringify(server.stats.faults)}`,
  );
  process.exitCode = r.code;
} finally {
  await server.close();
}
