// The offline lexical embedder: similar sentences land closer than unrelated ones; deterministic and fast.
import { describe, expect, it } from 'vitest';
import { LexicalEmbedder, lexicalTokens, stem } from '../../src/llm/lexical-embedder.ts';
import { cosineSimilarity } from '../../src/llm/vector.ts';

const e = new LexicalEmbedder();
const cos = (a: string, b: string) => cosineSimilarity(e.embedOne(a), e.embedOne(b));

describe('LexicalEmbedder', () => {
  it('similar sentences score a higher cosine than unrelated ones', () => {
    const query = 'Isabella is planning a Valentine party at Hobbs Cafe';
    const similar = 'Isabella plans the Valentine’s Day party at the cafe';
    const unrelated = 'Klaus is reading about gentrification in the library';
    expect(cos(query, similar)).toBeGreaterThan(0.5);
    expect(cos(query, unrelated)).toBeLessThan(0.15);
    expect(cos(query, similar)).toBeGreaterThan(cos(query, unrelated) + 0.4);
  });

  it('ranks memories for a query the way a person would', () => {
    const memories = [
      'Maria is studying for her physics exam',
      'Klaus Mueller is writing a research paper on gentrification',
      'The coffee machine at Hobbs Cafe is broken',
      'Isabella Rodriguez is opening Hobbs Cafe for the morning',
    ];
    const q = e.embedOne('who is working on research about gentrification?');
    const ranked = memories
      .map((m) => ({ m, s: cosineSimilarity(q, e.embedOne(m)) }))
      .sort((a, b) => b.s - a.s)
      .map((x) => x.m);
    expect(ranked[0]).toBe('Klaus Mueller is writing a research paper on gentrification');
  });

  it('word pairs make order matter a little', () => {
    expect(cos('coffee shop opens', 'coffee shop opens')).toBeCloseTo(1, 6);
    expect(cos('coffee shop opens', 'shop coffee opens')).toBeLessThan(0.999);
    expect(cos('coffee shop opens', 'shop coffee opens')).toBeGreaterThan(0.6);
  });

  it('is deterministic, unit length, and names its space', async () => {
    const [a] = await e.embed({ texts: ['The town hall is quiet tonight'] });
    const [b] = await new LexicalEmbedder().embed({ texts: ['The town hall is quiet tonight'] });
    expect([...a!]).toEqual([...b!]);
    expect(Math.hypot(...a!)).toBeCloseTo(1, 5);
    expect(e.id).toBe('lexical-fh-512-v1');
    expect(new LexicalEmbedder({ dimensions: 256 }).id).toBe('lexical-fh-256-v1');
  });

  it('gives a zero vector for text with no content words', () => {
    const v = e.embedOne('the and of it');
    expect(v.every((x) => x === 0)).toBe(true);
    expect(cosineSimilarity(v, e.embedOne('anything'))).toBe(0);
  });

  it('stems lightly and drops stopwords and accents', () => {
    expect(['plans', 'planned', 'planning', 'plan'].map(stem)).toEqual(['plan', 'plan', 'plan', 'plan']);
    expect(['parties', 'party'].map(stem)).toEqual(['party', 'party']);
    expect(stem('calling')).toBe('call');
    expect(lexicalTokens("Isabella's Café is OPEN!")).toEqual(['isabella', 'caf', 'open']);
  });

  it('embeds thousands of memories quickly', () => {
    const texts = Array.from(
      { length: 5000 },
      (_, i) => `Agent ${i % 25} observed the ${i % 7}th event at location ${i % 11} with friends`,
    );
    const started = performance.now();
    for (const t of texts) e.embedOne(t);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
