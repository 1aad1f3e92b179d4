// Small town files for the town tests.
import { validateTownFile } from '../../src/town/file.ts';

export const res = (name: string, home: string, extra: Record<string, unknown> = {}) => ({
  name,
  age: 30,
  innate: 'kind',
  learned: `${name} lives here.`,
  currently: `${name} is well.`,
  lifestyle: 'up at 7',
  home,
  seed: `${name} likes tea; ${name} lives in town`,
  ...extra,
});

export const tinyTown = () =>
  validateTownFile({
    name: 'Tiny',
    start: '2024-01-01 08:00',
    locations: [
      {
        id: 'cafe',
        name: 'Cafe',
        emoji: '☕',
        hours: '07:00-20:00',
        subAreas: [
          { name: 'counter', objects: ['coffee machine'] },
          { name: 'loo', capacity: 1, objects: ['sink'] },
        ],
      },
      { id: 'shop', name: 'Shop', hours: '12:00-18:00', subAreas: [{ name: 'floor', objects: ['till'] }] },
      { id: 'park', name: 'Park', position: { x: 0, y: 0 }, subAreas: [{ name: 'lawn', objects: ['bench'] }] },
      { id: 'hill', name: 'Hill', position: { x: 0, y: 25 }, subAreas: [{ name: 'top', objects: [] }] },
      {
        id: 'house',
        name: 'House',
        kind: 'home',
        subAreas: [{ name: 'kitchen', objects: [{ name: 'stove', status: 'off' }] }],
      },
      { id: 'lake', name: 'Silver Lake', public: false, subAreas: [{ name: 'shore', objects: [] }] },
    ],
    residents: [
      res('Ann Lee', 'house', { startAt: 'cafe' }),
      res('Bo Park', 'house', { startAt: 'cafe' }),
      res('Cy Ray', 'house'),
    ],
  });
