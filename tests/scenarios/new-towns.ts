// Towns written outside the project's style for issue 32 (tests/fixtures/towns: Gullhaven in terse notes,
// Marrowby in a novelist's voice, Pennock Cross in neighbours' reports; Ashcombe and Kelderwick below), none with `facts:`, `events:` or `family:`
// blocks, and what each should be read to hold: a family, two neighbours who are not a household, a private matter
// meant for one person, an evening event, a worker.
import { readFileSync } from 'node:fs';
import { parseTownFile } from '../../src/town/file.ts';

export const NEW_TOWNS = [
  {
    town: 'gullhaven',
    family: { child: 'Kit Pengelly', parents: ['Dan Pengelly', 'Meg Pengelly'] },
    neighbours: ['Sal Hartley', 'Ash Quill'],
    secret: { holder: 'Jo Marsh', word: /Truro/, tellTo: 'Meg Pengelly' },
    event: { host: 'Ash Quill', place: 'the-anchor', start: '2025-03-10 19:30' },
    worker: { who: 'Meg Pengelly', place: 'crust-bakery', start: '06:30' },
    neutralMisses: [],
  },
  {
    town: 'marrowby',
    family: { child: 'Imogen Ashworth', parents: ['Edmund Ashworth', 'Clara Ashworth'] },
    neighbours: ['Agnes Hollis', 'Thomas Vane'],
    secret: { holder: 'Harriet Lusk', word: /sell/i, tellTo: 'Clara Ashworth' },
    event: { host: 'Thomas Vane', place: 'wheatsheaf', start: '2025-04-15 19:00' },
    worker: { who: 'Clara Ashworth', place: 'marrowby-school', start: '08:45' },
    neutralMisses: [],
  },
  {
    town: 'pennock-cross',
    family: { child: 'Cal Tremayne', parents: ['Ivo Tremayne', 'Rhona Tremayne'] },
    neighbours: ['Bryony Dowrick', 'Walt Kessell'],
    secret: { holder: 'Bryony Dowrick', word: /baby|expecting/i, tellTo: 'Rhona Tremayne' },
    event: { host: 'Dilys Penrose', place: 'ship-inn', start: '2025-10-08 19:00' },
    worker: { who: 'Rhona Tremayne', place: 'quay-stores', start: null },
    neutralMisses: [],
  },
  // Two towns written by a helper session told only the user documentation (docs/town-file.md and Willowbrook) and
  // what each must hold, never the rules: Ashcombe told over the garden gate, Kelderwick as a stage manager's cast
  // list. Their event is on the second evening.
  {
    town: 'ashcombe',
    family: { child: 'Jess Pettifer', parents: ['Gwen Pettifer', 'Alan Pettifer'] },
    neighbours: ['Maureen Oakes', 'Bea Tolley'],
    secret: { holder: 'Harold Mabey', word: /Whitby|sell/i, tellTo: 'Gwen Pettifer' },
    event: { host: 'Bea Tolley', place: 'ashcombe-village-hall', start: '2025-10-15 19:30' },
    worker: { who: 'Gwen Pettifer', place: 'pettifers-bakehouse', start: '06:00' },
    neutralMisses: [],
  },
  {
    town: 'kelderwick',
    family: { child: 'Kit Brandt', parents: ['Ivo Brandt', 'Tamsin Brandt'] },
    neighbours: ['Noor Haddad', 'Petra Quill'],
    secret: { holder: 'Kit Brandt', word: /dropped out|not going back/i, tellTo: 'Noor Haddad' },
    event: { host: 'Petra Quill', place: 'miners-institute', start: '2025-03-11 19:00' },
    worker: { who: 'Ivo Brandt', place: 'brandts-forge', start: '07:30' },
    neutralMisses: [],
  },
  // Two more written the same way in a later round: Brackenfold as a parish magazine's "Meet your neighbours"
  // column, Sollum as a newcomer's terse notebook (her "I" in every resident's text). Events on the second and third
  // evenings.
  {
    town: 'brackenfold',
    family: { child: 'Niamh Halloran', parents: ['Declan Halloran', 'Meg Halloran'] },
    neighbours: ['Arthur Pryce', 'Meg Halloran'],
    secret: {
      holder: 'Arthur Pryce',
      word: /Whitby|sell(?:ing)? (?:the pub|The Wheatsheaf)/i,
      tellTo: 'Gideon Ashworth',
    },
    event: { host: 'Gideon Ashworth', place: 'village-hall', start: '2025-03-13 19:00' },
    worker: { who: 'Declan Halloran', place: 'hallorans-bakery', start: '06:00' },
    neutralMisses: [],
  },
  {
    town: 'sollum',
    family: { child: 'Tiago Barros', parents: ['Ines Barros', 'Bruno Barros'] },
    neighbours: ['Aurélio Nunes', 'Bruno Barros'],
    secret: { holder: 'Saskia Brandt', word: /Lisbon/i, tellTo: 'Carla Barros' },
    event: { host: 'Aurélio Nunes', place: 'clube', start: '2025-06-04 19:00' },
    worker: { who: 'Carla Barros', place: 'cafe-farol', start: '07:00' },
    neutralMisses: [],
  },
] as const;

export const newTownFile = (name: string) =>
  parseTownFile(readFileSync(new URL(`../fixtures/towns/${name}.yaml`, import.meta.url), 'utf8'), `${name}.yaml`);
