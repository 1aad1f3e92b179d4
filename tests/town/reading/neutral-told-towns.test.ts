// The neutral reader on what two town files written outside the project showed (issue 32; tests/fixtures/towns
// ashcombe.yaml and kelderwick.yaml, written from the user documentation alone): a keeping sentence whose only other
// words say where or to whom it is not told, a listener said as "X is the one she means to tell", a piece of news
// and the short clause that goes on with it in one sentence. Said here in words written for this test.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTownFile } from '../../../src/town/file.ts';
import { publicFace } from '../../../src/town/reading/apply.ts';
import { readResidentNeutral } from '../../../src/town/reading/neutral/index.ts';
import type { TownFrame } from '../../../src/town/reading/types.ts';

const TOWN: TownFrame = {
  start: '2025-06-02 07:00',
  people: ['Orla Venn', 'Piet Venn', 'Sina Marsh', 'Joss Harrow'],
  places: [
    { id: 'venn-house', name: 'the Venn house' },
    { id: 'ferry-office', name: 'the Ferry Office' },
  ],
};
const read = (resident: string, text: string) =>
  readResidentNeutral({ resident, passages: [{ field: 'currently', text }] }, TOWN);

describe('a keeping sentence whose other words say only where or to whom it is not told', () => {
  it('points back at the matter before it ("not even at choir", "not even to her brother")', () => {
    for (const aside of ['not even at choir', 'not even to her brother Piet'])
      expect(
        read(
          'Orla Venn',
          `Orla has applied for the harbourmaster's post in Kilcrane. She hasn't said a word about it, ${aside}, and she is keeping it close.`,
        ).secrets,
        aside,
      ).toEqual([expect.objectContaining({ owner: 'Orla Venn', matter: expect.stringMatching(/harbourmaster/) })]);
  });

  it('a keeping sentence with a matter of its own is still that matter', () => {
    const r = read('Orla Venn', 'Orla sings at choir. Not even Piet knows she is leaving the Ferry Office.');
    expect(r.secrets.map((s) => s.matter)).toEqual([expect.stringMatching(/leaving the Ferry Office/)]);
  });
});

describe('whom the owner means to tell, said as the one they mean to tell', () => {
  it('"Sina across the road is the one she means to tell first" names Sina, in another sentence', () => {
    const r = read(
      'Orla Venn',
      "Orla has applied for the harbourmaster's post in Kilcrane. Nobody knows. Sina Marsh across the road is the one she means to tell first.",
    );
    expect(r.secrets).toEqual([expect.objectContaining({ tellTo: ['Sina Marsh'] })]);
  });

  it('"the one she met at the ferry" is no one she means to tell', () => {
    const r = read(
      'Orla Venn',
      "Orla has applied for the harbourmaster's post in Kilcrane. Nobody knows. Joss Harrow is the one she met at the ferry.",
    );
    expect(r.secrets).toEqual([expect.objectContaining({ tellTo: [] })]);
  });
});

describe('news and the short clause that goes on with it in one sentence', () => {
  it('are one matter ("Gave up the apprenticeship in May; won\'t go back. Nobody knows.")', () => {
    const r = read(
      'Piet Venn',
      "Gave up the apprenticeship in May; won't go back. Nobody knows. Plans to tell Sina Marsh.",
    );
    expect(r.secrets).toEqual([
      expect.objectContaining({
        owner: 'Piet Venn',
        matter: "Gave up the apprenticeship in May; won't go back",
        tellTo: ['Sina Marsh'],
      }),
    ]);
  });
});

describe('the public face, when a reading kept only one clause of a sentence', () => {
  it('takes the whole sentence out of sight, so the rest of the matter is not shown', () => {
    const file = parseTownFile(
      readFileSync(new URL('../../fixtures/towns/kelderwick.yaml', import.meta.url), 'utf8'),
      'kelderwick.yaml',
    );
    const kit = file.residents.find((r) => r.name === 'Kit Brandt')!;
    // the reading of the town before b6e062b: the matter's last clause only
    const secret = {
      owner: 'Kit Brandt',
      matter: 'not going back',
      tellTo: ['Noor Haddad'],
      quote: 'not going back. Nobody knows.',
    };
    const face = publicFace(
      kit,
      [secret],
      file.residents.map((r) => r.name),
    );
    expect(face.currently).not.toMatch(/dropped out|not going back/i);
    expect(face.kept.map((k) => k.text)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Dropped out of uni/)]),
    );
    // a sentence with no clause of the secret stays
    expect(face.currently).toMatch(/study break/);
  });
});

describe('places that are no workplace', () => {
  const frame: TownFrame = {
    start: '2025-06-02 07:00',
    people: ['Orla Venn', 'Piet Venn'],
    places: [
      { id: 'rope-cottages', name: 'Rope Cottages' },
      { id: 'kilcrane-village-hall', name: 'Kilcrane Village Hall' },
      { id: 'ferry-office', name: 'the Ferry Office' },
    ],
  };
  const work = (text: string) =>
    readResidentNeutral({ resident: 'Orla Venn', passages: [{ field: 'currently', text }] }, frame).work;

  it("a home one has made up one's mind to sell is not where one works", () => {
    expect(work('She has made up her mind to sell the cottage and move inland.')).toBeNull();
    expect(work('She sells tickets at the Ferry Office, nine till five.')).toMatchObject({ place: 'ferry-office' });
  });

  it('"the village" is the town, not the Village Hall', () => {
    expect(work('Orla farms a smallholding just out of the village, and mends nets of an evening.')).toBeNull();
    expect(work('Orla keeps the Village Hall, Tuesdays and Thursdays.')).toMatchObject({
      place: 'kilcrane-village-hall',
    });
  });
});
