// Who may know a memory (issue 22 item 1): its audience. Public (anyone may hear it), private to its owner (a
// secret of the resident's own, which it means to tell only the people named, if any), or told in confidence (by
// whom, to whom: those who hold it pass it on to nobody outside that circle). Set when a memory is made, from a
// seed's words ("secretly", "intends to tell only Ines"), speech ("between us", "don't tell anyone") and the model's
// own judgement (a dialogue line's `confidedTo`); carried into what is derived from it (reflections citing it,
// plans made of it, a conversation's summary and promises). Stored in `Memory.meta.audience` (absent = public), so
// the store's JSON column keeps it without a schema change. Nothing ever widens an audience after the fact: a
// whisper or a line saying "tell everyone X's secret" makes new memories of its own, never touches X's.
import { contentWords } from '../core/text.ts';
import type { Memory } from './types.ts';

export type Audience =
  | { kind: 'public' }
  /** The owner's own secret: told only to `tellTo` (the seed's "intends to tell only Ines"), else to no one. */
  | { kind: 'private'; owner: string; tellTo: string[] }
  /** Told in confidence by `by` to `to`: passed on to nobody outside `by` and `to`. */
  | { kind: 'confidence'; by: string; to: string[] };

export const PUBLIC: Audience = { kind: 'public' };

/**
 * Words that make something a secret or a confidence: keeping it to oneself ("secretly", "has not told anyone",
 * "a quiet crush") or asking a listener to ("between us", "don't tell anyone", "keep it to yourself").
 */
export const SECRET_WORDS =
  /\b(secret(?:ly|s)?|confidential(?:ly)?|in confidence|in private|privately|(?:has not|hasn't|have not|haven't|not) told anyone|told (?:no one|nobody)|(?:nobody|no one) (?:else )?knows|don'?t tell (?:anyone|anybody|a soul|them)|do not tell (?:anyone|anybody)|between (?:us|you and me|ourselves|the two of us)|keep (?:it|this|that) (?:to yourself|quiet|between us|secret)|quiet crush|crush on)\b/i;

/** Names a secret's owner means to tell ("intends to tell only Lise Hale", "wants to tell Ines first"). */
export function intendedListeners(text: string): string[] {
  const out: string[] = [];
  const re =
    /\b(?:intends?|plans?|wants?|means?|hopes?|is going|decided|will|would like)\s+(?:to\s+)?tell\s+(?:only\s+)?((?:\p{Lu}[\p{L}'’-]+)(?:\s+\p{Lu}[\p{L}'’-]+)*(?:\s*(?:,|and)\s*\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)*)*)/gu;
  for (const m of text.matchAll(re))
    for (const n of m[1]!.split(/\s*(?:,|\band\b)\s*/)) if (n.trim() !== '') out.push(n.trim());
  return [...new Set(out)];
}

/** A seed phrase's (or a whisper's) audience: a secret of the owner's when its words say so, else public. */
export function ownAudience(text: string, owner: string): Audience {
  if (!SECRET_WORDS.test(text)) return PUBLIC;
  return { kind: 'private', owner, tellTo: intendedListeners(text) };
}

/** The audience a memory carries (absent or malformed: public). */
export function audienceOf(m: Pick<Memory, 'meta'> | undefined): Audience {
  const a = m?.meta?.audience as Partial<Audience> | undefined;
  if (!a || typeof a !== 'object') return PUBLIC;
  const names = (x: unknown) => (Array.isArray(x) ? x.filter((n): n is string => typeof n === 'string') : []);
  if (a.kind === 'private' && typeof a.owner === 'string')
    return { kind: 'private', owner: a.owner, tellTo: names((a as { tellTo?: unknown }).tellTo) };
  if (a.kind === 'confidence' && typeof a.by === 'string')
    return { kind: 'confidence', by: a.by, to: names((a as { to?: unknown }).to) };
  return PUBLIC;
}

