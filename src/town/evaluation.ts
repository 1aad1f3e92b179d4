// The paper's evaluations by interview: information diffusion and relationship formation (Park et al. 2023,
// sec. 7.1), and the five-category interview battery (sec. 6.1). Interviews here are stateless (remember=false),
// as in the paper. Answers are judged by rules (no model call), then checked against the memory stream so an
// answer that claims knowledge the resident never acquired counts as hallucinated.
import type { Memory } from '../agent/types.ts';
import type { TownService } from './service.ts';
import type { SeedFact } from './types.ts';

/** Phrases that turn a sentence into "I don't know" (not every "not": "I have not told anyone I am running" knows). */
const NEGATION =
  /\b((don't|do not|didn't|did not|can't|cannot) (know|remember|recall|say)|haven't heard|have not heard|never heard|not aware|unaware|no idea|not sure|not familiar|i'm sorry|no one (is|has|that)|nobody (is|has))\b|^\s*no\b/i;
/** For "do you know <name>?": also "never met", "haven't met". */
const NOT_MET = /\b(never met|haven't met|have not met|not met|don't think i know|do not think i know)\b/i;
const AFFIRM = /^\s*(yes|yeah|yep|of course|sure|certainly|absolutely|indeed|i do\b|i know\b)/i;

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Each keyword entry must appear ("a|b" = either). */
export function matchesKeywords(text: string, keywords: readonly string[]): boolean {
  const t = text.toLowerCase();
  return keywords.every((k) =>
    k
      .split('|')
      .map((alt) => alt.trim().toLowerCase())
      .some((alt) => alt.length > 0 && t.includes(alt)),
  );
}

/** Does an answer state the fact? Some sentence holds every keyword group and no negation. */
export function answerKnowsFact(answer: string, keywords: readonly string[]): boolean {
  return sentences(answer).some((s) => matchesKeywords(s, keywords) && !NEGATION.test(s));
}

/** Does an answer to "Do you know <name>?" say yes? */
export function answerKnowsPerson(answer: string, name: string): boolean {
  const first = sentences(answer)[0] ?? '';
  if (AFFIRM.test(first)) return true;
  if (NEGATION.test(first) || NOT_MET.test(first)) return false;
  const parts = name.toLowerCase().split(/\s+/);
  return parts.some((p) => p.length > 1 && answer.toLowerCase().includes(p));
}

/** Memories acquired from the world (not the resident's own seed or its evaluation interviews). */
function evidence(memories: readonly Memory[], test: (description: string) => boolean, includeSeed: boolean): boolean {
  return memories.some((m) => (includeSeed || m.kind !== 'seed') && test(m.description));
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

export async function measureDiffusion(service: TownService, facts: readonly SeedFact[]): Promise<DiffusionResult[]> {
  const residents = service.residents();
  const out: DiffusionResult[] = [];
  for (const f of facts) {
    const answers = await service.evaluateMany(residents.map((r) => ({ resident: r.id, question: f.question })));
    const said: string[] = [];
    const grounded: string[] = [];
    const hallucinated: string[] = [];
    const byName: Record<string, string> = {};
    residents.forEach((r, i) => {
      const a = answers[i] ?? '';
      byName[r.name] = a;
      // The holder speaks of itself in the first person: keyword groups naming the holder do not apply to it.
      const parts = r.name.toLowerCase().split(/\s+/);
      const keywords =
        r.id === f.holder
          ? f.keywords.filter((k) => !k.split('|').some((alt) => parts.includes(alt.trim().toLowerCase())))
          : f.keywords;
      if (!answerKnowsFact(a, keywords.length > 0 ? keywords : f.keywords)) return;
      said.push(r.name);
      const mems = service.liveResident(r.id).memory.all();
      if (evidence(mems, (d) => matchesKeywords(d, f.keywords), r.id === f.holder)) grounded.push(r.name);
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

export async function measureDensity(service: TownService): Promise<DensityResult> {
  const rs = service.residents();
  const items: { resident: string; question: string; a: number; b: number }[] = [];
  rs.forEach((a, i) => {
    rs.forEach((b, j) => {
      if (i !== j) items.push({ resident: a.id, question: `Do you know ${b.name}?`, a: i, b: j });
    });
  });
  const answers = await service.evaluateMany(items);
  const yes = new Set<string>();
  let hallucinatedYes = 0;
  items.forEach((it, k) => {
    const other = rs[it.b];
    const me = rs[it.a];
    if (!other || !me) return;
    if (!answerKnowsPerson(answers[k] ?? '', other.name)) return;
    yes.add(`${it.a}>${it.b}`);
    const mems = service.liveResident(me.id).memory.all();
    const first = other.name.split(/\s+/)[0] ?? other.name;
    if (!evidence(mems, (d) => d.includes(other.name) || new RegExp(`\\b${first}\\b`).test(d), true)) hallucinatedYes++;
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

/** Five questions in each of the paper's five categories (sec. 6.1), in our own words. */
export function interviewBattery(
  resident: string,
  others: string[],
  facts: readonly SeedFact[],
): { category: BatteryCategory; question: string }[] {
  const o = (i: number) => others[i % Math.max(1, others.length)] ?? 'your neighbour';
  const q = (category: BatteryCategory, questions: string[]) => questions.map((question) => ({ category, question }));
  return [
    ...q('self-knowledge', [
      'Give an introduction of yourself.',
      'Describe your typical weekday.',
      'What is your job, and what do you like about it?',
      'What do you care about most these days?',
      'Who are the most important people in your life?',
    ]),
    ...q('memory', [
      `Who is ${o(0)}?`,
      `Who is ${o(1)}?`,
      facts[1]?.question ?? 'Who is running for mayor?',
      facts[0]?.question ?? 'Is anything special happening in town soon?',
      'What did you do yesterday?',
    ]),
    ...q('plans', [
      'What will you be doing at 10 am tomorrow?',
      'What will you be doing at 6 pm today?',
      'What is the next thing on your schedule?',
      'What are your plans for the weekend?',
      'Who are you planning to see in the next few days?',
    ]),
    ...q('reactions', [
      'Your breakfast is burning! What would you do?',
      'The bathroom is occupied. What would you do?',
      'You need to cook dinner but your refrigerator is empty. What would you do?',
      `You see ${o(2)} walking by. What would you do or say?`,
      'A stranger asks you the way to the library. What do you say?',
    ]),
    ...q('reflections', [
      'What inspires you in life the most right now, and why?',
      `If you had to guess, who in town has the most interesting life, and why?`,
      'If you had to spend time with one person you met recently, who would it be and why?',
      'What is something you learned recently?',
      `What would you like to change about your town, ${resident.split(' ')[0]}?`,
    ]),
  ];
}

export interface BatteryAnswer {
  resident: string;
  category: BatteryCategory;
  question: string;
  answer: string;
}

export async function runInterviewBattery(
  service: TownService,
  names: readonly string[],
  facts: readonly SeedFact[],
): Promise<BatteryAnswer[]> {
  const everyone = service.residents().map((r) => r.name);
  const out: BatteryAnswer[] = [];
  for (const name of names) {
    const info = service.residents().find((r) => r.name.toLowerCase() === name.toLowerCase() || r.id === name);
    const resident = info?.name ?? name;
    const qs = interviewBattery(
      resident,
      everyone.filter((n) => n !== resident),
      facts,
    );
    const answers = await service.evaluateMany(qs.map((x) => ({ resident: info?.id ?? name, question: x.question })));
    qs.forEach((x, i) => {
      out.push({ resident, category: x.category, question: x.question, answer: answers[i] ?? '' });
    });
  }
  return out;
}
