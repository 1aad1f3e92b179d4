// What a town tracks for the evaluation (issue 23 item 1): facts (a question, the answer's key content, who knows
// at the start) and events (kind, host, place, time window, who is invited). A town file declares them; a
// Smallville-format folder may hold the same in a file beside it; without one they are derived from the seeds that
// name a time and a place (an event) or a secret (a fact), and the importer says what it derived. A neutral reader:
// every town, event and secret alike (src/core/event-text.ts reads the events).
import { readEventText } from '../core/event-text.ts';
import { escapeRegExp } from '../core/text.ts';
import { clockAt, DAY_MS, dateText, formatSimStart, MINUTE_MS } from '../core/time.ts';
import type { TownFileInput } from './file.ts';
import { slugify } from './file.ts';

type FactInput = NonNullable<TownFileInput['facts']>[number];
export type EventInput = NonNullable<TownFileInput['events']>[number];

const lastName = (name: string) => name.split(/\s+/).slice(1).join(' ');
const firstName = (name: string) => name.split(/\s+/)[0] ?? name;

/** The default question about an event: asked by its kind, as the paper asked about the party (sec. 7.1). */
export function eventQuestion(kind: string): string {
  return `Do you know of any ${kind} coming up in town? If so, who is hosting it, and where and when is it?`;
}

/** The sentence a host knows its event by, and the fact's description. */
export function eventSentence(e: {
  kind: string;
  host: string;
  placeName: string;
  start: number;
  end: number;
}): string {
  return `${e.host} is hosting a ${e.kind} at ${e.placeName} on ${dateText(e.start)}, from ${clockAt(e.start)} to ${clockAt(e.end)}`;
}

/**
 * An event as the fact the evaluation measures: its question, and keywords an answer must hold (its kind, and the
 * host's name or the place's) so a resident who knows of it says so in its own words.
 */
export function eventFact(
  e: EventInput,
  names: { host: string; placeName: string },
  start: number,
  end: number,
): FactInput {
  const kindWords = e.kind
    .split(/[\s-]+/)
    .filter((w) => w.length >= 4)
    .map(escapeRegExp);
  const who = [firstName(names.host), lastName(names.host), names.placeName]
    .filter((w) => w.length > 1)
    .map(escapeRegExp);
  return {
    id: e.id ?? slugify(e.kind),
    description: eventSentence({ kind: e.kind, host: names.host, placeName: names.placeName, start, end }),
    holder: e.host,
    question: e.question ?? eventQuestion(e.kind),
    keywords: e.keywords ?? [kindWords.length > 0 ? kindWords.join('|') : escapeRegExp(e.kind), who.join('|')],
    event: {
      kind: e.kind,
      location: e.place,
      start: e.start,
      end: e.end,
      ...(e.invited && e.invited !== 'everyone' ? { invited: e.invited } : {}),
    },
  };
}

