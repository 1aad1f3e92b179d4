// The offline stand-in's replies to news that turns a life and to a confidence (issue 32 item 5): a baby or a
// retirement met with feeling, a loss with sorrow, a confidence promised kept.
import { describe, expect, it } from 'vitest';
import { turn } from './turn-fixture.ts';

describe('offline dialogue: news that turns a life, and a confidence', () => {
  it('meets a baby or a retirement with feeling, a loss with sorrow, and says it will keep a confidence', () => {
    const said = (text: string, news: string) => turn({ history: [{ speaker: 'Felix Tanaka', text, news }] }).line;
    expect(said('Guess what? Mira is expecting a baby!', 'Mira Tanaka is expecting a baby')).toMatch(
      /wonderful news|lovely to hear/,
    );
    expect(said('Old Bert is retiring in May.', 'Bert Holm is retiring in May')).toMatch(
      /wonderful news|lovely to hear/,
    );
    expect(said('Did you hear? Agnes died on Sunday.', 'Agnes Berg died on Sunday')).toMatch(/so sorry/);
    // told in confidence ("Just between us", "Don't tell anyone yet"): it promises to keep it
    const kept = said("Don't tell anyone yet, but I'm expecting a baby.", 'Felix Tanaka is expecting a baby');
    expect(kept).toMatch(/won’t say a word|secret’s safe with me/);
    expect(said('Felix is expecting a baby.', 'Felix Tanaka is expecting a baby')).not.toMatch(
      /say a word|safe with me/,
    );
  });
});
