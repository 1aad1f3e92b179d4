// A model judge is checked before it is believed (issue 23, item 3): judges served by the local OpenAI-compatible
// server (the outside world), talked to through the real SDK and gateway. A judge answering nonsense fails its
// calibration and `npm run eval` / `npm run simulate` refuse to show its figures; a judge that passes calibration
// and then times out or answers off-schema is counted, and past the threshold the report says it is unreliable.
import { afterEach, describe, expect, it } from 'vitest';
import { runEvalCli } from '../../src/cli/eval.ts';
import { runSimulateCli } from '../../src/cli/simulate.ts';
import { CALIBRATION_FACTS, CALIBRATION_PERSONS, CALIBRATION_RANKINGS } from '../../src/eval/judge-calibration.ts';
import { prepareJudge } from '../../src/eval/model-judge.ts';
import { createLanguageModel } from '../../src/llm/index.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import { type ChatRequestBody, type FakeOpenAI, reply, startFakeOpenAI } from '../support/fake-openai.ts';
import { FlakyModel } from '../support/town-flaky-model.ts';

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** The keys a strict json_schema asks for under `field` ("knows": item numbers, "ranks": labels). */
function keysOf(body: ChatRequestBody, field: string): string[] {
  const schema = body.response_format?.json_schema?.schema as
    | { properties?: Record<string, { properties?: Record<string, unknown> }> }
    | undefined;
  return Object.keys(schema?.properties?.[field]?.properties ?? {});
}

const task = (body: ChatRequestBody) => body.response_format?.json_schema?.name ?? '';
const user = (body: ChatRequestBody) => body.messages.find((m) => m.role === 'user')?.content ?? '';

/** Nonsense: every verdict false, ranks drawn from a seeded generator. */
function nonsense(body: ChatRequestBody, rng: () => number) {
  if (task(body).includes('knowledge'))
    return reply.chat({ knows: Object.fromEntries(keysOf(body, 'knows').map((k) => [k, false])) });
  const labels = keysOf(body, 'ranks');
  return reply.chat({
    ranks: Object.fromEntries(labels.map((l) => [l, 1 + Math.floor(rng() * labels.length)])),
    reason: 'random',
  });
}

/** A reader who knows the calibration items' verdicts and orders (and nothing else). */
function calibrationReader(body: ChatRequestBody) {
  const text = user(body);
  if (task(body).includes('knowledge')) {
    const answers = [...text.matchAll(/Answer: (.*)$/gm)].map((m) => JSON.parse(m[1] as string) as string);
    const known = [...CALIBRATION_FACTS, ...CALIBRATION_PERSONS];
    return reply.chat({
      knows: Object.fromEntries(
        answers.map((a, i) => [String(i + 1), known.find((k) => k.answer === a)?.knows ?? false]),
      ),
    });
  }
  const shown = [...text.matchAll(/^([A-H]): (.*)$/gm)].map((m) => ({
    label: m[1] as string,
    answer: JSON.parse(m[2] as string),
  }));
  const item = CALIBRATION_RANKINGS.find((c) => Object.values(c.answers).includes(shown[0]?.answer));
  const place = (a: string) => item?.expected.findIndex((e) => item.answers[e] === a) ?? 0;
  return reply.chat({ ranks: Object.fromEntries(shown.map((s) => [s.label, place(s.answer) + 1])), reason: 'known' });
}

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function judgeServedBy(handler: (body: ChatRequestBody, n: number) => ReturnType<typeof reply.chat>) {
  fake = await startFakeOpenAI();
  let n = 0;
  fake.onChat((req) => handler(req.body as ChatRequestBody, n++));
  return createLanguageModel({
    provider: 'compatible',
    baseURL: fake.baseURL,
    chatModel: 'judge-under-test',
    // Long enough for a busy test machine; the hanging judge below hangs only a few times.
    timeoutMs: 1500,
    maxAttempts: 1,
    random: () => 0,
    // Every call reaches the server (no pause after repeated failures), so each failure is of its own kind.
    circuit: false,
  });
}

const residentsOffline = () => ({ llm: new FlakyModel(0), embedder: new LexicalEmbedder() });
const EVAL_ARGS = ['--hours', '1', '--residents', 'Rosa Delgado', '--ablate', 'reflection'];