/** A phrase that keeps something to its owner ("secretly", "tells nobody", "intends to tell only his wife"). */
const SECRET =
  /\b(?:secret(?:ly)?|in private|privately|confidential(?:ly)?|has(?:n't| not) told (?:anyone|anybody)|without (?:having )?told (?:anyone|anybody)|tells? (?:nobody|no one)|told no one|keeps? (?:it|this) to (?:him|her|them)sel(?:f|ves)|(?:intends|plans|wants) to tell only)\b/i;

const STOP = new Set(
  'about after also anyone anybody been before decided going have having heard intends into just know knows like made make nobody only plans planning really said says should some tell tells that their them then there they this those told very wants what when will with would secret secretly privately'.split(
    ' ',
  ),
);

/** The content words of a clause (4+ letters, no common words, none of the given names). */
function words(text: string, skip: readonly string[]): string[] {
  const names = new Set(skip.flatMap((n) => n.toLowerCase().split(/\s+/)));
  return [
    ...new Set(
      (text.toLowerCase().match(/[\p{L}\p{N}'’-]+/gu) ?? []).filter(
        (w) => w.length >= 4 && !STOP.has(w) && !names.has(w),
      ),
    ),
  ];
}

/** A fact from a resident's secret: what it intends or knows, a question about it, and its key content. */
export function secretFact(
  holder: string,
  phrase: string,
  people: readonly string[],
  opts: { anyMatter?: boolean } = {},
): FactInput | null {
  const clean = phrase.replace(/\s+/g, ' ').trim();
  const intent =
    /\b(?:decided|plans?|is planning|intends|is going|wants|means|hopes)\s+to\s+(.+?)(?:,|;|\.|\s+and\s+(?:intends|plans|wants|tells|has|is)\b|$)/i.exec(
      clean,
    );
  const news = /\b(?:heard|learned|learnt|knows|found out|discovered)\s+that\s+(.+?)(?:,|;|\.|\s+and\s+|$)/i.exec(
    clean,
  );
  const first = firstName(holder);
  let question: string;
  let content: string;
  if (intent && !/^tell\b/i.test(intent[1]!)) {
    content = intent[1]!.trim();
    question = `Do you know whether anyone in town has decided to ${content.replace(/\b(?:his|her)\b/gi, 'their')}? If so, who?`;
  } else if (news) {
    content = news[1]!.trim();
    const topic =
      /^((?:the|a|an)\s+(?:[\p{L}'’-]+\s+){0,2}?[\p{L}'’-]+)\s+(?:will|is|was|has|are|were|had|would)\b/iu.exec(
        content,
      )?.[1];
    question = topic ? `Have you heard any news about ${topic}?` : `Have you heard any news lately? What is it?`;
  } else if (opts.anyMatter) {
    // a matter in any other words (the town's reading gives it as the text says it): asked about its person, keyed
    // on the person and the matter's own words
    content = clean.replace(/[.;]+$/, '');
    question = `What is new with ${first} lately? Have you heard anything about ${first}'s plans or news?`;
    const key = words(content, [holder, ...people]);
    if (key.length === 0) return null;
    return {
      id: slugify(`${first} ${key.slice(0, 3).join(' ')}`),
      description: clean,
      holder,
      question,
      keywords: [
        [first, lastName(holder)].filter(Boolean).map(escapeRegExp).join('|'),
        key.map(escapeRegExp).join('|'),
      ],
    };
  } else return null;
  const key = words(content, [holder, ...people]);
  if (key.length === 0) return null;
  return {
    id: slugify(`${first} ${key.slice(0, 3).join(' ')}`),
    description: clean,
    holder,
    question,
    keywords:
      intent && !/^tell\b/i.test(intent[1]!)
        ? [[first, lastName(holder)].filter(Boolean).map(escapeRegExp).join('|'), key.map(escapeRegExp).join('|')]
        : [key.map(escapeRegExp).join('|')],
  };
}

export interface Derived {
  facts: FactInput[];
  events: EventInput[];
  /** One line per thing derived, naming the seed it came from. */
  notes: string[];
}

/**
 * Events and facts derived from the residents' seed phrases: a phrase that names a day, a clock time and a known
 * place is an event of its subject (or the host it names); a phrase that keeps something secret is a fact its
 * resident holds. `start` is the town's start (ms); events before it are left out.
 */
export function deriveTracked(
  residents: readonly { name: string; phrases: readonly string[] }[],
  places: readonly { id: string; name: string }[],
  start: number,
): Derived {
  const out: Derived = { facts: [], events: [], notes: [] };
  const people = residents.map((r) => r.name);
  const said = Math.floor(start / DAY_MS);
  for (const r of residents)
    for (const phrase of r.phrases) {
      const ev = readEventText(phrase, { said, places, people });
      const host = ev?.host && people.includes(ev.host) ? ev.host : ev && phrase.startsWith(r.name) ? r.name : null;
      if (ev && host) {
        const t0 = ev.day * DAY_MS + ev.start * MINUTE_MS;
        const t1 = ev.day * DAY_MS + ev.end * MINUTE_MS;
        const known = out.events.some(
          (e) =>
            e.kind.toLowerCase() === ev.kind.toLowerCase() && e.place === ev.place && e.start === formatSimStart(t0),
        );
        if (t0 >= start && !known) {
          out.events.push({
            id: slugify(ev.kind),
            kind: ev.kind,
            host,
            place: ev.place,
            start: formatSimStart(t0),
            end: formatSimStart(t1),
            invited: 'everyone',
          });
          const where = places.find((p) => p.id === ev.place)?.name ?? ev.place;
          out.notes.push(
            `event "${ev.kind}" hosted by ${host} at ${where}, ${formatSimStart(t0)} to ${formatSimStart(t1).slice(11)} (from ${r.name}'s seed: "${phrase}")`,
          );
        }
        continue;
      }
      if (!SECRET.test(phrase)) continue;
      const f = secretFact(r.name, phrase, people);
      if (f && !out.facts.some((x) => x.id === f.id)) {
        out.facts.push(f);
        out.notes.push(
          `fact "${f.id}" known to ${r.name} alone, asked as "${f.question}" (from the secret in ${r.name}'s seed: "${phrase}")`,
        );
      }
    }
  return out;
}
