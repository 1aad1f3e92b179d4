// Relationships that hold: per person a resident knows, a short note of who they are to it and what it last
// heard from them, like the original's "what is in X's head about Y" (Park et al. 2023, sec. 4.3.1, the
// relationship summary that conditions each reaction and utterance). Seeded from the persona file's phrases that
// name the person, refreshed after every conversation, when a visitor speaks, and on reflection. The note goes
// into every react, dialogue, hear and interview prompt about that person, so family and acquaintances do not
// meet as strangers however long the memory stream grows (retrieval alone loses them: sec. 6.5).

import { clip, escapeRegExp, newsKey } from '../core/text.ts';
import { type Audience, audienceOf, isKept, mayTell, PUBLIC } from './audience.ts';
import type { MindContext, Resident } from './context.ts';
import type { Relation } from './mind-state.ts';
import type { PromptRelation, QuotedText } from './prompts/common.ts';
import type { Memory } from './types.ts';

const key = (name: string) => name.trim().toLowerCase();

/** Does a text name this person (full name, or first name as a word)? */
export function names(text: string, name: string): boolean {
  const first = name.split(/\s+/)[0] ?? name;
  const re = new RegExp(`\\b(${escapeRegExp(name)}|${escapeRegExp(first)})\\b`);
  return first.length > 1 && re.test(text);
}

/** The seed phrases that name the person: who they are to the resident, from its own persona file. */
function seedNote(r: Resident, name: string, chars: number): string | null {
  // (a secret that names them is not who they are: it stays out of the note, which every prompt about them shows)
  const seeds = r.memory
    .all()
    .filter((m: Memory) => m.kind === 'seed' && names(m.description, name) && !isKept(audienceOf(m)));
  if (seeds.length === 0) return null;
  return clip(seeds.map((m) => m.description.replace(/[.;]\s*$/, '')).join('; '), chars);
}

/** What the person is to the resident by family or household ("Marta's husband"), from its profile. */
export function familyTie(r: Resident, name: string): string | null {
  const tie = (r.profile.family ?? []).find((t) => t.name.toLowerCase() === name.trim().toLowerCase());
  return tie ? `${r.profile.firstName}'s ${tie.relation}` : null;
}

/** A question about the resident's family or household ("Tell me about your family", "Who do you live with?"). */
export function asksAboutFamily(text: string): boolean {
  return /\b(family|household|famil\w+|live with|living with|married|spouse|wife|husband|partner|children|kids|sons?|daughters?|parents|mother|father|brothers?|sisters?|siblings|flatmates?|roommates?|housemates?|relatives|important people|people in your life|closest to)\b/i.test(
    text,
  );
}

/**
 * The resident's note about a person, or null when it has never heard of them. `listeners`: who will hear what the
 * resident says with this note in mind (default: that person); a last conversation some of them may not know (a
 * confidence) is left out.
 */
export function relationOf(
  c: MindContext,
  r: Resident,
  name: string,
  listeners: readonly string[] = [name],
): PromptRelation | null {
  const chars = c.settings.relationNoteChars;
  if (chars <= 0 || c.settings.ablate.memory) return null; // notes off (the memory ablation, or set to 0)
  const stored: Relation | undefined = c.mindOf(r).relations[key(name)];
  // family and household first: who they are to the resident, whatever else the note holds
  const kin = familyTie(r, name);
  const known = stored?.who ?? seedNote(r, name, chars);
  const who = kin ? clip(known && !known.startsWith(kin) ? `${kin}; ${known}` : kin, chars) : known;
  if (!stored && who === null) return null;
  return {
    name: stored?.name ?? name,
    note: who ?? `someone ${r.profile.firstName} has met`,
    ...(stored?.visitor ? { visitor: true } : {}),
    ...(stored?.self ? { self: stored.self } : {}),
    ...(stored?.last && mayTell(stored.lastAudience ?? PUBLIC, r.profile.name, listeners) ? { last: stored.last } : {}),
    // (a note kept before issue 21 quoted the resident's own reflection: it is its own thought)
    ...(stored?.insight && /'s own reflection$/.test(stored.insight.from)
      ? { thought: stored.insight.text }
      : stored?.insight
        ? { insight: stored.insight }
        : {}),
    ...(stored?.thought ? { thought: stored.thought } : {}),
    ...(stored?.told?.length ? { told: stored.told.slice(-TOLD_SHOWN) } : {}),
    ...(stored?.heard?.length ? { heard: stored.heard.slice(-TOLD_SHOWN) } : {}),
  };
}

/**
 * News kept per person and direction, and how many of the newest a note shows (about 30 tokens each way; issue 33
 * lever 4: four each way were a fifth of a dialogue prompt, and whether a retrieved memory is news to the listener
 * is marked from all that is kept, `fresh` in talk-context.ts).
 */
const TOLD_KEPT = 12;
const TOLD_SHOWN = 2;

