// The offline model's planning (sec. 4.3): a day outline from the resident's identity fields and lifestyle, the
// way a model would read them. Occupation and workplace come from what the resident does ("owns The Blue
// Heron", "works at Harbor Market from 9 am to 5 pm", "is a retired ferry captain who walks the river path every
// morning"); projects from what it is currently doing ("is writing a paper about ..."); habits with a time of day
// from its lifestyle; intentions only when they are its own ("X has decided to ...", an inner voice), or an event
// it heard of that happens today. Steps are concrete actions for the activity and the place's objects.
import { type Due, dueOn, T, todayNumber, trimWhen, WEEKDAYS, weekdayOf } from '../../agent/dates.ts';
import type { PromptMemory } from '../../agent/prompts/common.ts';
import type { PlanDayInput, PromptPlace } from '../../agent/prompts/plan-day.ts';
import type { PlanStepsInput } from '../../agent/prompts/plan-steps.ts';
import { mealOf, normalizeSlots, type Slot, spliceSlots } from '../../agent/schedule.ts';
import { baseOfIng, escapeRegExp, isSleeping, stripPeriod } from '../../agent/text.ts';
import { hhmm, parseClock } from '../../agent/time.ts';
import { hashString } from '../../core/rng.ts';
import { expandSummaries } from './answer.ts';
import { baseVerb, subjectOf } from './voice.ts';

function clockIn(text: string, re: RegExp): number | null {
  const m = re.exec(text);
  if (!m) return null;
  return parseClock(`${m[1]}${m[2] ? `:${m[2]}` : ''}${m[3] ? ` ${m[3]}` : ''}`);
}

/** Wake and sleep times from a persona-file lifestyle ("goes to bed around 11pm, wakes up around 6am"). */
export function lifestyleHours(lifestyle: string): { wake: number; sleep: number } {
  const wake = clockIn(lifestyle, /(?:wakes?|awakes?|gets? up|rises?)\D{0,20}?(\d{1,2})(?::(\d{2}))?\s*(am|pm)?/i);
  let sleep = clockIn(lifestyle, /(?:bed|sleeps?|asleep)\D{0,20}?(\d{1,2})(?::(\d{2}))?\s*(am|pm)?/i);
  if (sleep === null && /bed around midnight|sleep at midnight/i.test(lifestyle)) sleep = 24 * 60;
  if (sleep !== null && sleep < 12 * 60) sleep += sleep <= 3 * 60 ? 24 * 60 : 12 * 60; // "goes to bed at 11" = 23:00
  return {
    wake: Math.min(11 * 60, Math.max(4 * 60, wake ?? 7 * 60)),
    sleep: Math.min(24 * 60, Math.max(20 * 60, sleep ?? 23 * 60)),
  };
}

/** "eats dinner around 5pm" -> 17:00. */
function dinnerTime(lifestyle: string): number | null {
  const t = clockIn(lifestyle, new RegExp(`(?:dinner|supper)\\D{0,12}?${T}`, 'i'));
  return t !== null && t >= 16 * 60 && t <= 21 * 60 ? t : null;
}

