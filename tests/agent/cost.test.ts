// Cost by design (issue 3/4 target <= 25k prompt tokens per resident-day): rules instead of calls where a rule does
// the job as well, and terse prompts. Each test pins one saving to the behaviour it keeps.
import { describe, expect, it } from 'vitest';
import { NO_REACTION } from '../../src/agent/prompts/react.ts';
import { reflectInsightsMessages } from '../../src/agent/prompts/reflect-insights.ts';
import { briefIdentity, othersPrivateArea, reflectionRecords } from '../../src/agent/runtime.ts';
import { DEFAULT_AGENT_SETTINGS } from '../../src/agent/settings.ts';
import { at, ctxFor, MARA, resident, setup, TOMAS } from './fixtures.ts';

describe('react decisions only for what matters (sec. 4.3.1)', () => {
  it('GIVEN routine sights rated below reactEventImportance WHEN deciding THEN no react call; a remarkable one reopens the plan at most once per reactCooldownMinutes', async () => {
    const { model, runtime } = setup();
    const mara = resident(MARA);
    await runtime.decide(mara, ctxFor(mara, at(9, 0)));
    const seen = [
      { description: 'Tomas Reyes is meeting a resident in the council chamber', kind: 'action' as const },
      { description: 'The kettle in the kitchen is whistling loudly', kind: 'object' as const },
    ];
    model.script('agent_importance', { ratings: [5, 5] });
    await runtime.perceive([{ resident: mara, perceived: seen }], at(9, 10));
    model.reset();
    await runtime.decide(mara, ctxFor(mara, at(9, 10), { perceived: seen }));
    expect(model.callsFor('agent_react')).toHaveLength(0);
    const remarkable = (d: string) => [{ description: d, kind: 'object' as const }];
    const news = [
      'A wedding procession is passing the cafe',
      'A hot-air balloon is landing in the square',
      'A brass band is marching past',
    ];
    for (const [i, d] of news.entries()) {
      model.script('agent_importance', { ratings: [8] });
      await runtime.perceive([{ resident: mara, perceived: remarkable(d) }], at(9, 20 + i * 20));
    }
    model.reset();
    await runtime.decide(mara, ctxFor(mara, at(9, 20), { perceived: remarkable(news[0]!) }));
    await runtime.decide(mara, ctxFor(mara, at(9, 40), { perceived: remarkable(news[1]!) }));
    expect(model.callsFor('agent_react')).toHaveLength(1); // the second within the hour: no new decision
    await runtime.decide(mara, ctxFor(mara, at(11, 0), { perceived: remarkable(news[2]!) }));
    expect(model.callsFor('agent_react')).toHaveLength(2);
  });

  it('GIVEN she decided not to talk to someone WHEN he is still there after the chat cooldown THEN no new call until chatDeclinedMinutes pass', async () => {
    const { model, runtime } = setup();
    const mara = resident(MARA);
    await runtime.seed(mara, at(0));
    const nearby = [{ id: TOMAS.id, name: TOMAS.name, action: 'reading', busy: false }];
    model.script('agent_react', { ...NO_REACTION });
    await runtime.decide(mara, ctxFor(mara, at(9, 0), { nearby }));
    expect(model.callsFor('agent_react')).toHaveLength(1);
    model.reset();
    await runtime.decide(mara, ctxFor(mara, at(11, 30), { nearby })); // past the 120-minute chat cooldown
    expect(model.callsFor('agent_react')).toHaveLength(0);
    await runtime.decide(mara, ctxFor(mara, at(13, 10), { nearby })); // past 240 minutes
    expect(model.callsFor('agent_react')).toHaveLength(1);
  });
});

