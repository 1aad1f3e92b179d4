import { describe, expect, it } from 'vitest';
import type { AgentId, AgentProfile, Place } from '../../../src/agent/types.ts';
import { answerQuestion, expandSummaries } from '../../../src/offline/agent/answer.ts';
import { dialogueTurn } from '../../../src/offline/agent/talk.ts';
import { at, CAFE, resident, setup } from '../../agent/fixtures.ts';
import { turn } from './turn-fixture.ts';

const person = (name: string, seed: string, more: Partial<AgentProfile> = {}): AgentProfile => ({
  id: name.split(' ')[0]!.toLowerCase() as AgentId,
  name,
  firstName: name.split(' ')[0]!,
  age: 40,
  innate: 'kind',
  learned: `${name} lives in town.`,
  currently: `${name} is busy.`,
  lifestyle: 'goes to bed around 10pm, wakes up around 7am.',
  home: 'home',
  seed,
  ...more,
});

describe('offline dialogue: family as family', () => {
  it('a child greets a parent or grandparent by the family word its note gives, anyone else by name', () => {
    const kit = { name: 'Kit Pengelly', first: 'Kit', summary: 'Kit Pengelly, 17, is funny.' };
    const dad = { name: 'Dan Pengelly', note: "Kit's father; Dan Pengelly: dad, skipper, strict about exams" };
    const gran = { name: 'Ada Trevose', note: "Kit's grandmother; gives him a tenner" };
    expect(turn({ ...kit, listeners: ['Dan Pengelly'], relations: [dad] }).line).toMatch(/\bDad\b/);
    expect(turn({ ...kit, listeners: ['Dan Pengelly'], relations: [dad] }).line).not.toMatch(/\bDan\b/);
    expect(turn({ ...kit, listeners: ['Ada Trevose', 'Dan Pengelly'], relations: [dad, gran] }).line).toMatch(
      /\bGran and Dad\b/,
    );
    // a wife is greeted by her name; without a note that says the tie, a name is a name
    const meg = { name: 'Meg Pengelly', note: "Dan's wife; runs Crust" };
    expect(turn({ name: 'Dan Pengelly', first: 'Dan', listeners: ['Meg Pengelly'], relations: [meg] }).line).toMatch(
      /\bMeg\b/,
    );
    expect(turn({ ...kit, listeners: ['Dan Pengelly'] }).line).not.toMatch(/\bDad\b/);
  });
});

