// Believability scenarios (issue 10): whole-town runs of towns written for these tests, each asserting one story
// fact, on the offline model and on the realistic-model profile (tests/support/realistic-model, through the real
// OpenAI SDK over HTTP). Facts are counted in what the mind did and was given (prompt inputs, positions, objects
// used), not by the wording of the lines, so they hold for any model that answers the schema.
import { describe, expect, it } from 'vitest';
import { unusable } from '../../src/agent/decompose.ts';
import type { MindState } from '../../src/agent/mind-state.ts';
import { isAlarming } from '../../src/core/text.ts';
import { AttendanceTracker, plannedAt } from '../../src/eval/attendance.ts';
import { validateTownFile } from '../../src/town/file.ts';
import { agentModelProfiles } from '../support/model-profiles.ts';
import { PassThroughRecorder } from '../support/recording-model.ts';
import { scenarioTown } from '../support/scenario-town.ts';

class Recorder extends PassThroughRecorder {
  /** Each speaker's view of every dialogue call (its section, with the call's date and place). */
  speakerViews() {
    return this.inputs('agent_dialogue').flatMap((i) =>
      ((i.speakers ?? []) as Record<string, unknown>[]).map((sp) => ({ ...sp, date: i.date, placeName: i.placeName })),
    );
  }
}

const PROFILES = agentModelProfiles(5);

const person = (name: string, home: string, extra: Record<string, unknown>) => ({
  name,
  age: 40,
  innate: 'friendly, practical',
  learned: `${name} lives in Fernhollow.`,
  currently: `${name} is going about the spring.`,
  lifestyle: `${name.split(' ')[0]} gets up at 7 am and goes to bed at 10 pm.`,
  home,
  ...extra,
});

/** Fernhollow: the Varga family in one house, their neighbour, a bakery, a library and a tea room. */
const fernhollow = () =>
  validateTownFile({
    name: 'Fernhollow',
    start: '2025-05-05 06:00',
    locations: [
      {
        id: 'varga-house',
        name: 'Varga House',
        kind: 'home',
        subAreas: [
          { name: 'kitchen', objects: [{ name: 'stove', status: 'off' }, 'table'] },
          { name: 'living room', objects: ['sofa'] },
        ],
      },
      { id: 'ito-flat', name: 'Ito Flat', kind: 'home', subAreas: [{ name: 'room', objects: ['bed', 'desk'] }] },
      {
        id: 'bakery',
        name: 'Birchcrumb Bakery',
        hours: '06:00-19:00',
        subAreas: [{ name: 'shop floor', objects: ['oven', 'espresso machine', 'counter'] }],
      },
      {
        id: 'library',
        name: 'Fernhollow Library',
        hours: '09:00-20:00',
        subAreas: [{ name: 'reading room', objects: ['shelves', 'reading table'] }],
      },
      {
        id: 'tearoom',
        name: 'The Quince Tea Room',
        hours: '08:00-21:00',
        subAreas: [{ name: 'tables', objects: ['teapot'] }],
      },
    ],
    residents: [
      person('Milan Varga', 'varga-house', {
        learned: 'Milan Varga bakes bread at Birchcrumb Bakery.',
        seed: "Milan Varga is married to Zsofia Varga; Petra Varga is Milan Varga's daughter; Milan Varga bakes at Birchcrumb Bakery; Milan Varga knows his neighbour Aiko Ito",
        startAt: 'varga-house',
      }),
      person('Zsofia Varga', 'varga-house', {
        learned: 'Zsofia Varga runs The Quince Tea Room.',
        seed: "Zsofia Varga is married to Milan Varga; Petra Varga is Zsofia Varga's daughter; Zsofia Varga runs The Quince Tea Room",
        startAt: 'varga-house',
      }),
      person('Petra Varga', 'varga-house', {
        age: 17,
        learned: 'Petra Varga is a student who reads at Fernhollow Library.',
        seed: "Milan Varga and Zsofia Varga are Petra Varga's parents; Petra Varga studies at Fernhollow Library",
        startAt: 'varga-house',
      }),
      person('Aiko Ito', 'ito-flat', {
        learned: 'Aiko Ito is a librarian at Fernhollow Library.',
        seed: "Aiko Ito works at Fernhollow Library; Aiko Ito is the Vargas' neighbour and knows Milan Varga",
        startAt: 'ito-flat',
      }),
    ],
  });

async function town(profile: keyof typeof PROFILES) {
  const llm = new Recorder(PROFILES[profile]());
  const service = await scenarioTown(llm, fernhollow(), `fern-${profile}`, 11);
  return { service, llm };
}