describe('importance: one rating per distinct sight in a tick', () => {
  it('GIVEN three residents who see the same thing WHEN perceived in one batch THEN it is rated once and all store that rating', async () => {
    const { model, runtime } = setup();
    const a = resident(MARA);
    const b = resident(TOMAS);
    const c = resident({ ...TOMAS, id: 'ines' as typeof TOMAS.id, name: 'Ines Vale', firstName: 'Ines' });
    const sight = { description: 'Paul Ma is ordering lunch at the counter', kind: 'action' as const };
    const other = { description: 'Paul Ma spilled coffee on the floor', kind: 'action' as const };
    model.script('agent_importance', { ratings: [2, 4] });
    await runtime.perceive(
      [
        { resident: a, perceived: [sight] },
        { resident: b, perceived: [sight, other] },
        { resident: c, perceived: [sight] },
      ],
      at(12),
    );
    const calls = model.callsFor('agent_importance');
    expect(calls).toHaveLength(1);
    expect((calls[0]!.input as { items: unknown[] }).items).toHaveLength(2);
    for (const r of [a, b, c]) expect(r.memory.latestWithDescription(sight.description)?.importance).toBe(2);
    expect(b.memory.latestWithDescription(other.description)?.importance).toBe(4);
  });
});

describe('terse prompts', () => {
  const s = DEFAULT_AGENT_SETTINGS;
  it('reflection records: routine doings of one person are one line, notable ones stay, the total is capped', () => {
    const obs = (description: string, importance = 2) => ({ kind: 'observation' as const, description, importance });
    const recs = reflectionRecords(
      [
        obs('Tomas Reyes is reading'),
        obs('Mara Okafor is brewing coffee'),
        obs('Tomas Reyes is drinking tea'),
        obs('Tomas Reyes is proposing to Ines', 8),
        obs('Tomas Reyes is reading'),
        { kind: 'dialogue' as const, description: 'Ines said: "hello"', importance: 3 },
      ],
      MARA.name,
      s,
    );
    expect(recs.map((r) => r.text)).toEqual([
      'Mara Okafor is brewing coffee',
      'Tomas Reyes is proposing to Ines',
      'Tomas Reyes is reading / drinking tea',
      'Ines said: "hello"',
    ]);
    const many = Array.from({ length: 100 }, (_, i) => obs(`Record number ${i} about something else entirely`, 5));
    const capped = reflectionRecords(many, MARA.name, s);
    expect(capped.reduce((n, r) => n + r.text.length, 0)).toBeLessThanOrEqual(s.reflectionPromptChars);
    expect(capped.at(-1)?.text).toBe('Record number 99 about something else entirely'); // the newest are kept
  });

  it('insight prompt: a statement shared by two questions is printed once', () => {
    const m = (n: number, text: string) => ({ n, text, importance: 3 });
    const msgs = reflectInsightsMessages({
      name: MARA.name,
      first: MARA.firstName,
      perQuestion: 5,
      questions: [
        { question: 'Q about Tomas?', memories: [m(1, 'Tomas reads poetry'), m(2, 'Tomas likes tea')] },
        { question: 'Q about tea?', memories: [m(2, 'Tomas likes tea'), m(3, 'Mara sells tea')] },
      ],
    });
    const user = msgs[1]!.content;
    expect(user.match(/Tomas likes tea/g)).toHaveLength(1);
    expect(user).toContain('3. Mara sells tea\n(also 2 above)');
  });

  it("plan steps: others' private rooms are left out; the brief identity keeps the first sentences", () => {
    expect(othersPrivateArea("Latoya Williams's room", 'Hailey Johnson')).toBe(true);
    expect(othersPrivateArea("Hailey Johnson's bathroom", 'Hailey Johnson')).toBe(false);
    expect(othersPrivateArea('common room', 'Hailey Johnson')).toBe(false);
    const summary =
      'Hailey Johnson, 30, is imaginative. Hailey Johnson is a writer who tells stories. She loves to immerse herself in different cultures and explore their literature for years.';
    expect(briefIdentity(summary, 90)).toBe(
      'Hailey Johnson, 30, is imaginative. Hailey Johnson is a writer who tells stories.',
    );
  });
});
