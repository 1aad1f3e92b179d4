// The offline model's planning (sec. 4.3): a day outline from the resident's identity fields and lifestyle, the
// way a model would read them. Occupation and workplace come from what the resident does ("owns The Blue
// Heron", "works at Harbor Market from 9 am to 5 pm", "is a retired ferry captain who walks the river path every
// morning"); projects from what it is currently doing ("is writing a paper about ..."); habits with a time of day
// from its lifestyle; intentions only when they are its own ("X has decided to ...", an inner voice), or an event
// it heard of that happens today. What the identity fields say is read in day-facts.ts and work.ts; the hours and
// steps under the outline are in steps.ts.

import type { PlanDayInput, PromptPlace } from '../../agent/prompts/plan-day.ts';
import { T, todayNumber, trimWhen, weekdayOf } from '../../core/dates.ts';
import { hashString } from '../../core/rng.ts';
import { mealOf, normalizeSlots, type Slot, spliceSlots } from '../../core/schedule.ts';
import { escapeRegExp } from '../../core/text.ts';
import { hhmm, parseClock } from '../../core/time.ts';
import { expandSummaries } from './answer.ts';
import {
  clockIn,
  dinnerTime,
  dueOf,
  eventToday,
  FOOD,
  intentionBlock,
  isOwnIntention,
  lifestyleHours,
  OUTDOORS_EVENT,
  placeNamedIn,
  placeOfKind,
  preparationBlock,
} from './day-facts.ts';
import { habitsOf, type Job, jobOf, projectsOf, workingDays } from './work.ts';

interface Block extends Slot {
  place: string;
}