/**
 * Larkspur: a reading evening announced for Monday 18:00-20:00 at the library that two residents know of from the
 * start, and a goal for Monday night (a band for the tea room) its holder must not announce after Monday. With
 * `newcomer`, a reader at the library who hears of the evening only from its host.
 */
const larkspur = (newcomer = false) =>
  validateTownFile({
    name: 'Larkspur',
    start: '2025-05-05 06:00', // Monday, May 5
    locations: [
      { id: 'orr-house', name: 'Orr House', kind: 'home', subAreas: [{ name: 'kitchen', objects: ['table'] }] },
      { id: 'dale-flat', name: 'Dale Flat', kind: 'home', subAreas: [{ name: 'room', objects: ['bed'] }] },
      { id: 'kemp-flat', name: 'Kemp Flat', kind: 'home', subAreas: [{ name: 'room', objects: ['desk'] }] },
      { id: 'price-flat', name: 'Price Flat', kind: 'home', subAreas: [{ name: 'room', objects: ['desk'] }] },
      {
        id: 'library',
        name: 'Larkspur Library',
        hours: '09:00-21:00',
        subAreas: [{ name: 'reading room', objects: ['shelves', 'reading table'] }],
      },
      {
        id: 'tearoom',
        name: 'Marigold Tea Room',
        hours: '08:00-22:00',
        subAreas: [{ name: 'tables', objects: ['teapot'] }],
      },
    ],
    residents: [
      person('Ruth Orr', 'orr-house', {
        learned: 'Ruth Orr is the librarian at Larkspur Library.',
        seed: 'Ruth Orr works at Larkspur Library; Ruth Orr is hosting a reading evening at Larkspur Library on Monday, May 5, from 6 pm to 8 pm; Ruth Orr knows Owen Dale and Ida Kemp',
        startAt: 'orr-house',
      }),
      person('Owen Dale', 'dale-flat', {
        learned: 'Owen Dale runs the Marigold Tea Room.',
        seed: 'Owen Dale runs the Marigold Tea Room; Owen Dale plans to find a band to play at the Marigold Tea Room on Monday night, and has to do it today; Owen Dale heard that Ruth Orr is hosting a reading evening at Larkspur Library on Monday, May 5, from 6 pm to 8 pm, and plans to go',
        startAt: 'dale-flat',
      }),
      person('Ida Kemp', 'kemp-flat', {
        learned: 'Ida Kemp is a retired teacher who loves books.',
        seed: 'Ida Kemp is a retired teacher; Ida Kemp heard that Ruth Orr is hosting a reading evening at Larkspur Library on Monday, May 5, from 6 pm to 8 pm, and plans to go; Ida Kemp knows Owen Dale',
        startAt: 'kemp-flat',
      }),
      // (the attendance scenario's newcomer: hears of the evening only from its host, in conversation)
      ...(newcomer
        ? [
            person('Nell Price', 'price-flat', {
              learned: 'Nell Price is a student who reads at Larkspur Library every day.',
              seed: 'Nell Price is a student; Nell Price reads at Larkspur Library every day from 9 am; Nell Price knows Ruth Orr',
              startAt: 'library',
            }),
          ]
        : []),
    ],
    facts: [
      {
        id: 'reading-evening',
        description: 'Ruth Orr is hosting a reading evening at Larkspur Library on Monday, May 5, from 6 pm to 8 pm',
        holder: 'Ruth Orr',
        question: 'Do you know of any event at the library?',
        keywords: ['reading evening'],
        event: { location: 'library', start: '2025-05-05 18:00', end: '2025-05-05 20:00' },
      },
    ],
  });

async function larkspurTown(profile: keyof typeof PROFILES, newcomer = false) {
  const llm = new Recorder(PROFILES[profile]());
  const service = await scenarioTown(llm, larkspur(newcomer), `lark-${profile}`, 7);
  return { service, llm };
}

const KNOWN: [string, string][] = [
  ['Milan Varga', 'Zsofia Varga'],
  ['Milan Varga', 'Petra Varga'],
  ['Zsofia Varga', 'Petra Varga'],
  ['Milan Varga', 'Aiko Ito'],
];
const knownPair = (a: string, b: string) => KNOWN.some(([x, y]) => (x === a && y === b) || (x === b && y === a));

