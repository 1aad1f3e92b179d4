import { describe, expect, it } from 'vitest';
import { HONESTY } from '../../src/agent/prompts/common.ts';
import { conversationSummaryMessages } from '../../src/agent/prompts/conversation-summary.ts';
import { dialogueMessages } from '../../src/agent/prompts/dialogue.ts';
import { dialogueTurnMessages } from '../../src/agent/prompts/dialogue-turn.ts';
import { hearMessages } from '../../src/agent/prompts/hear.ts';
import { importanceMessages } from '../../src/agent/prompts/importance.ts';
import { interviewMessages } from '../../src/agent/prompts/interview.ts';
import { planDayMessages } from '../../src/agent/prompts/plan-day.ts';
import { planHoursMessages } from '../../src/agent/prompts/plan-hours.ts';
import { planStepsMessages } from '../../src/agent/prompts/plan-steps.ts';
import { reactMessages } from '../../src/agent/prompts/react.ts';
import { readEventsMessages } from '../../src/agent/prompts/read-events.ts';
import { reflectInsightsMessages } from '../../src/agent/prompts/reflect-insights.ts';
import { reflectQuestionsMessages } from '../../src/agent/prompts/reflect-questions.ts';
import { summaryMessages } from '../../src/agent/prompts/summary.ts';
import type { ChatMessage } from '../../src/llm/port.ts';
import { at, MARA, resident, setup, TOMAS } from './fixtures.ts';

const summary = 'Mara Okafor (34) is warm and curious. She runs the Lantern Cafe.';
const mem = (text: string, importance = 3, kind = 'observation') => ({ text, importance, kind });
const render = (ms: ChatMessage[]) => ms.map((m) => `[${m.role}]\n${m.content}`).join('\n');

