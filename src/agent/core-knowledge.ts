// The resident's own core knowledge stays within its reach (issues 22 and 23): what its seed says, its secrets
// included, and its own intentions. In the authors' code the persona's identity (innate, learned, currently) is in
// every prompt; here the summary description never holds what is kept from people (audience.ts), so a secret of the
// resident's own lives only in the memory stream, where a day or two of newer reflections, plans and talks (recency
// decay, and with a weak embedder weak relevance) push it below the top k: asked about the old mill two days later,
// the one who knows says it remembers nothing. So, like interviews pin the memories naming a person
// (interview.ts `namingMemories`), a question, a remark or a talk pins the resident's own core memories that name
// its subject or the person it is with, and its own private intentions not yet carried out stay among the day
// plan's intentions (as a whisper's is pinned in the plan: intention.ts, plan.ts `pinIntention`). A neutral reader
// of words and names: no town's names, no evaluation's topics. Pinning only puts a memory within reach; who may hear
// it is decided where it is shown, as for any retrieved memory (a dialogue or a visitor's remark leaves out what a
// listener may not know; an interview marks it as not to be shared).

import { stillDue } from '../core/dates.ts';
import { kindInText } from '../core/event-text.ts';
import { contentWords } from '../core/text.ts';
import { type Audience, audienceOf, carries, mayConfide, peopleOf, stem } from './audience.ts';
import type { MindContext, Resident } from './context.ts';
import type { Memory, MemoryId } from './types.ts';

/**
 * Words of a question or a remark that ask rather than name a subject ("have you heard any news about ..."): they
 * make no core memory relevant.
 */
const ASKING = new Set(
  (
    'heard hear hearing news new anything something everything nothing lately recently recent happen happened ' +
    'happening going doing done plan plans planning remember remind wonder wondering thing things people person ' +
    'way like good well really much many time day days week year life work talk talking talked tell telling ' +
    'told ask asked idea ideas opinion feel feeling think thought mind want wanted look looking else still'
  ).split(' '),
);

/** The words a cue names a subject with: content words less asking words and the resident's own name. */
function subjectWords(text: string, own: readonly string[]): Set<string> {
  const mine = new Set(own.flatMap((n) => contentWords(n)));
  return new Set(
    contentWords(text)
      .filter((w) => !ASKING.has(w) && !mine.has(w))
      .map(stem)
      .filter((w) => w.length > 2),
  );
}

/** Is the memory the resident's own core knowledge: a seed phrase, or a thought of its own it keeps to itself? */
export function isCore(m: Memory, owner: string): boolean {
  if (m.kind === 'seed') return true;
  const a = audienceOf(m);
  return m.kind === 'inner_voice' && a.kind === 'private' && a.owner === owner;
}

/** Does a memory name a person (full name in its words, or among whom its audience is meant for)? */
function namesPerson(m: Memory, a: Audience, person: string): boolean {
  const p = person.trim().toLowerCase();
  if (p === '' || !p.includes(' ')) return false;
  return m.description.toLowerCase().includes(p) || peopleOf(a).some((n) => n.trim().toLowerCase() === p);
}

/**
 * The resident's core memories that name a cue's subject (its words) or a person it concerns (a listener, a person
 * asked about), besides those already retrieved (`have`): the strongest `corePinK`, people first, then the more
 * words in common, the more important, the older (the seed itself before what restates it). Nothing when memory is
 * ablated or the cue names nothing the core holds.
 */
export function corePins(
  c: MindContext,
  r: Resident,
  cue: { text?: string; people?: readonly string[] },
  have: ReadonlySet<MemoryId>,
  /** Which core memories may be pinned here at all (a talk: only what everyone present may hear). */
  allow: (m: Memory) => boolean = () => true,
): Memory[] {
  const k = c.settings.corePinK;
  if (k <= 0 || c.settings.ablate.memory) return [];
  const own = [r.profile.name];
  const words = subjectWords(cue.text ?? '', own);
  const people = (cue.people ?? []).filter((p) => p.trim().toLowerCase() !== r.profile.name.toLowerCase());
  if (words.size === 0 && people.length === 0) return [];
  const scored: { m: Memory; s: number }[] = [];
  for (const m of r.memory.all()) {
    if (have.has(m.id) || !isCore(m, r.profile.name) || !allow(m)) continue;
    const a = audienceOf(m);
    const named = people.filter((p) => namesPerson(m, a, p)).length;
    const mine = subjectWords(m.description, own);
    let common = 0;
    for (const w of words) if (mine.has(w)) common++;
    if (named === 0 && common === 0) continue;
    scored.push({ m, s: named * 10 + common });
  }
  return scored
    .sort((a, b) => b.s - a.s || b.m.importance - a.m.importance || a.m.seq - b.m.seq)
    .slice(0, k)
    .map((x) => x.m);
}

