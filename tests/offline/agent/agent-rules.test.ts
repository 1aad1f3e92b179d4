import { describe, expect, it } from 'vitest';
import type { PromptMemory } from '../../../src/agent/prompts/common.ts';
import { conversationSummaryOutput } from '../../../src/agent/prompts/conversation-summary.ts';
import { dialogueTurnOutput } from '../../../src/agent/prompts/dialogue-turn.ts';
import { hearOutput } from '../../../src/agent/prompts/hear.ts';
import { importanceOutput } from '../../../src/agent/prompts/importance.ts';
import { interviewOutput } from '../../../src/agent/prompts/interview.ts';
import { type PlanDayInput, planDayOutput } from '../../../src/agent/prompts/plan-day.ts';
import { planHoursOutput } from '../../../src/agent/prompts/plan-hours.ts';
import { planStepsOutput } from '../../../src/agent/prompts/plan-steps.ts';
import { reactOutput } from '../../../src/agent/prompts/react.ts';
import { reflectInsightsOutput } from '../../../src/agent/prompts/reflect-insights.ts';
import { reflectQuestionsOutput } from '../../../src/agent/prompts/reflect-questions.ts';
import { summaryOutput } from '../../../src/agent/prompts/summary.ts';
import { parseClock } from '../../../src/core/time.ts';
import {
  agentOfflineRules,
  intentionActivity,
  lifestyleHours,
  offlineDayPlan,
} from '../../../src/offline/agent/agent-rules.ts';
import { eventToday } from '../../../src/offline/agent/day-facts.ts';
import { OfflineModel } from '../../../src/offline/model.ts';

const dayInput: PlanDayInput = {
  name: 'Mara Okafor',
  first: 'Mara',
  summary: 'Mara Okafor runs the Lantern Cafe.',
  date: 'Monday, February 13',
  from: '00:00',
  lifestyle: 'Mara goes to bed around 10pm, wakes up around 6am.',
  currently: 'Mara Okafor is opening the Lantern Cafe every morning.',
  yesterday: [],
  intentions: [],
  places: [
    { id: 'mara-home', name: "Mara's house", kind: 'home' },
    { id: 'lantern-cafe', name: 'Lantern Cafe', kind: 'cafe' },
    { id: 'elm-park', name: 'Elm Park', kind: 'park' },
  ],
  home: 'mara-home',
  avoid: [],
  blocks: { min: 5, max: 8 },
};

