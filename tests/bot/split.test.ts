// Splitting posts for Discord's 2,000-character limit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from '../../src/bot/rate-limit.ts';
import { splitMessage } from '../../src/bot/split.ts';

describe('splitMessage', () => {
  it('keeps short text whole and drops empty text', () => {
    expect(splitMessage('Hello there.')).toEqual(['Hello there.']);
    expect(splitMessage('   ')).toEqual([]);
  });

  it('cuts at sentence ends before spaces, and inside a word only when it must', () => {
    expect(splitMessage('One two. Three four. Five six.', 15)).toEqual(['One two.', 'Three four.', 'Five six.']);
    expect(splitMessage('alpha beta gamma delta epsilon', 12)).toEqual(['alpha beta', 'gamma delta', 'epsilon']);
    expect(splitMessage('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    expect(splitMessage('Line one\nLine two\nLine three', 18)).toEqual(['Line one\nLine two', 'Line three']);
  });

  it('never splits an emoji in half', () => {
    const parts = splitMessage('🦆'.repeat(5), 3);
    expect(parts.join('')).toBe('🦆'.repeat(5));
    for (const p of parts) expect(p).not.toMatch(/[\ud800-\udbff]$/);
  });

  it('property: every chunk fits, nothing but whitespace is lost, order is kept', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 3000 }),
        fc.integer({ min: 5, max: 2000 }),
        (text, limit) => {
          const chunks = splitMessage(text, limit);
          for (const c of chunks) {
            expect(c.length).toBeLessThanOrEqual(limit);
            expect(c.trim()).toBe(c);
            expect(c.length).toBeGreaterThan(0);
          }
          const squash = (s: string) => s.replace(/\s+/g, '');
          expect(squash(chunks.join(''))).toBe(squash(text.replace(/\r\n?/g, '\n')));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('SlidingWindowLimiter', () => {
  it('allows max per window, notifies once, and frees up as the window slides', () => {
    let t = 0;
    const l = new SlidingWindowLimiter(3, 1000, () => t);
    expect([l.check('a'), l.check('a'), l.check('a')].every((d) => d.ok)).toBe(true);
    expect(l.check('a')).toEqual({ ok: false, notify: true, retryInMs: 1000 });
    t = 500;
    expect(l.check('a')).toMatchObject({ ok: false, notify: false, retryInMs: 500 });
    expect(l.check('b').ok).toBe(true);
    t = 1001;
    expect(l.check('a').ok).toBe(true);
  });
});
