// The town's families from its reading, both ways (issue 32: family known as family): the other side of a tie takes
// the gender the reading gives its person elsewhere, so a son of a man another resident calls "husband" has a father,
// not a "parent". Readings written for this test.
import { describe, expect, it } from 'vitest';
import type { TownFile } from '../../../src/town/file.ts';
import { familiesFrom } from '../../../src/town/reading/apply.ts';
import { emptyReading, type KinItem, type TownReading } from '../../../src/town/reading/types.ts';

const FILE = {
  locations: [],
  residents: ['Tom Marsh', 'Lou Marsh', 'Sam Marsh', 'Kit Marsh'].map((name) => ({ name, home: `${name}-home` })),
} as unknown as Pick<TownFile, 'residents' | 'locations'>;
const reading = (family: Record<string, [string, string][]>): TownReading => ({
  version: 1,
  source: { by: 'neutral' },
  residents: FILE.residents.map((r) => ({
    ...emptyReading(r.name),
    family: (family[r.name] ?? []).map(([name, relation]) => ({
      name,
      relation: relation as KinItem['relation'],
      quote: '',
    })),
  })),
  dropped: [],
  filledIn: [],
});
const tie = (m: ReturnType<typeof familiesFrom>, of: string, name: string) =>
  m.get(of)?.find((t) => t.name === name)?.relation;

describe('a tie read one way only', () => {
  it("takes the gender the reading gives the other side's person", () => {
    const m = familiesFrom(
      FILE,
      reading({
        'Lou Marsh': [
          ['Sam Marsh', 'husband'],
          ['Tom Marsh', 'son'],
        ],
        'Sam Marsh': [['Tom Marsh', 'son']],
      }),
    );
    expect(tie(m, 'Tom Marsh', 'Sam Marsh')).toBe('father');
    // nothing says what Lou is: a parent
    expect(tie(m, 'Tom Marsh', 'Lou Marsh')).toBe('parent');
  });

  it('keeps the word without gender where the readings disagree about the person', () => {
    const m = familiesFrom(
      FILE,
      reading({
        'Lou Marsh': [['Sam Marsh', 'husband']],
        'Kit Marsh': [['Sam Marsh', 'sister']],
        'Sam Marsh': [['Tom Marsh', 'son']],
      }),
    );
    expect(tie(m, 'Tom Marsh', 'Sam Marsh')).toBe('parent');
  });
});