describe('offline dialogue: news is re-voiced, never quoted', () => {
  it('a gathering is not news to those at it; a hollow invitation is not told; elsewhere the event is, with its hours', () => {
    const dilys = {
      name: 'Dilys Penrose',
      first: 'Dilys',
      summary:
        "Dilys Penrose, 56, is loud. According to everyone she's met this week, Dilys is putting on a harvest supper in the Ship's function room tonight, from 7 till 10 pm.",
      listeners: ['Ivo Tremayne'],
      placeName: 'The Ship Inn',
    };
    const invite = { text: 'Dilys means to invite everyone she meets', importance: 6, kind: 'seed', fresh: true };
    const before = turn({ ...dilys, time: '12:30 pm', memories: [invite] });
    expect(before.line).toMatch(
      /I'm putting on a harvest supper in the Ship's function room tonight, from 7 till 10 pm/,
    );
    const during = turn({
      ...dilys,
      time: '7:30 pm',
      memories: [invite],
      doing: [{ name: 'Dilys Penrose', activity: 'getting the harvest supper going' }],
    });
    expect(during.line).not.toMatch(/harvest supper in the Ship|invite everyone/);
  });

  it('one who came to invite says the invitation first, not other news ("inviting Ivo to the harvest supper")', () => {
    const dilys = {
      name: 'Dilys Penrose',
      first: 'Dilys',
      summary: 'Dilys Penrose, 56, is loud.',
      listeners: ['Ivo Tremayne'],
      placeName: 'Quay Stores',
      time: '11:20 am',
    };
    const memories = [
      { text: 'Rhona Tremayne is repainting the lifeboat shed', importance: 7, kind: 'dialogue', fresh: true },
      {
        text: "Dilys Penrose is putting on a harvest supper in the Ship's function room tonight, from 7 till 10 pm",
        importance: 6,
        kind: 'seed',
        fresh: true,
      },
    ];
    const inviting = turn({
      ...dilys,
      memories,
      doing: [{ name: 'Dilys Penrose', activity: 'inviting Ivo to the harvest supper' }],
    });
    expect(inviting.line).toMatch(/harvest supper in the Ship's function room tonight/);
    // without that errand the weightier news comes first
    const passing = turn({ ...dilys, memories, doing: [{ name: 'Dilys Penrose', activity: 'buying stamps' }] });
    expect(passing.line).toMatch(/lifeboat shed/);
  });

  it('news of an event is passed on with its day and hour, so a guest can plan to go', () => {
    const rosa = {
      name: 'Rosa Delgado',
      first: 'Rosa',
      summary:
        'Rosa Delgado, 41, is warm. Rosa Delgado is planning a spring party at The Copper Kettle on Saturday, April 13, from 6 pm to 9 pm, and is inviting every customer and neighbour she meets.',
      listeners: ['Priya Raman'],
    };
    const invite = { text: 'Rosa Delgado wants to invite everyone she meets to the spring party', importance: 6 };
    const own = turn({ ...rosa, memories: [{ ...invite, kind: 'seed', fresh: true }] });
    expect(own.line).toContain(
      "I'm planning a spring party at The Copper Kettle on Saturday, April 13, from 6 pm to 9 pm",
    );
    expect(own.line).not.toMatch(/inviting every customer/);
    const heard = turn({
      memories: [
        { ...invite, kind: 'dialogue', from: 'Rosa Delgado', fresh: true },
        {
          text: 'Rosa Delgado is having a spring party at The Copper Kettle on Saturday at 6 pm',
          importance: 5,
          kind: 'dialogue',
          from: 'Rosa Delgado',
          fresh: true,
        },
      ],
    });
    expect(heard.news).toBe('Rosa Delgado is having a spring party at The Copper Kettle on Saturday at 6 pm');
  });

  it('news heard from someone is told as theirs, not in the speaker’s first person', () => {
    const out = turn({
      memories: [
        { text: 'Felix Tanaka plays the keyboard', importance: 3, kind: 'seed', fresh: true },
        {
          text: 'Hannah Okafor is running for the town council',
          importance: 6,
          kind: 'dialogue',
          from: 'Hannah Okafor',
          fresh: true,
        },
      ],
    });
    expect(out.line).toMatch(/Hannah mentioned running for the town council/);
    expect(out.line).not.toMatch(/\bI'm running\b/);
    // what the listener stores is the plain third-person fact
    expect(out.news).toBe('Hannah Okafor is running for the town council');
  });

  it('raw lines, conversation records, reflections, secrets and news about the listener are not passed on', () => {
    const out = turn({
      memories: [
        { text: 'Felix Tanaka plays the keyboard', importance: 3, kind: 'seed', fresh: true },
        {
          text: 'Rosa Delgado said: "Hi Felix! Did you hear? The party is on."',
          importance: 7,
          kind: 'dialogue',
          fresh: true,
        },
        {
          text: 'Conversation with Rosa Delgado: At The Copper Kettle, Rosa mentioned a party.',
          importance: 7,
          kind: 'conversation_summary',
          fresh: true,
        },
        { text: 'Oscar knows that the party matters to Rosa', importance: 7, kind: 'reflection', fresh: true },
        {
          text: 'Oscar Lindqvist has not told anyone that he is running for mayor yet',
          importance: 7,
          kind: 'seed',
          fresh: true,
        },
        { text: 'Felix Tanaka is writing his first song', importance: 6, kind: 'observation', fresh: true },
      ],
    });
    expect(out.news).toBeUndefined();
    expect(out.line).not.toMatch(/said|Conversation with|"|knows that|not told anyone|song/);
  });

  it('introduces itself to a stranger; the listener answers in kind; known news is recognised', () => {
    const first = turn({ memories: [] });
    expect(first.line).toMatch(/we’ve met.*I'm Oscar\./);
    const reply = dialogueTurn({
      name: 'Felix Tanaka',
      first: 'Felix',
      summary: 'Felix Tanaka, 24, is shy.',
      listeners: ['Oscar Lindqvist'],
      placeName: 'The Copper Kettle',
      time: '12:10 pm',
      history: [{ speaker: 'Oscar Lindqvist', text: first.line }],
      memories: [],
      turnsLeft: 8,
    });
    expect(reply.line).toMatch(/^Nice to meet you, Oscar! I'm Felix\./);
    const knew = dialogueTurn({
      name: 'Felix Tanaka',
      first: 'Felix',
      summary: 'Felix Tanaka, 24, is shy.',
      listeners: ['Oscar Lindqvist'],
      placeName: 'The Copper Kettle',
      time: '12:20 pm',
      history: [
        {
          speaker: 'Oscar Lindqvist',
          text: 'Hi Felix! By the way, Rosa told me about the party.',
          news: 'Rosa Delgado is planning a spring party on Saturday',
        },
      ],
      memories: [
        {
          text: 'Rosa Delgado is planning a spring party on Saturday',
          importance: 6,
          kind: 'dialogue',
          from: 'Rosa Delgado',
          fresh: false,
        },
      ],
      turnsLeft: 8,
    });
    expect(knew.line).toMatch(/heard (about that too|the same)/);
  });

  it('wording varies between conversations but replays exactly', () => {
    const lines = ['9:00 am', '9:10 am', '9:20 am', '9:30 am', '9:40 am', '9:50 am'].map(
      (time) =>
        turn({
          time,
          memories: [{ text: 'Felix Tanaka works at the market', importance: 3, kind: 'seed', fresh: true }],
        }).line,
    );
    expect(new Set(lines).size).toBeGreaterThan(1);
    expect(
      turn({
        time: '9:00 am',
        memories: [{ text: 'Felix Tanaka works at the market', importance: 3, kind: 'seed', fresh: true }],
      }).line,
    ).toBe(lines[0]);
  });

  it('news passed along a chain of residents never nests quotes or repeats someone else’s "I"', async () => {
    const { runtime } = setup();
    const hannah = resident(
      person('Hannah Okafor', 'Hannah Okafor is running for the town council; Hannah Okafor knows Oscar Lindqvist'),
    );
    const oscar = resident(person('Oscar Lindqvist', 'Oscar Lindqvist knows Hannah Okafor and Felix Tanaka'));
    const felix = resident(person('Felix Tanaka', 'Felix Tanaka knows Oscar Lindqvist and Rosa Delgado'));
    const rosa = resident(person('Rosa Delgado', 'Rosa Delgado knows Felix Tanaka'));
    for (const r of [hannah, oscar, felix, rosa]) await runtime.seed(r, at(0));
    const place: Place = CAFE;
    const lines: string[] = [];
    const pairs = [
      [hannah, oscar],
      [oscar, felix],
      [felix, rosa],
      [rosa, oscar],
    ] as const;
    for (const [k, [a, b]] of pairs.entries()) {
      const c = await runtime.converse([a, b], {
        now: at(10 + k),
        location: place,
        initiator: a.profile.id,
        intent: 'chat',
      });
      lines.push(...c.lines.map((l) => l.text));
    }
    const all = lines.join('\n');
    expect(all).toMatch(/Hannah mentioned running for the town council/);
    for (const l of lines) {
      expect(l).not.toMatch(/said:|"|“|Conversation with/);
      expect(
        (l.match(/Did you hear|By the way|Have you heard|I wanted to tell you|Guess what/g) ?? []).length,
      ).toBeLessThanOrEqual(1);
    }
    // only Hannah speaks of the candidacy in the first person
    const firstPerson = lines.filter((l) => /I'm running for the town council/.test(l));
    expect(firstPerson.length).toBeGreaterThan(0);
    expect(firstPerson.every((l) => lines.indexOf(l) < 4)).toBe(true);
    // and Rosa, two hops away, can answer from memory with the source she heard it from
    const answer = await runtime.interview(rosa, 'Who is running for the town council?', {
      now: at(15),
      remember: false,
    });
    expect(answer).toMatch(/Felix (told me|said) that Hannah Okafor is running for the town council/);
  });
});

describe('seed phrases written to the resident', () => {
  it('are stored in the third person, so they are never passed on as "you ..."', async () => {
    const { runtime } = setup();
    const latoya = resident(person('Latoya Williams', 'you and Rajiv Patel sometimes talk about the local election'));
    await runtime.seed(latoya, at(0));
    expect(latoya.memory.all().map((m) => m.description)).toEqual([
      'Latoya and Rajiv Patel sometimes talk about the local election',
    ]);
  });
});

describe('offline interview answers (sec. 6.1 battery)', () => {
  const base = {
    name: 'Rosa Delgado',
    first: 'Rosa',
    summary:
      'Rosa Delgado, 41, is warm, energetic, sociable. Rosa Delgado owns The Copper Kettle cafe and bakes everything she sells herself.',
    time: 'Friday, April 12, 2024, 9:00 am',
    plan: [
      '12:00 am-6:00 am: sleeping (harbor-lofts)',
      '6:00 am-7:00 am: wake up, wash and have breakfast (harbor-lofts)',
      '7:00 am-12:00 pm: run The Copper Kettle (copper-kettle)',
      '12:00 pm-1:00 pm: have lunch (copper-kettle)',
    ],
  };
  const ask = (question: string, memories: { text: string; importance: number; kind: string; from?: string }[] = []) =>
    answerQuestion({ ...base, question, memories });

  it('self-knowledge and plans come from the summary and today’s plan, in the first person', () => {
    expect(ask('Give an introduction of yourself.')).toBe(
      "I'm Rosa Delgado. I'm 41, and people would call me warm, energetic and sociable. I own The Copper Kettle cafe and bake everything I sell myself.",
    );
    expect(ask('What will you be doing at 10 am tomorrow?')).toBe(
      "I haven't planned tomorrow yet, but at 10 am I'm usually running The Copper Kettle, like today.",
    );
    expect(ask('What is the next thing on your schedule?')).toBe("Next I'll be having lunch, from 12 pm.");
    // "today" and "right now" come from today's plan, not from a failed memory search
    expect(ask('What are you doing today?')).toBe(
      "Today I'm running The Copper Kettle from 7 am and having lunch from 12 pm.",
    );
    expect(ask('What are you up to right now?')).toBe("Right now I'm running The Copper Kettle.");
    // an inner-voice intention is what the resident says it is planning
    const thought = [
      { text: 'Rosa is going to throw a surprise picnic on Sunday', importance: 9, kind: 'inner_voice' },
    ];
    expect(ask('What are you planning this weekend?', thought)).toBe(
      "I've made up my mind: I'm going to throw a surprise picnic on Sunday.",
    );
  });

  it('memory questions are answered from memories with their source, or "I don\'t remember"', () => {
    const heard = [
      { text: 'Oscar Lindqvist has decided to run for mayor', importance: 6, kind: 'dialogue', from: 'Theo Baptiste' },
      { text: 'the oven is off', importance: 2, kind: 'observation' },
    ];
    expect(ask('Who is running for mayor?', heard)).toBe(
      'From what I remember, Theo told me that Oscar Lindqvist has decided to run for mayor.',
    );
    expect(ask('Who is running for mayor?', [heard[1]!])).toMatch(/don't remember/);
    expect(ask('Who is Adam Smith?', heard)).toMatch(/don't know who Adam Smith is/);
    expect(ask('Who is Oscar Lindqvist?', heard)).toBe(
      'Theo told me that Oscar Lindqvist has decided to run for mayor.',
    );
    // what was only seen is said as seen
    expect(
      ask('Who is Ines Moreau?', [
        { text: 'Ines Moreau arrived at The Copper Kettle', importance: 3, kind: 'observation' },
      ]),
    ).toBe('I saw Ines Moreau arrive at The Copper Kettle.');
  });

  it('reactions to hypotheticals follow the paper’s examples', () => {
    expect(ask('Your breakfast is burning! What would you do?')).toMatch(/turn off the stove/);
    expect(ask('The bathroom is occupied. What would you do?')).toMatch(/wait/);
  });

  it('a conversation record becomes facts attributed to whoever said them', () => {
    const facts = expandSummaries(
      [
        {
          text: 'Conversation with Priya Raman: At The Copper Kettle, Rosa mentioned planning a spring party; Priya said that Hannah Okafor wonders about the election.',
          importance: 7,
          kind: 'conversation_summary',
        },
      ],
      'Rosa Delgado',
    );
    expect(facts.map((f) => [f.kind, f.text])).toEqual([
      ['conversation_summary', expect.stringMatching(/^Conversation with/)],
      ['told', 'Rosa told Priya Raman about planning a spring party'],
      ['heard', 'Priya said that Hannah Okafor wonders about the election'],
    ]);
  });
});

describe('offline dialogue: standing facts are not news, and only a gathering is taken as an invitation', () => {
  const heard = (text: string) =>
    turn({
      history: [{ speaker: 'Felix Tanaka', text: `By the way, ${text}.`, news: text }],
      turnsLeft: 6,
    }).line;
  const accepts = /love to come|be there|see you there/i;

  it('news with a day and hour that is not a gathering gets no promise to come; a gathering does', () => {
    expect(heard('I have to work a double shift tomorrow at 9 am')).not.toMatch(accepts);
    expect(heard('my sister is moving to the coast on Sunday')).not.toMatch(accepts);
    expect(heard('Nora Patel is hosting a quilt show at the town hall on Sunday at 2 pm')).toMatch(accepts);
  });

  it('who one lives with or is married to is never offered as news', () => {
    for (const text of [
      'Oscar Lindqvist is living with his wife, Greta Lindqvist',
      'Oscar Lindqvist is married to Greta Lindqvist',
      "Oscar Lindqvist is Ben Lindqvist's father",
    ]) {
      const line = turn({ memories: [{ text, importance: 7, kind: 'seed', fresh: true }], turnsLeft: 6 });
      expect(line.news ?? '').not.toMatch(/living|married|father/);
    }
  });

  it('asked what one has been up to, one tells a project, not who one lives with', () => {
    const ask = (summary: string) =>
      turn({
        summary,
        history: [{ speaker: 'Felix Tanaka', text: 'What have you been up to?' }],
        turnsLeft: 6,
      }).line;
    expect(
      ask('Oscar Lindqvist is living with his wife, Greta Lindqvist. Oscar Lindqvist is restoring an old boat.'),
    ).toMatch(/restoring an old boat/);
    expect(ask('Oscar Lindqvist is living with his wife, Greta Lindqvist.')).not.toMatch(/living with/);
  });
});
