// Whom a host means to invite, as the neutral reader reads it (issue 32): a verb of inviting or asking and a list of
// residents' names (first names too), said with the happening or in a sentence just after it. Names, places and
// happenings are made up for this test; the reader knows none of them.
import { describe, expect, it } from 'vitest';
import { readResidentNeutral } from '../../../src/town/reading/neutral/index.ts';
import type { TownFrame } from '../../../src/town/reading/types.ts';

const TOWN: TownFrame = {
  start: '2025-03-03 07:00', // a Monday
  people: ['Nell Garrow', 'Ana Ferreira', 'Bruno Costa', 'Tiago Lopes', 'Quentin Ashe', 'Ruth Ashe', 'Sid Vokes'],
  places: [
    { id: 'drill-hall', name: 'the Drill Hall' },
    { id: 'lamb', name: 'The Lamb' },
    { id: 'boathouse', name: 'the Boathouse' },
  ],
};
const invites = (resident: string, text: string) =>
  readResidentNeutral({ resident, passages: [{ field: 'currently', text }] }, TOWN).events.map((e) => ({
    kind: e.kind,
    invite: e.invite === 'everyone' ? e.invite : [...e.invite].sort(),
  }));

describe('guests named in the sentence after the happening', () => {
  it('reads "She is asking X, Y and Z along" after a show, by full names', () => {
    const r = invites(
      'Nell Garrow',
      'Nell is putting on a magic lantern show at the Drill Hall on Thursday evening from seven until nine. ' +
        'She is asking Ana Ferreira, Bruno Costa and Sid Vokes along.',
    );
    expect(r).toEqual([{ kind: 'magic lantern show', invite: ['Ana Ferreira', 'Bruno Costa', 'Sid Vokes'] }]);
  });

  it('reads a terse note\'s "Inviting Ana, Bruno and Tiago." by first names', () => {
    const r = invites('Nell Garrow', 'Pancake supper, The Lamb, Tues 6-8pm. Inviting Ana, Bruno and Tiago.');
    expect(r).toEqual([{ kind: 'pancake supper', invite: ['Ana Ferreira', 'Bruno Costa', 'Tiago Lopes'] }]);
  });

  it('reads "has asked X and Y to come" and "X and Y are invited" in first-person and gossiping texts', () => {
    expect(
      invites(
        'Sid Vokes',
        "I'm running a rowing regatta at the Boathouse on Saturday, 10 till 4. I've asked Quentin and Ruth to come.",
      ),
    ).toEqual([{ kind: 'rowing regatta', invite: ['Quentin Ashe', 'Ruth Ashe'] }]);
    expect(
      invites(
        'Bruno Costa',
        'Word is Nell Garrow is holding a card evening at The Lamb this Friday at eight. Tiago and Sid are invited, nobody else.',
      ),
    ).toEqual([{ kind: 'card evening', invite: ['Sid Vokes', 'Tiago Lopes'] }]);
  });

  it('reads "wants X there" and "is getting X and Y round for it"', () => {
    expect(
      invites(
        'Ruth Ashe',
        'Ruth means to hold a poetry reading at the Boathouse on Wednesday at 6pm. She wants Ana there more than anyone.',
      ),
    ).toEqual([{ kind: 'poetry reading', invite: ['Ana Ferreira'] }]);
    expect(
      invites(
        'Quentin Ashe',
        "Quentin's hosting a quiz night at The Lamb tomorrow, half seven to ten. He is getting Bruno and Tiago round for it.",
      ),
    ).toEqual([{ kind: 'quiz night', invite: ['Bruno Costa', 'Tiago Lopes'] }]);
  });
});

describe('guests named with the happening', () => {
  it('reads a list after "for" once a place or hour stands between', () => {
    expect(
      invites(
        'Nell Garrow',
        'Nell is hosting a film night at the Drill Hall on Friday at 8pm for Ana, Bruno and my neighbour Sid Vokes.',
      ),
    ).toEqual([{ kind: 'film night', invite: ['Ana Ferreira', 'Bruno Costa', 'Sid Vokes'] }]);
  });

  it('keeps "a leaving party for Tiago" and "a supper for Ana and Bruno, to thank them" open to everyone', () => {
    expect(invites('Nell Garrow', 'Nell is throwing a leaving party at The Lamb on Friday at 8pm for Tiago.')).toEqual([
      { kind: 'leaving party', invite: 'everyone' },
    ]);
    expect(
      invites(
        'Nell Garrow',
        'Nell is hosting a supper at The Lamb on Friday at 7pm for Ana and Bruno, to thank them for the boat.',
      ),
    ).toEqual([{ kind: 'supper', invite: 'everyone' }]);
  });
});

describe('what is no invitation', () => {
  it('reads one asked about something, or asked to help, after the happening as no guest', () => {
    expect(
      invites(
        'Nell Garrow',
        'Nell is putting on a jumble sale at the Drill Hall on Saturday from ten till two. She asked Ana about the tables yesterday.',
      ),
    ).toEqual([{ kind: 'jumble sale', invite: 'everyone' }]);
    expect(
      invites(
        'Nell Garrow',
        'Nell is putting on a jumble sale at the Drill Hall on Saturday from ten till two. She has asked Bruno to help carry the tables.',
      ),
    ).toEqual([{ kind: 'jumble sale', invite: 'everyone' }]);
  });

  it('keeps an open invitation open, and does not lend guests across to another happening', () => {
    expect(
      invites(
        'Sid Vokes',
        'Sid is holding a boat naming at the Boathouse on Sunday at noon. Everyone is invited, and Ana is bringing cake.',
      ),
    ).toEqual([{ kind: 'boat naming', invite: 'everyone' }]);
    const r = invites(
      'Ruth Ashe',
      'Ruth is hosting a bridge afternoon at The Lamb on Tuesday at 2pm. On Thursday at 7pm she is running a ceilidh at ' +
        'the Drill Hall and inviting Quentin and Sid.',
    );
    expect(r).toEqual([
      { kind: 'bridge afternoon', invite: 'everyone' },
      { kind: 'ceilidh', invite: ['Quentin Ashe', 'Sid Vokes'] },
    ]);
  });
});
