// A resident's work, projects and habits from its identity fields: occupation and workplace from what it does
// ("owns the bakery", "works at the market from 9 am to 5 pm"), working days, projects it is currently on, habits
// with a time of day from its lifestyle.

import type { PlanDayInput, PromptPlace } from '../../agent/prompts/plan-day.ts';
import { T, trimWhen, WEEKDAY_WORDS } from '../../core/dates.ts';
import { baseOfIng, escapeRegExp, stripPeriod } from '../../core/text.ts';
import { parseClock } from '../../core/time.ts';
import { clockIn, placeNamedIn, placeOfKind } from './day-facts.ts';
import { baseVerb, subjectOf } from './voice.ts';

export interface Job {
  place: PromptPlace | null;
  activity: string;
  hours: { start: number; end: number } | null;
  owner: boolean;
}

/** Sentences of the identity fields about the resident itself ("Rosa ...", then "She ..." after it). */
export function selfSentences(i: PlanDayInput): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const text of [i.lifestyle, i.summary, i.currently]) {
    let lastSelf = false;
    for (const raw of text.split(/(?<=[.!?])\s+/)) {
      const s = raw.trim();
      if (s === '' || /^Lately\b/.test(s)) continue;
      const subject = subjectOf(s);
      const self: boolean = subject === i.name || subject === i.first || (lastSelf && /^(She|He|They)\b/.test(s));
      lastSelf = self;
      if (!self || seen.has(s)) continue;
      seen.add(s);
      out.push(s.replace(/^(She|He|They)\b/, i.first));
    }
  }
  return out;
}

export const WORK_CUE =
  /\b(works?|working|sells|selling|runs|running|owns|owner|manag\w*|opens|staff|clerk|librarian|pharmacist|keeper|shopkeeper|bartender|barista|teach\w*|stud(?:y|ies|ying)|goes to|looks after|tends?|volunteers?|is (?:the|a|an) [\w -]+ (?:at|of))\b/i;
export const SLEEP_CUE = /\b(bed|wakes?|awakes?|gets? up|sleeps?)\b/i;

export function workHours(sentence: string): { start: number; end: number } | null {
  if (SLEEP_CUE.test(sentence)) return null;
  const first = clockIn(sentence, new RegExp(`\\b(?:at|from|starting|around|opens?[^.]*?at)\\s+${T}`, 'i'));
  if (first === null) return null;
  const until = /\bafter midnight|until midnight|till midnight\b/i.test(sentence)
    ? 24 * 60
    : clockIn(sentence, new RegExp(`\\b(?:to|until|till|closes?(?: it| the [\\w ]+?)? at)\\s+${T}`, 'i'));
  const end = until !== null && until > first ? until : Math.max(first + 4 * 60, 17 * 60);
  return { start: first, end };
}

// Occupations read from what a resident IS ("is a pharmacist", "is the librarian"), never from what it talks
// or wonders about ("curious about who the new treasurer is" is no job); any office is a role like any other.
export const ROLE_ACTIVITY: [RegExp, (place: PromptPlace | null) => string][] = [
  [/\b(student|studies|studying)\b/i, (p) => (p ? `study at ${p.name}` : 'study')],
  [/\b(professor|teacher|lecturer)\b/i, (p) => (p ? `teach at ${p.name}` : 'prepare classes')],
  [/\b(painter|artist|animator|illustrator|photographer)\b/i, () => 'work on new art'],
  [/\b(writer|author|poet|novelist|journalist)\b/i, () => 'write'],
  [/\b(musician|composer|songwriter)\b/i, () => 'practise music'],
];