// One fixture input per task: the snapshot is the exact prompt the model sees.
const PROMPTS: Record<string, ChatMessage[]> = {
  importance: importanceMessages({
    items: [
      { who: 'Mara', text: 'stove is burning' },
      { who: 'Tomas', text: 'desk is idle' },
    ],
  }),
  summary: summaryMessages({
    name: 'Mara Okafor',
    age: 34,
    innate: 'warm, curious',
    learned: 'Mara Okafor runs the Lantern Cafe.',
    currently: 'Mara Okafor wants to host a music night.',
    lifestyle: 'Mara goes to bed around 10pm.',
    memories: [mem('Mara Okafor runs the Lantern Cafe', 5, 'seed')],
  }),
  planDay: planDayMessages({
    name: 'Mara Okafor',
    first: 'Mara',
    summary,
    date: 'Monday, February 13',
    from: '00:00',
    lifestyle: 'Mara goes to bed around 10pm and wakes up around 6am.',
    currently: 'Mara Okafor wants to host a music night.',
    yesterday: ['7:00 am-12:00 pm: work at Lantern Cafe'],
    intentions: [mem('Mara Okafor is planning a music night on Friday', 6, 'seed')],
    places: [
      { id: 'mara-home', name: "Mara's house", kind: 'home' },
      { id: 'lantern-cafe', name: 'Lantern Cafe', kind: 'cafe', hours: '07:00-20:00' },
    ],
    home: 'mara-home',
    avoid: [],
    blocks: { min: 5, max: 8 },
  }),
  planDayEvents: planDayMessages({
    name: 'Mara Okafor',
    first: 'Mara',
    summary,
    date: 'Friday, February 17',
    day: '2023-02-17',
    from: '00:00',
    lifestyle: 'Mara goes to bed around 10pm and wakes up around 6am.',
    currently: 'Mara Okafor wants to host a music night.',
    yesterday: [],
    intentions: [mem('Mara Okafor is hosting a music night at Lantern Cafe on Friday from 7 pm to 9 pm', 6, 'seed')],
    places: [
      { id: 'mara-home', name: "Mara's house", kind: 'home' },
      { id: 'lantern-cafe', name: 'Lantern Cafe', kind: 'cafe', hours: '07:00-22:00' },
    ],
    home: 'mara-home',
    avoid: [],
    blocks: { min: 5, max: 8 },
    events: [
      {
        kind: 'music night',
        host: 'Mara Okafor',
        hosting: true,
        place: 'lantern-cafe',
        start: '19:00',
        end: '21:00',
        activity: 'host the music night',
      },
    ],
  }),
  readEvents: readEventsMessages({
    first: 'Tomas',
    day: '2023-02-13',
    date: 'Monday, February 13',
    texts: [
      {
        ...mem('Mara Okafor is hosting a music night at Lantern Cafe on Friday from 7 pm to 9 pm', 6, 'seed'),
        day: '2023-02-12',
      },
      mem('Tomas Reyes is reading at the Lantern Cafe'),
    ],
    places: [{ id: 'lantern-cafe', name: 'Lantern Cafe' }],
    people: ['Tomas Reyes', 'Mara Okafor'],
  }),
  planHours: planHoursMessages({
    first: 'Mara',
    summary,
    block: { start: '07:00', end: '12:00', activity: 'work at Lantern Cafe', place: 'lantern-cafe' },
    places: [{ id: 'lantern-cafe', name: 'Lantern Cafe', kind: 'cafe' }],
    memories: [mem('Tomas Reyes is reading at the Lantern Cafe')],
  }),
  planSteps: planStepsMessages({
    first: 'Mara',
    summary,
    chunk: { start: '06:40', end: '07:00', activity: 'have breakfast', placeName: "Mara's house" },
    home: true,
    areas: [{ name: 'kitchen', objects: ['stove', 'table'] }],
    context: 'Mara had to turn off the stove because stove is burning',
    steps: { min: 5, max: 15 },
  }),
  react: reactMessages({
    name: 'Mara Okafor',
    first: 'Mara',
    summary,
    time: '6:30 am',
    status: 'making breakfast',
    placeName: "Mara's house",
    observation: 'stove is burning',
    subject: 'stove',
    context: [mem('stove is cooking', 2)],
  }),
  dialogueTurn: dialogueTurnMessages({
    name: 'Ada Lindqvist',
    first: 'Ada',
    summary: 'Ada Lindqvist (61) is cheerful.',
    listeners: ['Tomas Reyes'],
    placeName: 'Lantern Cafe',
    time: '10:00 am',
    history: [{ speaker: 'Tomas Reyes', text: 'Hi Ada!' }],
    memories: [
      { ...mem('Sam Moore is running for mayor', 6, 'seed'), fresh: true },
      // news heard in an earlier conversation says whom it came from
      {
        ...mem('Isabella Rodriguez is planning a party on Friday', 6, 'dialogue'),
        from: 'Isabella Rodriguez',
        fresh: true,
      },
    ],
    turnsLeft: 7,
  }),
  dialogue: dialogueMessages({
    placeName: 'Lantern Cafe',
    time: '10:00 am',
    date: 'Monday, February 13',
    intent: 'ask about the music night',
    intentOf: 'Ada Lindqvist',
    speakers: [
      {
        name: 'Ada Lindqvist',
        first: 'Ada',
        summary: 'Ada Lindqvist (61) is cheerful.',
        listeners: ['Tomas Reyes'],
        doing: 'buying coffee',
        relations: [{ name: 'Tomas Reyes', note: 'Ada Lindqvist buys vegetables from Tomas Reyes' }],
        memories: [{ ...mem('Sam Moore is running for mayor', 6, 'seed'), fresh: true }],
        turnsLeft: 7,
      },
      {
        name: 'Tomas Reyes',
        first: 'Tomas',
        summary: 'Tomas Reyes (27) is quiet.',
        listeners: ['Ada Lindqvist'],
        doing: 'reading',
        memories: [],
        turnsLeft: 7,
      },
    ],
    history: [{ speaker: 'Ada Lindqvist', text: 'Hi Tomas!' }],
    next: 'Tomas Reyes',
    lines: 15,
    last: true,
  }),
  conversationSummary: conversationSummaryMessages({
    participants: ['Ada Lindqvist', 'Tomas Reyes'],
    placeName: 'Lantern Cafe',
    time: '10:00 am',
    lines: [
      {
        speaker: 'Ada Lindqvist',
        text: 'Did you hear? Sam Moore is running for mayor.',
        news: 'Sam Moore is running for mayor',
      },
      { speaker: 'Tomas Reyes', text: 'Oh, I did not know that!' },
    ],
  }),
  reflectQuestions: reflectQuestionsMessages({
    name: 'Mara Okafor',
    first: 'Mara',
    count: 3,
    memories: [
      { n: 1, text: 'Tomas Reyes is reading at the Lantern Cafe', importance: 2 },
      { n: 2, text: 'Tomas Reyes said: "My paper is due Friday."', importance: 4 },
    ],
  }),
  reflectInsights: reflectInsightsMessages({
    name: 'Mara Okafor',
    first: 'Mara',
    perQuestion: 5,
    questions: [
      {
        question: 'What does Mara know about Tomas?',
        memories: [{ n: 1, text: 'Tomas Reyes is reading', importance: 2 }],
      },
    ],
  }),
  interview: interviewMessages({
    name: 'Mara Okafor',
    first: 'Mara',
    summary,
    time: 'Monday, February 13, 11:00 am',
    asker: 'a reporter',
    question: 'Who is running for mayor?',
    memories: [],
    plan: ['7:00 am-12:00 pm: run the Lantern Cafe (lantern-cafe)', '12:00 pm-1:00 pm: have lunch (lantern-cafe)'],
  }),
  hear: hearMessages({
    name: 'Mara Okafor',
    first: 'Mara',
    summary,
    time: '11:00 am',
    status: 'serving customers',
    placeName: 'Lantern Cafe',
    speaker: { name: 'Sam', description: 'a news reporter' },
    text: 'Mara, who is running for mayor?',
    addressed: true,
    memories: [mem('Sam Moore is running for mayor', 6)],
  }),
};