describe('a model judge answering nonsense', () => {
  it('npm run eval refuses it before simulating: says the judge is unreliable, shows no figure, exits 3', async () => {
    const rng = seeded(7);
    const judge = await judgeServedBy((body) => nonsense(body, rng));
    let out = '';
    const r = await runEvalCli(EVAL_ARGS, {
      out: (s) => (out += s),
      err: () => {},
      models: () => ({ ...residentsOffline(), judge }),
    });
    expect(r.code).toBe(3);
    expect(out).toMatch(
      /The judge \(judge-under-test\) is unreliable: failed its calibration: 4 of 8 known verdicts right \(needs 7\)/,
    );
    expect(out).toContain('--allow-unreliable-judge');
    expect(out).not.toMatch(/TrueSkill|density \d|An LLM rater/);
    // Only the calibration was asked (two verdict batches, three rankings): no hour was simulated for nothing.
    expect(fake?.chatRequests()).toHaveLength(5);
  });

  it('--allow-unreliable-judge shows its figures, marked unreliable, and exits 0', async () => {
    const rng = seeded(7);
    const judge = await judgeServedBy((body) => nonsense(body, rng));
    let out = '';
    const r = await runEvalCli([...EVAL_ARGS, '--allow-unreliable-judge'], {
      out: (s) => (out += s),
      err: () => {},
      models: () => ({ ...residentsOffline(), judge }),
    });
    expect(r.code).toBe(0);
    expect(out).toContain('UNRELIABLE JUDGE (shown because of --allow-unreliable-judge): failed its calibration');
    expect(out).toContain('TrueSkill');
    expect(r.report?.judge.status.reliable).toBe(false);
    // every figure carries the mark on its own line, and in the JSON
    const figures = out.split('\n').filter((l) => /\d+\.\d\d \+- \d+\.\d\d|density \d|TrueSkill|stock denial/.test(l));
    expect(figures.length).toBeGreaterThan(4);
    for (const l of figures) expect(l).toContain('[UNRELIABLE JUDGE]');
    expect(r.report?.trueskill.every((t) => t.judge === 'unreliable')).toBe(true);
    expect(r.report?.trueskillWithoutDenials.every((t) => t.judge === 'unreliable')).toBe(true);
    expect(r.report?.endToEnd.every((e) => e.judge === 'unreliable')).toBe(true);
    expect(r.report?.rankings.every((x) => x.judge === 'unreliable')).toBe(true);
  });

  it('npm run simulate uses the configured model as judge, with the same check', async () => {
    const rng = seeded(3);
    const judge = await judgeServedBy((body) => nonsense(body, rng));
    let out = '';
    const r = await runSimulateCli(['--hours', '1', '--quiet', '--no-transcript'], {
      out: (s) => (out += s),
      err: () => {},
      models: () => ({ ...residentsOffline(), judge }),
    });
    expect(r.code).toBe(3);
    expect(out).toMatch(/is unreliable: failed its calibration/);
    expect(out).not.toMatch(/network density|diffusion "/);
  });
});

describe('a judge that passes calibration, then times out and answers off-schema', () => {
  it('its failed calls are counted and, past the threshold, the report says it is unreliable (exit 3)', async () => {
    let hangs = 0;
    const judge = await judgeServedBy((body, n) => {
      if (n < 5) return calibrationReader(body);
      // After calibration: the first three "do you know <name>?" batches never come back (timeouts); every other
      // answer is prose instead of the JSON asked for (off-schema, also after the gateway's one repair request).
      if (body.messages.some((m) => m.content.includes('The speaker knows')) && hangs++ < 3)
        return reply.hang() as ReturnType<typeof reply.chat>;
      return reply.chat('I would say the first one is best.');
    });
    let out = '';
    const r = await runEvalCli(EVAL_ARGS, {
      out: (s) => (out += s),
      err: () => {},
      models: () => ({ ...residentsOffline(), judge }),
    });
    const status = r.report?.judge.status;
    expect(status?.calibration?.passed).toBe(true);
    expect(status?.calls.timeouts).toBeGreaterThan(0);
    expect(status?.calls.offSchema).toBeGreaterThan(0);
    expect(status?.reliable).toBe(false);
    expect(r.code).toBe(3);
    expect(out).toMatch(/is unreliable: while judging, \d+ of \d+ calls failed \(\d+ timed out, \d+ off-schema/);
    expect(out).not.toContain('TrueSkill');
  }, 60_000);

  it('a judge that answers the calibration well is believed; --judge-check also measures it on the corpus', async () => {
    const judge = await judgeServedBy((body) => calibrationReader(body));
    const prepared = await prepareJudge(judge);
    expect(prepared.status()).toMatchObject({ by: 'model', reliable: true, reasons: [] });
    expect(prepared.status().calibration?.verdicts).toEqual({ right: 8, of: 8 });
    let out = '';
    const r = await runEvalCli(['--judge-check'], {
      out: (s) => (out += s),
      err: () => {},
      models: () => ({ ...residentsOffline(), judge }),
    });
    // The reader knows only the calibration items: on the corpus it says "does not know" to everything, so the
    // check reports its recall as 0 and exits 3, while the rules meet the bar.
    expect(out).toMatch(
      /Knowledge judge \(rules\)[\s\S]*bar: precision >= 0\.95 and recall >= 0\.9, overall and per kind; (NOT )?met/,
    );
    expect(out).toMatch(/Knowledge judge \(model judge-under-test\)[\s\S]*never says "knows" \(misses all \d+\)/);
    expect(r.code).toBe(3);
  });

  it('its calls, calibration and judging, are metered and in the simulate report (issue 33): the server’s bill to the token', async () => {
    const judge = await judgeServedBy((body) => calibrationReader(body));
    let out = '';
    const r = await runSimulateCli(['--hours', '1', '--quiet', '--no-transcript'], {
      out: (s) => (out += s),
      err: () => {},
      models: () => ({ ...residentsOffline(), judge }),
    });
    expect(r.code).toBe(0);
    // only the judge talks to this server: every request it answered is in the report's judge figures
    const requests = fake?.chatRequests().length ?? 0;
    expect(requests).toBeGreaterThan(5); // the calibration's five and the judging after it
    const m =
      /judge's model calls \(separate, in the provider's bill\): (\d+) calls, (\d+) requests, (\d+) billed prompt tokens, (\d+) completion \(calibration (\d+) \+ judging (\d+) prompt tokens\)/.exec(
        out,
      );
    expect(m, out).not.toBeNull();
    const [, , reqs, prompt, completion, calibration, judging] = m!.map(Number);
    expect(reqs).toBe(requests);
    // the fake bills 20 prompt and 10 completion tokens a request (tests/support/fake-openai.ts)
    expect(prompt).toBe(20 * requests);
    expect(completion).toBe(10 * requests);
    expect(calibration).toBe(20 * 5);
    expect(calibration! + judging!).toBe(prompt);
  }, 60_000);
});
