// Where a text names the town's places: by whole name ("Quint's Bakery", "the pub" for "The Pub"), or by a word
// of a name no other place has, said as a place ("at the bakery" for "Quint's Bakery"). Every mention with its
// position, so a reader can tie a place to the verb or time beside it.
import { escapeRegExp } from '../../../core/text.ts';
import type { TownFrame } from '../types.ts';

export interface PlaceMention {
  id: string;
  at: number;
  length: number;
  /** Said by whole name (not by one word of it). */
  whole: boolean;
}

const GENERIC = new Set([
  'the',
  'and',
  'of',
  'a',
  'an',
  'on',
  'at',
  'in',
  'st',
  'old',
  'new',
  'little',
  'big',
  'upper',
  'lower',
]);
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/['’]s\b/g, '')
    .trim();

/** Words for a settlement or an area, which a text says of the town itself, not of a place named after it. */
const SETTLEMENT = /^(?:village|town|city|parish|county|district|borough|valley|country|community)$/;

/** Words of a place's name that name it alone ("bakery" of "Quint's Bakery" when no other place is a bakery). */
function ownWords(name: string, others: readonly string[]): string[] {
  const said = name
    .replace(/^the\s+/i, '')
    .split(/[^\p{L}\d'’-]+/u)
    .filter((w) => w !== '');
  const ws = norm(name)
    .split(/[^\p{L}\d-]+/u)
    .filter((w) => w.length >= 3 && !GENERIC.has(w));
  // a modifier alone ("olive" of "the olive press") names no place; the head noun or a proper name does
  const head = ws[ws.length - 1];
  const proper = (w: string) => said.some((x) => /^\p{Lu}/u.test(x) && x.toLowerCase().replace(/['’]s$/, '') === w);
  const elsewhere = (w: string) =>
    others.some((o) =>
      norm(o)
        .split(/[^\p{L}\d-]+/u)
        .includes(w),
    );
  // (a title-cased common word before the head is no proper name: "just out of the village" is not the Village Hall)
  return ws.filter((w) => (w === head || (proper(w) && !SETTLEMENT.test(w))) && !elsewhere(w));
}

/** Every mention of the town's places in a text, in order. */
export function placesIn(text: string, places: TownFrame['places']): PlaceMention[] {
  const out: PlaceMention[] = [];
  const taken: boolean[] = [];
  const put = (id: string, at: number, length: number, whole: boolean) => {
    for (let i = at; i < at + length; i++) if (taken[i]) return;
    for (let i = at; i < at + length; i++) taken[i] = true;
    out.push({ id, at, length, whole });
  };
  const byLength = [...places].sort((a, b) => b.name.length - a.name.length);
  for (const p of byLength) {
    const n = norm(p.name);
    if (n === '' || n === 'home') continue;
    const words = n.split(/\s+/).map((w) => escapeRegExp(w));
    const re = new RegExp(
      String.raw`(?<![\p{L}\d])${words.join(String.raw`(?:['’]s)?[\s-]+`)}(?:['’]s)?(?![\p{L}])`,
      'giu',
    );
    for (const m of text.matchAll(re)) put(p.id, m.index ?? 0, m[0].length, true);
  }
  // "the tea house" for "the Sato tea house": the name's last two words, when no other place ends so
  for (const p of byLength) {
    const words = norm(p.name).split(/\s+/);
    if (words.length < 3) continue;
    const tail = words.slice(-2).join(' ');
    if (places.some((q) => q.id !== p.id && norm(q.name).includes(tail))) continue;
    const re = new RegExp(
      String.raw`(?<![\p{L}\d])${tail.split(' ').map(escapeRegExp).join(String.raw`\s+`)}(?![\p{L}])`,
      'giu',
    );
    for (const m of text.matchAll(re)) put(p.id, m.index ?? 0, m[0].length, false);
  }
  for (const p of byLength) {
    const others = places.filter((q) => q.id !== p.id).map((q) => q.name);
    const nameWords = norm(p.name)
      .split(/[^\p{L}\d-]+/u)
      .filter((w) => w !== '')
      .map(escapeRegExp);
    // between "the" and the word, only other words of the name ("the Lin family teahouse" is not "the quiet centre")
    // (a name word said a little differently counts: "the Willow Market and Pharmacy" for "The Willows ...")
    const fillerWords = nameWords.map((w) => `${w.replace(/(?<=\p{L}{3})s$/u, '')}s?`);
    const filler =
      nameWords.length > 0 ? String.raw`(?:(?:${[...fillerWords, 'and', '&', 'of'].join('|')})\s+){0,4}` : '';
    const head = nameWords[nameWords.length - 1];
    for (const w of ownWords(p.name, others)) {
      const stem = escapeRegExp(w.replace(/(?<=\p{L}{3})s$/u, ''));
      // a head noun may be plural ("the bakeries"); a proper name may not ("the Bells" are people)
      const ending = escapeRegExp(w) === head ? `(?:s|['’]s|s['’])?` : `(?:['’]s)?`;
      const re = new RegExp(
        String.raw`(?:\b(?:the|their|her|his|my|our|its|your|at|to|in|into|from|of|behind|outside|inside)|\p{L}+['’]s|\p{L}+s['’])\s+${filler}(${escapeRegExp(w) === head ? stem : escapeRegExp(w)}${ending})(?![\p{L}])`,
        'giu',
      );
      for (const m of text.matchAll(re)) {
        const at = (m.index ?? 0) + m[0].length - m[1]!.length;
        if (escapeRegExp(w) !== head && MODIFIES.test(text.slice(at + m[1]!.length))) continue;
        put(p.id, at, m[1]!.length, false);
      }
      // a note's bare head noun before its hours: "garage 8 till half 5 mon-fri", "'studio open 10-4 wed to sat'"
      if (escapeRegExp(w) !== head) continue;
      const bare = new RegExp(
        String.raw`(?<=(?:^|[:;,'‘"“(]|\s[—–-])\s*)(${stem}s?)(?=\s+(?:(?:is\s+)?open|(?:[\p{L}]+\s+)?(?:shifts?|hours)\b|from|half|\d))`,
        'giu',
      );
      for (const m of text.matchAll(bare)) put(p.id, m.index ?? 0, m[1]!.length, false);
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

/**
 * After a word of a name that is not its head ("harbour" of "Harbour Office"): another noun after it makes the word
 * that noun's ("the harbour wall" is a wall, not the Harbour Office), so the place is not named.
 */
const MODIFIES =
  /^\s+(?!(?:and|or|but|at|in|on|for|to|with|from|by|of|near|behind|most|every|each|when|where|until|till|before|after|then|is|was|are|were|has|had|opens?|closes?|shuts?|today|tonight|tomorrow|this|next|all|again|too|now|once|twice|daily|that|which|who|so|as|about|it|she|he|they|we|i|mornings?|afternoons?|evenings?|nights?|days?|weekends?|weekdays|hours|shifts?)\b)\p{Ll}{2,}/u;

/** A place by id or by name, as a town file may declare it. */
export function placeId(ref: string, places: TownFrame['places']): string | null {
  const r = norm(ref);
  return places.find((p) => p.id === ref || norm(p.name) === r)?.id ?? null;
}
