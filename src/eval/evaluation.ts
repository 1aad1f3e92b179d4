// The paper's evaluations by interview: information diffusion and relationship formation (Park et al. 2023,
// sec. 7.1), and the five-category interview battery (sec. 6.1). Interviews here are stateless (remember=false),
// as in the paper, and a probe: nobody is present, so a resident's secrets count as known. Answers are judged by a
// KnowledgeJudge (the rules of judge.ts offline, or the model once it passed its calibration: model-judge.ts), then
// checked against the memory stream (seeded memories included) so a claim never acquired counts as hallucinated.
import type { Memory } from '../agent/types.ts';
import { escapeRegExp } from '../core/text.ts';
import type { TownService } from '../town/service.ts';
import type { SeedFact } from '../town/types.ts';
import { memoryNamesPerson, memorySupportsFact } from './judge.ts';
import { type KnowledgeJudge, ruleKnowledgeJudge } from './knowledge-judge.ts';

/** Memories acquired from the world or seeded: a resident who was told a fact at the start knows it honestly. */
function evidence(memories: readonly Memory[], test: (description: string) => boolean): boolean {
  return memories.some((m) => test(m.description));
}

/** A question about `name` put to that person: "Jo Marsh's plans" -> "your plans", "with Jo Marsh" -> "with you". */
export function toSecondPerson(question: string, name: string): string {
  const first = name.split(/\s+/)[0]!;
  const who = [name, first].map(escapeRegExp).join('|');
  return question
    .replace(new RegExp(`\\b(?:${who})['’]s\\b`, 'g'), 'your')
    .replace(new RegExp(`\\b(?:${who})\\b`, 'g'), 'you');
}

export interface DiffusionResult {
  fact: string;
  description: string;
  holder: string;
  /** Residents whose answer states the fact. */
  said: string[];
  /** Of those, the ones whose memory stream supports it (the rest are hallucinations). */
  grounded: string[];
  hallucinated: string[];
  share: number;
  residents: number;
  answers: Record<string, string>;
}

export async function measureDiffusion(
  service: TownService,
  facts: readonly SeedFact[],
  judge: KnowledgeJudge = ruleKnowledgeJudge,
): Promise<DiffusionResult[]> {
  const residents = service.residents();
  const out: DiffusionResult[] = [];
  for (const f of facts) {
    // (the holder is asked about itself in the second person: "What is new with Jo Marsh?" is "with you" to Jo)
    const holderName = residents.find((r) => r.id === f.holder)?.name;
    const asked = residents.map((r) =>
      r.id === f.holder && holderName ? toSecondPerson(f.question, holderName) : f.question,
    );
    const answers = await service.evaluateMany(residents.map((r, i) => ({ resident: r.id, question: asked[i]! })));
    const said: string[] = [];
    const grounded: string[] = [];
    const hallucinated: string[] = [];
    const byName: Record<string, string> = {};
    // The speaker's own name parts never name someone else: the holder speaks of itself in the first person,
    // and "Moore" said by Jennifer Moore is about her, not about Sam Moore.
    const verdicts = await judge.knowsFacts(
      residents.map((r, i) => ({
        answer: answers[i] ?? '',
        fact: f.description,
        keywords: f.keywords,
        speaker: { name: r.name, holder: r.id === f.holder },
        question: asked[i]!,
      })),
    );
    residents.forEach((r, i) => {
      const a = answers[i] ?? '';
      byName[r.name] = a;
      if (!verdicts[i]) return;
      said.push(r.name);
      const mems = service.liveResident(r.id).memory.all();
      if (evidence(mems, (d) => memorySupportsFact(d, f.keywords, f.description))) grounded.push(r.name);
      else hallucinated.push(r.name);
    });
    out.push({
      fact: f.id,
      description: f.description,
      holder: residents.find((r) => r.id === f.holder)?.name ?? f.holder,
      said,
      grounded,
      hallucinated,
      share: residents.length > 0 ? grounded.length / residents.length : 0,
      residents: residents.length,
      answers: byName,
    });
  }
  return out;
}

export interface DensityResult {
  /** η = 2|E| / (|V|(|V|-1)) over mutual "yes" answers (sec. 7.1). */
  density: number;
  edges: [string, string][];
  yesAnswers: number;
  answers: number;
  /** "Yes" answers with no memory naming the other resident (the paper found 6 of 453). */
  hallucinatedYes: number;
}

export async function measureDensity(
  service: TownService,
  judge: KnowledgeJudge = ruleKnowledgeJudge,
): Promise<DensityResult> {
  const rs = service.residents();
  const items: { resident: string; question: string; a: number; b: number }[] = [];
  rs.forEach((a, i) => {
    rs.forEach((b, j) => {
      if (i !== j) items.push({ resident: a.id, question: `Do you know ${b.name}?`, a: i, b: j });
    });
  });
  const answers = await service.evaluateMany(items);
  const verdicts = await judge.knowsPersons(
    items.map((it, k) => ({
      answer: answers[k] ?? '',
      name: rs[it.b]?.name ?? '',
      speaker: rs[it.a]?.name ?? '',
    })),
  );
  const yes = new Set<string>();
  let hallucinatedYes = 0;
  items.forEach((it, k) => {
    const other = rs[it.b];
    const me = rs[it.a];
    if (!other || !me) return;
    if (!verdicts[k]) return;
    yes.add(`${it.a}>${it.b}`);
    const mems = service.liveResident(me.id).memory.all();
    if (!evidence(mems, (d) => memoryNamesPerson(d, other.name))) hallucinatedYes++;
  });
  const edges: [string, string][] = [];
  for (let i = 0; i < rs.length; i++)
    for (let j = i + 1; j < rs.length; j++)
      if (yes.has(`${i}>${j}`) && yes.has(`${j}>${i}`))
        edges.push([(rs[i] as { name: string }).name, (rs[j] as { name: string }).name]);
  const n = rs.length;
  return {
    density: n > 1 ? (2 * edges.length) / (n * (n - 1)) : 0,
    edges,
    yesAnswers: yes.size,
    answers: items.length,
    hallucinatedYes,
  };
}

