// Family and household from the town file, the seeds and shared homes (src/town/reading/apply.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildTownState } from '../../src/town/build.ts';
import { parseTownFile } from '../../src/town/file.ts';

const load = (name: string) => {
  const file = parseTownFile(
    readFileSync(new URL(`../fixtures/towns/${name}.yaml`, import.meta.url), 'utf8'),
    `${name}.yaml`,
  );
  const state = buildTownState(file, { initialMind: () => ({}) });
  return (who: string) => state.residents.find((r) => r.profile.name === who)!.profile.family;
};

describe('family and household', () => {
  it('come from every seed that states a tie, in both directions, the specific word kept', () => {
    const family = load('saltmarsh');
    // "Leo Castell is Marta Castell's son" is in the mother's seed; the son's names both parents
    // ("married to Bruno" says no gender; his own text's "his boat", "his wife" do: a husband)
    expect(family('Marta Castell')).toEqual([
      { name: 'Bruno Castell', relation: 'husband' },
      { name: 'Leo Castell', relation: 'son' },
    ]);
    // the seed says "married to" first and "his wife Marta" later: one tie, with the specific word
    expect(family('Bruno Castell')?.find((t) => t.name === 'Marta Castell')?.relation).toBe('wife');
    // "Bruno Castell and Marta Castell are Leo Castell's parents": which is which, from what the town says of each
    expect(family('Leo Castell')).toEqual([
      { name: 'Bruno Castell', relation: 'father' },
      { name: 'Marta Castell', relation: 'mother' },
    ]);
    expect(family('Kwame Mensah')).toEqual([{ name: 'Oren Falk', relation: 'housemate' }]);
    expect(family('Sofia Reyes')).toBeUndefined();
  });

  it("the town file's ties come first; whoever else shares the home is a housemate", () => {
    const family = load('thornbury');
    expect(family('Nia Holt')).toEqual([
      { name: 'Ruby Holt', relation: 'granddaughter' },
      { name: 'Dev Malik', relation: 'housemate' },
    ]);
    expect(family('Dev Malik')).toEqual([
      { name: 'Nia Holt', relation: 'housemate' },
      { name: 'Ruby Holt', relation: 'housemate' },
    ]);
  });
});