/**
 * Who has been told what (issue 22 item 2): news the resident passed on to a person (`told`) or heard from them
 * (`heard`) in a conversation, newest last; the same news twice is kept once.
 */
export function noteNews(c: MindContext, r: Resident, other: string, news: string, dir: 'told' | 'heard', now: number) {
  const x = upsert(c, r, other, now);
  x.who ??= `someone ${r.profile.firstName} has talked with`;
  const item = clip(
    news
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[.!]+$/, ''),
    140,
  );
  const key = newsKey(item);
  const had = (x[dir] ?? []).filter((t) => newsKey(t) !== key);
  x[dir] = [...had, item].slice(-TOLD_KEPT);
}

/**
 * Notes about every listed person the resident knows (strangers are left out: the prompt says so by omission),
 * for a talk that `listeners` hear (default: those people).
 */
export function relationsFor(
  c: MindContext,
  r: Resident,
  people: readonly string[],
  listeners: readonly string[] = people,
): PromptRelation[] {
  return people.map((n) => relationOf(c, r, n, listeners)).filter((x): x is PromptRelation => x !== null);
}

/**
 * The people a free text (an interview question) names whom the resident knows: met, or named in its seed; a
 * question about its family or household brings every member's note first. `listeners`: who will hear the answer.
 */
export function relationsNamedIn(
  c: MindContext,
  r: Resident,
  text: string,
  max = 3,
  listeners?: readonly string[],
): PromptRelation[] {
  const members = (r.profile.family ?? []).map((t) => t.name);
  const family = asksAboutFamily(text) ? relationsFor(c, r, members, listeners ?? members) : [];
  const named = namedIn(c, r, text, max, listeners).filter((x) => !family.some((f) => f.name === x.name));
  return [...family, ...named].slice(0, Math.max(max, family.length));
}

function namedIn(
  c: MindContext,
  r: Resident,
  text: string,
  max: number,
  listeners?: readonly string[],
): PromptRelation[] {
  const met = Object.values(c.mindOf(r).relations)
    .map((x) => x.name)
    .filter((n) => names(text, n));
  const capitalised = [...text.matchAll(/\b\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+)*/gu)].map((m) => m[0]);
  const candidates = [...new Set([...met, ...capitalised])].filter(
    (n) => n !== r.profile.name && n !== r.profile.firstName && !met.some((m) => m !== n && m.includes(n)),
  );
  return relationsFor(c, r, candidates, listeners ?? candidates).slice(0, max);
}

function upsert(c: MindContext, r: Resident, name: string, now: number): Relation {
  const rel = c.mindOf(r).relations;
  const k = key(name);
  const had = rel[k];
  if (had) {
    had.at = now;
    return had;
  }
  const fresh: Relation = { name, who: seedNote(r, name, c.settings.relationNoteChars), at: now };
  // (family and household are added when the note is read: relationOf)
  rel[k] = fresh;
  prune(rel, c.settings.relationsMax);
  return fresh;
}

/** After a conversation: what was said last, as a quoted summary (what people said is quoted everywhere). */
export function noteConversation(
  c: MindContext,
  r: Resident,
  other: string,
  summary: string,
  now: number,
  audience: Audience = PUBLIC,
): void {
  const x = upsert(c, r, other, now);
  x.who ??= `someone ${r.profile.firstName} has talked with`;
  x.last = { from: `last conversation with ${other}`, text: clip(summary, c.settings.relationNoteChars) };
  if (isKept(audience)) x.lastAudience = audience;
  else delete x.lastAudience;
}

/** A visitor (a user's persona) spoke: who they say they are and what they said, both quoted. */
export function noteVisitor(
  c: MindContext,
  r: Resident,
  visitor: { name: string; description?: string },
  text: string,
  now: number,
): void {
  const x = upsert(c, r, visitor.name, now);
  x.who ??= `a visitor ${r.profile.firstName} has spoken with`;
  x.visitor = true;
  if (visitor.description)
    x.self = { from: `${visitor.name}, describing themselves`, text: clip(visitor.description, 200) };
  x.last = {
    from: `${visitor.name}, last words to ${r.profile.firstName}`,
    text: clip(text, c.settings.relationNoteChars),
  };
}

/**
 * On reflection: an insight about a known person becomes part of the note: the resident's own thought, or quoted
 * when drawn from people's words (their words may be in it).
 */
export function noteInsight(c: MindContext, r: Resident, text: string, quote: QuotedText | undefined): void {
  for (const x of Object.values(c.mindOf(r).relations))
    if (names(text, x.name)) {
      if (quote) {
        x.insight = quote;
        delete x.thought;
      } else {
        x.thought = clip(text, 240);
        delete x.insight;
      }
    }
}

/** Keeps the notes of the most recently met people within the cap. */
function prune(rel: Record<string, Relation>, max: number): void {
  const all = Object.entries(rel);
  if (all.length <= max) return;
  all.sort((a, b) => a[1].at - b[1].at);
  for (const [k] of all.slice(0, all.length - max)) delete rel[k];
}
