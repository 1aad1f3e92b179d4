// The evaluation's ablations (Park et al. 2023, sec. 6.1) as agent settings: each mechanism off the way the paper
// turned it off, visible in what the model is asked and what is stored.
import { describe, expect, it } from 'vitest';
import type { MindState } from '../../src/agent/mind-state.ts';
import { resolveAgentSettings } from '../../src/agent/settings.ts';
import { at, ctxFor, MARA, resident, setup } from './fixtures.ts';

const PLAN_TASKS = ['agent_plan_day', 'agent_plan_hours', 'agent_plan_steps'];

describe('ablations', () => {
  it('settings read ablate from a town file: only true counts, the default is the full architecture', () => {
    expect(resolveAgentSettings({}).ablate).toEqual({ reflection: false, planning: false, memory: false });
    expect(resolveAgentSettings({ ablate: { reflection: true, planning: 'yes' } }).ablate).toEqual({
      reflection: true,
      planning: false,
      memory: false,
    });
  });

  it('full architecture: plans are asked for and stored; with planning ablated none is asked or stored', async () => {
    const full = setup();
    const a = resident(MARA);
    await full.runtime.seed(a, at(0));
    await full.runtime.decide(a, ctxFor(a, at(8)));
    expect(full.model.tasks().filter((t) => PLAN_TASKS.includes(t)).length).toBeGreaterThan(0);
    expect(a.memory.all().some((m) => m.kind === 'plan')).toBe(true);

    const ablated = setup({ ablate: { reflection: true, planning: true, memory: false } });
    const b = resident(MARA);
    await ablated.runtime.seed(b, at(0));
    for (const h of [8, 9, 12, 15]) await ablated.runtime.decide(b, ctxFor(b, at(h)));
    expect(ablated.model.tasks().filter((t) => PLAN_TASKS.includes(t))).toEqual([]);
    expect(b.memory.all().some((m) => m.kind === 'plan')).toBe(false);
    expect((b.mind as MindState).plan?.blocks.map((x) => x.activity)).toEqual([
      'sleeping',
      'go about the day',
      'sleeping',
    ]);
  });

  it('reflection ablated: however much happens, no reflection is asked for or stored', async () => {
    const { model, runtime } = setup({ ablate: { reflection: true, planning: false, memory: false } });
    const m = resident(MARA);
    await runtime.seed(m, at(0));
    (m.mind as MindState).importanceSinceReflection = 10_000;
    expect(await runtime.maybeReflect(m, at(9))).toBe(0);
    expect(model.tasks().some((t) => t.startsWith('agent_reflect'))).toBe(false);
    expect(m.memory.all().some((x) => x.kind === 'reflection')).toBe(false);
  });

  it("memory ablated: an interview prompt carries none of the resident's memories", async () => {
    const withMemory = setup();
    const a = resident(MARA);
    await withMemory.runtime.seed(a, at(0));
    await withMemory.runtime.interview(a, 'Who are your friends?', { now: at(9), remember: false });
    // A seed phrase that is not part of the identity fields (those make the summary description, memory or not).
    const seedLine = 'Mara Okafor is friends with Tomas Reyes';
    expect(a.memory.all().some((x) => x.kind === 'seed' && x.description.includes(seedLine))).toBe(true);
    const promptOf = (calls: { messages: { content: string }[] }[]) =>
      calls.map((c) => c.messages.map((x) => x.content).join('\n')).join('\n');
    expect(promptOf(withMemory.model.callsFor('agent_interview'))).toContain(seedLine.slice(0, 40));

    const without = setup({ ablate: { reflection: true, planning: true, memory: true } });
    const b = resident(MARA);
    await without.runtime.seed(b, at(0));
    await without.runtime.interview(b, 'Who are your friends?', { now: at(9), remember: false });
    expect(promptOf(without.model.callsFor('agent_interview'))).not.toContain(seedLine.slice(0, 40));
  });
});