for (const profile of Object.keys(PROFILES) as (keyof typeof PROFILES)[]) {
  describe(`believability on the ${profile} profile`, () => {
    it('family and acquaintances meet as who they are: every line between known people carries the relationship (0 re-introductions over 3 days)', async () => {
      const { service, llm } = await town(profile);
      await service.step(3 * 144);
      const turns = llm.speakerViews() as unknown as {
        name: string;
        listeners: string[];
        relations?: { name: string; note: string }[];
      }[];
      const between = turns.filter((t) => t.listeners.some((l) => knownPair(t.name, l)));
      expect(between.length).toBeGreaterThan(0);
      // A re-introduction: a known listener the speaker's prompt presents as a stranger (no note about them).
      const reintroductions = between.filter((t) =>
        t.listeners.some((l) => knownPair(t.name, l) && !(t.relations ?? []).some((r) => r.name === l)),
      );
      expect(reintroductions).toHaveLength(0);
      // and the note says who they are to each other, from the residents' own files
      const milanToPetra = between.find((t) => t.name === 'Milan Varga' && t.listeners.includes('Petra Varga'));
      if (milanToPetra) expect(milanToPetra.relations?.find((r) => r.name === 'Petra Varga')?.note).toMatch(/daughter/);
    }, 120_000);

    it('a persona who talked with a resident is known to it by name and description in an interview afterwards', async () => {
      const { service, llm } = await town(profile);
      await service.step(6 * 6); // 12:00
      const me = { id: 'u1', displayName: 'reader' };
      await service.setPersona(me, 'Noor', 'a reporter for the Fernhollow Gazette');
      // where Zsofia is (not on her way somewhere): she hears it
      for (let i = 0; i < 12; i++) {
        const zsofia = service.residents().find((r) => r.name === 'Zsofia Varga')!;
        const said = await service.say(zsofia.location.id, me, 'Hello Zsofia, I am Noor from the Gazette');
        if (said.heard.includes('Zsofia Varga')) break;
        await service.step(1);
      }
      await service.step(12);
      const answer = await service.interview('Zsofia', me, 'Who is Noor?');
      const input = llm.inputs('agent_interview').at(-1) as {
        relations?: { visitor?: boolean; self?: { text: string } }[];
      };
      const noted = (input.relations ?? []).find((r) => r.visitor);
      expect(noted?.self?.text).toBe('a reporter for the Fernhollow Gazette');
      if (profile === 'offline') expect(answer.answer).toMatch(/Noor.*visitor.*reporter for the Fernhollow Gazette/s);
    }, 60_000);

    it('a whisper naming a time and a place is done at that time and place', async () => {
      const { service } = await town(profile);
      await service.step(4 * 6); // 10:00
      const me = { id: 'u1', displayName: 'reader' };
      await service.whisper('Petra', me, 'I should go to the library this afternoon to ask Aiko for a music book');
      await service.step(5 * 6); // 15:00, the afternoon window (15:00-17:00)
      const where: string[] = [];
      for (let i = 0; i < 12; i++) {
        await service.step(1);
        where.push(service.residents().find((r) => r.name === 'Petra Varga')!.location.id);
      }
      // there for most of the window (a reaction or a chat on the way may take a little of it)
      expect(where.filter((w) => w === 'library').length, where.join(' ')).toBeGreaterThanOrEqual(6);
    }, 60_000);

    it('a broken object is not used, and a fire does not cascade into everyone reacting to each other', async () => {
      const { service, llm } = await town(profile);
      await service.step(2 * 6); // 08:00
      await service.setObject('bakery', 'espresso machine', 'broken');
      await service.setObject('varga-house', 'stove', 'on fire');
      const before = llm.calls.length;
      const used: string[] = [];
      for (let i = 0; i < 8 * 6; i++) {
        await service.step(1);
        for (const r of service.snapshot().residents)
          if (r.action?.object === 'espresso machine' && !unusable(r.action.objectStatus))
            used.push(`${r.profile.name}: ${r.action.description}`);
      }
      // Whoever has seen it broken is never offered it for a step, and nobody uses it as if it worked.
      expect(used).toEqual([]);
      const seen = llm.calls
        .slice(before)
        .filter((c) => c.task === 'agent_plan_steps')
        .map((c) => c.input as { areas: { objects: string[] }[]; chunk: { placeName: string } });
      expect(seen.length).toBeGreaterThan(0);
      // Reactions are decided on the fire itself, never on someone else's reaction to it.
      const reacts = llm.calls.filter((c) => c.task === 'agent_react');
      const alarmed = reacts.filter((c) => isAlarming(String(c.input.observation)));
      expect(alarmed.length).toBeGreaterThan(0);
      // (the offline model never reacts to someone's reaction; a model may, but it is never asked as an alarm:
      // a person's doings reach react only as someone to talk to)
      for (const c of alarmed)
        if (/^(Milan|Zsofia|Petra|Aiko)\b/.test(String(c.input.observation))) {
          expect(c.input.person).toBeDefined();
          if (profile === 'offline') expect((c.output as { decision: string }).decision).not.toBe('react');
        }
    }, 60_000);

    it('an event announced for a day and hour: the residents who know of it and planned to come, or accepted an invitation in conversation, are there then', async () => {
      const { service } = await larkspurTown(profile, true);
      const tracker = new AttendanceTracker(service.snapshot().facts);
      const planned = new Set<string>();
      const trail: string[] = [];
      // Monday 06:00 to 20:00, whereabouts seen every tick of the window
      for (let i = 0; i < 14 * 6; i++) {
        await service.step(1);
        const state = service.snapshot();
        const now = state.clock.now;
        if (!tracker.watching(now)) continue;
        // (attending: there with a plan naming it, issue 22)
        tracker.observe(
          now,
          service.residents().map((x) => ({ ...x, planned: plannedAt(service.liveResident(x.id).mind, now) })),
        );
        trail.push(
          service
            .residents()
            .map((r) => `${r.name}@${r.location.id}${r.travellingTo ? '>' : ''}: ${r.doing}`)
            .join(' | '),
        );
        // who planned to come: their day plan has the reading evening at the library in the window
        for (const r of state.residents) {
          const plan = (r.mind as MindState).plan;
          if (
            r.profile.name !== 'Ruth Orr' &&
            plan?.blocks.some(
              (b) => b.place === 'library' && /reading evening/i.test(b.activity) && b.start <= now && b.end > now,
            )
          )
            planned.add(r.profile.name);
        }
      }
      const snap = service.snapshot();
      const [result] = tracker.results(
        snap.residents.map((r) => ({ id: r.profile.id, name: r.profile.name })),
        (id) =>
          service
            .liveResident(id)
            .memory.all()
            .map((m) => m.description),
      );
      expect(result!.covered).toBe(true);
      // who accepted an invitation to it in conversation (a promise the conversation summary stated): the
      // newcomer, told by its host, on the offline stand-in (the realistic profile's lines are prose about nothing)
      const accepted = snap.residents
        .filter((r) =>
          service
            .liveResident(r.profile.id)
            .memory.all()
            .some((m) => m.meta?.promise === true && /reading evening/i.test(m.description)),
        )
        .map((r) => r.profile.name);
      // (others the host went to invite may accept too: agent/seek.ts)
      if (profile === 'offline') expect(accepted).toEqual(expect.arrayContaining(['Nell Price']));
      // the guests know of it (their seed, both planning to go) and the dated event is in their day-plan prompts;
      // counted, not assumed: both planned it (a block at the library in its hours), and whoever planned it is there
      expect(result!.heard).toEqual(expect.arrayContaining(['Ida Kemp', 'Owen Dale']));
      expect([...planned].sort(), trail.join('\n')).toEqual(
        [...new Set(['Ida Kemp', 'Owen Dale', ...accepted])].sort(),
      );
      expect(result!.heardAndCame, trail.join('\n')).toEqual(expect.arrayContaining([...planned]));
      expect(result!.heardAndCame.length).toBeGreaterThanOrEqual(2);
      expect(result!.heardAndCame, trail.join('\n')).toEqual(expect.arrayContaining(accepted));
    }, 120_000);

    it('a goal announced for a past day is not announced again (0 mentions after its day)', async () => {
      const { service, llm } = await larkspurTown(profile);
      await service.step(2 * 144 - 6 * 6); // Monday 06:00 + 42 hours: to the end of Tuesday
      const mentions = (day: RegExp) =>
        llm.calls.filter(
          (c) =>
            c.task === 'agent_dialogue' &&
            day.test(String(c.input.date)) &&
            /\bband\b/i.test(JSON.stringify(c.output ?? {})),
        ).length;
      // on its day the goal is in Owen's plan (pinned whatever retrieval ranks first)
      const plans = llm.inputs('agent_plan_day') as { name: string; date: string; intentions: { text?: string }[] }[];
      const monday = plans.find((p) => p.name === 'Owen Dale' && /Monday/.test(p.date));
      expect(JSON.stringify(monday?.intentions)).toMatch(/band/);
      // after it, not planned and not passed on
      const tuesday = plans.filter((p) => p.name === 'Owen Dale' && /Tuesday/.test(p.date));
      expect(tuesday.length).toBeGreaterThan(0);
      for (const p of tuesday) expect(JSON.stringify(p.intentions)).not.toMatch(/band/);
      const fresh = (llm.speakerViews() as unknown as { date: string; memories: { text: string; fresh: boolean }[] }[])
        .filter((t) => /Tuesday/.test(t.date))
        .flatMap((t) => t.memories.filter((m) => m.fresh && /\bband\b/i.test(m.text)));
      expect(fresh).toEqual([]);
      expect(mentions(/Tuesday/)).toBe(0);
    }, 120_000);
  });
}
