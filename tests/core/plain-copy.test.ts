import { describe, expect, it } from 'vitest';
import { copyPlain } from '../../src/core/plain-copy.ts';
import { buildTownState } from '../../src/town/build.ts';
import { loadTownFile } from '../../src/town/file-io.ts';

describe('copyPlain', () => {
  it('copies a town state deeply: equal, sharing no object, and changes to the copy leave the original', () => {
    const state = buildTownState(loadTownFile(), { initialMind: () => ({ plan: [{ at: 1, what: 'bake' }] }) });
    const copy = copyPlain(state);
    expect(copy).toEqual(state);
    expect(copy).not.toBe(state);
    expect(copy.residents[0]).not.toBe(state.residents[0]);
    expect(copy.residents[0]!.mind).not.toBe(state.residents[0]!.mind);
    copy.residents[0]!.location = 'elsewhere';
    (copy.residents[0]!.mind as { plan: unknown[] }).plan.push('more');
    expect(state.residents[0]!.location).not.toBe('elsewhere');
    expect((state.residents[0]!.mind as { plan: unknown[] }).plan).toHaveLength(1);
  });

  it('keeps undefined values and null prototypes, and refuses what is not plain data', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 });
    expect(copyPlain({ a: undefined, b: [null, 2, 'x'], c: bare })).toEqual({
      a: undefined,
      b: [null, 2, 'x'],
      c: { a: 1 },
    });
    expect(Object.hasOwn(copyPlain({ a: undefined }), 'a')).toBe(true);
    expect(() => copyPlain({ when: new Date(0) })).toThrow(/not plain data at when \(Date\)/);
    expect(() => copyPlain({ m: new Map() })).toThrow(/Map/);
    expect(() => copyPlain({ f: () => 1 })).toThrow(/not plain data at f/);
  });
});