export function jobOf(i: PlanDayInput, usable: readonly PromptPlace[]): Job | null {
  const sentences = selfSentences(i);
  const homeId = i.home;
  let place: PromptPlace | null = null;
  let placeSentence = '';
  for (const s of sentences) {
    const p = placeNamedIn(s, usable, [homeId]);
    if (!p) continue;
    const before = s.slice(0, s.toLowerCase().indexOf(p.name.toLowerCase()));
    if (WORK_CUE.test(before)) {
      place = p;
      placeSentence = s;
      break;
    }
  }
  const text = sentences.join(' ');
  const roles = [
    ...text.matchAll(
      /\b(?:is|am|works as) (?:the|a|an) ([a-z][a-z -]{2,40}?)(?=[.,;]|$| at\b| of\b| for\b| in\b| who\b)/g,
    ),
  ]
    .map((m) => m[1]!)
    .concat(/\b(studies|studying)\b/i.test(text) ? ['student'] : [])
    .join('; ');
  if (!place && /\b(student|studies|studying|thesis|homework)\b/i.test(text))
    place = placeOfKind(/library|college|school|university/i, usable, [homeId]);
  const retired = /\bretired\b/i.test(text) && !place;
  if (retired) return null;
  let hours: Job['hours'] = null;
  for (const s of sentences) {
    if (!WORK_CUE.test(s) && !(place && s.includes(place.name))) continue;
    hours = workHours(s);
    if (hours) break;
  }
  const ownerMatch =
    place === null
      ? null
      : new RegExp(`\\b(?:owns|runs|manages|owner of)\\s+(the\\s+)?${escapeRegExp(place.name)}`, 'i').exec(text);
  const owner = ownerMatch !== null;
  if (!hours && owner && place?.hours) {
    const [a, b] = place.hours.split('-').map((x) => parseClock(x.trim()));
    if (a !== null && a !== undefined && b !== null && b !== undefined) hours = { start: a, end: b <= a ? 24 * 60 : b };
  }
  let activity: string | null = null;
  if (place) {
    if (owner) activity = `run ${ownerMatch?.[1] ? 'the ' : ''}${place.name}`;
    const worksThe = /\bworks (the [\w -]+?) at\b/i.exec(text);
    const role = /\bis (?:the|a|an) ([a-z][a-z -]{2,40}?) (?:at|of|for|in)\b/.exec(text)?.[1];
    if (!activity && worksThe) activity = `work ${worksThe[1]} at ${place.name}`;
    if (!activity) {
      for (const [re, act] of ROLE_ACTIVITY) if (re.test(role ?? roles)) activity = `${act(place)}`;
      if (activity && !activity.includes(place.name) && !/study|teach/.test(activity))
        activity = `${activity} at ${place.name}`;
    }
    if (!activity && role && !/\bretired\b/.test(role)) activity = `work as the ${role} at ${place.name}`;
    if (!activity) {
      // The verb nearest before the workplace: "grows vegetables and sells them at the Corner Market".
      const before = placeSentence.slice(0, placeSentence.toLowerCase().indexOf(place.name.toLowerCase()));
      const verbs = [...before.matchAll(/\b([a-z]{3,}s)\s+/g)].filter(
        (v) => !/^(works|opens|goes|is|has|was|always|perhaps)$/.test(v[1]!) && before.length - (v.index ?? 0) < 60,
      );
      const v = verbs[verbs.length - 1];
      if (v) activity = `${baseVerb(v[1]!)} ${before.slice((v.index ?? 0) + v[0].length)}${place.name}`;
    }
    // A vague or pronoun-bound phrase ("sell them at the market") gives way to what the resident is doing there.
    if (!activity || /\b(them|it)\b/.test(activity)) {
      const there = projectsOf(i).find((p) => p.includes(place!.name));
      activity = there ?? activity ?? `work at ${place.name}`;
    }
    return { place, activity: trimWhen(activity), hours, owner };
  }
  for (const [re, act] of ROLE_ACTIVITY)
    if (re.test(roles)) return { place: null, activity: act(null), hours, owner: false };
  return null;
}

export const DAY_WORD = '(mon|tues|wednes|thurs|fri|satur|sun)days?';
export const dayIndex = (w: string) => WEEKDAY_WORDS.findIndex((d) => d.startsWith(w.toLowerCase()));

/**
 * The weekdays (0 = Sunday) a job is worked: as the resident's own sentences say ("Monday to Friday", "on
 * weekdays", "every day", "closed on Sundays"), else by kind of work: shops, cafes and pubs open Monday to
 * Saturday; offices, civic posts, schools and everything else Monday to Friday.
 */
export function workingDays(i: PlanDayInput, job: { place: PromptPlace | null; activity: string }): Set<number> {
  const text = selfSentences(i).join(' ');
  const all = [0, 1, 2, 3, 4, 5, 6];
  const range = new RegExp(`\\b(?:from\\s+)?${DAY_WORD}\\s*(?:to|through|until|-|–)\\s*${DAY_WORD}\\b`, 'i').exec(text);
  let days: Set<number>;
  if (range) {
    const a = dayIndex(range[1]!);
    const b = dayIndex(range[2]!);
    days = new Set(all.filter((d) => (a <= b ? d >= a && d <= b : d >= a || d <= b)));
  } else if (/\b(every day|daily|seven days a week|all week)\b/i.test(text) && WORK_CUE.test(text)) days = new Set(all);
  else if (/\b(on )?weekdays\b/i.test(text)) days = new Set([1, 2, 3, 4, 5]);
  else if (/\b(six days a week)\b/i.test(text)) days = new Set([1, 2, 3, 4, 5, 6]);
  else {
    const kind = `${job.place?.kind ?? ''} ${job.place?.name ?? ''} ${job.activity}`;
    days = /cafe|café|coffee|bakery|restaurant|diner|pub|bar\b|tavern|market|shop|store|grocer|pharmac|checkout/i.test(
      kind,
    )
      ? new Set([1, 2, 3, 4, 5, 6])
      : new Set([1, 2, 3, 4, 5]);
  }
  // "closed on Mondays", "off on Sundays", "except Sundays"
  for (const m of text.matchAll(new RegExp(`\\b(?:closed|off|except|not)\\s+(?:on\\s+)?${DAY_WORD}`, 'gi')))
    days.delete(dayIndex(m[1]!));
  return days;
}

