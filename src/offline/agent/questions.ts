// Kinds of questions the offline model answers (used by answer.ts): about the plan and the time, hypotheticals,
// reflective questions, who someone is, who was met, what happened yesterday.

import type { PromptMemory } from '../../agent/prompts/common.ts';
import { escapeRegExp, isAlarming, lowerFirst, progressive, stripPeriod } from '../../core/text.ts';
import { type AnswerInput, facts, introduce, listAnd, placeOfTalk } from './answer.ts';
import { topicOf } from './news.ts';
import { currentProject } from './small-talk.ts';
import { cap, firstName, isAbout, type Me, sentence } from './speech.ts';
import { names, subjectOf, toFirstPerson } from './voice.ts';

export interface PlanItem {
  start: number;
  end: number;
  activity: string;
  place: string;
}
export function planItems(plan: readonly string[] | undefined): PlanItem[] {
  const out: PlanItem[] = [];
  for (const line of plan ?? []) {
    const m = /^(\d{1,2}:\d{2} [ap]m)-(\d{1,2}:\d{2} [ap]m|midnight): (.+?)(?: \(([^)]+)\))?$/.exec(line.trim());
    if (!m) continue;
    const start = clock(m[1]!);
    const end = m[2] === 'midnight' ? 1440 : clock(m[2]!);
    if (start === null || end === null) continue;
    out.push({ start, end: end === 0 ? 1440 : end, activity: m[3]!, place: m[4] ?? '' });
  }
  return out;
}
export function clock(t: string): number | null {
  const m = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$/i.exec(t.trim());
  if (!m) return null;
  let h = Number(m[1]) % 12;
  if ((m[3] ?? '').toLowerCase() === 'pm') h += 12;
  if (!m[3] && Number(m[1]) >= 12) h = Number(m[1]);
  return h * 60 + Number(m[2] ?? 0);
}
export const sayClock = (min: number) => {
  const h = Math.floor(min / 60) % 24;
  const m = min % 60;
  return `${h % 12 === 0 ? 12 : h % 12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'am' : 'pm'}`;
};
export const doing = (activity: string) => progressive(stripPeriod(activity)).replace(/\b(his|her|their)\b/g, 'my');

export function nowMinute(time: string | undefined): number | null {
  const m = /(\d{1,2}:\d{2}\s*[ap]m)\s*$/i.exec(time ?? '');
  return m ? clock(m[1]!) : null;
}

export function planAnswer(i: AnswerInput, q: string): string | null {
  const items = planItems(i.plan).filter((p) => !/^sleep/i.test(p.activity));
  const tomorrow = /\btomorrow\b/i.test(q);
  const t = /\b(\d{1,2})(?::(\d{2}))?\s*(am|pm)\b/i.exec(q);
  if (t) {
    const at = clock(`${t[1]}${t[2] ? `:${t[2]}` : ''} ${t[3]}`);
    const hit = at === null ? undefined : planItems(i.plan).find((p) => p.start <= at && at < p.end);
    if (!hit) return null;
    const when = sayClock(at!);
    const what = /^sleep/i.test(hit.activity) ? 'asleep' : doing(hit.activity);
    return tomorrow
      ? `I haven't planned tomorrow yet, but at ${when} I'm usually ${what}, like today.`
      : `At ${when} I'll be ${what}.`;
  }
  if (/\bnext\b/i.test(q)) {
    const now = nowMinute(i.time);
    const next = now === null ? undefined : items.find((p) => p.start > now);
    return next ? `Next I'll be ${doing(next.activity)}, from ${sayClock(next.start)}.` : null;
  }
  if (/\b(right now|doing now|at the moment|up to)\b/i.test(q)) {
    const now = nowMinute(i.time);
    const cur = now === null ? undefined : items.find((p) => p.start <= now && now < p.end);
    if (cur) return `Right now I'm ${doing(cur.activity)}.`;
  }
  if (/\btoday\b/i.test(q) && !tomorrow && items.length > 0) {
    const now = nowMinute(i.time);
    const ahead = items.filter((p) => now === null || p.end > now).slice(0, 4);
    if (ahead.length > 0)
      return `Today I'm ${listAnd(ahead.map((p) => `${doing(p.activity)} from ${sayClock(p.start)}`))}.`;
  }
  // "what are your plans?": what is left of today's plan, the same answer as "what are you doing today?"
  if (/\b(your plans?|planning|plan to do|up to)\b/i.test(q) && !tomorrow && items.length > 0) {
    const now = nowMinute(i.time);
    const ahead = items.filter((p) => now === null || p.end > now).slice(0, 3);
    if (ahead.length > 0) return `I'm ${listAnd(ahead.map((p) => `${doing(p.activity)} from ${sayClock(p.start)}`))}.`;
  }
  if (/typical|usual|weekday|daily routine/i.test(q) && items.length > 0) {
    const first = items[0]!;
    const rest = items.slice(1, 6).map((p) => `${doing(p.activity)} from ${sayClock(p.start)}`);
    return `I get up around ${sayClock(first.start)}. Then I'm ${listAnd(rest)}.`;
  }
  return null;
}

