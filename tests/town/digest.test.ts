import { describe, expect, it } from 'vitest';
import { digestText } from '../../src/town/digest.ts';
import type { DigestData } from '../../src/town/types.ts';

const talk = (i: number) => ({ at: `9:${String(i).padStart(2, '0')} am`, location: 'Cafe', names: ['Ann', 'Bo'] });

describe('daily digest text', () => {
  it('says how many conversations and new acquaintances the day had, not how many are listed', () => {
    const d: DigestData = {
      day: 1,
      date: 'Tuesday, January 2, 2024',
      conversations: Array.from({ length: 12 }, (_, i) => talk(i)),
      conversationCount: 25,
      newRelationships: [['Ann', 'Bo']],
      newRelationshipCount: 1,
      notable: [],
      posts: 40,
      rejectedMoves: 0,
    };
    const text = digestText(d);
    expect(text).toContain('Conversations (25, the first 12 listed):');
    expect(text).toContain('New acquaintances (1):');
    expect(text.split('\n').filter((l) => l.startsWith('• 9:'))).toHaveLength(12);
  });

  it('a digest saved before the counts existed still reads', () => {
    const text = digestText({
      day: 0,
      date: 'Monday, January 1, 2024',
      conversations: [talk(1), talk(2)],
      newRelationships: [],
      notable: [],
      posts: 3,
      rejectedMoves: 0,
    });
    expect(text).toContain('Conversations (2):');
  });
});
