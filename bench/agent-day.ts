// Cost of one simulated agent-day with the full architecture on the offline model, through the real gateway
// (its accounting counts prompt/completion tokens with o200k_base, as a provider would bill them).
//
// A small self-contained world drives the AgentRuntime the way the town's tick does: 10-minute ticks from
// 00:00 to 24:00; each tick every resident perceives what changed around it (co-located residents' actions,
// arrivals, object states), the importance of all residents' new observations is rated in ONE batched call,
// then each decides (plan / react / talk), conversations run, and reflection fires when due. Three residents
// share the town (conversations need someone to talk to); figures are reported per agent (total / 3) and per
// task, next to a solo run of one resident alone. One user intervention is included: Mara's stove catches fire
// at breakfast (sec. 3.1), so the day also exercises reacting and re-planning.

import { MemoryStream } from '../src/agent/memory-stream.ts';
import { initialMindState } from '../src/agent/mind-state.ts';
import type { AgentRuntime, Resident } from '../src/agent/runtime.ts';
import { AgentRuntime as Runtime } from '../src/agent/runtime.ts';
import type { AgentId, AgentProfile, Perceived, Place } from '../src/agent/types.ts';
import { InMemoryUsageSink, LexicalEmbedder } from '../src/llm/index.ts';
import { agentOfflineRules, createLanguageModel } from '../src/offline/index.ts';
import type { Embedder, EmbedRequest } from '../src/llm/port.ts';

const DAY0 = Date.UTC(2023, 1, 13); // Monday, February 13, 2023
const TICK_MIN = 10;
const MIN = 60_000;

const obj = (name: string) => ({ name, status: 'idle' });
const PLACES: Place[] = [
  {
    id: 'mara-home',
    name: "Mara's house",
    kind: 'home',
    subAreas: [
      { name: 'kitchen', objects: [obj('stove'), obj('table'), obj('fridge')] },
      { name: 'bedroom', objects: [obj('bed'), obj('desk')] },
      { name: 'bathroom', objects: [obj('shower'), obj('sink')] },
    ],
  },
  {
    id: 'tomas-home',
    name: "Tomas's flat",
    kind: 'home',
    subAreas: [
      { name: 'bedroom', objects: [obj('bed'), obj('desk'), obj('bookshelf')] },
      { name: 'kitchen', objects: [obj('stove'), obj('sink')] },
    ],
  },
  {
    id: 'ada-home',
    name: "Ada's cottage",
    kind: 'home',
    subAreas: [
      { name: 'kitchen', objects: [obj('stove'), obj('table')] },
      { name: 'bedroom', objects: [obj('bed')] },
      { name: 'garden', objects: [obj('watering can')] },
    ],
  },
  {
    id: 'lantern-cafe',
    name: 'Lantern Cafe',
    kind: 'cafe',
    hours: '07:00-20:00',
    subAreas: [
      { name: 'counter', objects: [obj('coffee machine'), obj('counter'), obj('cash register')] },
      { name: 'seating', objects: [obj('table'), obj('piano')] },
    ],
  },
  {
    id: 'pine-college',
    name: 'Pine College',
    kind: 'college',
    hours: '08:00-18:00',
    subAreas: [{ name: 'library', objects: [obj('desk'), obj('bookshelf')] }],
  },
  { id: 'elm-park', name: 'Elm Park', kind: 'park', subAreas: [{ name: 'lawn', objects: [obj('bench')] }] },
  {
    id: 'corner-market',
    name: 'Corner Market',
    kind: 'market',
    hours: '08:00-19:00',
    subAreas: [{ name: 'aisles', objects: [obj('shelves'), obj('cash register')] }],
  },
];

const PEOPLE: AgentProfile[] = [
  {
    id: 'mara' as AgentId,
    name: 'Mara Okafor',
    firstName: 'Mara',
    age: 34,
    innate: 'warm, curious, organised',
    learned: 'Mara Okafor runs the Lantern Cafe and knows most regulars by name.',
    currently: 'Mara Okafor is opening the Lantern Cafe every morning and wants to host a music night there.',
    lifestyle: 'Mara goes to bed around 10pm, wakes up around 6am.',
    home: 'mara-home',
    seed:
      'Mara Okafor runs the Lantern Cafe; Mara Okafor is friends with Tomas Reyes, a student who studies at the cafe; ' +
      'Mara Okafor buys vegetables from Ada Lindqvist; Mara Okafor is planning a music night at the Lantern Cafe on Friday at 7pm',
  },
  {
    id: 'tomas' as AgentId,
    name: 'Tomas Reyes',
    firstName: 'Tomas',
    age: 27,
    innate: 'quiet, thoughtful, stubborn',
    learned: 'Tomas Reyes is a history student at Pine College who writes about the town archive.',
    currently: 'Tomas Reyes is writing a paper on the town archive at Pine College and studies at the Lantern Cafe.',
    lifestyle: 'Tomas goes to bed around 11pm, wakes up around 7am.',
    home: 'tomas-home',
    seed:
      'Tomas Reyes studies history at Pine College; Tomas Reyes knows Mara Okafor from the Lantern Cafe; ' +
      'Tomas Reyes is behind on his paper about the town archive',
  },
  {
    id: 'ada' as AgentId,
    name: 'Ada Lindqvist',
    firstName: 'Ada',
    age: 61,
    innate: 'cheerful, talkative, sharp',
    learned: 'Ada Lindqvist is a retired pharmacist who grows vegetables and sells them at the Corner Market.',
    currently: 'Ada Lindqvist is selling vegetables at the Corner Market and walks in Elm Park every afternoon.',
    lifestyle: 'Ada goes to bed around 9pm, wakes up around 5am.',
    home: 'ada-home',
    seed:
      'Ada Lindqvist sells vegetables at the Corner Market; Ada Lindqvist knows Mara Okafor and Tomas Reyes; ' +
      'Ada Lindqvist heard that Sam Moore is running for mayor in the town election',
  },
];

