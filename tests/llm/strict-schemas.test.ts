// Every task's output schema goes out as strict structured outputs, through exactly the conversion the OpenAI
// provider sends (src/llm/strict-schema.ts responseFormatFor), and fits OpenAI's strict subset.
//
// The rules (written down in src/llm/strict-schema.ts `strictSubset`, checked by `strictSchemaViolations`), from
// OpenAI's API docs, "Structured model outputs" guide, section "Supported schemas"
// (platform.openai.com/docs/guides/structured-outputs#supported-schemas):
//  1. the root is an object, not anyOf;
//  2. every object has additionalProperties: false;
//  3. every property is listed in `required` (optional fields are written as `T | null`);
//  4. only these types: string, number, integer, boolean, object, array, null (in a union), enum, anyOf;
//  5. only these keywords: type, description, title, enum, const, anyOf, $ref, $defs, definitions; for strings
//     pattern and format (date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid); for numbers
//     multipleOf, minimum, maximum, exclusiveMinimum, exclusiveMaximum; for arrays items, minItems, maxItems;
//     for objects properties, required, additionalProperties. Anything else (minLength, maxLength, default,
//     allOf, not, if/then/else, patternProperties, record-style open objects, ...) is rejected with a 400;
//  6. at most 10 levels of nesting and 5000 object properties.
// Constraints outside the subset (a clue's length, a trimmed string) stay in zod: checked after parsing, repaired.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as conversationSummary from '../../src/agent/prompts/conversation-summary.ts';
import * as dialogue from '../../src/agent/prompts/dialogue.ts';
import * as dialogueTurn from '../../src/agent/prompts/dialogue-turn.ts';
import * as hear from '../../src/agent/prompts/hear.ts';
import * as importance from '../../src/agent/prompts/importance.ts';
import * as interview from '../../src/agent/prompts/interview.ts';
import * as planDay from '../../src/agent/prompts/plan-day.ts';
import * as planHours from '../../src/agent/prompts/plan-hours.ts';
import * as planSteps from '../../src/agent/prompts/plan-steps.ts';
import * as react from '../../src/agent/prompts/react.ts';
import * as readEvents from '../../src/agent/prompts/read-events.ts';
import * as reflectInsights from '../../src/agent/prompts/reflect-insights.ts';
import * as reflectQuestions from '../../src/agent/prompts/reflect-questions.ts';
import * as summary from '../../src/agent/prompts/summary.ts';
import { KNOWLEDGE_TASK, knowledgeOutput } from '../../src/eval/knowledge-judge.ts';
import { RANK_TASK, rankOutput } from '../../src/eval/rank-judge.ts';
import {
  analyseSchema,
  type BotInput,
  clueSchema,
  GAME_TASKS,
  guessSchema,
  judgeSchema,
  probeSchema,
  voteSchema,
} from '../../src/games/scenarios/social-deduction/prompts.ts';
import { createLanguageModel } from '../../src/llm/index.ts';
import { responseFormatFor, strictSchemaViolations } from '../../src/llm/strict-schema.ts';
import { READ_RESIDENT_TASK, readResidentOutput } from '../../src/town/reading/prompt.ts';
import { type FakeOpenAI, reply, startFakeOpenAI } from '../support/fake-openai.ts';

function botInput(game: 'chameleon' | 'undercover'): BotInput {
  return {
    game,
    move: 'vote',
    bot: 'pgm',
    me: 'Ann',
    players: ['Ann', 'Bob', 'Cy'],
    out: [],
    topic: game === 'chameleon' ? 'Fruit' : null,
    role: game === 'chameleon' ? 'player' : null,
    secret: game === 'chameleon' ? 'apple' : null,
    word: game === 'undercover' ? 'apple' : null,
    clues: [],
    round: 1,
    clueRounds: 1,
    candidates: ['Bob', 'Cy'],
    pastVotes: [],
    beliefs: null,
    persona: null,
    target: null,
    toJudge: [
      { label: 'clue 1', name: 'Bob', text: 'red' },
      { label: 'clue 2', name: 'Cy', text: 'sweet' },
    ],
  } as BotInput;
}

