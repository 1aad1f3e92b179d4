// Group conversations (issue 28) in the mind: who speaks next, goodbyes that leave a group, a promise made together
// binding each who took part, and a conversation's record (place, participants, times) for the run export.
import { describe, expect, it } from 'vitest';
import type { AgentId, AgentProfile } from '../../src/agent/types.ts';
import { isGoodbye, nextSpeaker } from '../../src/core/turns.ts';
import { at, CAFE, MARA, resident, setup, TOMAS } from './fixtures.ts';

const ADA: AgentProfile = {
  id: 'ada' as AgentId,
  name: 'Ada Lindqvist',
  firstName: 'Ada',
  age: 61,
  innate: 'cheerful',
  learned: 'Ada Lindqvist sells vegetables.',
  currently: 'Ada Lindqvist is selling vegetables.',
  lifestyle: 'Ada goes to bed around 9pm.',
  home: 'ada-home',
  seed: 'Ada Lindqvist sells vegetables',
};

const sp = (name: string, hasNews = false, left = false) => ({ name, first: name.split(' ')[0]!, hasNews, left });

describe('turn-taking in a group (src/core/turns.ts)', () => {
  const three = [sp('Ada Lindqvist'), sp('Tomas Reyes'), sp('Mara Okafor')];
  it('whoever is addressed speaks next, else one with something to add, else who has said least; not a fixed round', () => {
    expect(nextSpeaker(three, [])).toBe('Ada Lindqvist');
    // addressed by name
    expect(nextSpeaker(three, [{ speaker: 'Ada Lindqvist', text: 'Mara, how was the trip?' }])).toBe('Mara Okafor');
    // nobody addressed: one with news to add before one without
    expect(
      nextSpeaker(
        [sp('Ada Lindqvist'), sp('Tomas Reyes'), sp('Mara Okafor', true)],
        [{ speaker: 'Ada Lindqvist', text: 'Lovely evening.' }],
      ),
    ).toBe('Mara Okafor');
    // then who has said least
    expect(
      nextSpeaker(three, [
        { speaker: 'Ada Lindqvist', text: 'Hello!' },
        { speaker: 'Tomas Reyes', text: 'Hi.' },
        { speaker: 'Ada Lindqvist', text: 'Nice day.' },
      ]),
    ).toBe('Mara Okafor');
    // never the one who just spoke, never one who left
    expect(
      nextSpeaker(
        [sp('Ada Lindqvist'), sp('Tomas Reyes', false, true), sp('Mara Okafor')],
        [{ speaker: 'Ada Lindqvist', text: 'Tomas?' }],
      ),
    ).toBe('Mara Okafor');
    // a pair alternates
    expect(nextSpeaker(three.slice(0, 2), [{ speaker: 'Ada Lindqvist', text: 'Hi' }])).toBe('Tomas Reyes');
  });

  it('reads a goodbye in any words', () => {
    for (const t of ['Anyway, I should get going.', 'See you later!', 'Take care, Ada!', 'Well, bye for now.'])
      expect(isGoodbye(t)).toBe(true);
    for (const t of ['I’ll see you at the market tomorrow morning to sort the crates', 'How are you?'])
      expect(isGoodbye(t)).toBe(false);
  });
});

describe('a conversation of three (converse.ts)', () => {
  it('one who says goodbye leaves and the others talk on; a promise made together binds each who took part', async () => {
    const { model, runtime } = setup({ maxTurnsEach: 4 });
    const [a, b, c] = [resident(ADA), resident(TOMAS), resident(MARA)];
    model.script('agent_dialogue', {
      lines: [
        {
          speaker: 'Ada',
          line: 'Tomas, Mara, shall we all meet at the cafe at 6 pm today?',
        },
        {
          speaker: 'Tomas',
          line: 'Yes, count me in. I have to go now though, see you later!',
        },
        { speaker: null, line: 'I will be there too, Ada.' },
        { speaker: 'Tomas', line: 'Oh, and one more thing: bring the crates.' },
        { speaker: 'Ada', line: 'Lovely, see you then.' },
      ],
      news: [],
      end: true,
      summary: {
        summary: 'Ada, Tomas and Mara agreed to meet at the cafe at 6 pm today.',
        importance: 5,
        lineImportance: null,
        commitments: [{ who: 'we', what: 'meet at the cafe at 6 pm today' }],
      },
    });
    const talk = await runtime.converse([a, b, c], {
      now: at(15),
      location: CAFE,
      initiator: a.profile.id,
      intent: 'plan the evening',
    });
    // Tomas left after his goodbye, and the line the model gives him after it is still his (he turned back: his
    // words are never put in another's mouth); Ada's "see you then" is a goodbye, and she leaves
    expect(talk.left).toEqual(['ada']);
    expect(talk.lines.map((l) => l.speaker)).toEqual(['ada', 'tomas', 'mara', 'tomas', 'ada']);
    // each who took part holds the promise as its own resolve
    for (const r of [a, b, c])
      expect(
        r.memory
          .all()
          .some((m) => m.kind === 'inner_voice' && /plans to meet at the cafe at 6 pm today/.test(m.description)),
      ).toBe(true);
    // the record of the talk: place, participants, times (the run export reads it)
    const summary = a.memory.all().find((m) => m.kind === 'conversation_summary')!;
    expect(summary.meta).toMatchObject({
      conversation: talk.id,
      place: CAFE.id,
      participants: ['Ada Lindqvist', 'Tomas Reyes', 'Mara Okafor'],
      start: at(15),
    });
    expect(summary.description).toMatch(/^Conversation with Tomas Reyes and Mara Okafor: /);
  });

  it('in a pair, a goodbye leaves too: the talk is over, its later lines unsaid, and the leaver is recorded (issue 33)', async () => {
    const { model, runtime } = setup({ maxTurnsEach: 4 });
    const [a, b] = [resident(ADA), resident(TOMAS)];
    model.script('agent_dialogue', {
      lines: [
        // a pair's lines are their words alone, the two taking turns
        'Tomas, the crates came in this morning.',
        'Good. I have to run now, see you later!',
        'Wait, one more thing about the crates.',
      ],
      news: [],
      end: false,
      summary: null,
    });
    const talk = await runtime.converse([a, b], {
      now: at(15),
      location: CAFE,
      initiator: a.profile.id,
      intent: 'talk about the crates',
    });
    expect(talk.lines.map((l) => l.speaker)).toEqual(['ada', 'tomas']);
    expect(talk.left).toEqual(['tomas']);
    expect(talk.ended).toBe('natural');
    expect(model.calls.filter((c) => c.task === 'agent_dialogue')).toHaveLength(1);
  });
});