export function hypothetical(i: AnswerInput, me: Me, q: string): string | null {
  if (isAlarming(q)) {
    if (/breakfast|lunch|dinner|stove|oven|cook|kitchen|food/i.test(q))
      return "I'd turn off the stove right away, put out the fire, and then make a fresh start on the meal.";
    return "I'd make sure everyone is safe first, then deal with it or call for help.";
  }
  if (/bathroom|restroom|shower/i.test(q) && /occupied|busy|taken|in use/i.test(q))
    return "I'd wait outside until it's free, or come back in a few minutes.";
  if (/fridge|refrigerator|groceries|food/i.test(q) && /empty|nothing|out of/i.test(q)) {
    const shop = i.memories
      .map((m) => /\b([A-Z][\w']*(?: [A-Z][\w']*)* (?:Market|Store|Supply|Shop))\b/.exec(m.text)?.[1])
      .find(Boolean);
    return `I'd go and buy groceries${shop ? ` at ${shop}` : ''}, or eat out this once.`;
  }
  const seen = /\bsee ([A-Z][\p{L}'’-]+(?: [A-Z][\p{L}'’-]+)*)/u.exec(i.question)?.[1];
  if (seen) {
    const known = i.memories.some((m) => names(m.text, seen));
    return known
      ? `I'd say hello to ${firstName(seen)} and ask how things are going.`
      : `I'd say hello and introduce myself to ${seen}.`;
  }
  const way = /\bway to (?:the )?([a-z ]+?)(?:[.?!]|$)/i.exec(i.question)?.[1];
  if (way) {
    const place = i.memories
      .map(
        (m) =>
          new RegExp(`\\b([A-Z][\\w']*(?: [A-Z][\\w']*)* ${escapeRegExp(cap(way.split(' ').at(-1) ?? way))})\\b`).exec(
            m.text,
          )?.[1],
      )
      .find(Boolean);
    return place
      ? `${place}? I'd point them in the right direction; it's not far.`
      : `I'd point them towards the ${way} as best I can, or walk them part of the way.`;
  }
  void me;
  return null;
}

/** People the resident talked with (conversation records, who told it news), most often first. */
export function metRecently(i: AnswerInput): string[] {
  const count = new Map<string, number>();
  const add = (n: string, w: number) => {
    if (n !== i.name) count.set(n, (count.get(n) ?? 0) + w);
  };
  for (const m of i.memories) {
    const talked = /^Conversation with ([^:]+):/.exec(m.text)?.[1];
    if (talked) for (const n of talked.split(/\s+and\s+|,\s*/)) add(n.trim(), 2);
    if (m.from) add(m.from, 1 + m.importance / 10);
  }
  return [...count].sort((a, b) => b[1] - a[1]).map(([n]) => n);
}