export const NOT_PROJECTS =
  /^(worrying|wondering|thinking|hoping|feeling|living|being|looking forward|inviting|telling|asking|curious|expecting|wanting|going about)\b/i;

/** What the resident is busy with lately: "is writing a paper about X" -> "write a paper about X". */
export function projectsOf(i: PlanDayInput): string[] {
  const out: string[] = [];
  for (const s of selfSentences(i)) {
    for (const m of s.matchAll(
      /\b(?:is|are|also|and)\s+(\w+ing)\b([^.;]*?)(?=,|;|\.|\band (?:is|has|\w+s|\w+ing)\b|$)/g,
    )) {
      const phrase = `${m[1]}${m[2]}`.trim();
      if (NOT_PROJECTS.test(phrase)) continue;
      const base = `${baseOfIng(m[1]!)}${m[2]}`.replace(/^plan on having\b/, 'plan');
      const act = trimWhen(base.replace(/^plan (a|an|the) /, 'prepare $1 '));
      if (act.split(' ').length >= 2 && !out.includes(act)) out.push(act);
    }
    const wants = /\bwants to (organi[sz]e|start|host|hold|throw|have) ([^.,;]+)/.exec(s);
    if (wants) out.push(trimWhen(`plan ${wants[2]!.trim()}`));
  }
  return out;
}

export type When = 'morning' | 'afternoon' | 'evening' | null;

/** Habits with a time of day ("walks the river path every morning" -> walk the river path, morning). */
export function habitsOf(i: PlanDayInput, places: readonly PromptPlace[] = []): { activity: string; when: When }[] {
  const out: { activity: string; when: When }[] = [];
  for (const s of selfSentences(i)) {
    if (SLEEP_CUE.test(s)) continue;
    for (const clause of s.split(/,\s*(?:and\s+)?|\s+and\s+|\s+who\s+|\s+but\s+|;\s*/)) {
      const c = clause.trim().replace(new RegExp(`^(?:${escapeRegExp(i.name)}|${escapeRegExp(i.first)})\\s+`), '');
      const time = /\b(every morning|in the mornings?|each morning|most mornings)\b/i.test(c)
        ? 'morning'
        : /\b(in the afternoons?|every afternoon)\b/i.test(c)
          ? 'afternoon'
          : /\b(in the evenings?|every evening|at night|each evening)\b/i.test(c)
            ? 'evening'
            : /\b(a day|every day|daily|free time)\b/i.test(c) ||
                (/^[a-z]+s\b/.test(c) && placeNamedIn(c, places, [i.home]) !== null)
              ? null // "studies at the Lantern Cafe": a habit at a place, any time
              : undefined;
      if (time === undefined) continue;
      // a habit on a condition ("goes to the Wheatsheaf only when Clara insists") is not a plan for any day
      if (/\bonly (?:when|if)\b|\bunless\b|\bif\b/i.test(c)) continue;
      const day = WEEKDAY_WORDS.find((d) => new RegExp(`\\bon ${d}s\\b`, 'i').test(c));
      if (day && !i.date.toLowerCase().startsWith(day)) continue;
      let m = /^(?:spends (?:his|her|their) (?:free )?time)\s+(\w+ing)\b(.*)$/.exec(c);
      let act: string | null = m ? `${baseOfIng(m[1]!)}${m[2]}` : null;
      if (!act) {
        m = /^(?:likes to|loves to)?\s*([a-z]+s?)\b(.*)$/.exec(c);
        if (
          m &&
          /s$/.test(m[1]!) &&
          !/^(is|has|was|likes|loves|wants|hopes|thinks|knows|expects|lives|sells)$/.test(m[1]!)
        )
          act = `${baseVerb(m[1]!)}${m[2]}`;
      }
      if (!act) continue;
      act = stripPeriod(
        act.replace(
          /\s+(every morning|in the mornings?|each morning|most mornings|in the afternoons?|every afternoon|in the evenings?|every evening|at night|each evening|a day|every day|daily|on \w+days)\b/gi,
          '',
        ),
      ).trim();
      if (act.split(' ').length >= 2) out.push({ activity: act, when: time });
    }
  }
  return out;
}