/** The meta fields that store an audience (nothing for a public one). */
export function audienceMeta(a: Audience): { audience?: Audience } {
  return a.kind === 'public' ? {} : { audience: a };
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const among = (name: string, names: readonly string[]) => names.some((n) => same(n, name));

/** May `speaker` tell what this audience covers to every one of `listeners`? */
export function mayTell(a: Audience, speaker: string, listeners: readonly string[]): boolean {
  if (a.kind === 'public') return true;
  if (a.kind === 'private') return same(a.owner, speaker) && listeners.every((l) => among(l, a.tellTo));
  return listeners.every((l) => same(l, a.by) || among(l, a.to));
}

/**
 * May `speaker` tell it in a talk with `listeners` while `bystanders` are in the place? What all of them may hear;
 * and a secret of the speaker's own meant for the one listener of a pair talk, said low (issue 32 item 5: one who
 * means to tell someone takes them aside; the town keeps a line told in confidence from those nearby).
 */
export function mayConfide(
  a: Audience,
  speaker: string,
  listeners: readonly string[],
  bystanders: readonly string[],
): boolean {
  if (mayTell(a, speaker, [...listeners, ...bystanders])) return true;
  return a.kind === 'private' && listeners.length === 1 && mayTell(a, speaker, listeners);
}

/** Is the audience one that keeps something from people (not public)? */
export const isKept = (a: Audience) => a.kind !== 'public';

/**
 * The audience of what is told now: a secret of the speaker's told to the people it meant to tell becomes a
 * confidence between them; a confidence stays one (its circle is not widened by retelling inside it).
 */
export function toldAudience(a: Audience, speaker: string, listeners: readonly string[]): Audience {
  if (a.kind === 'public') return PUBLIC;
  if (a.kind === 'private') return { kind: 'confidence', by: speaker, to: [...listeners] };
  return a;
}

/**
 * The most restrictive of several audiences, for what is derived from them all (an insight citing a secret and a
 * public fact is kept like the secret): private beats a confidence, which beats public; two of the same kind keep
 * only the people both allow.
 */
export function strictest(as: readonly Audience[]): Audience {
  const priv = as.filter((a): a is Extract<Audience, { kind: 'private' }> => a.kind === 'private');
  if (priv.length > 0)
    return {
      kind: 'private',
      owner: priv[0]!.owner,
      tellTo: priv[0]!.tellTo.filter((n) => priv.every((p) => among(n, p.tellTo))),
    };
  const conf = as.filter((a): a is Extract<Audience, { kind: 'confidence' }> => a.kind === 'confidence');
  if (conf.length > 0) {
    const circle = (c: (typeof conf)[number]) => [c.by, ...c.to];
    return {
      kind: 'confidence',
      by: conf[0]!.by,
      to: conf[0]!.to.filter((n) => conf.every((c) => among(n, circle(c)))),
    };
  }
  return PUBLIC;
}

/** Words that say how a thing is kept or meant, not what it is. */
const KEEPING =
  /^(secret\w*|decided|decide|intend\w*|tell|told|only|plan\w*|want\w*|mean\w*|hope\w*|anyone|nobody|yet|confidence|private\w*)$/;
/** A word less its common suffix, so "selling" meets "sells" (the subject words of core-knowledge.ts use it too). */
export const stem = (w: string) => w.replace(/(?:ing|ed|es|e|s)$/, '');

/** A kept memory's distinctive words: its content words less the people it names and the words of keeping. */
export function distinctive(text: string, people: readonly string[]): Set<string> {
  const names = new Set(people.flatMap((p) => contentWords(p)));
  return new Set(
    contentWords(text)
      .filter((w) => !names.has(w) && !KEEPING.test(w))
      .map(stem),
  );
}

/**
 * Does a text carry a kept memory's content (a plan made of a secret, news that repeats one)? At least 2 of the
 * kept memory's distinctive words, and 40% of them, are in it (names and the words of keeping aside).
 */
export function carries(text: string, kept: string, people: readonly string[] = []): boolean {
  const words = distinctive(kept, people);
  if (words.size === 0) return false;
  const said = new Set(contentWords(text).map(stem));
  let n = 0;
  for (const w of words) if (said.has(w)) n++;
  return n >= 2 && n >= Math.ceil(words.size * 0.4);
}

/** What a kept memory keeps: the matter a line said in confidence (kept-matter.ts), else its whole description. */
export function keptTextOf(m: Pick<Memory, 'description' | 'meta'>): string {
  return typeof m.meta?.keptText === 'string' ? m.meta.keptText : m.description;
}

/** How a prompt says who may know a kept memory ("Oren Hale's secret, meant only for Lise Hale"). */
export function audienceText(a: Audience): string | undefined {
  if (a.kind === 'public') return undefined;
  if (a.kind === 'private')
    return a.tellTo.length > 0
      ? `${a.owner}'s secret, meant only for ${a.tellTo.join(' and ')}`
      : `${a.owner}'s secret, told to no one`;
  return `told in confidence by ${a.by} to ${a.to.join(' and ') || 'someone'}`;
}

/** The people an audience names (its owner or teller and those it is meant for). */
export function peopleOf(a: Audience): string[] {
  if (a.kind === 'public') return [];
  return a.kind === 'private' ? [a.owner, ...a.tellTo] : [a.by, ...a.to];
}
