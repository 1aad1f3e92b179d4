// Which seed phrases carry a secret when the town is built (issue 32 item 4): the phrases that say the matter or its
// keeping, not a phrase of where the resident stands that the reading's quote merely runs over. Gullhaven (a town
// written outside the project in terse notes) has a seed "Jo Marsh, librarian, 39; job application, Head of
// Libraries, Truro, ...": her job and age are who she is, known to anyone, and were kept (and once confided, "Don't
// tell anyone yet, but I, librarian, 39").
import { describe, expect, it } from 'vitest';
import { buildTownState } from '../../src/town/build.ts';
import { newTownFile } from '../scenarios/new-towns.ts';

describe('a secret carried by seed phrases', () => {
  const state = buildTownState(newTownFile('gullhaven'), { initialMind: () => ({}) });
  const jo = state.residents.find((r) => r.profile.name === 'Jo Marsh')!.profile;
  const secret = jo.secrets?.find((s) => s.owner === 'Jo Marsh');

  it('is carried by the phrases that say it or its keeping', () => {
    expect(secret?.phrases).toEqual(
      expect.arrayContaining(['job application, Head of Libraries, Truro, interview Thurs', 'nobody told, not a soul']),
    );
  });

  it('is not carried by a phrase of who the resident is that its quote runs over', () => {
    expect(secret?.phrases).not.toContain('Jo Marsh, librarian, 39');
    expect(jo.standing ?? []).toContain('Jo Marsh, librarian, 39');
  });
});