export type BatteryCategory = 'self-knowledge' | 'memory' | 'plans' | 'reactions' | 'reflections';

/** Where a battery question comes from: the paper's text (as our notes give it, sec. 6.1) or ours, in its category. */
export type QuestionSource = 'paper' | 'ours';

/**
 * Five questions in each of the paper's five categories (sec. 6.1), built from the town's own people, facts and
 * places. Those the paper quotes are marked 'paper' (introduction, typical weekday, "who is <name>?", who is
 * running for mayor (only where the town tracks a candidacy for mayor), 10 am tomorrow, the burning breakfast, the
 * one person to spend time with); the rest are ours, in the same categories, marked 'ours'. The memory questions
 * ask the town's tracked facts and events; a town with none asks what is new in town instead.
 */
export function interviewBattery(
  resident: string,
  others: string[],
  facts: readonly SeedFact[],
  places: readonly string[] = [],
): { category: BatteryCategory; question: string; source: QuestionSource }[] {
  const o = (i: number) => others[i % Math.max(1, others.length)] ?? 'your neighbour';
  const q = (category: BatteryCategory, questions: [QuestionSource, string][]) =>
    questions.map(([source, question]) => ({ category, question, source }));
  // The paper asks "Who is running for mayor?" of Smallville: asked only where the town tracks such a fact.
  const mayor = facts.find((f) => /mayor/i.test(f.question));
  const rest = facts.filter((f) => f !== mayor);
  const [first, second] = mayor ? [mayor, rest[0]] : [rest[0], rest[1]];
  const place = places[0] ?? 'the nearest shop';
  return [
    ...q('self-knowledge', [
      ['paper', 'Give an introduction of yourself.'],
      ['paper', 'Describe your typical weekday.'],
      ['ours', 'What is your job, and what do you like about it?'],
      ['ours', 'What do you care about most these days?'],
      ['ours', 'Who are the most important people in your life?'],
    ]),
    ...q('memory', [
      ['paper', `Who is ${o(0)}?`],
      ['paper', `Who is ${o(1)}?`],
      first
        ? [first === mayor ? 'paper' : 'ours', first.question]
        : ['ours', 'Is anything special happening in town soon?'],
      second ? ['ours', second.question] : ['ours', 'What news have you heard around town lately?'],
      ['ours', 'What did you do yesterday?'],
    ]),
    ...q('plans', [
      ['paper', 'What will you be doing at 10 am tomorrow?'],
      ['ours', 'What will you be doing at 6 pm today?'],
      ['ours', 'What is the next thing on your schedule?'],
      ['ours', 'What are your plans for the weekend?'],
      ['ours', 'Who are you planning to see in the next few days?'],
    ]),
    ...q('reactions', [
      ['paper', 'Your breakfast is burning! What would you do?'],
      ['ours', 'The bathroom is occupied. What would you do?'],
      ['ours', 'You need to cook dinner but your refrigerator is empty. What would you do?'],
      ['ours', `You see ${o(2)} walking by. What would you do or say?`],
      ['ours', `A stranger asks you the way to ${place}. What do you say?`],
    ]),
    ...q('reflections', [
      ['ours', 'What inspires you in life the most right now, and why?'],
      ['ours', 'If you had to guess, who in town has the most interesting life, and why?'],
      ['paper', 'If you had to spend time with one person you met recently, who would it be and why?'],
      ['ours', 'What is something you learned recently?'],
      ['ours', `What would you like to change about your town, ${resident.split(' ')[0]}?`],
    ]),
  ];
}

export interface BatteryAnswer {
  resident: string;
  category: BatteryCategory;
  question: string;
  source: QuestionSource;
  answer: string;
}

export async function runInterviewBattery(
  service: TownService,
  names: readonly string[],
  facts: readonly SeedFact[],
): Promise<BatteryAnswer[]> {
  const everyone = service.residents().map((r) => r.name);
  // the town's own public places, for the question of the way somewhere
  const places = service
    .snapshot()
    .locations.filter((l) => l.public)
    .map((l) => l.name);
  const out: BatteryAnswer[] = [];
  for (const name of names) {
    const info = service.residents().find((r) => r.name.toLowerCase() === name.toLowerCase() || r.id === name);
    const resident = info?.name ?? name;
    const qs = interviewBattery(
      resident,
      everyone.filter((n) => n !== resident),
      facts,
      places,
    );
    const answers = await service.evaluateMany(qs.map((x) => ({ resident: info?.id ?? name, question: x.question })));
    qs.forEach((x, i) => {
      out.push({ resident, category: x.category, question: x.question, source: x.source, answer: answers[i] ?? '' });
    });
  }
  return out;
}
