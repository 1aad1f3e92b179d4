// One-off events: a kind in the text's words ("quiz night"), its host (the subject of "hosting", "throwing",
// "means to hold", "hosted by"), one of the town's places, a day read from the story's start ("the first evening",
// "tomorrow", "Saturday morning") and hours ("7-9 pm", "at eight", a part of the day's usual hours), and whom the
// host means to invite ("everyone she meets", "her sister and Tom"). What a sentence leaves out may follow in the
// next one ("It runs 7-9 pm on the first evening"). A weekly habit, a past event, or one with no place or no day is
// no event.
import type { EventItem, KinItem } from '../types.ts';
import { dayNumber, eventDay, isoDay } from './calendar.ts';
import { halfOfDay, hm, TIME, windowsIn } from './clock.ts';
import { eventClauses } from './event-clauses.ts';
import { cleanKind, isPlace, kindOk, oneOf } from './event-kind.ts';
import { hostBefore, inviteOf } from './event-people.ts';
import {
  APPLIED_FOR,
  EVENT_CUE,
  EVENT_HEAD,
  GATHER,
  HAVE_ON,
  HAVE_TO_HOST,
  HOST_AFTER,
  HOST_RE,
  HOSTED_BY,
  KIND_BY,
  KIND_THEN_HOST,
  LEADING,
  OPEN_FOR,
  PAST,
  ROUND_FOR,
  TAKES_PLACE,
  THE_KIND_IS,
  THERE_IS,
  WEEKLY,
  WHEN_FIRST,
} from './event-words.ts';
import { KIN } from './kin-words.ts';
import { placesIn } from './places.ts';
import { quoteOf } from './quote.ts';
import { relativesNamed } from './relatives.ts';
import { type Doc, type Sentence, STAMP } from './text.ts';

const PART: Record<string, [number, number]> = {
  morning: [9 * 60, 12 * 60],
  afternoon: [14 * 60, 17 * 60],
  evening: [19 * 60, 21 * 60],
};

/** Does the next sentence go on about the same event ("It runs 7-9 pm", "The quiz starts at eight")? */
const continues = (next: Sentence | undefined, kind: string): boolean =>
  !!next &&
  (/^(?:it|this|that|they|the (?:event|evening|night|party|do))\b/i.test(next.text) ||
    kind.split(' ').some((w) => w.length > 3 && new RegExp(`\\b${w}`, 'i').test(next.text)));

/** Is the clause little more than the kind ("First ever quiz night.")? */
const bareKind = (clause: string, kind: string): boolean =>
  clause
    .toLowerCase()
    .replace(kind.toLowerCase(), ' ')
    .split(/[^\p{L}\d]+/u)
    .filter((w) => w !== '').length <= 2;

