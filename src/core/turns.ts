// Who speaks next in a conversation of two or more (issue 28): not a fixed round, but whoever was just addressed, else
// someone with something to add, else whoever has spoken least (the first of them in the order they joined). A pair
// alternates by the same rule. Pure: the mind (src/agent/converse.ts) and the offline stand-in both use it.

export interface TurnSpeaker {
  name: string;
  first: string;
  /** Has news to pass on that has not come up yet. */
  hasNews: boolean;
  /** Has left the conversation (said goodbye, or walked away). */
  left?: boolean;
}

const word = (text: string, w: string) =>
  new RegExp(`(^|[^\\p{L}])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\p{L}]|$)`, 'iu').test(text);

/** The name of who speaks next, after `history` (each line by a speaker's full name). */
export function nextSpeaker(
  speakers: readonly TurnSpeaker[],
  history: readonly { speaker: string; text: string }[],
): string {
  const present = speakers.filter((s) => !s.left);
  const pool = present.length > 0 ? present : speakers;
  const last = history.at(-1);
  const others = pool.filter((s) => s.name !== last?.speaker);
  const candidates = others.length > 0 ? others : pool;
  if (last) {
    // addressed by name (the last line names them), the latest-named first
    const named = candidates
      .map((s) => ({ s, at: Math.max(last.text.lastIndexOf(s.first), word(last.text, s.first) ? 0 : -1) }))
      .filter((x) => x.at >= 0 && word(last.text, x.s.first))
      .sort((a, b) => b.at - a.at);
    if (named[0]) return named[0].s.name;
  }
  const spoken = (s: TurnSpeaker) => history.filter((h) => h.speaker === s.name).length;
  const least = (xs: readonly TurnSpeaker[]) =>
    [...xs].sort((a, b) => spoken(a) - spoken(b) || xs.indexOf(a) - xs.indexOf(b))[0];
  // someone with something to add (news not yet told), the least heard of them first
  const withNews = candidates.filter((s) => s.hasNews);
  if (withNews.length > 0 && history.length > 0) return least(withNews)!.name;
  return least(candidates)!.name;
}

/** A line that takes leave ("I should get going", "See you later!", "Take care"): its speaker leaves the talk. */
export function isGoodbye(text: string): boolean {
  return (
    /\b(good-?bye|bye|take care|talk (?:to you )?later|good talking to you|good to catch up)\b/i.test(text) ||
    /\bsee you(?: later| soon| around| tomorrow| there| then)?(?=\s*[.!,]|\s*$)/i.test(text) ||
    /\bi (?:should|must|have to|need to|'d better|’d better|had better) (?:get going|go|head off|be off|get back)\b/i.test(
      text,
    )
  );
}
