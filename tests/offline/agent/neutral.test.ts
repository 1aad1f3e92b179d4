// The offline stand-in tells a coherent story without keying on any evaluation's topics or shipped towns' names:
// its rules are general (any event, office or place alike), so the behaviours below hold for any town.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../../../src/offline/agent/answer.ts';
import { topicOf } from '../../../src/offline/agent/news.ts';
import { offlineDayPlan } from '../../../src/offline/agent/plan.ts';
import { stepsFor } from '../../../src/offline/agent/steps.ts';
import { ingOf } from '../../../src/offline/agent/voice.ts';

const OFFLINE_DIR = join(import.meta.dirname, '../../../src/offline/agent');

describe('offline stand-in: no topic or town keys', () => {
  it('no offline source names an evaluation topic or a shipped town, place or resident', () => {
    const banned =
      /\b(party|parties|election|mayor|candidate\w*|campaign\w*|vote|Willowbrook|Willow|Smallville|Copper|Kettle|Hobbs|Anchor|Crown|Isabella|Klaus|Lin)\b/i;
    const hits = readdirSync(OFFLINE_DIR)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        readFileSync(join(OFFLINE_DIR, f), 'utf8')
          .split('\n')
          .map((line, k) => `${f}:${k + 1}: ${line.trim()}`)
          // the one list of honorifics names every office alike, so it is the only line allowed an office
          .filter((l) => !/: const TITLE = /.test(l) && banned.test(l.slice(l.indexOf(': ') + 2))),
      );
    expect(hits).toEqual([]);
  });

  it('the topic of a piece of news is its head noun, whatever the event', () => {
    expect(topicOf('I need paper lanterns and extra chairs for the spring fair')).toBe('fair');
    expect(topicOf('the roof of the library is leaking')).toBe('roof');
    expect(topicOf('Dana is hosting a quiz night at the Blue Heron on Friday')).toBe('night');
    expect(topicOf('Sam is running for treasurer')).toBe('');
  });
});