/** Intentions (a secret to tell someone, something decided or meant to be done). */
const INTENDS =
  /\b(?:intends?|intending|plans?|planning|decided|means?|wants?|hopes?|will|is going to|resolved|promised)\b/i;

/**
 * The resident's own private intentions not yet carried out: a secret of its own that it means to tell someone
 * (until it has told each of them: a confidence it gave carrying the secret), or a kept thought of its own that
 * says what it intends; dated ones only up to their day. They stay in the planning context, however much newer
 * routine retrieval ranks above them. At most `corePinK`, the more important first.
 */
export function ownIntentions(c: MindContext, r: Resident, now: number, have: ReadonlySet<MemoryId>): Memory[] {
  const k = c.settings.corePinK;
  if (k <= 0 || c.settings.ablate.memory) return [];
  const name = r.profile.name;
  const out: Memory[] = [];
  for (const m of r.memory.all()) {
    if (have.has(m.id) || !isCore(m, name)) continue;
    const a = audienceOf(m);
    if (a.kind !== 'private' || a.owner !== name || !stillDue(m, now)) continue;
    if (a.tellTo.length > 0 ? untold(r, m, a.tellTo).length > 0 : INTENDS.test(m.description)) out.push(m);
  }
  return out.sort((a, b) => b.importance - a.importance || a.seq - b.seq).slice(0, k);
}

/**
 * Of the people a secret is meant for, those the resident has not told yet: no line of its own told them in
 * confidence carrying the secret.
 */
export function untold(r: Resident, secret: Memory, tellTo: readonly string[]): string[] {
  const name = r.profile.name;
  const people = [name, ...tellTo];
  const told = new Set<string>();
  for (const m of r.memory.all()) {
    if (m.kind !== 'dialogue' || m.meta?.speaker !== r.profile.id) continue;
    const a = audienceOf(m);
    if (a.kind !== 'confidence' || a.by !== name) continue;
    const said = typeof m.meta?.news === 'string' ? `${m.meta.news} ${m.description}` : m.description;
    if (carries(said, secret.description, people)) for (const t of a.to) told.add(t.toLowerCase());
  }
  return tellTo.filter((t) => !told.has(t.toLowerCase()));
}

/**
 * Core memories for a talk with these listeners: those naming its subject or a listener, and a secret the resident
 * means to tell one of them and has not yet, each only where every listener and bystander may hear it (a talk never
 * gets a pinned memory that someone present may not know).
 */
export function talkPins(
  c: MindContext,
  r: Resident,
  /** `now`: a talk at this time (a gathering the resident hosts is then pinned for those it means to invite). */
  cue: { text: string; listeners: readonly string[]; bystanders?: readonly string[]; now?: number },
  have: ReadonlySet<MemoryId>,
): Memory[] {
  const ok = (m: Memory) => {
    const a = audienceOf(m);
    if (!mayConfide(a, r.profile.name, cue.listeners, cue.bystanders ?? [])) return false;
    // a secret already told to these listeners is no longer an intention to pin (retrieval may still find it)
    const listening = new Set(cue.listeners.map((l) => l.toLowerCase()));
    return a.kind !== 'private' || untold(r, m, a.tellTo).some((t) => listening.has(t.toLowerCase()));
  };
  const core = corePins(c, r, { text: cue.text, people: cue.listeners }, have, ok);
  if (cue.now === undefined) return core;
  const more = hostedPins(c, r, cue.listeners, cue.now, new Set([...have, ...core.map((m) => m.id)]), ok);
  return [...core, ...more];
}

/**
 * The resident's own word of a gathering it hosts (the town's reading: `profile.hosting`) and means to invite these
 * listeners to, until it begins: an invitation is an intention to tell, like a secret meant for someone, so a talk
 * with an invitee has it within reach however much newer memory ranks above it (at the gathering, it is no news). Its phrase with a day or an hour
 * first (the invitation says when), one per gathering.
 */
function hostedPins(
  c: MindContext,
  r: Resident,
  listeners: readonly string[],
  now: number,
  have: ReadonlySet<MemoryId>,
  ok: (m: Memory) => boolean,
): Memory[] {
  if (c.settings.corePinK <= 0 || c.settings.ablate.memory) return [];
  const invited = ({ invite }: { invite: 'everyone' | string[] }) =>
    invite === 'everyone' || listeners.some((l) => invite.some((n) => n.toLowerCase() === l.toLowerCase()));
  const out: Memory[] = [];
  for (const e of r.profile.hosting ?? []) {
    if (now >= e.start || !invited(e)) continue;
    const word = r.memory
      .all()
      .filter((m) => m.kind === 'seed' && !have.has(m.id) && ok(m) && kindInText(e.kind, m.description))
      .sort((a, b) => Number(/\d/.test(b.description)) - Number(/\d/.test(a.description)) || a.seq - b.seq)[0];
    if (word) out.push(word);
  }
  return out;
}