describe('offline rules', () => {
  it('read the lifestyle and the intention of a memory', () => {
    expect(lifestyleHours('Isabella goes to bed around 11pm, awakes up around 6am.')).toEqual({
      wake: 360,
      sleep: 1380,
    });
    expect(lifestyleHours('no times given')).toEqual({ wake: 420, sleep: 1380 });
    expect(intentionActivity('Mara is going to run against Sam in the upcoming election')).toBe(
      'run against Sam in the upcoming election',
    );
    expect(intentionActivity('Isabella is planning a party at Hobbs Cafe')).toBe('prepare a party at Hobbs Cafe');
    // When it happens is the block's time, not part of its activity (which would run past ten words otherwise).
    expect(
      intentionActivity("Nell Price plans to go to Ruth's reading evening at the Library on Monday from 6 pm to 8 pm"),
    ).toBe("go to Ruth's reading evening at the Library");
    expect(intentionActivity('Owen will meet Sam at the bakery tomorrow at 9:30 am')).toBe('meet Sam at the bakery');
    expect(intentionActivity('Ada wants to repaint the old boathouse by the river this weekend')).toBe(
      'repaint the old boathouse by the river',
    );
  });

  it("plan an event heard of as the host's, and one the resident hosts as its own", () => {
    const heard = eventToday(
      {
        kind: 'observation',
        text: 'Mara Okafor heard that Sam Reyes is hosting a poetry night at the Lantern Cafe on Monday, February 13 from 6 pm to 8 pm and plans to go',
        importance: 6,
      } as PromptMemory,
      dayInput,
      dayInput.places,
    );
    expect(heard).toEqual({
      start: 18 * 60,
      end: 20 * 60,
      activity: "go to Sam's poetry night",
      place: 'lantern-cafe',
    });
    const own = eventToday(
      {
        kind: 'observation',
        text: 'Mara Okafor is hosting a poetry night at the Lantern Cafe on Monday, February 13 from 6 pm to 8 pm',
        importance: 6,
      } as PromptMemory,
      dayInput,
      dayInput.places,
    );
    expect(own?.activity).toBe('host the poetry night');
  });

  it('plan a full day from the identity fields, using only known places', () => {
    const blocks = offlineDayPlan(dayInput);
    expect(blocks[0]).toEqual({ start: '00:00', end: '06:00', activity: 'sleeping', place: 'mara-home' });
    expect(blocks.at(-1)).toMatchObject({ start: '22:00', end: '24:00', activity: 'sleeping' });
    // "runs the Lantern Cafe": the owner runs it, during its opening hours
    expect(blocks.some((b) => b.place === 'lantern-cafe' && /run the Lantern Cafe/.test(b.activity))).toBe(true);
    for (const b of blocks) expect(dayInput.places.map((p) => p.id)).toContain(b.place);
    const awake = blocks.filter((b) => b.activity !== 'sleeping');
    expect(awake.length).toBeGreaterThanOrEqual(5);
    expect(awake.length).toBeLessThanOrEqual(8);
    for (let i = 1; i < blocks.length; i++) expect(blocks[i]!.start).toBe(blocks[i - 1]!.end);
    // an avoided place is not used; an intention with a time and a place gets its block
    const again = offlineDayPlan({
      ...dayInput,
      from: '09:00',
      avoid: ['lantern-cafe'],
      intentions: [
        { text: 'Mara is going to meet Tomas at Elm Park at 3 pm', importance: 7, kind: 'conversation_summary' },
      ],
    });
    expect(again.every((b) => b.place !== 'lantern-cafe')).toBe(true);
    expect(again[0]!.start).toBe('09:00');
    const meet = again.find((b) => /meet Tomas/.test(b.activity))!;
    expect(meet).toMatchObject({ start: '15:00', place: 'elm-park' });
  });

  it('every rule answers inside its schema, also through the built-in OfflineModel', async () => {
    const model = new OfflineModel(agentOfflineRules);
    const mem = (text: string, importance = 5, kind = 'observation') => ({ text, importance, kind });
    const cases: [string, unknown, { safeParse: (x: unknown) => { success: boolean } }][] = [
      ['agent_importance', { items: [{ who: 'Mara', text: 'stove is burning' }] }, importanceOutput],
      [
        'agent_summary',
        {
          name: 'Mara Okafor',
          age: 34,
          innate: 'warm',
          learned: 'Runs a cafe.',
          currently: 'Busy.',
          lifestyle: '',
          memories: [mem('x')],
        },
        summaryOutput,
      ],
      ['agent_plan_day', dayInput, planDayOutput],
      [
        'agent_plan_hours',
        {
          first: 'Mara',
          summary: 's',
          block: { start: '07:00', end: '10:30', activity: 'work', place: 'lantern-cafe' },
          places: [],
          memories: [],
        },
        planHoursOutput,
      ],
      [
        'agent_plan_steps',
        {
          first: 'Mara',
          summary: 's',
          chunk: { start: '12:00', end: '13:00', activity: 'have lunch', placeName: 'home' },
          areas: [{ name: 'kitchen', objects: ['stove'] }],
          steps: { min: 5, max: 15 },
        },
        planStepsOutput,
      ],
      [
        'agent_react',
        {
          name: 'Mara Okafor',
          first: 'Mara',
          summary: 's',
          time: '9',
          status: 'x',
          placeName: 'p',
          observation: 'sink is leaking',
          context: [],
        },
        reactOutput,
      ],
      [
        'agent_dialogue_turn',
        {
          name: 'Mara Okafor',
          first: 'Mara',
          summary: 's',
          listeners: ['Tomas Reyes'],
          placeName: 'cafe',
          time: '9',
          history: [],
          memories: [{ ...mem('Sam Moore is running for mayor', 7), fresh: true }],
          turnsLeft: 8,
        },
        dialogueTurnOutput,
      ],
      [
        'agent_conversation_summary',
        { participants: ['A', 'B'], placeName: 'cafe', time: '9', lines: [{ speaker: 'A', text: 'hi' }] },
        conversationSummaryOutput,
      ],
      [
        'agent_reflect_questions',
        {
          name: 'Mara Okafor',
          first: 'Mara',
          count: 3,
          memories: [{ n: 1, text: 'Tomas Reyes is at Elm Park', importance: 3 }],
        },
        reflectQuestionsOutput,
      ],
      [
        'agent_reflect_insights',
        {
          name: 'Mara Okafor',
          first: 'Mara',
          perQuestion: 5,
          questions: [
            {
              question: 'What does Mara know about Tomas Reyes?',
              memories: [{ n: 1, text: 'Tomas Reyes reads', importance: 3 }],
            },
          ],
        },
        reflectInsightsOutput,
      ],
      [
        'agent_interview',
        {
          name: 'Mara Okafor',
          first: 'Mara',
          summary: 's',
          time: 't',
          question: 'Who is Adam Smith?',
          memories: [mem('Tomas Reyes reads')],
        },
        interviewOutput,
      ],
      [
        'agent_hear',
        {
          name: 'Mara Okafor',
          first: 'Mara',
          summary: 's',
          time: 't',
          status: 'x',
          placeName: 'p',
          speaker: { name: 'Sam' },
          text: 'Nice weather.',
          addressed: false,
          memories: [],
        },
        hearOutput,
      ],
    ];
    for (const [task, input, schema] of cases) {
      const raw = agentOfflineRules[task]!(input, []);
      expect(schema.safeParse(raw).success, task).toBe(true);
      await expect(model.object({ task, schema: schema as never, messages: [], input })).resolves.toBeDefined();
    }
    // honesty offline: nothing about Adam Smith is remembered, so nothing is made up
    const answer = agentOfflineRules.agent_interview!(cases[10]![1], []) as { answer: string };
    expect(answer.answer).toMatch(/don't (remember|know)/);
    // the unaddressed remark of a stranger gets no reply
    expect((agentOfflineRules.agent_hear!(cases[11]![1], []) as { reply: string }).reply).toBe('');
  });

  it('offline dialogue shares the most important memory the listener has not heard, once', () => {
    const base = {
      name: 'Ada Lindqvist',
      first: 'Ada',
      summary: 'Ada Lindqvist, 61, is cheerful. Ada Lindqvist is selling vegetables at the Corner Market.',
      listeners: ['Tomas Reyes'],
      placeName: 'cafe',
      time: '9',
      turnsLeft: 8,
    };
    const memories = [
      { text: 'Ada Lindqvist knows Tomas Reyes from the market', importance: 3, kind: 'seed', fresh: true },
      { text: 'Ada Lindqvist sells vegetables', importance: 4, kind: 'seed', fresh: true },
      { text: 'Sam Moore is running for mayor', importance: 7, kind: 'seed', fresh: true },
      { text: 'the bakery closed down', importance: 8, kind: 'observation', fresh: false },
    ];
    const turn = (history: { speaker: string; text: string; news?: string }[]) =>
      agentOfflineRules.agent_dialogue_turn!({ ...base, history, memories }, []) as {
        line: string;
        news?: string;
        end: boolean;
      };
    const first = turn([]);
    expect(first.line).toMatch(/^(Hi|Hello|Hey) Tomas\b/);
    expect(first.line).toMatch(/Sam Moore is running for mayor/);
    expect(first.line).not.toMatch(/bakery/); // already told: not fresh
    expect(first.news).toBe('Sam Moore is running for mayor');
    const later = turn([
      { speaker: 'Ada Lindqvist', text: first.line, news: first.news! },
      { speaker: 'Tomas Reyes', text: 'Really? What have you been up to?' },
    ]);
    // the news is not repeated; asked what she is up to, she says it in the first person and passes it on
    expect(later.line).not.toMatch(/Sam Moore/);
    expect(later.line).toMatch(/I'm selling vegetables at the Corner Market/);
    expect(later.news).toBe('Ada Lindqvist is selling vegetables at the Corner Market');
    expect(parseClock('7 pm')).toBe(19 * 60);
  });
});
