import { describe, expect, it } from 'vitest';
import { formatPlanStep, parsePlanStep, planStepsOutput, stepsOf } from '../../src/agent/prompts/plan-steps.ts';
import { reactAnswer, reactionOf, reactMessages, reactOutput } from '../../src/agent/prompts/react.ts';
import {
  formatInsight,
  insightsOf,
  parseInsight,
  reflectInsightsOutput,
} from '../../src/agent/prompts/reflect-insights.ts';

describe('plan steps as lines (issue 33 item 3: a step is one line, not five keys)', () => {
  it('reads minutes, emoji, action, and the object with its state', () => {
    expect(parsePlanStep('10 ☕ make coffee | kitchen sink: running')).toEqual({
      minutes: 10,
      action: 'make coffee',
      emoji: '☕',
      object: 'kitchen sink',
      objectStatus: 'running',
    });
    // an area, no state
    expect(parsePlanStep('5 🧹 sweep the path | garden')).toMatchObject({ object: 'garden', objectStatus: null });
  });

  it('reads the looser lines a model writes', () => {
    expect(parsePlanStep('- 15 min - read the paper')).toMatchObject({
      minutes: 15,
      action: 'read the paper',
      emoji: '',
    });
    expect(parsePlanStep("20' 👩‍🍳 knead the dough | table: floured.")).toMatchObject({
      minutes: 20,
      emoji: '👩‍🍳',
      action: 'knead the dough',
      object: 'table',
      objectStatus: 'floured',
    });
    // no minutes: NaN, so the caller's default length applies
    expect(Number.isNaN(parsePlanStep('📚 read a chapter')!.minutes)).toBe(true);
    expect(parsePlanStep('10 ☕ tidy up | none')).toMatchObject({ object: null, objectStatus: null });
  });

  it('a line with no action is no step', () => {
    expect(parsePlanStep('')).toBeNull();
    expect(parsePlanStep('10 ☕')).toBeNull();
    expect(stepsOf(planStepsOutput.parse({ steps: ['10 ☕', '5 🚶 walk to work'] })).map((s) => s.action)).toEqual([
      'walk to work',
    ]);
  });

  it('what the stand-in writes reads back as it was', () => {
    const step = { minutes: 15, action: 'bake the bread', emoji: '🍞', object: 'oven', objectStatus: 'baking' };
    expect(parsePlanStep(formatPlanStep(step))).toEqual(step);
    const bare = { minutes: 5, action: 'stretch', emoji: '🙂', object: null, objectStatus: null };
    expect(parsePlanStep(formatPlanStep(bare))).toEqual(bare);
  });
});

describe('insights as lines (issue 33 item 3: an insight is one line, the paper\'s "because of" after it)', () => {
  it('reads the poignancy, the insight and the statements it cites', () => {
    expect(parseInsight('6 Klaus is devoted to his research (1, 3, 8)')).toEqual({
      text: 'Klaus is devoted to his research',
      because: [1, 3, 8],
      importance: 6,
    });
    expect(parseInsight('- 7: Maria admires Klaus (because of 2 and 5).')).toEqual({
      text: 'Maria admires Klaus',
      because: [2, 5],
      importance: 7,
    });
  });

  it('an insight with no poignancy or no statements keeps its text for the caller to mend', () => {
    const bare = parseInsight('Isabella loves hosting people');
    expect(bare?.text).toBe('Isabella loves hosting people');
    expect(bare?.because).toEqual([]);
    expect(Number.isNaN(bare?.importance)).toBe(true);
    // words in parentheses are the insight's own, not statements
    expect(parseInsight('5 Sam (the retired officer) wants to run for mayor (4)')).toMatchObject({
      text: 'Sam (the retired officer) wants to run for mayor',
      because: [4],
    });
    expect(parseInsight('4 (2, 3)')).toBeNull();
  });

  it('what the stand-in writes reads back as it was', () => {
    const i = { text: 'Tomas reads a lot at the cafe', because: [1, 2], importance: 6 };
    expect(parseInsight(formatInsight(i))).toEqual(i);
    expect(insightsOf(reflectInsightsOutput.parse({ insights: [formatInsight(i), ''] }))).toEqual([i]);
  });
});

describe('a react answer is a decision and one line (issue 33 item 3: no five nullable fields per "continue")', () => {
  it('reads a reaction as a step line, and nothing from a talk or a continue', () => {
    expect(reactionOf({ decision: 'react', detail: '10 🧯 turn off the stove | stove: off' })).toEqual({
      minutes: 10,
      emoji: '🧯',
      action: 'turn off the stove',
      object: 'stove',
      objectStatus: 'off',
    });
    // a model that writes the reason, not a step: the action is what it says, its length the caller's default
    expect(reactionOf({ decision: 'react', detail: 'Go and help Ada carry the boxes.' })).toMatchObject({
      action: 'Go and help Ada carry the boxes',
      object: null,
    });
    expect(reactionOf({ decision: 'react', detail: null })).toBeNull();
    expect(reactionOf({ decision: 'talk', detail: '10 ☕ ask about the fair' })).toBeNull();
    expect(reactionOf({ decision: 'continue', detail: '5 🚶 walk on' })).toBeNull();
    expect(reactionOf(reactAnswer(parsePlanStep('15 🔧 stop the leak | sink: fixed')!))).toMatchObject({
      action: 'stop the leak',
      objectStatus: 'fixed',
    });
  });

  it('asks for the line in the prompt, and the strict schema is two fields', () => {
    const [sys] = reactMessages({
      name: 'Ada Quill',
      first: 'Ada',
      summary: 'Ada Quill: a potter.',
      time: '9:00 am',
      status: 'throwing a pot',
      placeName: 'the studio',
      observation: 'the kiln is smoking',
      context: [],
    });
    expect(sys!.content).toContain('"<minutes> <emoji> <action> | <object>: <state>"');
    expect(Object.keys(reactOutput.shape)).toEqual(['decision', 'detail']);
  });
});
