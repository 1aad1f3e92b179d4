// Retrieval (sec. 4.1): top memories by recency, importance and relevance for several queries at once, cut to a
// context budget, and memories as prompts show them (heard news says from whom; people's words are quoted).

import { clip as clipText } from '../core/text.ts';
import { DAY_MS, dayStart } from '../core/time.ts';
import { audienceOf, audienceText } from './audience.ts';
import type { MindContext, RecallOptions, Resident, RetrievedMemory } from './context.ts';
import type { PromptMemory, QuotedText } from './prompts/common.ts';
import { fitBudget, type ScoredMemory } from './retrieval.ts';
import type { Memory, MemoryId } from './types.ts';

/**
 * Retrieval for several queries at once (one embedding call): each query's top k by the sec. 4.1 score,
 * merged by best score, cut to the context budget; what is returned is touched (last access = now).
 */
export async function recall(
  c: MindContext,
  r: Resident,
  queries: string[],
  now: number,
  opts: RecallOptions = {},
): Promise<RetrievedMemory[]> {
  const s = c.settings;
  if (s.ablate.memory) return []; // ablated (sec. 6.1): no memory reaches a prompt
  const k = opts.k ?? s.retrieveK;
  const qs = queries.filter((q) => q.trim() !== '');
  const vecs = await c.embedTexts(qs, 'agent_query');
  const best = new Map<MemoryId, ScoredMemory>();
  const levels = opts.planLevels ?? [];
  const kinds = levels.length > 0 && opts.kinds ? [...opts.kinds, 'plan' as const] : opts.kinds;
  const day0 = dayStart(now);
  // Plan memories of other levels or days are dropped after the search: look a little deeper to make up for them.
  const searchOpts = {
    k: levels.length > 0 ? k * 2 : k,
    weights: s.weights,
    decay: s.recencyDecay,
    sigmas: s.retrievalErrorSigmas,
    exactBelow: s.exactScanBelow,
    ...(kinds ? { kinds } : {}),
  };
  const wanted = (m: Memory) =>
    !(s.ablate.reflection && m.kind === 'reflection') &&
    !(s.ablate.planning && m.kind === 'plan') &&
    (m.kind !== 'plan' ||
      !opts.kinds ||
      opts.kinds.includes('plan') ||
      (m.plan !== undefined && levels.includes(m.plan.level) && m.plan.start >= day0 && m.plan.start < day0 + DAY_MS));
  for (const v of vecs.length > 0 ? vecs : [null]) {
    for (const hit of await r.memory.search({ embedding: v, embedderId: c.embedder.id }, now, searchOpts)) {
      if (!wanted(hit.memory)) continue;
      const prev = best.get(hit.memory.id);
      if (!prev || hit.score > prev.score) best.set(hit.memory.id, hit);
    }
  }
  const ranked = [...best.values()].sort((a, b) => b.score - a.score || b.memory.seq - a.memory.seq);
  const kept = fitBudget(ranked, k, opts.budget ?? s.contextBudgetTokens);
  if (opts.touch !== false)
    r.memory.touch(
      kept.map((x) => x.memory.id),
      now,
    );
  return kept;
}

/**
 * Memories as prompts show them. A dialogue line that passed on news becomes the news itself with who told it
 * (`from`), so the news is repeated as theirs ("Hannah told me ..."), never as the listener's own words.
 */
export function promptMemories(c: MindContext, ms: readonly Memory[], r?: Resident): PromptMemory[] {
  return ms.map((m) => {
    const news = m.kind === 'dialogue' && typeof m.meta?.news === 'string' ? m.meta.news : null;
    const from = news ? speakerName(m) : null;
    const own = from !== null && r !== undefined && (from === r.profile.name || m.meta?.speaker === r.profile.id);
    const text = news ?? m.description;
    const quote = quoteOf(m, c.settings.memoryLineChars);
    const kept = audienceText(audienceOf(m));
    return {
      text:
        m.kind === 'conversation_summary'
          ? clipClauses(text, c.settings.memoryLineChars)
          : clipText(text, c.settings.memoryLineChars),
      importance: m.importance,
      kind: m.kind,
      ...(from && !own ? { from } : {}),
      ...(quote ? { quote } : {}),
      ...(kept ? { kept } : {}),
      ...(m.meta?.standing === true ? { standing: true } : {}),
    };
  });
}

/** Retrieval with component scores, for admin inspection; touches what it returns. */
export async function retrieve(
  c: MindContext,
  r: Resident,
  query: string,
  now: number,
  k?: number,
): Promise<RetrievedMemory[]> {
  return c.recall(r, [query], now, { k: k ?? c.settings.retrieveK, budget: Number.POSITIVE_INFINITY });
}

/**
 * The words a memory holds that someone wrote or said, with who: a visitor's message, a whisper, an interview
 * question, overheard speech (marked `meta.userText` when stored), and every line of a conversation (its news,
 * else the line). Prompts show these only as quoted blocks, so text a person wrote never re-enters bare.
 */
export function quoteOf(m: Memory, max: number): QuotedText | undefined {
  const u = m.meta?.userText as { from?: unknown; text?: unknown } | undefined;
  if (u && typeof u.from === 'string' && typeof u.text === 'string')
    return { from: u.from, text: clipText(u.text, max) };
  if (m.kind !== 'dialogue') return undefined;
  const who = speakerName(m) ?? 'someone';
  if (typeof m.meta?.news === 'string') return { from: `${who}, passing on news`, text: clipText(m.meta.news, max) };
  const line = typeof m.meta?.line === 'string' ? m.meta.line : /: ["“](.*)["”]$/s.exec(m.description)?.[1];
  const to = /^.+? said (to .+?): ["“]/.exec(m.description)?.[1];
  return line !== undefined ? { from: to ? `${who}, ${to}` : who, text: clipText(line, max) } : undefined;
}

/** Who said a dialogue memory's line (stored name, else the description's "<name> said"). */
function speakerName(m: Memory): string | null {
  if (typeof m.meta?.speakerName === 'string') return m.meta.speakerName;
  const said = /^(.+?) said\b/.exec(m.description)?.[1];
  return said ?? (typeof m.meta?.speaker === 'string' ? m.meta.speaker : null);
}

/** Cuts a record of several items ("a; b; c") after the last whole item that fits, so no fact is cut in half. */
export function clipClauses(text: string, n: number): string {
  if (text.length <= n) return text;
  const cut = text.slice(0, n);
  const at = cut.lastIndexOf('; ');
  return at > n * 0.4 ? `${cut.slice(0, at)}.` : clipText(text, n);
}
