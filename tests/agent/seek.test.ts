// Whom a host goes to invite (issue 32 items 3 and 5; agent/seek.ts): Gullhaven's landlord means to ask "everyone met
// today" to his quiz night, which only his own text mentions; his day plan is asked to find the residents his text
// names at their work before the quiz, and one he has told of it is not sought again.
import { describe, expect, it } from 'vitest';
import { inviteToday, markSeeks } from '../../src/agent/seek.ts';
import { buildTownState } from '../../src/town/build.ts';
import { newTownFile } from '../scenarios/new-towns.ts';
import { resident } from './fixtures.ts';

const state = buildTownState(newTownFile('gullhaven'), { initialMind: () => ({}) });
const ash = state.residents.find((r) => r.profile.name === 'Ash Quill')!.profile;
const morning = Date.parse('2025-03-10T08:00:00Z');

describe('a host seeks out those it means to invite', () => {
  it('the reading gives the quiz night whom to ask and where, before it starts', () => {
    const quiz = ash.hosting?.find((e) => /quiz/.test(e.kind));
    expect(quiz?.invite).toBe('everyone');
    // the residents his own text names, found at their work an hour into it (the pub itself is no call)
    expect(quiz?.seek).toEqual({
      'Sal Hartley': { place: 'chandlery', start: expect.stringMatching(/^(09|10):00$/) },
      'Jo Marsh': { place: 'library', start: '10:30' },
    });
  });

  it('the day plan is asked to invite them, until each has been told', () => {
    const r = resident(ash);
    const asked = inviteToday(r, morning).invite ?? [];
    expect(asked.map((x) => x.name).sort()).toEqual(['Jo Marsh', 'Sal Hartley']);
    for (const x of asked) expect(x.event).toMatch(/quiz night/);
    r.memory.add(
      {
        kind: 'dialogue',
        description: 'Ash Quill said to Jo Marsh: "I\'m hosting a quiz night at The Anchor tonight, do come!"',
        importance: 3,
        meta: { speaker: ash.id, speakerName: ash.name },
      },
      morning + 60 * 60_000,
    );
    expect(inviteToday(r, morning + 2 * 60 * 60_000).invite?.map((x) => x.name)).toEqual(['Sal Hartley']);
    // a line to someone else that names him tells Sal nothing: he is still sought
    r.memory.add(
      {
        kind: 'dialogue',
        description:
          'Ash Quill said to Meg Pengelly: "I\'m hosting a quiz night at The Anchor tonight, and I mean to ask Sal Hartley."',
        importance: 3,
        meta: { speaker: ash.id, speakerName: ash.name },
      },
      morning + 90 * 60_000,
    );
    expect(inviteToday(r, morning + 2 * 60 * 60_000).invite?.map((x) => x.name)).toEqual(['Sal Hartley']);
    // once the quiz has begun, or on another day, nobody is sought for it
    expect(inviteToday(r, Date.parse('2025-03-10T19:45:00Z'))).toEqual({});
    expect(inviteToday(r, Date.parse('2025-03-11T08:00:00Z'))).toEqual({});
  });
});

describe('a moment to find someone is kept like an event', () => {
  it('the block at the sought place that names them is marked, so its resident sets off in time (react.ts)', () => {
    const at = (h: number) => Date.parse(`2025-04-15T${String(h).padStart(2, '0')}:00:00Z`);
    const blocks = [
      { start: at(8), end: at(9), activity: 'work at his bench', place: 'cobblers-lane' },
      { start: at(9), end: at(10), activity: 'invite Imogen to the evening of readings', place: 'pharmacy' },
      { start: at(10), end: at(11), activity: 'buy stamps', place: 'pharmacy' },
      { start: at(11), end: at(12), activity: 'invite Imogen to the readings', place: 'wheatsheaf' },
    ];
    const marked = markSeeks(blocks, [{ name: 'Imogen Ashworth', place: 'pharmacy' }]);
    expect(marked.map((b) => b.seek === true)).toEqual([false, true, false, false]);
    expect(markSeeks(blocks, [])).toBe(blocks);
  });
});
