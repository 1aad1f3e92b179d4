// `npx tsx bench/games-realistic.ts [bench flags]`: the MAgIC games bench against two simulated OpenAI-compatible
// servers (tests/support/realistic-model): a challenger model and a defender model on different base URLs, driven
// through the real CLI (`npm run games -- bench --challenger-model ... --defender-model ... --*-base-url ...`), then
// what each server says it served (requests, billed prompt tokens) beside the bench's own per-seat counts.
import { main } from '../src/cli/games.ts';
import { startRealisticModel } from '../tests/support/realistic-model/server.ts';

const challenger = await startRealisticModel({ seed: 11, model: 'realistic-mini', latencyScale: 0 });
const defender = await startRealisticModel({ seed: 12, model: 'realistic-large', latencyScale: 0 });
try {
  const code = await main(
    [
      'bench',
      '--challenger-model',
      challenger.model,
      '--challenger-base-url',
      challenger.baseURL,
      '--defender-model',
      defender.model,
      '--defender-base-url',
      defender.baseURL,
      ...process.argv.slice(2),
    ],
    { env: { MODEL_PROVIDER: 'compatible', OPENAI_BASE_URL: challenger.baseURL, OPENAI_API_KEY: 'sim' } },
  );
  for (const [side, s] of [
    ['challenger', challenger],
    ['defender', defender],
  ] as const) {
    const t = s.stats.total;
    // Every request the server received: the answered ones (billed) and the refused ones (429s, 500s, rejected
    // schemas), which the bench's per-seat HTTP counts include as retries.
    const f = s.stats.faults;
    const refused = f.rateLimits + f.serverErrors + f.strictRejected;
    console.log(
      `server ${side} (${s.model}): ${t.requests + refused} HTTP requests (${t.requests} answered, ${refused} refused: ${f.serverErrors} server errors, ${f.rateLimits} rate limits, ${f.strictRejected} rejected schemas), ${t.promptTokens} prompt tokens (${t.cachedTokens} cached), ${t.completionTokens} completion tokens; faults ${JSON.stringify(f)}`,
    );
  }
  process.exitCode = code;
} finally {
  await challenger.close();
  await defender.close();
}
