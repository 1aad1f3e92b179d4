// Perception and memory in (sec. 4.1): observations stored with importance rated in one call per tick,
// the seed paragraph as seed memories, memories of things outside the loop (games).

import { escapeRegExp, heuristicImportance, isIdle, nameOpeningPronoun, toThirdPerson } from '../core/text.ts';
import { MINUTE_MS } from '../core/time.ts';
import { type Audience, audienceMeta, isKept, ownAudience, PUBLIC } from './audience.ts';
import { clampInt, type MindContext, type Resident } from './context.ts';
import { IMPORTANCE_TASK, type ImportanceInput, importanceMessages, importanceOutput } from './prompts/importance.ts';
import type { AgentProfile, MemoryKind, Perceived } from './types.ts';

/**
 * Who may know a seed phrase: the town's reading says which phrases carry a private matter, whose it is and whom its
 * owner means to tell (issue 32); a town made before the reading falls back on the phrase's own words.
 */
/** A seed phrase as compared with the reading's (case and closing stop aside). */
const norm = (t: string) =>
  t
    .trim()
    .toLowerCase()
    .replace(/[.;!?]+$/, '');

export function seedAudience(p: AgentProfile, phrase: string): Audience {
  if (!p.secrets) return ownAudience(phrase, p.name);
  const s = p.secrets.find((x) => x.phrases.some((ph) => norm(ph) === norm(phrase)));
  if (!s) return PUBLIC;
  // a matter of the resident's own is private; another's, told to the resident, is that person's confidence
  return s.owner === p.name
    ? { kind: 'private', owner: s.owner, tellTo: s.tellTo }
    : { kind: 'confidence', by: s.owner, to: [p.name, ...s.tellTo.filter((n) => n !== p.name)] };
}

/** Stores the seed paragraph's phrases as 'seed' memories (once), rated in one call. */
export async function seed(c: MindContext, r: Resident, now: number): Promise<void> {
  const mind = c.mindOf(r);
  if (mind.seeded || r.memory.all().some((m) => m.kind === 'seed')) {
    mind.seeded = true;
    return;
  }
  // Seed phrases written to the resident ("you and Rajiv sometimes talk ...") are stored in the third person
  // like every other memory, so they are never repeated to someone else as "you".
  const written = r.profile.seed
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const second = written.map((p) => (/\b(you|your|yourself)\b/i.test(p) ? toThirdPerson(p, r.profile.firstName) : p));
  // a phrase that opens with a pronoun goes on about whom the phrase before it was about, when that was the resident
  // ("Harriet keeps the inn; she has decided to sell it"): stored with the name, as a memory stands alone
  // (a phrase is about the resident when the resident is the first person it names: "Ask anyone and they'll tell
  // you Walt Kessell fished crab fifty years; he's retired" is Walt's, "Ivo is, in Walt's words, ..." is Ivo's)
  const self = new RegExp(`\\b(?:${escapeRegExp(r.profile.name)}|${escapeRegExp(r.profile.firstName)})\\b`);
  const about = (p: string) => {
    const m = self.exec(p);
    return m !== null && !/\s\p{Lu}/u.test(p.slice(0, m.index));
  };
  const phrases: string[] = [];
  for (const [i, p] of second.entries()) {
    const prev = phrases[i - 1];
    phrases.push(prev !== undefined && about(prev) ? nameOpeningPronoun(p, r.profile.firstName) : p);
  }
  const audiences = written.map((p) => seedAudience(r.profile, p));
  // (a phrase the reading has as standing description, not news: src/town/reading/standing.ts)
  const standing = new Set((r.profile.standing ?? []).map(norm));
  const ratings = await rate(
    c,
    phrases.map((text) => ({ who: r.profile.firstName, text })),
    phrases,
  );
  await c.storeAll(
    // a phrase the reading says carries a secret is kept: audience.ts
    phrases.map((description, i) => ({
      r,
      m: {
        kind: 'seed' as const,
        description,
        importance: ratings[i]!,
        ...(isKept(audiences[i]!)
          ? { meta: audienceMeta(audiences[i]!) }
          : standing.has(norm(written[i]!))
            ? { meta: { standing: true } }
            : {}),
      },
    })),
    now,
  );
  mind.seeded = true;
}

