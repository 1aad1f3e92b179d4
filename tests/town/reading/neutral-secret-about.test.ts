// The neutral reader on what two more town files written outside the project showed (issue 32; tests/fixtures/towns
// brackenfold.yaml, a parish magazine's column, and sollum.yaml, a newcomer's notebook): a matter named short in the
// words of keeping ("not a word about the sale") and said in full in another field; the one to hear it first said with
// an aside ("Kasia, his cousin, will be the very first to hear it") or as a note's fragment ("Kasia first, when ...");
// secrets counted in general ("few secrets in the valley that have not been told across his counter"). Said here in
// words written for this test, in several styles.
import { describe, expect, it } from 'vitest';
import { publicFace } from '../../../src/town/reading/apply.ts';
import { readResidentNeutral } from '../../../src/town/reading/neutral/index.ts';
import type { TownFrame } from '../../../src/town/reading/types.ts';

const TOWN: TownFrame = {
  start: '2025-05-12 07:00',
  people: ['Bram Tully', 'Kasia Nowak', 'Olwen Price', 'Tom Price'],
  places: [
    { id: 'the-lamb', name: 'The Lamb' },
    { id: 'price-house', name: 'the Price house' },
  ],
};
const read = (resident: string, passages: [string, string][]) =>
  readResidentNeutral({ resident, passages: passages.map(([field, text]) => ({ field, text })) }, TOWN);

describe('a matter named short where it is kept, and said in full elsewhere', () => {
  it('takes the full statement of another field as the matter, and keeps it out of the public face', () => {
    const currently = 'Bram has made up his mind to give up the tenancy of The Lamb at Michaelmas and retire to Tenby.';
    const r = read('Bram Tully', [
      ['currently', currently],
      ['seed', 'Bram Tully has not said a word about giving up the Lamb to anyone in the valley.'],
    ]);
    expect(r.secrets).toHaveLength(1);
    expect(r.secrets[0]!.matter).toMatch(/retire to Tenby/);
    const face = publicFace(
      {
        name: 'Bram Tully',
        innate: 'genial',
        learned: 'Bram Tully keeps The Lamb.',
        currently,
        lifestyle: 'late to bed',
      } as never,
      r.secrets,
      TOWN.people,
    );
    expect(face.currently).not.toMatch(/Tenby|tenancy/);
    expect(face.learned).toMatch(/keeps The Lamb/);
  });

  it('keeps the short name as the matter when nothing else says it', () => {
    const r = read('Bram Tully', [['seed', "Hasn't breathed a word of the new brewery to a living soul."]]);
    expect(r.secrets.map((s) => s.matter)).toEqual(['the new brewery']);
  });

  it('leaves a telling inside the matter alone ("secretly knows that Tom told nobody about the fire")', () => {
    const r = read('Olwen Price', [['seed', 'Olwen secretly knows that Tom told nobody about the flood.']]);
    expect(r.secrets[0]?.matter).toMatch(/told nobody about the flood/);
  });
});

describe('the one to hear it first', () => {
  it('is read with an aside between the name and "will be the very first to hear it"', () => {
    const r = read('Bram Tully', [
      [
        'seed',
        'Bram means to retire. He has not said a word about retiring to anyone, and he has decided that Kasia Nowak, his cousin, will be the very first to hear it.',
      ],
    ]);
    expect(r.secrets.map((s) => s.tellTo)).toEqual([['Kasia Nowak']]);
  });

  it('is read from a note\'s fragment after the words of keeping ("Kasia first, once ...")', () => {
    const r = read('Bram Tully', [
      ['currently', 'Taking the job in Cardiff.'],
      ['seed', "Haven't told anyone here about Cardiff. Not Olwen, not Tom. Kasia first, once the contract is signed."],
    ]);
    expect(r.secrets).toHaveLength(1);
    expect(r.secrets[0]!.matter).toMatch(/Cardiff/);
    expect(r.secrets[0]!.tellTo).toEqual(['Kasia Nowak']);
  });
});

describe('secrets counted in general', () => {
  it('are no matter of the resident\'s ("there are few secrets in the valley that have not ...")', () => {
    for (const text of [
      'Bram has kept the Lamb for thirty years, and there are few secrets in the valley that have not been told across his counter.',
      'Olwen cleans for half the parish, so most of the secrets in the village have not escaped her duster.',
    ])
      expect(read('Bram Tully', [['learned', text]]).secrets).toEqual([]);
  });
});