/** Counts embedding requests and texts (no model calls, but a real deployment pays for them). */
class CountingEmbedder implements Embedder {
  calls = 0;
  texts = 0;
  constructor(private readonly inner: Embedder) {}
  get id() {
    return this.inner.id;
  }
  get dimensions() {
    return this.inner.dimensions;
  }
  async embed(req: EmbedRequest): Promise<Float32Array[]> {
    this.calls++;
    this.texts += req.texts.length;
    return this.inner.embed(req);
  }
}

interface Live extends Resident {
  location: string;
  action: string;
  /** What this resident last perceived of each other resident / object, to report only changes. */
  seen: Map<string, string>;
}

interface DayResult {
  residents: number;
  ticks: number;
  conversations: number;
  dialogueLines: number;
  reflections: number;
  reactions: number;
  byTask: Record<string, { calls: number; promptTokens: number; completionTokens: number }>;
  total: { calls: number; promptTokens: number; completionTokens: number };
  perAgent: { calls: number; promptTokens: number; completionTokens: number };
  embeddings: { calls: number; texts: number };
  memoriesPerAgent: number;
  wallMs: number;
}

async function simulate(people: AgentProfile[]): Promise<DayResult> {
  const started = performance.now();
  const usage = new InMemoryUsageSink();
  const llm = createLanguageModel({ provider: 'offline', offlineRules: agentOfflineRules, usage });
  const embedder = new CountingEmbedder(new LexicalEmbedder());
  const runtime: AgentRuntime = new Runtime({ llm, embedder, townId: 'bench' });
  const world = new Map(PLACES.map((p) => [p.id, structuredClone(p)]));
  const live: Live[] = people.map((profile) => ({
    profile,
    mind: initialMindState(profile),
    memory: new MemoryStream(profile.id),
    location: profile.home,
    action: `${profile.name} is sleeping`,
    seen: new Map(),
  }));
  for (const r of live) await runtime.seed(r, DAY0);
  const known = (r: Live) => [...world.values()].filter((p) => !p.id.endsWith('-home') || p.id === r.profile.home);
  const lastTalk = new Map<string, number>();
  let conversations = 0;
  let dialogueLines = 0;
  let reflections = 0;
  let reactions = 0;
  const ticks = (24 * 60) / TICK_MIN;
  for (let t = 0; t < ticks; t++) {
    const now = DAY0 + t * TICK_MIN * MIN;
    // The user intervention of sec. 3.1, on the kitchen stove while Mara makes breakfast.
    if (now === DAY0 + (6 * 60 + 30) * MIN) {
      const stove = world.get('mara-home')!.subAreas[0]!.objects[0]!;
      stove.status = 'burning';
    }
    const perceivedBy = new Map<Live, Perceived[]>();
    for (const r of live) {
      const here = world.get(r.location)!;
      const items: Perceived[] = [];
      for (const o of live) {
        if (o === r || o.location !== r.location) continue;
        if (r.seen.get(o.profile.id) !== o.action) {
          items.push({ description: o.action, subject: o.profile.name, kind: 'action' });
          r.seen.set(o.profile.id, o.action);
        }
      }
      for (const a of here.subAreas) {
        for (const x of a.objects) {
          const key = `${here.id}/${x.name}`;
          if (r.seen.get(key) !== x.status) {
            items.push({ description: `${x.name} is ${x.status}`, subject: x.name, kind: 'object' });
            r.seen.set(key, x.status);
          }
        }
      }
      perceivedBy.set(r, items);
    }
    await runtime.perceive(
      live.map((r) => ({ resident: r, perceived: perceivedBy.get(r)! })),
      now,
    );
    for (const r of live) {
      const here = world.get(r.location)!;
      const nearby = live
        .filter((o) => o !== r && o.location === r.location)
        .map((o) => ({ id: o.profile.id, name: o.profile.name, action: o.action, busy: /sleeping/.test(o.action) }));
      const d = await runtime.decide(r, {
        now,
        minutesPerTick: TICK_MIN,
        location: here,
        knownPlaces: known(r),
        perceived: perceivedBy.get(r)!,
        nearby,
      });
      if (d.reacted) reactions++;
      // Release what this resident used, then apply its action to the world.
      for (const p of world.values())
        for (const a of p.subAreas)
          for (const x of a.objects)
            if (x.status !== 'burning' && r.seen.get(`using/${p.id}/${x.name}`) === '1') x.status = 'idle';
      r.seen.delete(`using/${r.location}/${d.action.object ?? ''}`);
      r.location = world.has(d.action.location) ? d.action.location : r.location;
      r.action = d.action.description;
      if (d.action.object) {
        const target = world
          .get(r.location)!
          .subAreas.flatMap((a) => a.objects)
          .find((x) => x.name === d.action.object);
        if (target && (target.status !== 'burning' || d.reacted)) {
          target.status = d.action.objectStatus ?? 'in use';
          r.seen.set(`using/${r.location}/${target.name}`, '1');
        }
      }
      if (d.converse) {
        const other = live.find((o) => o.profile.id === d.converse!.with && o.location === r.location);
        const pair = [r.profile.id, d.converse.with].sort().join('|');
        if (other && now - (lastTalk.get(pair) ?? -Infinity) >= 120 * MIN) {
          lastTalk.set(pair, now);
          const c = await runtime.converse([r, other], {
            now,
            location: world.get(r.location)!,
            initiator: r.profile.id,
            intent: d.converse.intent,
          });
          conversations++;
          dialogueLines += c.lines.length;
        }
      }
    }
    for (const r of live) reflections += (await runtime.maybeReflect(r, now)) > 0 ? 1 : 0;
  }
  await usage.flush();
  const report = await usage.report();
  const byTask: DayResult['byTask'] = {};
  for (const [task, v] of Object.entries(report.byTask))
    byTask[task] = { calls: v.calls, promptTokens: v.billedPromptTokens, completionTokens: v.completionTokens };
  const total = {
    calls: report.total.calls,
    promptTokens: report.total.billedPromptTokens,
    completionTokens: report.total.completionTokens,
  };
  const n = people.length;
  return {
    residents: n,
    ticks,
    conversations,
    dialogueLines,
    reflections,
    reactions,
    byTask,
    total,
    perAgent: {
      calls: Math.round(total.calls / n),
      promptTokens: Math.round(total.promptTokens / n),
      completionTokens: Math.round(total.completionTokens / n),
    },
    embeddings: { calls: embedder.calls, texts: embedder.texts },
    memoriesPerAgent: Math.round(live.reduce((s, r) => s + r.memory.size(), 0) / n),
    wallMs: Math.round(performance.now() - started),
  };
}

