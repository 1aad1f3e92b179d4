// Names people choose lose what would make them lie about themselves (issue 24, item 8): bidi overrides turn
// "Eve\u202Enimda" into a name that reads "Eveadmin"; zero-width characters make a second "Ada" that looks the same.
import { describe, expect, it } from 'vitest';
import { plainName } from '../../src/core/user-text.ts';
import { checkPersona, personaOf } from '../../src/town/persona.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { UserError } from '../../src/errors.ts';
import type { TownState } from '../../src/town/types.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { offlineKit } from '../support/worker-town.ts';

const state = { name: 'Testtown', residents: [{ profile: { name: 'Ada Brook' } }] } as unknown as TownState;
const you = { id: 'u1', displayName: 'Eve\u202Enimda\u202C' };

describe('plain names', () => {
  it('drops bidi overrides, isolates and zero-width characters, and keeps every other letter', () => {
    expect(plainName('Eve\u202Enimda\u202C')).toBe('Evenimda');
    expect(plainName('\u2066Zoë\u2069 \u200BÅsa\u200D\uFEFF')).toBe('Zoë Åsa');
    expect(plainName('שלום Shalom')).toBe('שלום Shalom');
    expect(plainName('a\u0007b')).toBe('ab');
  });

  it('a persona named like a resident with a zero-width character is still refused as that resident', () => {
    expect(() => checkPersona(state, you, 'Ada\u200B Brook', '')).toThrow(UserError);
    expect(() => checkPersona(state, you, 'Ada Brook\u200B', '')).toThrow(/is a resident of Testtown/);
    expect(checkPersona(state, you, '\u202EMara\u202C', 'a sailor').name).toBe('Mara');
  });

  it('a name made only of invisible characters is no name', () => {
    expect(() => checkPersona(state, you, '\u200B\u200B\u202E', '')).toThrow(/needs a name/);
  });

  it('residents see a visitor by their display name without the overrides', async () => {
    const store = new InMemoryTownStore();
    await TownService.create(
      { store, kit: offlineKit(), owner: 'test' },
      { id: 't', scope: 't', file: tinyTown(), seed: 1 },
    );
    expect((await personaOf(store, 't', you)).name).toBe('Evenimda');
    expect((await personaOf(store, 't', { id: 'u2', displayName: '\u200B' })).name).toBe('A visitor');
  });
});