describe('offline answers address the question asked', () => {
  const base = {
    name: 'Rosa Delgado',
    first: 'Rosa',
    summary: 'Rosa Delgado, 41, is warm. Rosa Delgado runs a bakery.',
    time: 'Friday, April 12, 2024, 9:00 am',
    plan: [] as string[],
  };
  const lanterns = { text: 'I need paper lanterns and extra chairs for the fair', importance: 6, kind: 'inner_voice' };
  const cafe = { text: 'the espresso machine at Juniper Cafe is broken', importance: 4, kind: 'observation' };
  const ask = (question: string, memories: (typeof cafe)[]) => answerQuestion({ ...base, question, memories });

  it('answers from the memory that shares the question’s words, not the most important one', () => {
    expect(ask('How is the cafe?', [lanterns, cafe])).toMatch(/espresso machine/);
    expect(ask('How is the cafe?', [lanterns, cafe])).not.toMatch(/lanterns/);
    expect(ask('What do you need for the fair?', [lanterns, cafe])).toMatch(/lanterns/);
  });

  it('says it does not know when no memory is about the question', () => {
    expect(ask('How is the cafe?', [lanterns])).toMatch(/don't remember/);
  });

  it("asked about someone else's news, it tells what it heard of them, not its own plans (issue 38)", () => {
    const plan = ['7:00 am-5:00 pm: work at the bakery (bakery)'];
    const intent = { text: 'I will go to the harvest supper tonight', importance: 6, kind: 'inner_voice' };
    const seedOf = { text: 'Bryony Dowrick lives next door', importance: 3, kind: 'seed' };
    // news heard from its own person in a talk
    const heardFrom = (from: string, text: string, importance: number) => ({
      text,
      importance,
      kind: 'dialogue',
      from,
    });
    const heard = heardFrom('Bryony Dowrick', 'Bryony Dowrick is expecting a baby', 5);
    const q = "What is new with Bryony lately? Have you heard anything about Bryony Dowrick's plans or news?";
    const relations = [{ name: 'Bryony Dowrick', note: 'neighbour' }];
    const a = answerQuestion({ ...base, plan, question: q, memories: [intent, seedOf, heard], relations });
    expect(a).toMatch(/expecting a baby/);
    expect(a).not.toMatch(/harvest supper|bakery/);
    // asked whether anyone has decided something, it answers from what it heard, not with its own intention
    const sale = heardFrom('Harriet Lusk', 'Harriet Lusk has decided to sell the inn', 6);
    const who = 'Do you know whether anyone in town has decided to sell the inn? If so, who?';
    expect(answerQuestion({ ...base, plan, question: who, memories: [intent, sale] })).toMatch(/Harriet.*sell the inn/);
    // about the resident itself, its plans still answer
    expect(answerQuestion({ ...base, plan, question: 'What are your plans?', memories: [intent] })).toMatch(/harvest/);
    // "what is new with you?": its own weightiest matter before its timetable
    const mine = { text: 'Rosa Delgado is expecting a baby in the spring', importance: 7, kind: 'seed' };
    const own = answerQuestion({ ...base, plan, question: 'What is new with you lately?', memories: [mine] });
    expect(own).toMatch(/^Well, I'm expecting a baby/);
  });
});

describe('offline gerunds', () => {
  it('an activity becomes "<name> is <verb>ing" with correct spelling', () => {
    const table: Record<string, string> = {
      scan: 'scanning',
      bag: 'bagging',
      make: 'making',
      lie: 'lying',
      run: 'running',
      read: 'reading',
      fix: 'fixing',
      open: 'opening',
      visit: 'visiting',
      begin: 'beginning',
      see: 'seeing',
      brew: 'brewing',
      study: 'studying',
      wipe: 'wiping',
      pour: 'pouring',
    };
    for (const [verb, ing] of Object.entries(table)) expect(ingOf(verb), verb).toBe(ing);
  });
});

// A town of our own: 25 residents, three places to eat, varied jobs and households.
const PLACES = [
  { id: 'blue-heron', name: 'The Blue Heron', kind: 'cafe', hours: '07:00-19:00' },
  { id: 'willows-market', name: 'The Willows Market', kind: 'market', hours: '08:00-20:00' },
  { id: 'juniper-diner', name: "Juniper's Diner", kind: 'diner', hours: '10:00-22:00' },
  { id: 'library', name: 'Riverside Library', kind: 'library', hours: '09:00-18:00' },
  { id: 'park', name: 'Greenway Park', kind: 'park' },
  { id: 'school', name: 'Hillside School', kind: 'school' },
  ...Array.from({ length: 9 }, (_, k) => ({ id: `house-${k}`, name: `House ${k}`, kind: 'home' })),
];
const JOBS = [
  'works at Riverside Library as a librarian',
  'is a teacher at Hillside School',
  'works at The Willows Market as a cashier',
  'is a painter who sketches in Greenway Park',
  'is a student who studies for exams',
];
const FIRST = 'Ada Ben Cleo Dev Eli Fay Gus Hana Ivan Jo Kai Lea Max Nia Omar Pia Quin Raf Sia Tom Uma Vik Wen Xia Yan';

function dayOf(k: number, first: string) {
  const name = `${first} Stone${k % 9}`;
  return offlineDayPlan({
    name,
    first,
    summary: `${name}, ${20 + k}, is friendly. ${name} ${JOBS[k % JOBS.length]}.`,
    date: 'Friday, April 12',
    from: '00:00',
    lifestyle: `${name} gets up at 7 am, goes to bed around 11 pm.`,
    currently: '',
    yesterday: [],
    intentions: [],
    places: PLACES,
    home: `house-${k % 9}`,
    avoid: [],
    blocks: { min: 5, max: 8 },
  });
}

describe('offline day plans spread meals and match places tolerantly', () => {
  it('at noon no place holds more than 40% of 25 residents, and lunch hours differ', () => {
    const plans = FIRST.split(' ').map((f, k) => dayOf(k, f));
    const atNoon = new Map<string, number>();
    for (const p of plans) {
      const b = p.find((x) => x.start <= '12:15' && '12:15' < x.end)!;
      atNoon.set(b.place, (atNoon.get(b.place) ?? 0) + 1);
    }
    expect(Math.max(...atNoon.values())).toBeLessThanOrEqual(10);
    const lunchStarts = new Set(plans.map((p) => p.find((x) => x.activity === 'have lunch')?.start));
    expect(lunchStarts.size).toBeGreaterThan(1);
  });

  it('the job comes from the occupation, not from an office the description mentions', () => {
    const plan = offlineDayPlan({
      name: 'Ben Stone',
      first: 'Ben',
      summary:
        'Ben Stone, 50, is curious. Ben Stone works at The Willows Market as a shopkeeper. Ben Stone is curious about the mayor election.',
      date: 'Friday, April 12',
      from: '00:00',
      lifestyle: 'Ben Stone gets up at 7 am, goes to bed around 11 pm.',
      currently: '',
      yesterday: [],
      intentions: [],
      places: PLACES,
      home: 'house-1',
      avoid: [],
      blocks: { min: 5, max: 8 },
    });
    const work = plan.find((b) => b.start <= '10:00' && '10:00' < b.end)!;
    expect(work.place).toBe('willows-market');
    expect(plan.some((b) => /mayor/i.test(b.activity))).toBe(false);
  });

  it('a place is found from a partial, differently cased or possessive name', () => {
    const plan = (summary: string) =>
      offlineDayPlan({
        name: 'Ada Stone',
        first: 'Ada',
        summary: `Ada Stone, 30, is calm. ${summary}`,
        date: 'Friday, April 12',
        from: '00:00',
        lifestyle: 'Ada Stone gets up at 7 am, goes to bed around 11 pm.',
        currently: '',
        yesterday: [],
        intentions: [],
        places: PLACES,
        home: 'house-0',
        avoid: [],
        blocks: { min: 5, max: 8 },
      });
    expect(
      plan('Ada Stone works at Willow as a cashier.').find((b) => b.start <= '10:00' && '10:00' < b.end)!.place,
    ).toBe('willows-market');
    expect(
      plan('Ada Stone works at juniper diner as a cook.').find((b) => b.start <= '10:00' && '10:00' < b.end)!.place,
    ).toBe('juniper-diner');
  });
});

describe('offline steps belong to the resident’s own job', () => {
  const steps = (summary: string, activity: string) =>
    stepsFor({
      first: 'Ada',
      summary,
      chunk: { start: '10:00', end: '11:00', activity, placeName: 'The Willows Market' },
      areas: [{ name: 'shop floor', objects: ['cash register', 'grocery shelves', 'produce stand'] }],
      steps: { min: 5, max: 15 },
    }).join(' | ');

  it('the cashier scans and bags; a customer at the same place never does', () => {
    const cashier = steps('Ada Stone works at The Willows Market as a cashier.', 'work as a cashier');
    expect(cashier).toMatch(/scan|bag|restock|till/);
    const customer = steps('Ada Stone is a teacher at Hillside School.', 'shop for groceries at The Willows Market');
    expect(customer).not.toMatch(/scan groceries|bag a customer|restock|count the till|ring up/);
  });
});

describe("the mind's own progressive form (src/core/text.ts)", () => {
  it('doubles a final consonant after one vowel, drops a silent e, keeps w, x and y', async () => {
    const { progressive } = await import('../../../src/core/text.ts');
    expect(progressive('make coffee')).toBe('making coffee');
    expect(progressive('run the shop and make tea')).toBe('running the shop and making tea');
    expect(progressive('lie down')).toBe('lying down');
    for (const [verb, ing] of [
      ['scan', 'scanning'],
      ['bag', 'bagging'],
      ['fix', 'fixing'],
      ['open', 'opening'],
    ] as const) {
      const out = progressive(`${verb} the things`);
      if (out !== `${verb} the things`) expect(out).toBe(`${ing} the things`);
    }
  });
});
