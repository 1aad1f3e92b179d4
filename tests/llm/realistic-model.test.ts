// The realistic model server (tests/support/realistic-model): schema-valid answers of realistic length through the
// real SDK over HTTP, OpenAI-like usage and caching, strict-subset enforcement, seeded faults the gateway absorbs.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type DialogueInput,
  dialogueMessages,
  dialogueOutput,
  dialogueOutputFor,
} from '../../src/agent/prompts/dialogue.ts';
import { planStepsMessages, planStepsOutput, stepsOf } from '../../src/agent/prompts/plan-steps.ts';
import { createLanguageModel, InMemoryUsageSink } from '../../src/llm/index.ts';
import type { ChatMessage } from '../../src/llm/port.ts';
import { behaviourProfile, calibratedRates, withRates } from '../support/realistic-model/behaviour.ts';
import { noFaults, type RealisticModel, startRealisticModel } from '../support/realistic-model/server.ts';
import { cacheSettings, PromptCache } from '../support/realistic-model/usage.ts';

let server: RealisticModel | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const dialogue = z.object({ line: z.string(), end: z.boolean(), news: z.string().nullable() });
const dayPlan = z.object({
  blocks: z.array(z.object({ start: z.string(), end: z.string(), activity: z.string(), place: z.string() })),
});
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

function llmFor(s: RealisticModel, extra: { structuredMode?: 'json_schema' | 'json_object' } = {}) {
  const usage = new InMemoryUsageSink();
  const llm = createLanguageModel({
    provider: 'compatible',
    baseURL: s.baseURL,
    chatModel: s.model,
    usage,
    maxAttempts: 4,
    random: () => 0,
    ...extra,
  });
  return { llm, usage };
}

