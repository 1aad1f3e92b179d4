// A scripted MindKit (a twin of the agent port the town calls) for tests of the town's own rules: the decide
// function is given by the test, and every call is recorded. Memories go to the real MemoryStream, so commits
// carry a real journal. Integration tests use the real AgentRuntime instead (src/town/agent-kit.ts).
import { MemoryStream } from '../../src/agent/memory-stream.ts';
import type { AgentId, AgentProfile, Memory, MemoryKind } from '../../src/agent/types.ts';
import type {
  DecideContext,
  Decision,
  MindKit,
  MindResident,
  MindRuntime,
  Perceived,
  Retrieved,
} from '../../src/town/mind.ts';

export interface ScriptedCalls {
  perceive: { now: number; items: { id: string; perceived: Perceived[] }[] }[];
  decide: { id: string; ctx: DecideContext }[];
  converse: { ids: string[]; intent: string }[];
  hear: { id: string; text: string; addressed: boolean; speaker: string }[];
  innerVoice: { id: string; text: string }[];
  interview: { id: string; question: string; remember: boolean | undefined }[];
  reflect: string[];
}

export interface ScriptOptions {
  /** Decide for one resident (default: stay home "resting" at its current location). */
  decide?: (r: MindResident, ctx: DecideContext, call: number) => Decision | Promise<Decision>;
  /** Dialogue lines for a conversation (default two lines). */
  lines?: (ids: AgentId[]) => { speaker: AgentId; text: string }[];
  /** How a conversation ended, its id and who left (default: ended by its speakers, no id). */
  ending?: (ids: AgentId[], now: number) => { id?: string; ended: 'natural' | 'cap'; left?: AgentId[] };
  /** Throw from these methods (failure injection). */
  failing?: Partial<Record<keyof MindRuntime, boolean>>;
  planLines?: (r: MindResident) => string[];
  /** Interview answers (default: echo the question). */
  interview?: (r: MindResident, question: string) => string;
}

export function scriptedKit(opts: ScriptOptions = {}): { kit: MindKit; calls: ScriptedCalls } {
  const calls: ScriptedCalls = {
    perceive: [],
    decide: [],
    converse: [],
    hear: [],
    innerVoice: [],
    interview: [],
    reflect: [],
  };
  let decideCount = 0;
  const fail = (m: keyof MindRuntime) => {
    if (opts.failing?.[m]) throw new Error(`scripted ${m} failure`);
  };
  const add = (r: MindResident, kind: MemoryKind, description: string, now: number) =>
    (r.memory as MemoryStream).add({ kind, description, importance: 3 }, now);
  const runtime: MindRuntime = {
    async seed(r, now) {
      for (const p of r.profile.seed
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean))
        add(r, 'seed', p, now);
    },
    async perceive(items, now) {
      fail('perceive');
      calls.perceive.push({ now, items: items.map((i) => ({ id: i.resident.profile.id, perceived: i.perceived })) });
      for (const i of items) for (const p of i.perceived) add(i.resident, 'observation', p.description, now);
    },
    async decide(r, ctx) {
      fail('decide');
      calls.decide.push({ id: r.profile.id, ctx });
      const n = decideCount++;
      if (opts.decide) return opts.decide(r, ctx, n);
      return {
        action: { description: 'resting', emoji: '😌', location: ctx.location.id, start: ctx.now, minutes: 10 },
        changed: false,
        reacted: false,
      };
    },
    async converse(participants, ctx) {
      fail('converse');
      const ids = participants.map((p) => p.profile.id);
      calls.converse.push({ ids, intent: ctx.intent });
      const lines = opts.lines
        ? opts.lines(ids)
        : [
            { speaker: ids[0] as AgentId, text: `Hello ${participants[1]?.profile.firstName}!` },
            { speaker: ids[1] as AgentId, text: 'Hi there.' },
          ];
      for (const p of participants) for (const l of lines) add(p, 'dialogue', `${l.speaker}: ${l.text}`, ctx.now);
      return { lines, ...(opts.ending ? opts.ending(ids, ctx.now) : { ended: 'natural' as const }) };
    },
    async hear(r, ctx) {
      fail('hear');
      calls.hear.push({ id: r.profile.id, text: ctx.text, addressed: ctx.addressed, speaker: ctx.speaker.name });
      add(r, 'observation', `${ctx.speaker.name} said: ${ctx.text}`, ctx.now);
      return ctx.addressed ? `Hello ${ctx.speaker.name}, I am ${r.profile.name}.` : null;
    },
    async innerVoice(r, text, now) {
      fail('innerVoice');
      calls.innerVoice.push({ id: r.profile.id, text });
      add(r, 'inner_voice', text, now);
    },
    async interview(r, question, ctx) {
      fail('interview');
      calls.interview.push({ id: r.profile.id, question, remember: ctx.remember });
      if (ctx.remember !== false) add(r, 'interview', `${ctx.asker ?? 'someone'} asked me: ${question}`, ctx.now);
      return opts.interview ? opts.interview(r, question) : `${r.profile.name} answers: ${question}`;
    },
    async maybeReflect(r) {
      fail('maybeReflect');
      calls.reflect.push(r.profile.id);
      return 0;
    },
    async retrieve(r, query, _now, k = 5): Promise<Retrieved[]> {
      return r.memory
        .all()
        .filter((m) => m.description.toLowerCase().includes(query.toLowerCase()))
        .slice(0, k)
        .map((memory: Memory) => ({ memory, score: 1, recency: 1, importance: 0.5, relevance: 1 }));
    },
    async summary(r) {
      return `${r.profile.name} is ${r.profile.age}.`;
    },
    publicPlanLines(r) {
      return opts.planLines ? opts.planLines(r) : [];
    },
    async remember(r, description, now, kind = 'game') {
      add(r, kind, description, now);
    },
  };
  const kit: MindKit = {
    runtime,
    memoryStream: (agentId: AgentId, memories: Memory[]) => new MemoryStream(agentId, memories),
    initialMindState: (p: AgentProfile) => ({ name: p.name }),
  };
  return { kit, calls };
}
