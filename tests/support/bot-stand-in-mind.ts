// A deterministic stand-in for the agent mind, used by the Discord tests only while src/agent's AgentRuntime is
// not available. It keeps the real MemoryStream and answers by simple rules: residents answer when addressed,
// a whisper becomes the first line of the plan, an interview echoes the question in character.
import { MemoryStream } from '../../src/agent/memory-stream.ts';
import type { AgentId, Memory } from '../../src/agent/types.ts';
import type { MindKit, MindResident, MindRuntime } from '../../src/town/mind.ts';

interface StandInMind {
  plan: string[];
  thought: string | null;
}

function mindOf(r: MindResident): StandInMind {
  const m = r.mind as Partial<StandInMind> | null;
  if (!m || !Array.isArray(m.plan)) {
    const fresh: StandInMind = { plan: ['wake up and have breakfast', 'work', 'see friends'], thought: null };
    r.mind = fresh;
    return fresh;
  }
  return m as StandInMind;
}

function stream(r: MindResident): MemoryStream {
  return r.memory as unknown as MemoryStream;
}

export function standInKit(): MindKit {
  const runtime: MindRuntime = {
    async seed(r, now) {
      for (const fact of r.profile.seed
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean))
        stream(r).add({ kind: 'seed', description: fact, importance: 5 }, now);
      mindOf(r);
    },
    async perceive(items, now) {
      for (const { resident, perceived } of items)
        for (const p of perceived.slice(0, 3))
          stream(resident).add({ kind: 'observation', description: p.description, importance: 3 }, now);
    },
    async decide(r, ctx) {
      const m = mindOf(r);
      // A new plan line every tick, so a simulated hour produces a post per resident per tick.
      const step = Math.floor(ctx.now / (ctx.minutesPerTick * 60_000));
      const description = m.thought
        ? `thinking about ${m.thought}`
        : `${m.plan[step % m.plan.length] ?? 'resting'} (step ${step % 1000})`;
      return {
        action: {
          description,
          emoji: m.thought ? '💭' : '🙂',
          location: ctx.location.id,
          start: ctx.now,
          minutes: ctx.minutesPerTick,
        },
        changed: true,
        reacted: false,
      };
    },
    async converse() {
      return { lines: [], ended: 'natural' };
    },
    async hear(r, ctx) {
      stream(r).add(
        { kind: 'observation', description: `${ctx.speaker.name} said "${ctx.text}"`, importance: 4 },
        ctx.now,
      );
      return ctx.addressed ? `Hello ${ctx.speaker.name}, I am ${r.profile.firstName}. You said: ${ctx.text}` : null;
    },
    async innerVoice(r, text, now) {
      const m = mindOf(r);
      m.thought = text;
      m.plan = [`act on the idea: ${text}`, ...m.plan];
      stream(r).add({ kind: 'inner_voice', description: text, importance: 8 }, now);
    },
    async interview(r, question, ctx) {
      if (ctx.remember)
        stream(r).add(
          { kind: 'interview', description: `${ctx.asker ?? 'someone'} asked me: ${question}`, importance: 4 },
          ctx.now,
        );
      return `I'm ${r.profile.name}. About "${question}": ${r.profile.currently}`;
    },
    async maybeReflect() {
      return 0;
    },
    async retrieve(r, query, _now, k = 10) {
      const all = [...stream(r).all()].reverse().slice(0, k);
      return all.map((memory: Memory, i) => ({
        memory,
        score: 3 - i * 0.1,
        recency: 1 - i * 0.05,
        importance: memory.importance / 10,
        relevance: memory.description.includes(query) ? 1 : 0.2,
      }));
    },
    async summary(r) {
      return `${r.profile.name} is ${r.profile.age}. ${r.profile.innate}. ${r.profile.currently}`;
    },
    planLines(r) {
      return [...mindOf(r).plan];
    },
    async remember(r, description, now, kind = 'game', importance = 5) {
      stream(r).add({ kind, description, importance }, now);
    },
  };
  return {
    runtime,
    memoryStream: (agentId: AgentId, memories: Memory[]) => new MemoryStream(agentId, memories),
    initialMindState: () => ({ plan: ['wake up and have breakfast', 'work', 'see friends'], thought: null }),
  };
}

/** The stand-in mind with every model-backed step taking `ms` (a slow model), to test the 3-second rule. */
export function slowKit(ms: number): MindKit {
  const kit = standInKit();
  const wait = () => new Promise((r) => setTimeout(r, ms));
  const rt = kit.runtime;
  const slow: MindRuntime = {
    ...rt,
    decide: async (r, ctx) => {
      await wait();
      return rt.decide(r, ctx);
    },
    hear: async (r, ctx) => {
      await wait();
      return rt.hear(r, ctx);
    },
    innerVoice: async (r, text, now) => {
      await wait();
      return rt.innerVoice(r, text, now);
    },
    interview: async (r, q, ctx) => {
      await wait();
      return rt.interview(r, q, ctx);
    },
    summary: async (r, now) => {
      await wait();
      return rt.summary(r, now);
    },
    retrieve: async (r, q, now, k) => {
      await wait();
      return rt.retrieve(r, q, now, k);
    },
  };
  return { ...kit, runtime: slow };
}