/** One importance call for many items; missing or out-of-range ratings are repaired per item. */
export async function rate(c: MindContext, items: ImportanceInput['items'], texts: string[]): Promise<number[]> {
  // (items whose text is someone's words are flagged `quoted`: the prompt shows them as quoted blocks)
  if (items.length === 0) return [];
  const input: ImportanceInput = { items };
  const out = await c.ask(IMPORTANCE_TASK, importanceOutput, importanceMessages(input), input, () => ({
    ratings: [],
  }));
  if (out.ratings.length !== items.length)
    c.log('agent: importance ratings do not match the items; repairing', {
      expected: items.length,
      got: out.ratings.length,
    });
  return texts.map((t, i) => {
    const v = out.ratings[i];
    const fixed = clampInt(v, 1, 10, heuristicImportance(t));
    if (v !== undefined && v !== fixed) c.log('agent: importance out of range; clamped', { value: v, fixed });
    return fixed;
  });
}

/**
 * Stores observations for many residents at once: ONE importance call for the whole batch, embeddings
 * batched. Idle objects are rated 1 and repeats reuse their earlier rating without a call (Smallville code);
 * a perception identical to one stored within settings.perceptionDedupMinutes is not stored again.
 */
export async function perceive(
  c: MindContext,
  items: { resident: Resident; perceived: Perceived[] }[],
  now: number,
): Promise<void> {
  const s = c.settings;
  const toStore: { r: Resident; p: Perceived; text: string; importance: number | null }[] = [];
  for (const { resident: r, perceived } of items) {
    c.mindOf(r);
    const seen = new Set<string>();
    for (const p of perceived) {
      const text = p.description.replace(/\s+/g, ' ').trim();
      if (text === '' || seen.has(text)) continue;
      seen.add(text);
      const latest = r.memory.latestWithDescription(text);
      if (latest && latest.kind === 'observation' && now - latest.createdAt < s.perceptionDedupMinutes * MINUTE_MS)
        continue;
      const importance = isIdle(text) ? 1 : latest ? latest.importance : null;
      toStore.push({ r, p, text, importance });
    }
  }
  // The same sight seen by several residents this tick (a crowd at lunch) is rated once, like any repeat.
  const unrated = toStore.filter((x) => x.importance === null);
  const distinct = [...new Map(unrated.map((x) => [x.text, x] as const)).values()];
  const ratings = await rate(
    c,
    distinct.map((x) => ({
      who: x.r.profile.firstName,
      text: x.text,
      ...(x.p.kind === 'speech' ? { quoted: true } : {}),
    })),
    distinct.map((x) => x.text),
  );
  const ratingOf = new Map(distinct.map((x, i) => [x.text, ratings[i]!] as const));
  for (const x of unrated) x.importance = ratingOf.get(x.text) ?? heuristicImportance(x.text);
  await c.storeAll(
    toStore.map((x) => ({
      r: x.r,
      m: {
        kind: 'observation' as const,
        description: x.text,
        importance: x.importance ?? 1,
        meta: {
          perceived: x.p.kind ?? 'action',
          ...(x.p.subject ? { subject: x.p.subject } : {}),
          // overheard words (which may repeat a visitor's) are quoted in every later prompt
          ...(x.p.kind === 'speech' ? { userText: { from: 'overheard', text: x.text } } : {}),
        },
      },
    })),
    now,
  );
  for (const x of toStore) c.mindOf(x.r).importanceSinceReflection += x.importance ?? 1;
}

/** Stores a memory of something outside the loop (e.g. a game played). */
export async function remember(
  c: MindContext,
  r: Resident,
  description: string,
  now: number,
  kind: MemoryKind = 'game',
  importance?: number,
) {
  const imp =
    importance ??
    (kind === 'game'
      ? c.settings.gameImportance
      : (await rate(c, [{ who: r.profile.firstName, text: description }], [description]))[0]!);
  await c.storeAll([{ r, m: { kind, description, importance: imp } }], now);
  if (kind === 'observation' || kind === 'game') c.mindOf(r).importanceSinceReflection += clampInt(imp, 1, 10, 1);
}
