// Names people choose lose what would make them lie about themselves (issue 24, item 8): bidi overrides turn
// "Eve\u202Enimda" into a name that reads "Eveadmin"; zero-width characters make a second "Ada" that looks the same.
import { describe, expect, it } from 'vitest';
import { discordSpeaker } from '../../src/commands/util.ts';
import { plainName } from '../../src/core/user-text.ts';
import { UserError } from '../../src/errors.ts';
import { validateTownFile } from '../../src/town/file.ts';
import { checkPersona, personaOf } from '../../src/town/persona.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { formatTownExport, parseTownExport, readTownExport } from '../../src/town/town-export.ts';
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

  it('every way a name comes in loses them: Discord display names, town files, personas in an imported export', async () => {
    expect(discordSpeaker('1', '\u202EMallory\u200B')).toEqual({ id: '1', displayName: 'Mallory' });
    expect(discordSpeaker('2', '\u200B\u2066')).toEqual({ id: '2', displayName: 'A visitor' });
    const file = tinyTown();
    const raw = JSON.parse(JSON.stringify(file)) as {
      name: string;
      locations: { name: string; subAreas: { name: string; objects: (string | { name: string })[] }[] }[];
      residents: { name: string; firstName?: string }[];
    };
    raw.name = 'Tiny\u202E';
    raw.locations[0]!.name = '\u200BCafe';
    raw.locations[0]!.subAreas[0]!.name = 'coun\u200Dter';
    raw.locations[0]!.subAreas[0]!.objects = ['coffee\u2060 machine'];
    raw.residents[0]!.name = '\u202EMallory Lee\u202C';
    raw.residents[0]!.firstName = 'Mallory\u200B';
    const clean = validateTownFile(raw);
    expect(clean.name).toBe('Tiny');
    expect(clean.locations[0]!.name).toBe('Cafe');
    expect(clean.locations[0]!.subAreas[0]!.name).toBe('counter');
    expect(clean.locations[0]!.subAreas[0]!.objects[0]).toBe('coffee machine');
    expect(clean.residents[0]!.name).toBe('Mallory Lee');
    expect(clean.residents[0]!.firstName).toBe('Mallory');
    // A name of invisible characters only is an empty name.
    expect(() => validateTownFile({ ...raw, name: '\u200B\u202E' })).toThrow(/name: must not be empty/);

    const store = new InMemoryTownStore();
    await TownService.create(
      { store, kit: offlineKit(), owner: 'test' },
      { id: 't', scope: 't', file: tinyTown(), seed: 1 },
    );
    const exported = await readTownExport(store, 't');
    exported.personas = [{ userId: 'u9', name: '\u202EMallory\u200B', description: 'edited by hand' }];
    expect(parseTownExport(formatTownExport(exported, 'json')).personas[0]?.name).toBe('Mallory');
  });
});
