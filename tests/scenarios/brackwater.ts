// Brackwater: a harbour town written for the story scenarios (issue 22 items 1-3, issue 28): the Hale family in one
// house (a secret one of them means to tell only his wife, a son's ordinary news), a café owner who gets a whisper,
// a fisherman who knows the family from the market. Not Smallville, not Willowbrook: its own names and places.
import { validateTownFile } from '../../src/town/file.ts';

const person = (name: string, home: string, extra: Record<string, unknown>) => ({
  name,
  age: 44,
  innate: 'warm, practical',
  learned: `${name} lives in Brackwater.`,
  currently: `${name} is going about the early summer.`,
  lifestyle: `${name.split(' ')[0]} gets up at 7 am and goes to bed at 10 pm.`,
  home,
  ...extra,
});

/** The secret as the seed says it, and the words that would give it away in a line. */
export const SECRET = /lighthouse keeper/i;
/** The whisper Marta gets (an imperative: issue 22 item 3). */
export const WHISPER = 'go to the Boat Club at 3 pm today to check the sails';

export const brackwater = () =>
  validateTownFile({
    name: 'Brackwater',
    start: '2025-06-06 06:00', // Friday, June 6
    locations: [
      {
        id: 'hale-house',
        name: 'Hale House',
        kind: 'home',
        subAreas: [
          { name: 'kitchen', objects: [{ name: 'stove', status: 'off' }, 'table'] },
          { name: 'living room', objects: ['sofa'] },
        ],
      },
      { id: 'quill-flat', name: 'Quill Flat', kind: 'home', subAreas: [{ name: 'room', objects: ['bed', 'desk'] }] },
      { id: 'brandt-flat', name: 'Brandt Flat', kind: 'home', subAreas: [{ name: 'room', objects: ['bed'] }] },
      {
        id: 'kettle',
        name: 'The Kettle Cafe',
        hours: '07:00-21:00',
        subAreas: [{ name: 'counter', objects: ['kettle', 'oven', 'tables'] }],
      },
      {
        id: 'market',
        name: 'Harbour Market',
        hours: '07:00-18:00',
        subAreas: [{ name: 'stalls', objects: ['fish stall', 'ferry stall'] }],
      },
      {
        id: 'boat-club',
        name: 'Brackwater Boat Club',
        hours: '08:00-20:00',
        subAreas: [{ name: 'sail shed', objects: ['sails', 'workbench'] }],
      },
    ],
    residents: [
      person('Oren Hale', 'hale-house', {
        age: 47,
        learned: 'Oren Hale runs the ferry stall at Harbour Market.',
        currently: 'Oren Hale sells ferry tickets at Harbour Market in the mornings.',
        seed: "Oren Hale is married to Lise Hale; Tobi Hale is Oren Hale's son; Oren Hale runs the ferry stall at Harbour Market every morning from 7 am to 1 pm; Oren Hale has secretly decided to apply to be the lighthouse keeper and intends to tell only Lise Hale; Oren Hale knows Ivo Brandt from the market",
        startAt: 'hale-house',
      }),
      person('Lise Hale', 'hale-house', {
        learned: 'Lise Hale bakes at The Kettle Cafe.',
        currently: 'Lise Hale bakes bread at The Kettle Cafe in the mornings.',
        seed: "Lise Hale is married to Oren Hale; Tobi Hale is Lise Hale's son; Lise Hale bakes at The Kettle Cafe every morning from 6 am to 12 pm; Lise Hale knows Marta Quill",
        startAt: 'hale-house',
      }),
      person('Tobi Hale', 'hale-house', {
        age: 17,
        learned: 'Tobi Hale is a student.',
        currently: 'Tobi Hale is learning to sail at Brackwater Boat Club every afternoon.',
        seed: "Oren Hale and Lise Hale are Tobi Hale's parents; Tobi Hale has started a sailing course at Brackwater Boat Club, every day from 9 am to 5 pm; Tobi Hale knows Marta Quill",
        startAt: 'hale-house',
      }),
      person('Marta Quill', 'quill-flat', {
        age: 52,
        learned: 'Marta Quill runs The Kettle Cafe.',
        currently: 'Marta Quill is serving breakfast and lunch at The Kettle Cafe.',
        seed: 'Marta Quill runs The Kettle Cafe; Marta Quill mends sails at Brackwater Boat Club; Marta Quill knows Lise Hale and Tobi Hale',
        startAt: 'quill-flat',
      }),
      person('Ivo Brandt', 'brandt-flat', {
        age: 39,
        learned: 'Ivo Brandt is a fisherman who sells his catch at Harbour Market.',
        currently: 'Ivo Brandt is selling fish at Harbour Market.',
        seed: 'Ivo Brandt sells fish at Harbour Market; Ivo Brandt knows Oren Hale from the market',
        startAt: 'brandt-flat',
      }),
    ],
  });
