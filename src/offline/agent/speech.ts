// The offline model's way of saying what it knows: one's own facts in the first person, news heard from someone as
// theirs, never a raw line, a record or a secret; content-word stems; stable wording (a hash, so runs replay).

import type { PromptMemory } from '../../agent/prompts/common.ts';
import { hashString } from '../../core/rng.ts';
import { contentWords, lowerFirst, stripPeriod } from '../../core/text.ts';
import { gerundClause, type Pronoun, selfPronoun, subjectOf, toFirstPerson } from './voice.ts';

export interface Me {
  name: string;
  first: string;
  pronoun: Pronoun | null;
}

export const firstName = (name: string) => name.split(/\s+/)[0] ?? name;
export const sentence = (s: string) => {
  const t = s.trim();
  return t === '' ? t : /[.!?]$/.test(t) ? t : `${t}.`;
};
export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A stable choice among phrasings for the same situation (a hash, so a seed replays exactly). */
export function pick<T>(options: readonly T[], key: string): T {
  return options[hashString(key) % options.length]!;
}

export function meOf(name: string, first: string, texts: readonly string[]): Me {
  return { name, first, pronoun: selfPronoun(texts, name, first) };
}

/** A line someone said, as stored ('Rosa Delgado said to Oscar: "..."'): not a fact to repeat. */
export const RAW_LINE = /\bsaid(?: to [^:"]{1,80})?:\s*["“]/;
/** What the resident keeps to itself (sec. 3: Oscar "has not told anyone yet"; a "quiet crush"). */
export const PRIVATE =
  /\b(not told anyone|hasn't told anyone|has told no one|told nobody|secret\w*|quiet crush|crush on|nobody knows|no one knows|confidential|in private)\b/i;

/** Is a memory a fact the resident could say (not a raw line, a conversation record, a plan or an interview)? */
export function isFact(m: PromptMemory): boolean {
  if (RAW_LINE.test(m.text)) return false;
  if (m.kind === 'dialogue') return m.from !== undefined || !/\bsaid\b/.test(m.text);
  return !['conversation_summary', 'interview', 'plan'].includes(m.kind);
}

export function isAbout(text: string, person: string): boolean {
  const s = subjectOf(text);
  return s !== null && (s === person || firstName(s) === firstName(person));
}

/** "Hannah Okafor is married to Daniel Okafor" heard from Hannah -> "Hannah mentioned being married to Daniel Okafor". */
export function reportHeard(news: string, from: string, me: Me): string {
  const fromFirst = firstName(from);
  const body = stripPeriod(news);
  if (isAbout(body, from)) {
    const g = gerundClause(body, subjectOf(body)!);
    if (g) {
      const v = toFirstPerson(g, me.name, me.first, me.pronoun);
      return `${fromFirst} mentioned ${g.charAt(0) === g.charAt(0).toLowerCase() ? v.charAt(0).toLowerCase() + v.slice(1) : v}`;
    }
  }
  return `${fromFirst} told me that ${lowerFirst(toFirstPerson(body, me.name, me.first, me.pronoun))}`;
}

/** A memory as something the resident says about what it knows, or null when it is not a sayable fact. */
export function factLine(m: PromptMemory, me: Me): string | null {
  if (!isFact(m)) return null;
  const text = stripPeriod(m.text);
  if (m.from) return reportHeard(text, m.from, me);
  if (m.kind === 'observation') {
    // something seen, said as seen: "I saw Ines Moreau arrive at The Blue Heron"
    const who = subjectOf(text);
    if (who && !isAbout(text, me.name)) {
      const rest = text.slice(text.indexOf(who) + who.length).trim();
      const seen = rest
        // a visible action, not a plan or a role ("is running for treasurer" is known, not seen)
        .replace(/^is\s+(?=\w+ing\b(?!.*\b(for|about|plans?|planning|preparing)\b))/, '')
        .replace(/^arrived\b/, 'arrive')
        .replace(/^left\b/, 'leave');
      if (seen !== rest) return `I saw ${who} ${seen}`;
    }
    if (!who && /^[a-z]/.test(text)) return `I noticed that ${/^(the|a|an)\b/.test(text) ? text : `the ${text}`}`;
  }
  return toFirstPerson(text, me.name, me.first, me.pronoun);
}

/** Loose stems so "running" meets "run" and "fairs" meets "fair". */
export function stems(text: string): Set<string> {
  return new Set(
    contentWords(text).map((w) =>
      w
        .replace(/(?:ies)$/, 'y')
        .replace(/(\w{3,}?)(\w)\2ing$/, '$1$2')
        .replace(/(\w{3,})(?:ing|ed)$/, '$1')
        .replace(/e$/, ''),
    ),
  );
}