describe('realistic model server', () => {
  it('speaks lines of 9-64 words (median near 21) and ends 3 in 8 conversations after 2-3 lines, the rest at the cap (calibrated)', async () => {
    server = await startRealisticModel({ seed: 3, latencyScale: 0, rates: noFaults });
    const { llm } = llmFor(server);
    const lengths: number[] = [];
    const turnsToEnd: number[] = [];
    for (let conv = 0; conv < 16; conv++) {
      const history: string[] = [];
      for (let turn = 0; turn < 12; turn++) {
        const speaker = turn % 2 === 0 ? `Ann${conv}` : `Bob${conv}`;
        const messages: ChatMessage[] = [
          { role: 'system', content: `You are ${speaker}. Say the next line.` },
          {
            role: 'user',
            content: history.length ? `Conversation so far:\n${history.join('\n')}` : 'Nobody has spoken yet.',
          },
        ];
        const out = await llm.object({ task: 'agent_dialogue_turn', schema: dialogue, messages });
        lengths.push(words(out.line));
        history.push(`${speaker}: ${out.line}`);
        if (out.end) break;
      }
      turnsToEnd.push(history.length);
    }
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(calibratedRates.lineWords.min);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(calibratedRates.lineWords.max);
    const sorted = [...lengths].sort((x, y) => x - y);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeGreaterThanOrEqual(17);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThanOrEqual(25);
    // short talks end after 2 or 3 lines; the others run to the cap (12 here: never ended)
    for (const t of turnsToEnd) expect([2, 3, 12]).toContain(t);
    expect(turnsToEnd.filter((t) => t < 12).length).toBeGreaterThan(0);
    expect(turnsToEnd.filter((t) => t === 12).length).toBeGreaterThan(turnsToEnd.length / 3);
  });

  it('writes as many lines as asked ("the next N lines"), ends where the prompt says the last one ends it, and summarises then', async () => {
    server = await startRealisticModel({ seed: 4, latencyScale: 0, rates: noFaults });
    const { llm } = llmFor(server);
    const out = await llm.object({
      task: 'agent_dialogue',
      schema: dialogueOutput,
      messages: [
        { role: 'system', content: 'Write the next 16 lines, taking turns (the last line of these ends it).' },
        { role: 'user', content: 'Monday 9:00 at the Cafe.\n\nNobody has spoken yet.' },
      ],
    });
    expect([2, 3, 16]).toContain(out.lines.length);
    expect(out.end).toBe(true);
    expect(out.summary?.summary.length).toBeGreaterThan(0);
  });

  it("names a group line's speaker as a model does: one of the talk's speakers, not a sentence", async () => {
    server = await startRealisticModel({ seed: 5, latencyScale: 0, rates: noFaults });
    const { llm } = llmFor(server);
    const speaker = (name: string) => ({
      name,
      first: name.split(' ')[0]!,
      summary: `${name} keeps a stall at the market.`,
      listeners: [],
      doing: 'talking',
      memories: [],
      turnsLeft: 6,
    });
    const input: DialogueInput = {
      placeName: 'the Cafe',
      time: '9:00 am',
      speakers: [speaker('Ada Lowe'), speaker('Tom Reyes'), speaker('Mina Park')],
      history: [],
      next: 'Ada Lowe',
      lines: 6,
      last: false,
    };
    const out = await llm.object({
      task: 'agent_dialogue',
      schema: dialogueOutputFor(input),
      messages: dialogueMessages(input),
    });
    const named = out.lines.map((l) => (typeof l === 'string' ? undefined : l.speaker)).filter((n) => n != null);
    expect(named.length).toBeGreaterThan(0);
    for (const n of named) expect(['Ada Lowe', 'Tom Reyes', 'Mina Park']).toContain(n);
  });

  it('a rate outside its range is refused with the allowed range', () => {
    expect(() => withRates(calibratedRates, 'talk=1.5')).toThrow(/talk must be from 0 to 1/);
    expect(() => withRates(calibratedRates, 'chatter=1')).toThrow(/unknown rate "chatter"; allowed: talk, react/);
    expect(() => behaviourProfile('gossipy')).toThrow(/allowed: calibrated, chatty/);
    expect(withRates(calibratedRates, 'talk=0.25').talk).toBe(0.25);
  });

  it('plans days of 5-8 blocks at the places the prompt lists, and bills like OpenAI', async () => {
    server = await startRealisticModel({ seed: 5, latencyScale: 0, rates: noFaults });
    const { llm, usage } = llmFor(server);
    const messages: ChatMessage[] = [
      { role: 'system', content: 'Plan the day.' },
      { role: 'user', content: 'Places:\n- home: Home\n- hobbs-cafe: Hobbs Cafe\n- library: Library' },
    ];
    for (let i = 0; i < 5; i++) {
      const plan = await llm.object({ task: 'agent_plan_day', schema: dayPlan, messages });
      expect(plan.blocks.length).toBeGreaterThanOrEqual(5);
      expect(plan.blocks.length).toBeLessThanOrEqual(8);
      for (const b of plan.blocks) expect(['home', 'hobbs-cafe', 'library']).toContain(b.place);
    }
    const report = await usage.report();
    expect(report.total.requests).toBe(server.stats.total.requests);
    expect(report.total.billedPromptTokens).toBe(server.stats.total.promptTokens);
    expect(report.total.completionTokens).toBe(server.stats.total.completionTokens);
  });

  it("keeps a day plan's block at the place of the one before as often as the real run did (7 of 27)", async () => {
    server = await startRealisticModel({ seed: 3, latencyScale: 0, rates: noFaults });
    const { llm } = llmFor(server);
    // eight places: drawn afresh, a block would stay at the place before it about 1 time in 8
    const places = ['home', 'cafe', 'library', 'park', 'school', 'market', 'pub', 'office'];
    const messages: ChatMessage[] = [
      { role: 'system', content: 'Plan the day.' },
      { role: 'user', content: `Places:\n${places.map((p) => `- ${p}: The ${p}`).join('\n')}` },
    ];
    let same = 0;
    let changes = 0;
    for (let i = 0; i < 60; i++) {
      const { blocks } = await llm.object({ task: 'agent_plan_day', schema: dayPlan, messages });
      for (let j = 1; j < blocks.length; j++) {
        changes++;
        if (blocks[j]!.place === blocks[j - 1]!.place) same++;
      }
    }
    const expected = calibratedRates.samePlace + (1 - calibratedRates.samePlace) / places.length;
    expect(same / changes).toBeGreaterThan(expected - 0.08);
    expect(same / changes).toBeLessThan(expected + 0.08);
  });
  it('plans the day where the prompt says the resident belongs (work in its hours, else home) as often as the real run', async () => {
    server = await startRealisticModel({ seed: 5, latencyScale: 0, rates: noFaults });
    const { llm } = llmFor(server);
    const places = ['home', 'cafe', 'library', 'park', 'school', 'market', 'pub', 'office'];
    const messages: ChatMessage[] = [
      { role: 'system', content: 'Plan the day.' },
      {
        role: 'user',
        content: `From 07:00 to 22:00.\nWork today: at library from 09:00 to 17:00.\nPlaces (home: home):\n${places.map((p) => `${p}: The ${p}`).join('\n')}`,
      },
    ];
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
    const at = { work: 0, workTime: 0, home: 0, offTime: 0 };
    for (let i = 0; i < 60; i++) {
      const { blocks } = await llm.object({ task: 'agent_plan_day', schema: dayPlan, messages });
      for (const b of blocks) {
        const inWork = Math.min(minutes(b.end), 17 * 60) - Math.max(minutes(b.start), 9 * 60);
        const long = minutes(b.end) - minutes(b.start);
        if (inWork > long / 2) {
          at.workTime++;
          if (b.place === 'library') at.work++;
        } else {
          at.offTime++;
          if (b.place === 'home') at.home++;
        }
      }
    }
    // master_movement.json: 0.85 of waking time at home or work, plus the draws from the list that land there
    const expected = calibratedRates.homeOrWork + (1 - calibratedRates.homeOrWork) / places.length;
    expect(at.work / at.workTime).toBeGreaterThan(expected - 0.08);
    expect(at.home / at.offTime).toBeGreaterThan(expected - 0.08);
    expect(at.home / at.offTime).toBeLessThan(expected + 0.08);
  });

  it('breaks a stretch into as many steps as the real run took per waking hour, in the form the prompt gives', async () => {
    server = await startRealisticModel({ seed: 4, latencyScale: 0, rates: noFaults });
    const { llm } = llmFor(server);
    // the real prompt: its step-line form and the stretch to fill (08:00-11:00, three hours)
    const input = {
      first: 'Mara',
      summary: 'Mara runs the cafe.',
      chunk: { start: '08:00', end: '09:30', activity: 'serve breakfast', placeName: 'the cafe' },
      following: [{ start: '09:30', end: '11:00', activity: 'bake for lunch' }],
      areas: [{ name: 'kitchen', objects: ['oven', 'sink'] }],
      steps: { min: 5, max: 15 },
    };
    let steps = 0;
    let withObject = 0;
    for (let i = 0; i < 10; i++) {
      const out = await llm.object({
        task: 'agent_plan_steps',
        schema: planStepsOutput,
        messages: planStepsMessages(input),
      });
      const read = stepsOf(out);
      expect(read).toHaveLength(out.steps.length); // every line in the form reads back
      for (const st of read) expect(st.minutes).toBeGreaterThanOrEqual(5);
      // the minutes fill the stretch (in fives)
      expect(Math.abs(read.reduce((a, st) => a + st.minutes, 0) - 180)).toBeLessThanOrEqual(read.length * 5);
      steps += read.length;
      withObject += read.filter((st) => st.object !== null).length;
    }
    // master_movement.json: 225 steps in 44.0 waking hours
    expect(steps / 10).toBe(Math.round(3 * calibratedRates.stepsPerHour));
    // the optional tail ("| <object>: <state>") is written as often as an optional field is filled
    expect(withObject / steps).toBeGreaterThan(0.35);
    expect(withObject / steps).toBeLessThan(0.75);
  });

  it('caches long identical prefixes in 128-token steps from 1024 tokens', async () => {
    server = await startRealisticModel({ seed: 1, latencyScale: 0, rates: noFaults });
    const { llm } = llmFor(server);
    const preamble = 'The town has a bakery, a library, a park and a cafe by the river. '.repeat(120);
    for (const q of ['first', 'second']) {
      await llm.object({
        task: 'agent_interview',
        schema: z.object({ answer: z.string() }),
        messages: [
          { role: 'system', content: preamble },
          { role: 'user', content: `The ${q} question?` },
        ],
      });
    }
    const t = server.stats.total;
    expect(t.cachedTokens).toBeGreaterThanOrEqual(1024);
    expect(t.cachedTokens % 128).toBe(0);
  });

  it('serves a cached prefix only while it was used within the idle window, and nothing under 1024 tokens', () => {
    const cache = new PromptCache();
    const long = Array.from({ length: 1300 }, (_, i) => i);
    expect(cache.cachedTokens(long, 0)).toBe(0); // first sight: written, not served
    expect(cache.cachedTokens([...long.slice(0, 1200), 7, 7, 7], 60_000)).toBe(1152); // 1024 + 128, same prefix
    expect(cache.cachedTokens(long, 60_000 + cacheSettings.idleMs + 1)).toBe(0); // forgotten after the idle window
    const short = Array.from({ length: 1000 }, (_, i) => i);
    expect(cache.cachedTokens(short, 0) + cache.cachedTokens(short, 1)).toBe(0);
  });

  it('rejects a strict schema outside the subset with a 400, as OpenAI does', async () => {
    server = await startRealisticModel({ latencyScale: 0, rates: noFaults });
    const res = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: server.model,
        messages: [{ role: 'user', content: 'x' }],
        response_format: {
          type: 'json_schema',
          json_schema: {
            name: 'clue',
            strict: true,
            schema: {
              type: 'object',
              properties: { clue: { type: 'string', maxLength: 150 } },
              required: ['clue'],
              additionalProperties: false,
            },
          },
        },
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/maxLength/);
  });

  it('misbehaves at its seeded rates in JSON mode, and the gateway absorbs it (repairs and retries counted)', async () => {
    const rates = { fences: 0.2, prose: 0.2, brokenJson: 0.2, nulls: 0, serverErrors: 0.1, rateLimits: 0.05 };
    const runOnce = async () => {
      const s = await startRealisticModel({ seed: 11, latencyScale: 0, rates });
      const { llm, usage } = llmFor(s, { structuredMode: 'json_object' });
      const results = [];
      for (let i = 0; i < 30; i++) {
        results.push(
          await llm
            .object({
              task: 'agent_summary',
              schema: z.object({ summary: z.string() }),
              messages: [{ role: 'user', content: `Summarise day ${i} in JSON.` }],
            })
            .then(
              () => 'ok',
              () => 'failed',
            ),
        );
      }
      const report = await usage.report();
      await s.close();
      return { results, report, stats: s.stats };
    };
    const a = await runOnce();
    const b = await runOnce();
    expect(a.results).toEqual(b.results);
    expect(a.stats).toEqual(b.stats);
    expect(a.stats.faults.brokenJson + a.stats.faults.serverErrors).toBeGreaterThan(0);
    expect(a.report.total.repairs).toBeGreaterThan(0);
    expect(a.report.total.retries).toBeGreaterThan(0);
    expect(a.report.total.requests).toBe(
      a.stats.total.requests + a.stats.faults.serverErrors + a.stats.faults.rateLimits,
    );
    expect(a.report.total.billedPromptTokens).toBe(a.stats.total.promptTokens);
    // At these (extreme) rates a call fails only when its repair is broken too: most still get an answer.
    const failed = a.results.filter((r) => r === 'failed').length;
    expect(failed).toBe(a.report.total.failures);
    expect(failed).toBeLessThan(10);
  });
});