export function offlineDayPlan(i: PlanDayInput): { start: string; end: string; activity: string; place: string }[] {
  const { wake, sleep } = lifestyleHours(i.lifestyle);
  const home = i.home;
  const usable = i.places.filter((p) => !i.avoid.includes(p.id));
  const worker = readJob(i, usable) ?? jobOf(i, usable);
  // Work only on its working days (the town's reading says them: `work` is given on a working day only); a day off
  // is spent on projects, habits and leisure.
  const today = todayNumber(i.day, i.date);
  const job = i.work
    ? worker
    : worker && (today === null || workingDays(i, worker).has(weekdayOf(today)))
      ? worker
      : null;
  // Projects at the workplace are the job itself ("is selling vegetables at the Corner Market").
  // (named by the place's own word too: "help at the pharmacy" is work at Ashworth's Pharmacy)
  const placeWords = (worker?.place?.name ?? '')
    .split(/\s+/)
    .filter((w) => w.length > 3 && !/['’]s$/.test(w) && /^\p{L}+$/u.test(w))
    .map((w) => w.toLowerCase());
  const atWork = (p: string) =>
    !!worker?.place && (p.includes(worker.place.name) || placeWords.some((w) => new RegExp(`\\b${w}\\b`, 'i').test(p)));
  const projects = projectsOf(i).filter((p) => !atWork(p));
  const habits = habitsOf(i, usable)
    .filter((h) => !atWork(h.activity))
    .map((h) => ({ ...h, activity: trimWhen(h.activity) }));
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

  // The town's reading of its habits (issue 32 item 6): each with an hour, at its place, outside work and meals
  for (const h of i.routine ?? []) {
    const start = h.start ? parseClock(h.start) : null;
    if (start === null) continue;
    const end = (h.end ? parseClock(h.end) : null) ?? start + 60;
    const place = h.place && usable.some((p) => p.id === h.place) ? h.place : h.place ? null : home;
    if (!place || end <= start) continue;
    // (work and meals in its hours stay: the habit fills around them)
    const kept = blocks.filter(
      (x) => x.start < end && x.end > start && (!!mealOf(x.activity) || x.activity === job?.activity),
    );
    put(start, end, h.what, place);
    for (const x of kept) put(x.start, x.end, x.activity, x.place);
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
  // The events of today the mind knows as things: by their kind, host and place, whatever a memory's wording
  for (const e of i.events ?? []) {
    const s = parseClock(e.start);
    const t = parseClock(e.end);
    if (s !== null && t !== null && t > from && usable.some((p) => p.id === e.place))
      put(Math.max(s, from), t, e.activity, e.place);
  }
  // Someone it means to tell something in private: sought out at their work in its hours, else called on at home
  // after the working day, where no event of the day claims the time (issue 32 item 5)
  for (const [k, x] of (i.confide ?? []).entries()) {
    // (long enough to walk there and find a moment: an hour and a half)
    const start = Math.max(from, (x.start ? parseClock(x.start) : null) ?? (work?.end ?? at(17)) + 30 + 90 * k);
    const taken = (i.events ?? []).some(
      (e) => (parseClock(e.start) ?? 0) < start + 90 && (parseClock(e.end) ?? 0) > start,
    );
    if (i.places.some((p) => p.id === x.place) && !taken)
      put(start, start + 90, `call on ${x.name.split(/\s+/)[0]}`, x.place);
  }
  // Someone it means to invite to its event of today: sought out at their work before the event, for an hour
  // (one after another: a call already planned pushes the next one back)
  let calls = 0;
  for (const x of i.invite ?? []) {
    const start = Math.max(from, calls, (x.start ? parseClock(x.start) : null) ?? at(10));
    const event = (i.events ?? []).find((e) => e.hosting && (parseClock(e.start) ?? 0) >= start + 60);
    const taken = blocks.some((y) => y.start < start + 60 && y.end > start && /^call on /.test(y.activity));
    if (i.places.some((p) => p.id === x.place) && event && !taken) {
      put(start, start + 60, `invite ${x.name.split(/\s+/)[0]} to the ${x.event}`, x.place);
      calls = start + 60;
    }
  }
  const window = { start: 0, end: at(24) };
  return normalizeSlots(blocks, window, { granularityMs: 5, fill: (s, e) => b(s, e, 'sleeping', home) })
    .filter((x) => x.end > from)
    .map((x) => ({ start: hhmm(Math.max(x.start, from)), end: hhmm(x.end), activity: x.activity, place: x.place }));
}

/**
 * The job the town's reading gives (issue 32): its place and hours as read, and what the resident does there as its
 * identity fields say it (else "work at <place>"). Null when the reading gives no work today.
 */
function readJob(i: PlanDayInput, usable: readonly PromptPlace[]): Job | null {
  if (!i.work) return null;
  const place = usable.find((p) => p.id === i.work?.place) ?? i.places.find((p) => p.id === i.work?.place) ?? null;
  const start = i.work.start ? parseClock(i.work.start) : null;
  const end = i.work.end ? parseClock(i.work.end) : null;
  const prose = jobOf(i, usable);
  // what it does there as a short verb phrase ending at the place ("bake at the bakery", "run the shop"), never a
  // clause of the text with its times in it ("lock the church at six")
  const clean =
    prose !== null &&
    place !== null &&
    prose.place?.id === place.id &&
    prose.activity.split(/\s+/).length <= 9 &&
    new RegExp(`(?:^|\\s)${escapeRegExp(place.name)}$`).test(prose.activity) &&
    !/\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|half|quarter|past|noon|midnight|o'clock|am|pm|every|daily|mornings?|evenings?|afternoons?)\b/i.test(
      prose.activity.slice(0, -place.name.length),
    );
  const activity = clean && prose ? prose.activity : `work at ${place?.name ?? 'work'}`;
  return {
    place,
    activity,
    // (one end said: a working day of eight hours from or to it)
    hours:
      start !== null && end !== null
        ? { start, end: end <= start ? 24 * 60 : end }
        : start !== null
          ? { start, end: Math.min(24 * 60, start + 8 * 60) }
          : end !== null
            ? { start: Math.max(0, end - 8 * 60), end }
            : (prose?.hours ?? null),
    owner: prose?.owner ?? false,
  };
}