/** Every task the project sends to a model, with its output schema (games build theirs from the position). */
const tasks: Array<[string, z.ZodType]> = [
  [conversationSummary.CONVERSATION_SUMMARY_TASK, conversationSummary.conversationSummaryOutput],
  [dialogueTurn.DIALOGUE_TURN_TASK, dialogueTurn.dialogueTurnOutput],
  [dialogue.DIALOGUE_TASK, dialogue.dialogueOutput],
  [hear.HEAR_TASK, hear.hearOutput],
  [importance.IMPORTANCE_TASK, importance.importanceOutput],
  [interview.INTERVIEW_TASK, interview.interviewOutput],
  [planDay.PLAN_DAY_TASK, planDay.planDayOutput],
  [planHours.PLAN_HOURS_TASK, planHours.planHoursOutput],
  [planSteps.PLAN_STEPS_TASK, planSteps.planStepsOutput],
  [readEvents.READ_EVENTS_TASK, readEvents.readEventsOutput],
  [react.REACT_TASK, react.reactOutput],
  [reflectInsights.REFLECT_INSIGHTS_TASK, reflectInsights.reflectInsightsOutput],
  [reflectQuestions.REFLECT_QUESTIONS_TASK, reflectQuestions.reflectQuestionsOutput],
  [summary.SUMMARY_TASK, summary.summaryOutput],
  [GAME_TASKS.clue, clueSchema('chameleon')],
  [`${GAME_TASKS.clue} (undercover)`, clueSchema('undercover')],
  [GAME_TASKS.cluePgm, clueSchema('chameleon')],
  [GAME_TASKS.probe, probeSchema(botInput('chameleon'))],
  [GAME_TASKS.guess, guessSchema],
  [GAME_TASKS.vote, voteSchema(botInput('chameleon'))],
  [`${GAME_TASKS.vote} (undercover)`, voteSchema(botInput('undercover'))],
  [GAME_TASKS.analyse, analyseSchema(botInput('chameleon'))],
  [`${GAME_TASKS.analyse} (undercover)`, analyseSchema(botInput('undercover'))],
  [GAME_TASKS.judge, judgeSchema(botInput('chameleon'))],
  [`${GAME_TASKS.judge} (undercover)`, judgeSchema(botInput('undercover'))],
  [KNOWLEDGE_TASK, knowledgeOutput(30)],
  [RANK_TASK, rankOutput(4)],
  [READ_RESIDENT_TASK, readResidentOutput],
];

describe('strict structured outputs for every task', () => {
  it('the table covers every task name declared in src (agent *_TASK constants, GAME_TASKS)', () => {
    const declared = new Set<string>(Object.values(GAME_TASKS));
    const root = join(import.meta.dirname, '../../src');
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
        d.isDirectory() ? walk(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
      );
    for (const file of walk(root)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/export const [A-Z_]+_TASK = '([a-z_]+)'/g))
        declared.add(m[1]!);
    }
    const covered = new Set(tasks.map(([t]) => t.split(' ')[0]));
    expect([...declared].filter((t) => !covered.has(t))).toEqual([]);
  });

  it.each(tasks)('%s: converts to a strict schema inside the subset', (task, schema) => {
    let format: ReturnType<typeof responseFormatFor> | undefined;
    let error = '';
    try {
      format = responseFormatFor(task.split(' ')[0]!, schema);
    } catch (e) {
      error = (e as Error).message;
    }
    expect(error).toBe('');
    expect(format?.json_schema.strict).toBe(true);
    expect(strictSchemaViolations(format?.json_schema.schema)).toEqual([]);
  });

  it('the checker itself rejects what OpenAI rejects', () => {
    const obj = (props: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
      type: 'object',
      properties: props,
      required: Object.keys(props),
      additionalProperties: false,
      ...extra,
    });
    expect(strictSchemaViolations(obj({ a: { type: 'string' } }))).toEqual([]);
    expect(strictSchemaViolations(obj({ a: { type: 'string', maxLength: 5 } }))[0]).toMatch(/maxLength/);
    expect(strictSchemaViolations(obj({ a: { type: 'string', minLength: 1 } }))[0]).toMatch(/minLength/);
    expect(strictSchemaViolations(obj({ a: { type: 'string' } }, { required: [] }))[0]).toMatch(/required/);
    expect(strictSchemaViolations({ ...obj({}), additionalProperties: {} })[0]).toMatch(/additionalProperties/);
    expect(strictSchemaViolations({ type: 'array', items: { type: 'string' } })[0]).toMatch(/root/);
    expect(strictSchemaViolations(obj({ a: { type: 'number', default: 1 } }))[0]).toMatch(/default/);
    expect(strictSchemaViolations(obj({ a: {} }))[0]).toMatch(/no type/);
    expect(strictSchemaViolations(obj({ a: { anyOf: [{ type: 'string' }, { type: 'null' }] } }))).toEqual([]);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 11; i++) deep = obj({ x: deep });
    expect(strictSchemaViolations(deep).join()).toMatch(/deeper than 10/);
  });
});

describe('what the provider sends', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('every json_schema request is strict: true and carries exactly responseFormatFor(task, schema)', async () => {
    fake.onChat(() => reply.error(400, 'the test only looks at the request'));
    const llm = createLanguageModel({
      provider: 'compatible',
      baseURL: fake.baseURL,
      chatModel: 'fake-model',
      circuit: false,
    });
    for (const [name, schema] of tasks) {
      const task = name.split(' ')[0]!;
      await llm.object({ task, schema, messages: [{ role: 'user', content: 'JSON please' }] }).catch(() => undefined);
    }
    const sent = fake.chatRequests().map((r) => r.body.response_format);
    // A schema that cannot be strict never reaches the wire (the test above names it).
    const convertible = tasks.filter(([name, schema]) => {
      try {
        responseFormatFor(name.split(' ')[0]!, schema);
        return true;
      } catch {
        return false;
      }
    });
    expect(sent).toHaveLength(convertible.length);
    convertible.forEach(([name, schema], i) => {
      expect(sent[i]).toEqual(responseFormatFor(name.split(' ')[0]!, schema));
      expect(sent[i]?.json_schema?.strict).toBe(true);
    });
  });
});