/** A text's words, case, articles, possessives and plurals ignored ("The Aspens' Market" -> aspen market). */
const placeWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/['’]s?\b/g, '')
    .split(/[^\p{L}\d]+/u)
    .filter((w) => w !== '' && !/^(the|a|an)$/.test(w))
    .map((w) => (w.length > 3 ? w.replace(/s$/, '') : w));

/**
 * The place a text names, tolerantly: the longest whole name, else a proper word that is a word of a name give or
 * take an ending ("Fern" finds "The Ferns Shop", "Ann" does not find "Annandale Green"), else a word only one
 * place's name has said as a place ("at the bakery" finds "Corner Shop and Bakery").
 */
function placeNamedIn(text: string, places: readonly PromptPlace[], exclude: readonly string[] = []) {
  const said = ` ${placeWords(text).join(' ')} `;
  const proper = (text.match(/\b[A-Z][\p{L}]{3,}/gu) ?? []).map((w) => placeWords(w)[0]!);
  const named = places.map((p) => placeWords(p.name));
  const only = (n: string) => named.filter((ws) => ws.includes(n)).length === 1;
  // a place word said as a place: "at the pharmacy", "to the bakery" (not "the library volunteers")
  const atThe = new Set(
    [...text.matchAll(/\b(?:at|to|in|into|from|near)\s+(?:the\s+)?([\p{L}]+)\b(?!\s+[a-z]+s\b)/giu)].map(
      (m) => placeWords(m[1]!)[0]!,
    ),
  );
  const score = (words: string[]) =>
    said.includes(` ${words.join(' ')} `)
      ? 1000 + words.join(' ').length
      : proper.some((w) =>
            words.some(
              (n) => n.startsWith(w) && n.length - w.length <= 2 && !/^(cafe|café|park|market|library|home)/.test(n),
            ),
          )
        ? 100 + words.join(' ').length
        : words.some((n) => n.length >= 5 && !/^(house|home|room)$/.test(n) && only(n) && atThe.has(n))
          ? words.join(' ').length
          : 0;
  const ranked = places.filter((p) => !exclude.includes(p.id)).map((p) => ({ p, s: score(placeWords(p.name)) }));
  return ranked.filter((x) => x.s > 0).sort((x, y) => y.s - x.s)[0]?.p ?? null;
}

function placeOfKind(re: RegExp, places: readonly PromptPlace[], exclude: readonly string[]): PromptPlace | null {
  return places.find((p) => !exclude.includes(p.id) && re.test(`${p.kind ?? ''} ${p.name}`)) ?? null;
}

const FOOD = /cafe|café|restaurant|diner|bakery|pub|bar|coffee/i;

/** "Mara is going to run against Sam for treasurer" -> "run against Sam for treasurer". */
export function intentionActivity(text: string): string {
  const t = stripPeriod(text);
  const m =
    /\b(?:is going to|are going to|plans? to|wants? to|will|decided to|is planning to|has to|needs? to|agreed to|promised to|hopes? to)\s+(.+)/i.exec(
      t,
    );
  if (m) return activityPhrase(m[1]!) ?? 'think over a new idea';
  const p = /\bis planning(?: on)?\s+(.+)/i.exec(t);
  if (p) return activityPhrase(`prepare ${p[1]!.replace(/^having\s+/, '')}`) ?? 'think over a new idea';
  // A short thought in the imperative ("throw a picnic in the park") is the thing to do; anything else is thought
  // over, not copied into the plan.
  return (
    (/^\p{L}+\b/u.test(t) ? activityPhrase(t.replace(/^\p{Lu}/u, (c) => c.toLowerCase())) : null) ??
    'think over a new idea'
  );
}

/** An activity is a short phrase of words: no markup, at most 10 words, or none. */
function activityPhrase(text: string): string | null {
  const words = text
    .replace(/[^\p{L}\p{N}' ,-]+/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return words.length > 0 && words.length <= 10 && !words.some((w) => /\d/.test(w) && /\p{L}/u.test(w))
    ? words.join(' ').replace(/[ ,]+$/, '')
    : null;
}

/** When a memory's plan falls for the day being planned (`i.day` is its ISO date when the runtime gives it). */
function dueOf(m: PromptMemory, i: PlanDayInput): Due {
  const today = todayNumber(i.day, i.date);
  return today === null ? 'undated' : dueOn(m.text, today, m.day);
}

/** An event with a time today named in a memory ("a spring fair at The Blue Heron on Saturday from 6 pm to 9 pm"). */
function eventToday(
  m: PromptMemory,
  i: PlanDayInput,
  places: readonly PromptPlace[],
): { start: number; end: number; activity: string; place: string } | null {
  // Any dated thing with a time and a known place is treated alike (no list of event kinds).
  // Conversation records and raw lines are not the event itself; the news heard in them is.
  if (m.kind === 'conversation_summary' || m.kind === 'plan' || /\bsaid\b[^:"]*: ["“]/.test(m.text)) return null;
  if (dueOf(m, i) !== 'today' || !/\b(on|this|today|tonight)\b|\d/.test(m.text)) return null;
  const range = new RegExp(`\\bfrom\\s+${T}\\s*(?:to|-|until)\\s*${T}`, 'i').exec(m.text);
  const start = range
    ? parseClock(`${range[1]}${range[2] ? `:${range[2]}` : ''} ${range[3]}`)
    : clockIn(m.text, new RegExp(`\\bat\\s+${T}`, 'i'));
  if (start === null) return null;
  const end = range ? parseClock(`${range[4]}${range[5] ? `:${range[5]}` : ''} ${range[6]}`) : start + 120;
  const place = placeNamedIn(m.text, places)?.id;
  if (!place || end === null || end <= start) return null;
  // Whose event: "X told Y that Z is planning ..." is Z's; "X mentioned planning ..." / "X told Y about planning" X's.
  const toldThat = /^\S+ told .+? that (.+)$/.exec(m.text)?.[1];
  const host = subjectOf(toldThat ?? m.text);
  const mine = host !== null && (host === i.name || host === i.first);
  // what it is: the noun phrase before "at/in/on" ("a spring fair at ...", "the book club in ...")
  const what =
    /\b(?:a|an|the|her|his|their|my)\s+((?:(?!about\b|planning\b|to\b)[\w'’-]+\s+){0,3}?[\w'’-]+)\s+(?:at|in|on|from)\b/i.exec(
      m.text,
    )?.[1];
  const name = (what ?? 'event').trim();
  return {
    start,
    end,
    activity: mine ? `host the ${name}` : host ? `go to ${host.split(' ')[0]}'s ${name}` : `go to the ${name}`,
    place,
  };
}

/** The resident's own intention in a memory ("Oscar has decided to run ...", an inner voice), not a wondering. */
function isOwnIntention(m: PromptMemory, name: string, first: string): boolean {
  if (m.kind === 'inner_voice') return true;
  if (m.importance < 5 || m.from) return false;
  const subject = subjectOf(m.text);
  if (subject !== name && subject !== first) return false;
  const rest = m.text.replace(new RegExp(`^\\s*(?:${escapeRegExp(name)}|${escapeRegExp(first)})\\s+`), '');
  return /^(is going to|are going to|plans? to|is planning|wants? to|will|has decided to|decided to|needs? to|has to|agreed to|promised to|hopes? to|is preparing)\b/i.test(
    rest,
  );
}

/** The block an intention becomes on its day: a run for an office is prepared for, the rest is done. */
function intentionBlock(text: string): string {
  let a = intentionActivity(text);
  if (/^(run|stand) (for|against)\b/i.test(a)) a = `prepare to ${a}`;
  return trimWhen(a);
}

/**
 * What a resident does today for an intention of a later day, or null when it needs no preparing: "throw a
 * surprise picnic ... on Sunday" -> "plan the surprise picnic ..." (the paper's John decides, then tells his
 * family; sec. 3.1), a run for an office or an event being planned is prepared; a visit or an errand waits for its day.
 */
function preparationBlock(text: string): string | null {
  const a = trimWhen(intentionActivity(text));
  if (/^prepare\b/i.test(a)) return a;
  if (/^(run|stand) (for|against)\b/i.test(a)) return `prepare to ${a}`;
  const host =
    /^(?:throw|host|hold|have|give|organi[sz]e|put on|arrange|plan|set up|cook)\s+(?:a|an|the|my|his|her|their)\s+(.+)$/i.exec(
      a,
    );
  if (host) return `plan the ${host[1]}`;
  if (/^(give|make|write|present|perform|play|sing|cook|bake)\b/i.test(a)) return `prepare to ${a}`;
  return null;
}

// Gatherings held outdoors go to the park when the intention names no place.
const OUTDOORS_EVENT = /\b(picnic|barbecue|cleanup|kite|walk|hike|jog|go for a run|game of (?:football|frisbee))\b/i;

interface Job {
  place: PromptPlace | null;
  activity: string;
  hours: { start: number; end: number } | null;
  owner: boolean;
}

/** Sentences of the identity fields about the resident itself ("Rosa ...", then "She ..." after it). */
function selfSentences(i: PlanDayInput): string[] {
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

const WORK_CUE =
  /\b(works?|working|runs|running|owns|owner|manag\w*|opens|staff|clerk|librarian|pharmacist|keeper|shopkeeper|bartender|barista|teach\w*|stud(?:y|ies|ying)|goes to|looks after|tends?|volunteers?|is (?:the|a|an) [\w -]+ (?:at|of))\b/i;
const SLEEP_CUE = /\b(bed|wakes?|awakes?|gets? up|sleeps?)\b/i;

function workHours(sentence: string): { start: number; end: number } | null {
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
const ROLE_ACTIVITY: [RegExp, (place: PromptPlace | null) => string][] = [
  [/\b(student|studies|studying)\b/i, (p) => (p ? `study at ${p.name}` : 'study')],
  [/\b(professor|teacher|lecturer)\b/i, (p) => (p ? `teach at ${p.name}` : 'prepare classes')],
  [/\b(painter|artist|animator|illustrator|photographer)\b/i, () => 'work on new art'],
  [/\b(writer|author|poet|novelist|journalist)\b/i, () => 'write'],
  [/\b(musician|composer|songwriter)\b/i, () => 'practise music'],
];

function jobOf(i: PlanDayInput, usable: readonly PromptPlace[]): Job | null {
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

const DAY_WORD = '(mon|tues|wednes|thurs|fri|satur|sun)days?';
const dayIndex = (w: string) => WEEKDAYS.findIndex((d) => d.startsWith(w.toLowerCase()));

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

const NOT_PROJECTS =
  /^(worrying|wondering|thinking|hoping|feeling|living|being|looking forward|inviting|telling|asking|curious|expecting|wanting)\b/i;

/** What the resident is busy with lately: "is writing a paper about X" -> "write a paper about X". */
function projectsOf(i: PlanDayInput): string[] {
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

type When = 'morning' | 'afternoon' | 'evening' | null;

/** Habits with a time of day ("walks the river path every morning" -> walk the river path, morning). */
function habitsOf(i: PlanDayInput, places: readonly PromptPlace[] = []): { activity: string; when: When }[] {
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
      const day = WEEKDAYS.find((d) => new RegExp(`\\bon ${d}s\\b`, 'i').test(c));
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

interface Block extends Slot {
  place: string;
}

export function offlineDayPlan(i: PlanDayInput): { start: string; end: string; activity: string; place: string }[] {
  const { wake, sleep } = lifestyleHours(i.lifestyle);
  const home = i.home;
  const usable = i.places.filter((p) => !i.avoid.includes(p.id));
  const worker = jobOf(i, usable);
  // Work only on its working days; a day off is spent on projects, habits and leisure.
  const today = todayNumber(i.day, i.date);
  const job = worker && (today === null || workingDays(i, worker).has(weekdayOf(today))) ? worker : null;
  // Projects at the workplace are the job itself ("is selling vegetables at the Corner Market").
  const projects = projectsOf(i).filter((p) => !worker?.place || !p.includes(worker.place.name));
  const habits = habitsOf(i, usable).filter((h) => !worker?.place || !h.activity.includes(worker.place.name));
  // Lunch spread by person, not the whole town at one cafe at noon: a seeded half hour between 11:30 and 1 pm, and
  // one of the town's eateries (a third of those at work all day eat at home); at work when it sells food.
  const seed = hashString(`${i.name} ${home}`) >>> 0;
  const eats = (re: RegExp) => usable.filter((p) => p.id !== home && re.test(`${p.kind ?? ''} ${p.name}`));
  const eateries = [eats(/cafe|café|coffee|bakery|diner|restaurant/i), eats(FOOD)].find((x) => x.length > 0) ?? [];
  const eatery = eateries.length === 0 ? home : eateries[(seed >>> 3) % eateries.length]!.id;
  const lunchOut = seed % 3 === 0 ? home : eatery;
  const noon = 11 * 60 + 30 * (1 + ((seed >>> 7) % 4));
  const park = placeOfKind(/park|garden|square/i, usable, [home]);
  const dinner = dinnerTime(i.lifestyle) ?? 19 * 60;
  const at = (h: number) => h * 60;
  const b = (start: number, end: number, activity: string, place: string): Block => ({ start, end, activity, place });
  const opts = { granularityMs: 5, fill: (s: number, e: number) => b(s, e, 'free time at home', home) };
  let blocks: Block[] = [
    b(0, wake, 'sleeping', home),
    b(wake, sleep, 'free time at home', home),
    b(sleep, at(24), 'sleeping', home),
  ];
  const put = (start: number, end: number, activity: string, place: string) => {
    const s = Math.max(start, wake);
    const e = Math.min(end, sleep);
    if (e - s >= 15) blocks = spliceSlots(blocks, { start: s, end: e }, [b(s, e, activity, place)], opts);
  };
  const morning = habits.find((h) => h.when === 'morning');
  const afternoon = habits.find((h) => h.when === 'afternoon' || h.when === null);
  const evening = habits.find((h) => h.when === 'evening');
  const project = projects[0];
  const outdoors = /\b(walk|stroll|jog|run along|train for|training|tend the park|river path)\b/i;
  const placeOf = (activity: string) =>
    placeNamedIn(activity, usable)?.id ?? (outdoors.test(activity) && park ? park.id : home);

  // Work, with its hours; other residents spend the day on their projects and habits.
  let work: { start: number; end: number } | null = null;
  if (job) {
    const hours = job.hours ?? { start: Math.max(wake + 60, at(9)), end: at(17) };
    work = { start: Math.max(hours.start, wake + 30), end: Math.min(hours.end, sleep) };
    if (work.end - work.start < 60) work = null;
  }
  const dayStart = wake + 60;
  put(wake, work ? Math.min(dayStart, work.start) : dayStart, 'wake up, wash and have breakfast', home);
  if (work && job) {
    const wp = job.place?.id ?? home;
    if (work.start - dayStart >= 60)
      put(
        dayStart,
        work.start,
        morning?.activity ?? project ?? 'read the news over coffee',
        morning ? placeOf(morning.activity) : project ? placeOf(project) : home,
      );
    put(work.start, work.end, job.activity, wp);
    // Lunch at work if it sells food, else a packed lunch at work or the resident's own choice (above).
    const eatsAtWork =
      job.place !== null &&
      (FOOD.test(`${job.place.kind ?? ''} ${job.place.name}`) || /market|store|shop/i.test(job.place.kind ?? ''));
    const away = (seed >>> 5) % 2 === 0 ? wp : lunchOut;
    if (work.start < noon && work.end > noon + 60) put(noon, noon + 60, 'have lunch', eatsAtWork ? wp : away);
    else if (work.start >= at(13)) put(at(12), at(13), 'have lunch', eatery);
    if (work.start < dinner && work.end > dinner + 60) put(dinner, dinner + 30, 'have a quick dinner', wp);
    const after = Math.max(work.end, at(12));
    const free = (work.end <= dinner ? dinner : sleep) - after;
    if (work.start >= at(13) && work.start - at(13) >= 60)
      put(
        at(13),
        work.start,
        afternoon?.activity ?? project ?? (park ? `take a walk in ${park.name}` : 'relax at home'),
        afternoon ? placeOf(afternoon.activity) : project ? placeOf(project) : (park?.id ?? home),
      );
    if (free >= 60 && work.end <= dinner)
      put(
        after,
        dinner,
        afternoon?.activity ?? project ?? (park ? `take a walk in ${park.name}` : 'relax at home'),
        afternoon ? placeOf(afternoon.activity) : project ? placeOf(project) : (park?.id ?? home),
      );
  } else {
    const second = projects[1] ?? afternoon?.activity ?? project;
    let t = dayStart;
    if (morning) {
      put(t, t + 90, morning.activity, placeOf(morning.activity));
      t += 90;
    }
    put(t, noon, project ?? afternoon?.activity ?? 'tidy up the house', project ? placeOf(project) : home);
    put(noon, noon + 60, 'have lunch', eatery);
    put(noon + 60, at(16), second ?? 'read a book at home', second ? placeOf(second) : home);
    put(at(16), dinner, park ? `take a walk in ${park.name}` : 'relax at home', park?.id ?? home);
  }
  if (!(work && work.start < dinner && work.end > dinner + 60)) {
    const d = work && work.end > dinner && work.end < sleep - 60 ? work.end : dinner;
    put(d, d + 60, 'have dinner', home);
    put(d + 60, sleep, evening?.activity ?? 'read and unwind at home', evening ? placeOf(evening.activity) : home);
  }

  // The strongest intention of the resident's own (an inner voice first), and any event it knows of today.
  const from = parseClock(i.from) ?? 0;
  const fixed = (s: number, e: number) =>
    (work !== null && s < work.end && e > work.start) ||
    blocks.some((x) => x.start < e && x.end > s && mealOf(x.activity));
  // An intention of a later day is prepared for today; one whose day is gone is dropped.
  const owned = [...i.intentions]
    .filter((m) => isOwnIntention(m, i.name, i.first) && !eventToday(m, i, usable))
    .sort(
      (a, c) => (c.kind === 'inner_voice' ? 1 : 0) - (a.kind === 'inner_voice' ? 1 : 0) || c.importance - a.importance,
    )
    .map((m) => {
      const due = dueOf(m, i);
      const activity = due === 'ahead' ? preparationBlock(m.text) : due === 'gone' ? null : intentionBlock(m.text);
      return { m, due, activity };
    });
  const own = owned.find((o) => o.activity !== null);
  if (own?.activity) {
    const ahead = own.due === 'ahead';
    const range = ahead ? null : new RegExp(`\\bfrom\\s+${T}\\s*(?:to|-|until)\\s*${T}`, 'i').exec(own.m.text);
    // a time named is kept for the day it names, not for the preparing
    const named = ahead ? null : clockIn(own.m.text, new RegExp(`\\b${T}`, 'i'));
    const supper = blocks.find((x) => /dinner/.test(x.activity))?.end ?? dinner + 60;
    const choices = named !== null ? [named] : [at(17), work?.end ?? at(17), supper, at(13), at(10)];
    const soonest = Math.ceil(from / 60) * 60;
    let start = choices.map((c) => Math.max(c, soonest)).find((c) => c + 60 <= sleep && !fixed(c, c + 60));
    // a time the resident named, or its inner voice (sec. 3.1), wins over the routine
    if (start === undefined && (named !== null || own.m.kind === 'inner_voice'))
      start = Math.min(Math.max(named ?? at(17), soonest), sleep - 60);
    if (start !== undefined) {
      const until = range ? parseClock(`${range[4]}${range[5] ? `:${range[5]}` : ''} ${range[6]}`) : null;
      const end = Math.min(sleep, until !== null && until > start ? until : start + 120);
      const there = placeNamedIn(own.m.text, usable)?.id;
      const place = ahead
        ? (there ?? home)
        : (there ?? (OUTDOORS_EVENT.test(own.activity) && park ? park.id : (job?.place?.id ?? home)));
      put(start, end, own.activity, place);
    }
  }
  // Events heard of in conversations count too (the record lists what was said).
  for (const m of expandSummaries(i.intentions, i.name)) {
    const ev = eventToday(m, i, usable);
    if (ev && ev.end > from) put(Math.max(ev.start, from), ev.end, ev.activity, ev.place);
  }
  const window = { start: 0, end: at(24) };
  return normalizeSlots(blocks, window, { granularityMs: 5, fill: (s, e) => b(s, e, 'sleeping', home) })
    .filter((x) => x.end > from)
    .map((x) => ({ start: hhmm(Math.max(x.start, from)), end: hhmm(x.end), activity: x.activity, place: x.place }));
}

// --- hours and steps ---

/** "work at the cafe (continued)" -> "work at the cafe" (hour labels of the offline decomposition). */
export function baseActivity(activity: string): string {
  return stripPeriod(activity.replace(/\s*\(continued\)$/, '').replace(/, then wrap up$/, ''));
}

// Concrete 5-15 minute actions for an activity or a place (the paper's Eddy: brainstorm, draft, revise). The
// first pool whose pattern matches the activity wins; then the place's name and objects decide.
// Steps of an occupation, only for a resident whose own description names it (a customer does not restock).
const WORK_POOLS: [RegExp, string[]][] = [
  [
    /pharmac|prescription/i,
    [
      'fill prescriptions at the pharmacy counter',
      'advise a customer about their medicine',
      'check the stock in the medicine cabinet',
      'sort the day’s prescriptions',
    ],
  ],
  [
    /checkout|cashier|\btill\b/i,
    [
      'scan groceries at the cash register',
      'bag a customer’s shopping',
      'restock the grocery shelves',
      'count the till',
    ],
  ],
  [
    /clerk|paperwork|civic|council|registration/i,
    [
      'go through paperwork at the clerk’s desk',
      'file documents in the filing cabinet',
      'answer a resident’s question',
      'update the town notice board',
    ],
  ],
  [
    /librar|books/i,
    [
      'help a reader at the front desk',
      'shelve returned books in the stacks',
      'check in returns on the library computer',
      'tidy the reading tables',
    ],
  ],
  [
    /\b(pub|bar|tavern|beer taps)\b/i,
    ['pour drinks at the beer taps', 'chat with the regulars at the bar', 'wipe down the bar', 'tidy up the lounge'],
  ],
  [
    /cafe|café|coffee|espresso|bakery|pastry/i,
    [
      'brew coffee at the espresso machine',
      'take orders at the cash register',
      'bake a fresh batch of cinnamon buns in the oven',
      'restock the pastry case',
      'wipe down the window table',
    ],
  ],
  [
    /market|grocer|shop\b|store/i,
    [
      'restock the grocery shelves',
      'arrange the produce stand',
      'help a customer find something',
      'ring up a customer at the cash register',
    ],
  ],
];
const POOLS: [RegExp, string[]][] = [
  [
    /flower|garden|weed|tend the park|look after/i,
    ['water the flower beds', 'pull weeds from the flower beds', 'rest on the benches for a moment', 'tidy the paths'],
  ],
  [
    /paint|sketch|draw|picture|art\b/i,
    ['set up the easel', 'sketch the outline', 'paint', 'mix colours', 'step back and look at the painting'],
  ],
  [
    /song|keyboard|piano|music|compos/i,
    ['try out a melody on the keyboard', 'write down lyrics', 'practise the tricky part', 'play the song through'],
  ],
  [
    /paper|thesis|essay|research|stud(y|ies)|homework|exam/i,
    ['read sources', 'take notes', 'write a section', 'look up a reference on the computer', 'reread the draft'],
  ],
  [
    /announcement|speech|letter|book\b|novel|poem|write\b|writing/i,
    ['jot down ideas', 'write a draft', 'reread and revise it', 'write it out neatly'],
  ],
  [
    /^(plan|prepare|organi[sz]e)\b/i,
    ['make a list of what is needed', 'work out who to ask', 'write out notes', 'think through the details'],
  ],
  [
    /^(host|hold|throw|set up|decorate)\b/i,
    ['make a list of what is needed', 'put up decorations', 'arrange the chairs', 'check the food and drinks'],
  ],
  [
    /picnic|barbecue/i,
    ['spread out the picnic blankets', 'lay out the food', 'hand round drinks', 'chat with the guests'],
  ],
  [
    /\b(train|training|jog|exercis|run along|go for a run)/i,
    ['warm up', 'run along the river', 'run a faster stretch', 'cool down and stretch'],
  ],
  [/newspaper/i, ['read the morning paper', 'read the local news', 'read the second newspaper', 'do the crossword']],
  [/\bwalk|stroll/i, ['walk along the path', 'stop to look at the view', 'walk on a little further', 'head back']],
  [/unwind|relax|free time/i, ['read a book', 'make a cup of tea', 'read a book', 'listen to some music']],
  [/read\b/i, ['read a chapter', 'make a cup of tea', 'read on', 'put the book away']],
  [/tidy|clean/i, ['tidy up the living room', 'do the washing up', 'sweep the floor', 'take out the rubbish']],
];

function poolFor(activity: string, place: string, self: string): string[] | null {
  const mine = WORK_POOLS.filter(([re]) => re.test(self));
  for (const [re, steps] of [...mine, ...POOLS]) if (re.test(activity)) return steps;
  if (place.trim() === '') return null;
  for (const [re, steps] of [...mine, ...POOLS]) if (re.test(place)) return steps;
  return null;
}

// Objects an action is likely to use, by keyword (the offline stand-in for the original's object choice call).
const OBJECT_HINTS: [RegExp, string[]][] = [
  [/sleep|bed|nap/i, ['bed']],
  [/espresso|coffee|brew/i, ['espresso machine', 'coffee machine']],
  [/bake|oven|bun/i, ['oven', 'stove']],
  [/pastry/i, ['pastry case']],
  [/orders|register|ring up|till|scan|bag/i, ['cash register', 'counter']],
  [/window table|tables\b/i, ['window table', 'long table', 'reading tables', 'table']],
  [/beer|drinks|taps/i, ['beer taps']],
  [/\bbar\b/i, ['bar stools', 'beer taps']],
  [/lounge/i, ['fireplace', 'pool table']],
  [/prescription|pharmacy counter|advise a customer/i, ['pharmacy counter']],
  [/medicine cabinet/i, ['medicine cabinet']],
  [/produce/i, ['produce stand']],
  [/grocery shelves|restock|shelves/i, ['grocery shelves', 'shelves']],
  [/shelve|stacks/i, ['bookshelves', 'bookshelf']],
  [/returns|library computer|front desk/i, ['library computer', 'returns cart']],
  [/reading tables/i, ['reading tables']],
  [/clerk’s desk|paperwork|letters|council papers/i, ["clerk's desk", 'desk']],
  [/filing|file documents/i, ['filing cabinet']],
  [/notice board/i, ['town notice board', 'notice board']],
  [/council chamber/i, ['podium', 'public benches']],
  [/flower beds|weeds/i, ['flower beds']],
  [/benches/i, ['benches', 'bench']],
  [/easel|paint|sketch|colours|painting/i, ['easel', 'canvas']],
  [/keyboard|melody|song/i, ['keyboard', 'piano']],
  [
    /breakfast|lunch|dinner|cook|meal|eat|remake|prepare/i,
    ['stove', 'oven', 'kitchen table', 'kitchen counter', 'table', 'dining table', 'fridge'],
  ],
  [/tea\b/i, ['stove']],
  [/shower|wash up|brush|get dressed/i, ['shower', 'sink', 'bathroom sink', 'washbasin']],
  [/washing up|dishes/i, ['sink']],
  [
    /read|write|study|notes|sources|draft|ideas|computer|crossword|list/i,
    ['desk', 'computer', 'bookshelf', 'reading tables', 'armchair', 'sofa', 'table'],
  ],
  [/music/i, ['record player', 'keyboard', 'piano']],
  [/clean|tidy|sweep/i, ['broom', 'sink']],
];

export function objectFor(action: string, areas: readonly { name: string; objects: string[] }[]) {
  for (const [re, names] of OBJECT_HINTS) {
    if (!re.test(action)) continue;
    for (const name of names) {
      for (const a of areas) {
        const o = a.objects.find((x) => x.toLowerCase() === name);
        if (o) return { area: a.name, object: o };
      }
    }
  }
  return null;
}

const EATERY = /espresso|coffee machine|pastry|beer taps|counter|menu|restaurant|cafe|café|pub|bar\b|diner/i;

/** The steps of one hour chunk: the activity's own actions, rotated by the hour so hours differ. */
export function stepsFor(i: PlanStepsInput): string[] {
  const activity = i.chunk.activity;
  const meal = mealOf(activity);
  const base = baseActivity(activity);
  const objects = i.areas.flatMap((a) => a.objects).join(', ');
  const atHome = i.home ?? (i.areas.some((a) => /bed|kitchen|living/i.test(a.name)) && !EATERY.test(objects));
  const context = i.context;
  // The paper's example: after the stove burned, the resident turns it off and remakes breakfast.
  if (meal && context && /stove|oven|burn|cook|kitchen/i.test(context))
    return [`remake ${meal}`, `eat ${meal}`, atHome ? 'wash the dishes' : 'chat a little and pay'];
  if (/wake up|morning routine/i.test(activity))
    return ['get out of bed and stretch', 'wash up and get dressed', 'make breakfast', 'eat breakfast', 'tidy up'];
  if (meal) {
    if (atHome) return [`prepare ${meal}`, `eat ${meal}`, 'wash the dishes'];
    if (EATERY.test(`${i.chunk.placeName} ${objects}`))
      return [`order ${meal} at the counter`, `eat ${meal}`, 'chat a little and pay'];
    return [`grab a bite for ${meal}`, `eat ${meal}`, 'take a short breather'];
  }
  // The activity without its place ("study at Riverside Library" is studying, not library work); the place's
  // objects only where the resident is not at home (a street of homes lists every household's things).
  const what = base.replace(new RegExp(`\\s+(?:at|in)\\s+${escapeRegExp(i.chunk.placeName)}$`, 'i'), '');
  const pool = poolFor(what, atHome ? '' : `${i.chunk.placeName} ${objects}`, i.summary);
  const hour = Math.floor((parseClock(i.chunk.start) ?? 0) / 60);
  let steps: string[];
  if (pool) {
    const k = (hour * 3) % pool.length;
    steps = [...pool.slice(k), ...pool.slice(0, k)].slice(0, 4); // four steps of about 15 minutes an hour
  } else steps = [base, base, 'take a short break', base];
  if (context) steps = [`get back to ${base} after the interruption`, ...steps];
  if (/, then wrap up$/.test(activity)) steps = [...steps.slice(0, 3), 'wrap up for now'];
  return steps;
}

export function isSleepChunk(activity: string): boolean {
  return isSleeping(activity);
}
