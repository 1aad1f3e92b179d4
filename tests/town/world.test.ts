import { describe, expect, it } from 'vitest';
import type { AgentId } from '../../src/agent/types.ts';
import { parseSimStart } from '../../src/core/time.ts';
import { buildTownState } from '../../src/town/build.ts';
import { validateTownFile } from '../../src/town/file.ts';
import {
  checkPresence,
  findLocation,
  findObject,
  findResident,
  isOpenAt,
  releaseObjects,
  travelTicks,
  useObject,
} from '../../src/town/world.ts';

const file = () =>
  validateTownFile({
    name: 'Rules',
    start: '2024-01-01 08:00',
    locations: [
      {
        id: 'shop',
        name: 'The Corner Shop',
        hours: '09:00-17:00',
        position: { x: 0, y: 0 },
        subAreas: [
          { name: 'floor', objects: ['till'] },
          { name: 'toilet', capacity: 1, objects: ['sink'] },
        ],
      },
      {
        id: 'pub',
        name: 'Pub',
        hours: '18:00-01:00',
        position: { x: 30, y: 40 },
        subAreas: [{ name: 'bar', objects: ['taps'] }],
      },
      { id: 'home-a', name: 'House A', subAreas: [{ name: 'kitchen', objects: [{ name: 'stove', status: 'off' }] }] },
      { id: 'home-b', name: 'House B', subAreas: [{ name: 'room', objects: ['bed'] }] },
      { id: 'secret', name: 'Hidden Cove', public: false, subAreas: [{ name: 'beach', objects: [] }] },
    ],
    travel: [{ from: 'home-a', to: 'home-b', minutes: 25 }],
    residents: [
      {
        name: 'Ann Lee',
        age: 30,
        innate: 'x',
        learned: 'x',
        currently: 'x',
        lifestyle: 'x',
        home: 'home-a',
        workplace: 'shop',
        seed: 'Ann knows Bo Park',
      },
      {
        name: 'Bo Park',
        age: 31,
        innate: 'x',
        learned: 'x',
        currently: 'x',
        lifestyle: 'x',
        home: 'home-b',
        seed: 'Bo likes the pub',
      },
      {
        name: 'Cy Ray',
        age: 32,
        innate: 'x',
        learned: 'x',
        currently: 'x',
        lifestyle: 'x',
        home: 'home-b',
        startAt: 'shop',
        seed: 'Cy',
      },
    ],
  });

const at = (hhmm: string) => parseSimStart(`2024-01-01 ${hhmm}`) as number;

describe('world rules', () => {
  const state = buildTownState(file(), { initialMind: () => ({}) });
  const [ann, bo, cy] = state.residents;
  if (!ann || !bo || !cy) throw new Error('fixture');

  it('opening hours, including a range across midnight', () => {
    const shop = findLocation(state, 'shop');
    const pub = findLocation(state, 'the pub');
    expect(shop && isOpenAt(shop, at('09:00'))).toBe(true);
    expect(shop && isOpenAt(shop, at('17:00'))).toBe(false);
    expect(pub && isOpenAt(pub, at('00:30'))).toBe(true);
    expect(pub && isOpenAt(pub, at('12:00'))).toBe(false);
  });

  it('spatial memory: home, workplace, start place and public places are known; a private place is not', () => {
    expect(Object.keys(ann.knownPlaces).sort()).toEqual(['home-a', 'pub', 'shop']);
    expect(Object.keys(cy.knownPlaces).sort()).toEqual(['home-b', 'pub', 'shop']);
    const r = checkPresence(state, bo, 'secret', undefined, at('10:00'));
    expect(r).toEqual({ ok: false, reason: 'Bo does not know where Hidden Cove is.' });
  });

  it('GIVEN a closed shop WHEN a customer tries to enter THEN the move is refused with the hours; staff may enter', () => {
    expect(checkPresence(state, bo, 'shop', undefined, at('08:00'))).toEqual({
      ok: false,
      reason: 'The Corner Shop is closed now (open 09:00-17:00).',
    });
    expect(checkPresence(state, bo, 'shop', undefined, at('10:00'))).toEqual({ ok: true });
    expect(checkPresence(state, ann, 'shop', undefined, at('08:00'))).toEqual({ ok: true });
  });

  it('GIVEN a one-person toilet in use WHEN another resident wants it THEN it is refused', () => {
    cy.subArea = 'toilet';
    const r = checkPresence(state, ann, 'shop', 'toilet', at('10:00'));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toBe('The toilet at The Corner Shop is occupied by Cy Ray.');
    // The occupant itself may stay.
    expect(checkPresence(state, cy, 'shop', 'toilet', at('10:00'))).toEqual({ ok: true });
    cy.subArea = 'floor';
  });

  it('travel time: explicit minutes, else distance between positions, else one tick', () => {
    expect(travelTicks(state, 'home-a', 'home-b')).toBe(3); // 25 min at 10 min per tick
    expect(travelTicks(state, 'shop', 'pub')).toBe(5); // distance 50
    expect(travelTicks(state, 'home-a', 'shop')).toBe(1);
    expect(travelTicks(state, 'shop', 'shop')).toBe(0);
  });

  it('actions set object status; the object returns to idle when released', () => {
    const change = useObject(state, ann.profile.id, 'home-a', 'stove', 'cooking breakfast');
    expect(change).toEqual({ location: 'home-a', subArea: 'kitchen', object: 'stove', status: 'cooking breakfast' });
    expect(releaseObjects(state, ann.profile.id)).toEqual([
      { location: 'home-a', subArea: 'kitchen', object: 'stove', status: 'off' },
    ]);
    expect(releaseObjects(state, ann.profile.id)).toEqual([]);
  });

  it('lookups are forgiving about case, "the" and channel names', () => {
    expect(findLocation(state, '#shop')?.id).toBe('shop');
    expect(findLocation(state, 'corner shop')?.id).toBe('shop');
    expect(findResident(state, 'bo')?.profile.id).toBe('bo-park' as AgentId);
    const shop = findLocation(state, 'shop');
    expect(shop && findObject(shop, 'toilet/sink')?.object.name).toBe('sink');
    expect(findLocation(state, 'nowhere')).toBeUndefined();
  });

  it('seed paragraphs naming another resident, family and a shared home make them acquaintances', () => {
    // Ann's seed names Bo; Bo and Cy share House B
    expect(state.acquaintances).toEqual(['ann-lee|bo-park', 'bo-park|cy-ray']);
  });
});