/** The kind and host a clause gives an event, if it names one. */
function eventIn(
  doc: Doc,
  marked: string,
  before: string,
  family: readonly KinItem[],
  whole: string = marked,
): { kind: string; host: string } | null {
  const places = doc.frame.places;
  const ok = (k: string) => kindOk(k) && !isPlace(k, places);
  // "Grange hall dance", "the surf club barbecue": the place said in the kind's first words is where, not what
  const clean = (k: string) => {
    const c = cleanKind(k);
    for (const p of places) {
      const n = p.name.toLowerCase().replace(/^the\s+/, '');
      if (c.toLowerCase().startsWith(`${n} `) && EVENT_HEAD.test(c.split(' ').pop()!)) return c.slice(n.length + 1);
    }
    return c;
  };
  const found: { kind: string; host: string }[] = [];
  for (const m of marked.matchAll(HOSTED_BY)) {
    const kind = clean(oneOf(m, m[1]!, marked));
    if (!ok(kind)) continue;
    const hostTok = /^@(\d+)/.exec(m[2]!);
    const host = hostTok
      ? (doc.frame.people[Number(hostTok[1])] ?? doc.resident)
      : hostBefore(doc, m[2]!, m[2]!.length, family);
    found.push({ kind, host });
  }
  for (const re of [
    ROUND_FOR,
    HOST_RE,
    HAVE_ON,
    HAVE_TO_HOST,
    APPLIED_FOR,
    THERE_IS,
    THE_KIND_IS,
    TAKES_PLACE,
    GATHER,
    OPEN_FOR,
    KIND_THEN_HOST,
    KIND_BY,
  ])
    for (const m of marked.matchAll(re)) {
      const kind = clean(oneOf(m, (m[1] ?? m[2])!, marked));
      if (!ok(kind)) continue;
      // "I make a party", "I do small party": plain verbs host only a happening by its head ("I do the cooking" no)
      // (unless the text calls people to it: "I make free soup at the centre, everybody can come")
      if (
        re === HOST_RE &&
        /^(?:make|makes|making|do|have)\b/i.test(m[0]) &&
        !EVENT_HEAD.test(kind.split(' ').pop()!) &&
        !EVENT_CUE.test(whole)
      )
        continue;
      // "The party's at the hall": only a happening the text spoke of before
      // ("The annual fete is on the green": a happening by its head noun)
      if (
        re === THE_KIND_IS &&
        !EVENT_HEAD.test(kind.split(' ').pop()!) &&
        !kind.split(' ').some((w) => w.length > 3 && new RegExp(`\\b${w}`, 'i').test(before))
      )
        continue;
      found.push({ kind, host: hostBefore(doc, `${before} ${marked}`, before.length + 1 + m.index, family) });
    }
  if (found.length === 0) {
    // a note's leading noun phrase, when the note says it is someone's happening or its head names one
    // (a day book's stamp, "Fri 6 Jun, 19:00: sea-shanty night here", is the note's head: its time has a colon too)
    const entry = marked.replace(STAMP, '');
    // (a message's opening quote is no word: "To Rhoda: 'wine and cheese evening at the Raven'")
    const after = (entry !== marked ? entry : marked.replace(/^[^:]{0,30}:\s*/, ''))
      .trim()
      .replace(/^['‘"“]\s*/, '')
      .replace(WHEN_FIRST, '')
      // "16 July, evening — St Anne's Hall: Wendy Pye's fundraising supper": a note may name its place first
      .replace(/^([^:]{2,40}):\s+/, (m, at: string) => (placesIn(at, doc.frame.places).length > 0 ? '' : m));
    // "Stan's 70th birthday do: Sun 8 Mar, 1pm, The Mermaid": the words before the colon may be the kind itself
    const head = /^([^:]{3,40}):\s*/.exec(marked)?.[1];
    // ("just you and Rosie invited — book club tomorrow evening": who comes, then, after the dash, the happening)
    const invited = /^[^—–]{0,60}\b(?:invited|only)\s+[—–]\s+/i.exec(after);
    const note =
      head &&
      !/^\s*(?:event|plans?|notes?|next|coming up|diary|re|subject|when|where|date|time)\b/i.test(head) &&
      EVENT_HEAD.test(head.trim().split(/\s+/).pop()!)
        ? `${head.trim()}:`
        : invited
          ? after.slice(invited[0].length).replace(WHEN_FIRST, '')
          : after;
    // "Nora's leaving do at the Crown", "Grandad's Christmas party": whose do it is
    const whose = new RegExp(String.raw`^(?:@(\d+)|(?:(?:her|his|my)\s+)?(${KIN}))['’]s\s+`, 'iu').exec(note);
    const lead = LEADING.exec(whose ? note.slice(whose[0].length) : note);
    const kind = lead ? clean(lead[1]!) : '';
    const owner = whose?.[1]
      ? doc.frame.people[Number(whose[1])]
      : whose?.[2]
        ? relativesNamed(whose[2], family)[0]
        : undefined;
    // ("Panigyri in the church square Friday the 15th, evening; Father is organising it": its host said after it)
    if (
      lead &&
      ok(kind) &&
      (EVENT_CUE.test(marked) ||
        EVENT_HEAD.test(kind.split(' ').pop()!) ||
        HOST_AFTER.test(whole) ||
        // "Rhoda Pugh's gymkhana at the pony club field; riders and public welcome": someone's happening, whatever
        // its name, when the note welcomes people to it
        (!!whose && EVENT_CUE.test(whole)))
    )
      found.push({ kind, host: owner ?? doc.resident });
  }
  const f = found[0];
  if (!f) return null;
  const after = HOST_AFTER.exec(marked) ?? HOST_AFTER.exec(whole);
  if (after) {
    const tok = after[1] ?? after[2] ?? after[3] ?? '';
    const p = /^@(\d+)/.exec(tok);
    if (p) f.host = doc.frame.people[Number(p[1])] ?? f.host;
    else if (/^(?:him|her|me)$/i.test(tok)) f.host = doc.resident;
    // "Father is organising it", "her uncle is running it": the relative the word names
    else if (tok !== '' && !/^them$/i.test(tok))
      f.host = relativesNamed(tok.split(/\s+/).pop()!.toLowerCase(), family)[0] ?? f.host;
  }
  return f;
}

/** A clock time anywhere in a text. */
const A_TIME = new RegExp(TIME, 'iu');

/** A sentence that says only hours: "Seven till ten.", "From 7.30 pm.", "7-10pm, all welcome." */
const HOURS_ONLY = new RegExp(
  String.raw`^\s*(?:from\s+)?${TIME}(?:\s*(?:till|until|to|[-–])\s*${TIME})?(?:\s+(?:in the (?:evening|morning|afternoon)|at night|sharp|onwards|or so))?\s*(?:[,;]\s*[\p{L}\s]{0,20})?[.!]?\s*$`,
  'iu',
);

/** Generic words for the resident's own workplace ("at the café", "at the shop"). */
const AT_WORK =
  /\b(?:at|in)\s+(?:(?:the|her|his|my|our)\s+)?(?:shop|store|café|cafe|pub|bar|bakery|office|surgery|salon|yard|works|workshop|stall|kitchen|pharmacy|garage|mill)(?![\p{L}])/iu;

export function readEvents(
  doc: Doc,
  family: readonly KinItem[],
  work: { place: string } | null = null,
  home: string | null = null,
): EventItem[] {
  const first = dayNumber(doc.frame.start);
  const startAt = doc.frame.start;
  const out: EventItem[] = [];
  for (const s of doc.sentences) {
    const { texts, markeds } = eventClauses(doc, s, (m, before) => eventIn(doc, m, before, family, m) !== null);
    for (const [ci, clauseMarked] of markeds.entries()) {
      const clause = texts[ci] ?? clauseMarked;
      // (the sentence before is another sentence, whether or not it ends in a stop: a profile's "aunt of Luca Russo /
      // hosting a rounders match" has no host before its verb, so it is the resident's)
      const prev = doc.sentences[s.index - 1]?.marked ?? '';
      const f = eventIn(
        doc,
        clauseMarked,
        /[.!?;]\s*$/.test(prev) || prev === '' ? prev : `${prev}.`,
        family,
        s.marked,
      );
      if (!f) continue;
      // what the clause leaves out may follow: the next clause, else the next sentence
      const nextClause = texts[ci + 1];
      const next = doc.sentences[s.index + 1];
      let text = clause;
      let markedText = clauseMarked;
      const parts = [clause];
      const missing = (t: string) => placesIn(t, doc.frame.places).length === 0 || eventDay(t, first) === null;
      if (missing(text) && nextClause && continues({ text: nextClause.trim() } as Sentence, f.kind)) {
        text = `${text}; ${nextClause}`;
        markedText = `${markedText}; ${markeds[ci + 1]}`;
        parts.push(nextClause);
      } else if (
        missing(text) &&
        /^\s*(?:event|activity|booking)\s*[:=]/i.test(clause) &&
        doc.sentences.slice(s.index + 1, s.index + 5).some((x) => /^\s*(?:date|when|day)\s*[:=]/i.test(x.text))
      ) {
        // a form's "Event: Annual produce show. Room: Main hall, Oakfield Community Centre. Date: ... Time: ..."
        for (const x of doc.sentences.slice(s.index + 1, s.index + 5)) {
          if (
            !/^\s*(?:room|venue|place|where|location|date|when|day|time|hours|attendance|open to)\s*[:=]/i.test(x.text)
          )
            break;
          text = `${text} ${x.text}`;
          markedText = `${markedText} ${x.marked}`;
          parts.push(x.text);
        }
      } else if (
        missing(text) &&
        ci === markeds.length - 1 &&
        next &&
        next.field === s.field &&
        (continues(next, f.kind) ||
          // "Car boot sale. Sat 17 May, the rec ground, 8 am-noon.": a note naming only the happening goes on
          (bareKind(clause, f.kind) &&
            (eventDay(next.text, first) !== null || placesIn(next.text, doc.frame.places).length > 0)))
      ) {
        text = `${text} ${next.text}`;
        markedText = `${markedText} ${next.marked}`;
        parts.push(next.text);
      } else if (
        ci === markeds.length - 1 &&
        next &&
        next.field === s.field &&
        !A_TIME.test(text) &&
        HOURS_ONLY.test(next.text)
      ) {
        // a note's hours in a sentence of their own ("Sardine supper at the club, Wednesday evening. Seven till ten.")
        text = `${text} ${next.text}`;
        markedText = `${markedText} ${next.marked}`;
        parts.push(next.text);
      }
      if (WEEKLY.test(text) && !/\bnext\b|\bthis\b|\bfirst\b/i.test(text)) continue;
      if (PAST.test(text) && !/\b(?:will|is|['’]s|plans?|going|tomorrow|tonight|next)\b/i.test(text)) continue;
      // the place said after the kind ("throwing a barbecue on the green"), else the one said last before it
      const at = text.toLowerCase().indexOf(f.kind.toLowerCase());
      const mentions = placesIn(text, doc.frame.places);
      // (a place by its whole name first, then one said "at": "a lecture on the Wexcombe branch line at the reading
      // room" is at the reading room, not at a place one word of the topic names)
      const said = (x: { at: number }) =>
        /\b(?:at|in|on|upon|to|behind|outside|inside|near)\s+(?:the\s+)?$/i.test(text.slice(0, x.at));
      let place =
        (
          mentions.find((x) => x.at > at && (x.whole || said(x))) ??
          mentions.find((x) => x.at > at) ??
          mentions.filter((x) => x.at < at).pop() ??
          mentions[0]
        )?.id ?? null;
      if (
        !place &&
        work &&
        (AT_WORK.test(text) ||
          f.kind.split(' ').some(
            (w) =>
              w.length > 3 &&
              doc.frame.places
                .find((p) => p.id === work.place)
                ?.name.toLowerCase()
                .includes(w.toLowerCase()),
          ))
      )
        place = work.place;
      // a day book kept at the resident's workplace ("The Lugger — landlord's book ... Fri 6 Jun, 19:00: sea-shanty
      // night here, mine"): a happening said with no place, or "here", is held there
      if (
        !place &&
        work &&
        (/\bhere\b/i.test(text) ||
          (STAMP.test(clause) && placesIn(doc.sentences[0]?.text ?? '', doc.frame.places)[0]?.id === work.place))
      )
        place = work.place;
      // "I am holding a small farewell there": the place the sentence before named
      // (or the clause before it in the same sentence: "meets at The Anchor every Thursday, and this week she is
      // hosting an author evening there")
      if (!place && /\bthere\b/i.test(text)) {
        const prev = ci > 0 ? texts[ci - 1] : doc.sentences[s.index - 1]?.text;
        place = prev ? (placesIn(prev, doc.frame.places).pop()?.id ?? null) : null;
      }
      // "a curry night at home": the resident's own home, where the text says they live
      if (!place && home && /\bat (?:home|hers|his|theirs|(?:her|his|their|my|our) (?:place|house|home))\b/i.test(text))
        place = home;
      // "her book group meets every Thursday at 7, and this week she is hosting an author evening there on
      // Wednesday at 7.30": the habit's day and hour are not the happening's
      const habit = /\b(?:every|each)\s+(?:sun|mon|tues|wednes|thurs|fri|satur)day\b/i.exec(text);
      const part = habit && habit.index < at ? text.slice(Math.max(0, text.lastIndexOf(',', at))) : text;
      // "u coming Sunday? BBQ at the community centre, 1pm": a short question just before may say the day
      const asked = doc.sentences[s.index - 1];
      const day =
        eventDay(part, first) ??
        (ci === 0 && asked && /\?\s*$/.test(asked.text) && asked.text.split(/\s+/).length <= 8
          ? eventDay(asked.text, first)
          : null);
      if (!place || day === null) continue;
      // "at 7 Pennock Lane" is a place, not seven o'clock
      // (a day book's stamp "Mon 8 Sep, 20:00:" or a note's "Fri 6pm:" says when it starts: its time, not a clock's colon)
      let clock = part.replace(/^(\s*[^:;]{0,20}?\d{1,2}(?:[:.]\d{2}|\s*[ap]\.?m\.?))\s*:\s/i, '$1, ');
      for (const x of placesIn(part, doc.frame.places))
        clock = clock.slice(0, x.at) + ' '.repeat(x.length) + clock.slice(x.at + x.length);
      const ws = windowsIn(clock);
      const w = ws.find((x) => x.end !== null) ?? ws[0];
      let start: number;
      let end: number;
      if (w) {
        start = w.start;
        end = w.end ?? Math.min(24 * 60, w.start + 120);
        if (w.end !== null && w.end < w.start) end = w.end + 24 * 60;
      } else {
        const half = halfOfDay(text) ?? (/\bnight\b/i.test(f.kind) ? 'evening' : null);
        if (!half) continue;
        [start, end] = PART[half]!;
      }
      const iso = isoDay(day);
      // whom the host asks: said with the happening, else in a sentence just after it that is about no other one
      const invite = inviteOf(doc, markedText === clauseMarked ? s.marked : markedText, parts, family, f, (x) =>
        eventClauses(doc, x, (m, b) => eventIn(doc, m, b, family, m) !== null)
          .markeds.map((m) => eventIn(doc, m, '', family, x.marked)?.kind ?? '')
          .some((k) => k !== '' && !continues({ text: k } as Sentence, f.kind)),
      );
      const startText = `${iso} ${hm(start)}`;
      if (startText < startAt) continue;
      // the same happening said again (the seed after the current field): whom it names as invited, if the first did not
      const again = out.find((e) => e.place === place && e.start === startText);
      if (again) {
        if (again.invite === 'everyone' && invite !== 'everyone') again.invite = invite;
        continue;
      }
      out.push({
        kind: f.kind.toLowerCase() === f.kind ? f.kind : f.kind.charAt(0).toLowerCase() + f.kind.slice(1),
        host: f.host,
        place,
        start: startText,
        end: `${end >= 24 * 60 ? isoDay(day + 1) : iso} ${hm(end % (24 * 60))}`,
        invite,
        quote: quoteOf(doc, parts),
      });
    }
  }
  return out;
}
