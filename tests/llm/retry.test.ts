// Pure resilience pieces: retry-after parsing, backoff, the semaphore, vector bytes.
import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter, Semaphore } from '../../src/llm/retry.ts';
import { extractJson } from '../../src/llm/structured.ts';
import { bytesToVector, l2Normalize, vectorToBytes } from '../../src/llm/vector.ts';

const headers = (h: Record<string, string>) => ({ get: (k: string) => h[k] ?? null });

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-03-01T10:00:00Z');
  it('reads seconds, milliseconds and HTTP dates', () => {
    expect(parseRetryAfter(headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(parseRetryAfter(headers({ 'retry-after': '0.5' }), now)).toBe(500);
    expect(parseRetryAfter(headers({ 'retry-after-ms': '120', 'retry-after': '9' }), now)).toBe(120);
    expect(parseRetryAfter(headers({ 'retry-after': 'Sun, 01 Mar 2026 10:00:07 GMT' }), now)).toBe(7000);
    expect(parseRetryAfter(headers({ 'retry-after': 'Sun, 01 Mar 2026 09:00:00 GMT' }), now)).toBe(0);
  });
  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter(headers({}), now)).toBeUndefined();
    expect(parseRetryAfter(headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(parseRetryAfter(headers({ 'retry-after': '-3' }), now)).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  const s = { baseDelayMs: 500, maxDelayMs: 8000 };
  it('doubles up to the cap, with jitter between half and all of the nominal delay', () => {
    expect([0, 1, 2, 3, 4, 5].map((r) => backoffDelay(r, s, () => 1))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect([0, 1, 2].map((r) => backoffDelay(r, s, () => 0))).toEqual([250, 500, 1000]);
  });
});

describe('Semaphore', () => {
  it('admits at most `limit` holders, first come first served', async () => {
    const sem = new Semaphore(2);
    const order: string[] = [];
    const r1 = await sem.acquire();
    const r2 = await sem.acquire();
    const p3 = sem.acquire().then((r) => {
      order.push('3');
      return r;
    });
    const p4 = sem.acquire().then((r) => {
      order.push('4');
      return r;
    });
    expect(sem.waiting).toBe(2);
    r1();
    r1(); // a double release must not free a second slot
    const r3 = await p3;
    expect(sem.inUse).toBe(2);
    expect(order).toEqual(['3']);
    r2();
    (await p4)();
    r3();
    expect(sem.inUse).toBe(0);
    expect(order).toEqual(['3', '4']);
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});

describe('vectors and JSON extraction', () => {
  it('round-trips Float32 little-endian bytes', () => {
    const v = l2Normalize(Float32Array.of(3, 4, 0));
    const bytes = vectorToBytes(v);
    expect(bytes.byteLength).toBe(12);
    expect([...bytes.slice(0, 4)]).toEqual([0x9a, 0x99, 0x19, 0x3f]); // 0.6f, little-endian
    expect([...bytesToVector(bytes)]).toEqual([...v]);
    expect(() => bytesToVector(new Uint8Array(5))).toThrow(RangeError);
  });

  it('extracts JSON from fenced or chatty replies and rejects non-JSON', () => {
    expect(extractJson('{"a":1}')).toEqual({ a: 1 });
    expect(extractJson('```json\n{"a":1}\n```')).toEqual({ a: 1 });
    expect(extractJson('Here you go: [1, 2] hope it helps')).toEqual([1, 2]);
    expect(() => extractJson('no json here')).toThrow(SyntaxError);
  });
});