/** People the resident remembers most (names in its memories), most mentioned first. */
export function peopleIn(i: AnswerInput, kinds?: readonly string[]): string[] {
  const count = new Map<string, number>();
  for (const m of i.memories) {
    if (kinds && !kinds.includes(m.kind)) continue;
    const who = new Set<string>();
    for (const x of m.text.matchAll(/\b([A-Z][\p{L}'’-]+ [A-Z][\p{L}'’-]+)\b/gu)) {
      const n = x[1]!.replace(/['’]s$/, '');
      if (n !== i.name && !/\bThe\b/.test(n) && subjectOf(`${n} is`) === n) who.add(n);
    }
    if (m.from && m.from !== i.name) who.add(m.from);
    for (const n of who) count.set(n, (count.get(n) ?? 0) + 1 + m.importance / 10);
  }
  return [...count].sort((a, b) => b[1] - a[1]).map(([n]) => n);
}

export function reflective(i: AnswerInput, me: Me, q: string): string | null {
  if (/spend time with|who would it be|one person/i.test(q)) {
    const who = metRecently(i)[0];
    if (!who) return "I haven't really met anyone new lately, so I'm not sure.";
    const about = facts(i, me, (m) => (names(m.text, who) || m.from === who ? 1 : 0), 1)[0];
    return `I'd spend time with ${firstName(who)}.${about ? ` ${sentence(cap(about.line))}` : ''}`;
  }
  if (/most interesting|interesting life/i.test(q)) {
    const who = peopleIn(i)[0];
    if (!who) return "I don't know anyone well enough to say.";
    const about = facts(i, me, (m) => (isAbout(m.text, who) || m.from === who ? 2 : names(m.text, who) ? 1 : 0), 1)[0];
    return `${who}, I'd guess.${about ? ` ${sentence(cap(about.line))}` : ''}`;
  }
  if (/learned recently|something (new|you learned)/i.test(q)) {
    const heard = facts(i, me, (m) => (m.from || m.kind === 'heard' ? m.importance : 0), 1)[0];
    return heard ? `${sentence(cap(heard.line))}` : "Nothing much comes to mind, I'm afraid.";
  }
  if (/change about|change in|improve/i.test(q)) {
    const view = facts(
      i,
      me,
      (m) =>
        /\b(should|neglect\w*|does not listen|doesn't listen|wish\w*|could be better)\b/.test(m.text)
          ? m.importance
          : 0,
      1,
    )[0];
    return view ? `${sentence(cap(view.line))}` : "I'm fairly happy with it as it is.";
  }
  if (/inspires?|care about|matters?|passion/i.test(q)) {
    const project = currentProject(i.summary, me);
    const sameAsProject = (m: PromptMemory) =>
      project !== null && topicOf(m.text) !== '' && topicOf(m.text) === topicOf(project);
    const top = facts(
      i,
      me,
      (m) =>
        m.kind === 'told' || m.kind === 'heard' || sameAsProject(m)
          ? 0
          : m.kind === 'inner_voice'
            ? 10
            : /\bmatters a lot to\b/.test(m.text)
              ? 9
              : isAbout(m.text, i.name) && m.kind !== 'reflection' && m.importance >= 5
                ? m.importance
                : 0,
      1,
    )[0];
    const parts = [project ? toFirstPerson(project, i.name, i.first, me.pronoun) : null, top?.line ?? null].filter(
      (x): x is string => !!x,
    );
    return parts.length ? `Right now, ${lowerFirst(parts.map(sentence).join(' '))}` : null;
  }
  const kin = familyAnswer(i);
  if (
    kin &&
    /\b(famil\w*|household|live with|living with|married|spouse|wife|husband|partner|children|kids|parents|siblings|flatmates?|roommates?|housemates?|relatives|important people|people in your life|close to)\b/i.test(
      q,
    )
  )
    return kin;
  if (/important people|people in your life|your family|close to/i.test(q)) {
    const ties = facts(
      i,
      me,
      (m) =>
        /\b(married|wife|husband|daughter|son|parents?|mother|father|friend|neighbour|neighbor|sister|brother)\b/i.test(
          m.text,
        )
          ? m.importance
          : 0,
      3,
    );
    if (ties.length) return ties.map((t) => sentence(cap(t.line))).join(' ');
    const met = metRecently(i).slice(0, 2);
    return met.length ? `The people I see most these days are ${listAnd(met)}.` : null;
  }
  return null;
}

/**
 * The family and household the relationship notes name ("Marta's husband; ..."), in the first person: "I'm married
 * to Bruno Castell, and Leo Castell is my son." Null when no note names a tie.
 */
export function familyAnswer(i: AnswerInput): string | null {
  const ties = (i.relations ?? [])
    .map((x) => ({ name: x.name, tie: new RegExp(`^${escapeRegExp(i.first)}'s ([^;]+)`).exec(x.note)?.[1]?.trim() }))
    .filter((x): x is { name: string; tie: string } => !!x.tie && !x.name.includes('USER_TEXT'));
  if (ties.length === 0) return null;
  const spouse = ties.filter((t) => /^(spouse|wife|husband)$/.test(t.tie));
  const home = ties.filter((t) => /^(housemate|flatmate|roommate)$/.test(t.tie));
  const rest = ties.filter((t) => !spouse.includes(t) && !home.includes(t));
  const parts = [
    ...spouse.map((t) => `I'm married to ${t.name}`),
    // ("Bruno Castell and Marta Castell are my parents")
    ...[...new Set(rest.map((t) => t.tie))].map((tie) => {
      const who = rest.filter((t) => t.tie === tie).map((t) => t.name);
      return who.length > 1 ? `${listAnd(who)} are my ${tie}s` : `${who[0]} is my ${tie}`;
    }),
    ...(home.length
      ? [`I live with ${listAnd(home.map((t) => t.name))}, my ${home[0]!.tie}${home.length > 1 ? 's' : ''}`]
      : []),
  ];
  return sentence(cap(listAnd(parts)));
}

/** "Who are you planning to see?": hosts of events in today's plan, then the people the resident talks with. */
export function whoNext(i: AnswerInput): string | null {
  const hosts = planItems(i.plan)
    .map((p) => /^go to (\w+)'s (.+)$/.exec(p.activity))
    .filter((x): x is RegExpExecArray => x !== null)
    .map((x) => `${x[1]} at the ${x[2]}`);
  const met = metRecently(i)
    .slice(0, 2)
    .map(firstName)
    .filter((n) => !hosts.some((h) => h.startsWith(n)));
  const all = [...hosts, ...met];
  return all.length ? `I expect I'll see ${listAnd(all)}.` : null;
}

export function aboutSelf(i: AnswerInput, me: Me, q: string): string | null {
  if (/introduc\w* (?:of )?yourself|about yourself|^who are you\??$|describe yourself/i.test(q))
    return introduce(i, me);
  if (/your job|your work|for a living|occupation/i.test(q)) {
    const s = i.summary.split(/(?<=[.!?])\s+/).filter((x) => isAbout(x, i.name) && !/^\S+ \S+, \d+, is/.test(x));
    return s.length
      ? s
          .slice(0, 2)
          .map((x) => sentence(toFirstPerson(x, i.name, i.first, me.pronoun)))
          .join(' ')
      : null;
  }
  return null;
}

/** A person the question names whom the resident keeps a note about: who they are to it, in its own words. */
export function fromNote(i: AnswerInput, me: Me): string | null {
  const rel = (i.relations ?? []).find((x) => names(i.question, x.name));
  if (!rel || !/\b(who|know|met|about)\b/i.test(i.question)) return null;
  // (asked for their news, not who they are: "What is new with Jo? Heard anything about her plans?")
  if (/\b(new|news|lately|plans?|happening|heard anything)\b/i.test(i.question)) return null;
  const knowQ = /\bknow\b/i.test(i.question);
  if (rel.visitor) {
    const self = rel.self ? ` They told me they are ${stripPeriod(rel.self.text)}.` : '';
    const last = rel.last ? ` The last thing they said to me was: "${stripPeriod(rel.last.text)}".` : '';
    return `${knowQ ? 'Yes, ' : ''}${rel.name} is a visitor I have spoken with.${self}${last}`;
  }
  const note = sentence(cap(toFirstPerson(rel.note, i.name, i.first, me.pronoun)));
  return knowQ ? `Yes, I know ${firstName(rel.name)}. ${note}` : note;
}

export function whoIs(i: AnswerInput, me: Me): string | null {
  const noted = fromNote(i, me);
  if (noted) return noted;
  const m = /^\s*([Ww]ho is|[Ww]ho's|[Dd]o you know)\s+([A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}'’-]+)*)\s*\??\s*$/u.exec(
    i.question,
  );
  if (!m || subjectOf(`${m[2]} is`) === null) return null;
  const who = m[2]!;
  const knowQ = /know/i.test(m[1]!);
  if (who === i.name || who === i.first) return introduce(i, me);
  // What the resident knows about the person first, then what they said, then having talked with them.
  const about = facts(i, me, (x) => (isAbout(x.text, who) ? 3 + x.importance / 10 : 0), 2);
  const said =
    about.length < 2
      ? facts(
          i,
          me,
          (x) => (x.from === who || (names(x.text, who) && !x.from) ? 1 + x.importance / 10 : 0),
          2 - about.length,
        )
      : [];
  const talked = i.memories.find((x) => x.kind === 'conversation_summary' && names(x.text, who));
  const place = talked ? placeOfTalk(talked.text) : undefined;
  const lines = [...new Set([...about, ...said].map((a) => sentence(cap(a.line))))];
  if (lines.length === 0 && !talked)
    return knowQ ? `No, I don't think I know ${who}.` : `I'm sorry, I don't know who ${who} is.`;
  if (lines.length === 0) lines.push(`I talked with ${firstName(who)}${place ? ` at ${place}` : ''}.`);
  return knowQ ? `Yes, I know ${firstName(who)}. ${lines.join(' ')}` : lines.join(' ');
}

export function yesterday(i: AnswerInput, me: Me): string | null {
  const talks = i.memories
    .filter((m) => m.kind === 'conversation_summary')
    .map((m) => placeOfTalk(m.text) && /^Conversation with ([^:]+):/.exec(m.text)?.[1])
    .filter((x): x is string => !!x);
  const did = facts(i, me, (m) => (m.kind === 'observation' && names(m.text, i.name) ? m.importance : 0), 1)[0];
  if (talks.length === 0 && !did) return null;
  return [
    talks.length ? `I talked with ${listAnd([...new Set(talks)].slice(0, 3).map(firstName))}.` : '',
    did ? sentence(cap(did.line)) : '',
  ]
    .filter(Boolean)
    .join(' ');
}