export async function run(_opts: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const town = await simulate(PEOPLE);
  const solo = await simulate([PEOPLE[0]!]);
  return {
    targets: { callsPerAgentDay: 120, promptTokensPerAgentDay: 25_000 },
    town,
    solo,
    note:
      'offline model through the real gateway (o200k_base token counts); 3 residents, 10-minute ticks, 24 simulated hours; ' +
      'per-agent = town total / residents; solo = one resident alone (no conversations)',
  };
}

export function format(result: Record<string, unknown>): string {
  const town = result.town as DayResult;
  const solo = result.solo as DayResult;
  const rows = Object.entries(town.byTask)
    .sort((a, b) => b[1].promptTokens - a[1].promptTokens)
    .map(([task, v]) => [
      task,
      (v.calls / town.residents).toFixed(1),
      String(Math.round(v.promptTokens / town.residents)),
      String(Math.round(v.completionTokens / town.residents)),
      v.calls ? String(Math.round(v.promptTokens / v.calls)) : '-',
    ]);
  rows.push([
    'TOTAL per agent',
    String(town.perAgent.calls),
    String(town.perAgent.promptTokens),
    String(town.perAgent.completionTokens),
    '',
  ]);
  const head = ['task', 'calls/agent', 'prompt tok/agent', 'completion tok/agent', 'prompt tok/call'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [
    `town of ${town.residents}: ${town.conversations} conversations (${town.dialogueLines} lines), ${town.reflections} reflections, ${town.reactions} reactions, ${town.memoriesPerAgent} memories/agent, ${town.embeddings.calls} embedding requests (${town.embeddings.texts} texts), ${(town.wallMs / 1000).toFixed(1)} s`,
    fmt(head),
    fmt(widths.map((w) => '-'.repeat(w))),
    ...rows.map(fmt),
    '',
    `solo resident: ${solo.perAgent.calls} calls, ${solo.perAgent.promptTokens} prompt tokens, ${solo.perAgent.completionTokens} completion tokens, ${solo.reflections} reflections`,
    `targets per agent-day: <= ${(result.targets as { callsPerAgentDay: number }).callsPerAgentDay} calls, <= ${(result.targets as { promptTokensPerAgentDay: number }).promptTokensPerAgentDay} prompt tokens`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await run();
  console.log(process.argv.includes('--json') ? JSON.stringify(r, null, 2) : format(r));
}
