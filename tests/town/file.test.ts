import { describe, expect, it } from 'vitest';
import { isUserError } from '../../src/errors.ts';
import { parseTownFile, TownFileError, validateTownFile } from '../../src/town/file.ts';
import { loadTownFile } from '../../src/town/file-io.ts';

const minimal = () => ({
  name: 'Tiny',
  start: '2024-01-01 08:00',
  locations: [
    { id: 'cafe', name: 'Cafe', subAreas: [{ name: 'counter', objects: ['coffee machine'] }] },
    { id: 'home', name: 'Home', subAreas: [{ name: 'kitchen', objects: [{ name: 'stove', status: 'off' }] }] },
  ],
  residents: [
    {
      name: 'Ada Stone',
      age: 30,
      innate: 'kind',
      learned: 'Ada runs the cafe.',
      currently: 'Ada is baking.',
      lifestyle: 'Ada wakes at 6.',
      home: 'home',
      seed: 'Ada Stone runs the cafe; Ada likes tea',
    },
  ],
});

describe('town file', () => {
  it('GIVEN the shipped seed town WHEN loaded THEN it has 10 residents, 8 locations and two seeded facts held by one resident each', () => {
    const town = loadTownFile();
    expect(town.residents).toHaveLength(10);
    expect(town.locations).toHaveLength(8);
    for (const r of town.residents) expect(r.seed.split(';').length).toBeGreaterThanOrEqual(4);
    const party = town.residents.filter((r) => /spring party/i.test(r.seed));
    expect(party.map((r) => r.name)).toEqual(['Rosa Delgado']);
    // The candidacy is known only to the candidate.
    const candidacy = town.residents.filter((r) => /run(ning)? for mayor/i.test(r.seed));
    expect(candidacy.map((r) => r.name)).toEqual(['Oscar Lindqvist']);
    expect(town.facts.map((f) => f.id)).toEqual(['spring-party', 'mayoral-candidacy']);
  });

  it('GIVEN a minimal file WHEN validated THEN defaults are filled in', () => {
    const t = validateTownFile(minimal());
    expect(t.minutesPerTick).toBe(10);
    expect(t.locations[0]?.emoji).toBe('📍');
    expect(t.residents[0]?.knows).toEqual([]);
  });

  it('GIVEN several bad fields WHEN validated THEN one UserError names the path of each', () => {
    const bad = minimal() as Record<string, unknown> & ReturnType<typeof minimal>;
    const r0 = bad.residents[0] as Record<string, unknown>;
    r0.home = 'castle';
    r0.age = -3;
    (bad.locations[0] as Record<string, unknown>).hours = '8 to 5';
    bad.locations.push({ id: 'cafe', name: 'Cafe 2', subAreas: [{ name: 'x', objects: [] }] });
    bad.start = 'tomorrow';
    let err: unknown;
    try {
      validateTownFile(bad, 'bad.yaml');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TownFileError);
    expect(isUserError(err)).toBe(true);
    const msg = (err as Error).message;
    expect(msg).toContain('bad.yaml');
    expect(msg).toContain("residents[0].home: unknown location 'castle'");
    expect(msg).toMatch(/residents\[0\]\.age: /);
    expect(msg).toMatch(/locations\[0\]\.hours: opening hours/);
    expect(msg).toContain("locations[2].id: duplicate id 'cafe'");
    expect(msg).toMatch(/start: a date and time/);
  });

  it('GIVEN an unknown key or a missing field WHEN validated THEN the path is named', () => {
    const bad = minimal() as Record<string, unknown>;
    bad.colour = 'blue';
    delete (bad.residents as Record<string, unknown>[])[0]?.seed;
    const e = (() => {
      try {
        validateTownFile(bad);
      } catch (x) {
        return x as TownFileError;
      }
      throw new Error('expected an error');
    })();
    expect(e.problems.some((p) => p.startsWith('residents[0].seed:'))).toBe(true);
    expect(e.problems.some((p) => p.includes('colour'))).toBe(true);
  });

  it('GIVEN YAML or JSON that cannot be parsed WHEN parsed THEN the error says so and names the file', () => {
    expect(() => parseTownFile('name: [unclosed', 'x.yaml')).toThrow(/x\.yaml is invalid:[\s\S]*cannot be parsed/);
    expect(() => parseTownFile('{"name": ', 'x.json')).toThrow(/x\.json is invalid:[\s\S]*cannot be parsed/);
  });

  it('GIVEN a JSON town file WHEN parsed THEN it is accepted like YAML', () => {
    const t = parseTownFile(JSON.stringify(minimal()), 'tiny.json');
    expect(t.residents[0]?.name).toBe('Ada Stone');
  });
});
