// The offline embedder: signed feature hashing (Weinberger et al. 2009, "Feature Hashing for Large Scale
// Multitask Learning") of word unigrams and adjacent word pairs, light stemming, stopwords dropped, L2-normalised.
// Cosine between two vectors then approximates word-overlap similarity: enough for memory retrieval offline.
import type { Embedder, EmbedRequest } from './port.ts';
import { l2Normalize } from './vector.ts';

export const lexicalEmbedderSettings = {
  // 512 buckets: collisions stay rare for sentence-length texts (a few dozen features), vectors stay 2 KB.
  dimensions: 512,
  // Word pairs carry order and phrase ("coffee shop" vs "shop coffee"), but weigh less than the words themselves.
  bigramWeight: 0.5,
  // Stems shorter than this are kept whole ("is", "as" must not be stripped to nothing).
  minStemLength: 3,
} as const;

// A small English stopword list: function words that would make every sentence look alike.
const STOPWORDS = new Set(
  (
    'a an the and or but nor so yet if then else of to in on at by for with from into onto over under about ' +
    "as than that this these those there here it its it's is am are was were be been being do does did doing " +
    'have has had having i me my mine myself you your yours we us our ours he him his she her hers they them ' +
    'their theirs what which who whom whose when where why how all any both each few more most other some such ' +
    'no not only own same too very can will just should would could may might must shall s t d ll m re ve'
  ).split(' '),
);

/** Light suffix stripping (a few Porter step-1 rules plus a final -e), so "plans", "planned", "planning" meet. */
export function stem(word: string): string {
  const min = lexicalEmbedderSettings.minStemLength;
  let w = word;
  if (w.length <= min) return w;
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is') && w.length > 3)
    w = w.slice(0, -1);
  let stripped = false;
  // "-eed" is part of the word ("speed", "agreed" -> "agre" would lose it): Porter step 1b keeps it too.
  if (w.endsWith('eed')) return w;
  for (const suffix of ['ingly', 'edly', 'ing', 'ed', 'ly']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= min) {
      w = w.slice(0, -suffix.length);
      stripped = true;
      break;
    }
  }
  // "planned" -> "plann" -> "plan"; but "calling" -> "call" keeps its double l (Porter step 1b).
  if (stripped && w.length > min) {
    const last = w[w.length - 1]!;
    if (last === w[w.length - 2] && !'lsz'.includes(last) && !'aeiou'.includes(last)) w = w.slice(0, -1);
  }
  if (w.endsWith('e') && w.length > min) w = w.slice(0, -1);
  return w;
}

/** Lower-cased, accent-free word stems without stopwords, in order. */
export function lexicalTokens(text: string): string[] {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .split(/[^\p{L}\p{N}]+/u);
  const out: string[] = [];
  for (const w of words) {
    if (w.length === 0 || STOPWORDS.has(w)) continue;
    out.push(stem(w));
  }
  return out;
}

/** FNV-1a, 32 bit: fast, deterministic across runs and machines. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A final avalanche (murmur3 fmix32) so the sign bit is independent of the bucket bits. */
function mix(h: number): number {
  let x = h;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

export class LexicalEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions: number;
  private readonly bigramWeight: number;

  constructor(opts: { dimensions?: number; bigramWeight?: number } = {}) {
    this.dimensions = opts.dimensions ?? lexicalEmbedderSettings.dimensions;
    if (!Number.isInteger(this.dimensions) || this.dimensions < 8) throw new RangeError('dimensions must be >= 8');
    this.bigramWeight = opts.bigramWeight ?? lexicalEmbedderSettings.bigramWeight;
    // The id names the vector space: change the tokenizer, stemmer or weights and the version must change.
    this.id = `lexical-fh-${this.dimensions}-v1`;
  }

  embedOne(text: string): Float32Array {
    const tokens = lexicalTokens(text);
    const counts = new Map<string, number>();
    const add = (feature: string, w: number) => counts.set(feature, (counts.get(feature) ?? 0) + w);
    for (let i = 0; i < tokens.length; i++) {
      add(`w:${tokens[i]}`, 1);
      if (i + 1 < tokens.length) add(`b:${tokens[i]} ${tokens[i + 1]}`, this.bigramWeight);
    }
    const v = new Float32Array(this.dimensions);
    for (const [feature, weight] of counts) {
      const h = mix(fnv1a(feature));
      const sign = h & 0x80000000 ? -1 : 1;
      // Sublinear term frequency: a word said five times is not five times as relevant.
      const i = h % this.dimensions;
      v[i] = (v[i] ?? 0) + sign * (weight >= 1 ? 1 + Math.log(weight) : weight);
    }
    return l2Normalize(v);
  }

  async embed(req: EmbedRequest): Promise<Float32Array[]> {
    return req.texts.map((t) => this.embedOne(t));
  }
}