describe('prompt templates (one per task)', () => {
  for (const [name, messages] of Object.entries(PROMPTS)) {
    it(`${name} prompt`, () => {
      expect(render(messages)).toMatchSnapshot();
    });
  }

  it('every prompt that writes or recalls tells the model to admit not remembering', () => {
    const honest = [
      'summary',
      'planDay',
      'planDayEvents',
      'readEvents',
      'planHours',
      'planSteps',
      'react',
      'dialogueTurn',
      'dialogue',
      'conversationSummary',
      'reflectInsights',
      'interview',
      'hear',
    ];
    for (const name of honest) expect(PROMPTS[name]![0]!.content, name).toContain(HONESTY);
    expect(HONESTY).toMatch(/do not remember/);
  });

  it('prompts are built only from the summary and retrieved memories (no unrelated memory leaks in)', async () => {
    const { model, runtime } = setup();
    const mara = resident(MARA);
    await runtime.seed(mara, at(0));
    await runtime.remember(mara, 'Mara Okafor keeps a secret diary under the counter', at(1), 'observation', 8);
    await runtime.interview(mara, 'What did you have for breakfast?', { now: at(9), asker: 'Tomas', remember: false });
    const prompt = model
      .callsFor('agent_interview')[0]!
      .messages.map((m) => m.content)
      .join('\n');
    const input = model.callsFor('agent_interview')[0]!.input as { memories: { text: string }[]; summary: string };
    for (const m of input.memories) expect(prompt).toContain(m.text);
    expect(prompt).toContain(input.summary);
    // TOMAS never appears in Mara's memories, so nothing about him but the asker's name can appear
    expect(prompt).not.toMatch(new RegExp(TOMAS.learned.slice(0, 20)));
  });
});
