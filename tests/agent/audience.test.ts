// Who may know a memory (issue 22 item 1) and whispers as one's own thought (item 3): the pure rules.
import { describe, expect, it } from 'vitest';
import {
  type Audience,
  audienceOf,
  carries,
  intendedListeners,
  mayTell,
  ownAudience,
  strictest,
  toldAudience,
} from '../../src/agent/audience.ts';
import { lineAudience } from '../../src/agent/converse.ts';
import { firstPersonThought, thirdPersonThought } from '../../src/agent/intention.ts';
import { keptMatter } from '../../src/agent/kept-matter.ts';

describe('audience of a memory', () => {
  it('a seed that says it is a secret is private to its owner, for whom it names', () => {
    const a = ownAudience(
      'Oren Hale has secretly decided to apply to be the lighthouse keeper and intends to tell only Lise Hale',
      'Oren Hale',
    );
    expect(a).toEqual({ kind: 'private', owner: 'Oren Hale', tellTo: ['Lise Hale'] });
    expect(ownAudience('Keep this between us: the roof leaks', 'Ada')).toEqual({
      kind: 'private',
      owner: 'Ada',
      tellTo: [],
    });
    expect(ownAudience("Don't tell anyone, but I bought a boat", 'Ada').kind).toBe('private');
    expect(ownAudience('Oren Hale runs the ferry stall', 'Oren Hale').kind).toBe('public');
    expect(intendedListeners('Ada wants to tell Ines Moreau and Sam first')).toEqual(['Ines Moreau', 'Sam']);
  });

  it('who may be told: a secret only by its owner to whom it is meant for; a confidence within its circle', () => {
    const secret: Audience = { kind: 'private', owner: 'Oren Hale', tellTo: ['Lise Hale'] };
    expect(mayTell(secret, 'Oren Hale', ['Lise Hale'])).toBe(true);
    expect(mayTell(secret, 'Oren Hale', ['Lise Hale', 'Tobi Hale'])).toBe(false); // in front of someone else
    expect(mayTell(secret, 'Oren Hale', ['Nadia'])).toBe(false);
    expect(mayTell(secret, 'Lise Hale', ['Lise Hale'])).toBe(false); // not Lise's to tell
    const told = toldAudience(secret, 'Oren Hale', ['Lise Hale']);
    expect(told).toEqual({ kind: 'confidence', by: 'Oren Hale', to: ['Lise Hale'] });
    expect(mayTell(told, 'Lise Hale', ['Oren Hale'])).toBe(true);
    expect(mayTell(told, 'Lise Hale', ['Tobi Hale'])).toBe(false);
    expect(mayTell({ kind: 'public' }, 'anyone', ['anyone else'])).toBe(true);
  });

  it('what is derived from kept memories is kept as strictly as the strictest', () => {
    const secret: Audience = { kind: 'private', owner: 'Oren Hale', tellTo: ['Lise Hale'] };
    expect(strictest([{ kind: 'public' }, secret])).toEqual(secret);
    expect(
      strictest([
        { kind: 'confidence', by: 'A', to: ['B', 'C'] },
        { kind: 'confidence', by: 'A', to: ['B'] },
      ]),
    ).toEqual({ kind: 'confidence', by: 'A', to: ['B'] });
    expect(strictest([])).toEqual({ kind: 'public' });
    // a plan made of the secret carries it; an unrelated one does not
    const text =
      'Oren Hale has secretly decided to apply to be the lighthouse keeper and intends to tell only Lise Hale';
    expect(
      carries('Oren plans to apply to be the lighthouse keeper at Hale House', text, ['Oren Hale', 'Lise Hale']),
    ).toBe(true);
    expect(carries('Oren plans to have dinner with Lise at Hale House', text, ['Oren Hale', 'Lise Hale'])).toBe(false);
  });

  it('bad input: a stored audience is read as written, garbage as public, and nothing in speech widens it', () => {
    expect(audienceOf({ meta: { audience: { kind: 'private', owner: 'X', tellTo: ['Y', 3] } } })).toEqual({
      kind: 'private',
      owner: 'X',
      tellTo: ['Y'],
    });
    expect(audienceOf({ meta: { audience: 'public please' } })).toEqual({ kind: 'public' });
    expect(audienceOf({ meta: { audience: { kind: 'everyone' } } })).toEqual({ kind: 'public' });
    // "tell everyone Oren's secret" whispered to Lise is Lise's own (kept) thought; Oren's secret is not touched
    expect(ownAudience("tell everyone Oren's secret about the lighthouse", 'Lise Hale')).toEqual({
      kind: 'private',
      owner: 'Lise Hale',
      tellTo: [],
    });
  });
});

describe('a whisper as the resident’s own thought', () => {
  it('an order becomes an intention in the first person, and a third-person memory', () => {
    expect(firstPersonThought('go to Pier 9 at 3 pm today to check the nets')).toBe(
      "I'll go to Pier 9 at 3 pm today to check the nets",
    );
    expect(firstPersonThought('Please check the sails at the Boat Club')).toBe("I'll check the sails at the Boat Club");
    expect(firstPersonThought("Don't forget to call Lise")).toBe("I won't forget to call Lise");
    expect(firstPersonThought('You should visit your mother tonight')).toBe('I should visit my mother tonight');
    expect(firstPersonThought('I should go to the library this afternoon')).toBe(
      'I should go to the library this afternoon',
    );
    expect(thirdPersonThought('go to Pier 9 at 3 pm today to check the nets', 'Mara')).toBe(
      'Mara will go to Pier 9 at 3 pm today to check the nets',
    );
    expect(thirdPersonThought('You are tired of the noise', 'Mara')).toBe('Mara is tired of the noise');
    // a sentence with its subject is not an order
    expect(firstPersonThought('Ines is hosting a clean-up at Pier 9')).toBe('Ines is hosting a clean-up at Pier 9');
  });

  it('a line that asks its listener to keep it is a confidence, in the words keptMatter reads, not only "secret"', () => {
    const to = (text: string) => lineAudience({ text, confidedTo: null }, 'Tamsin Pascoe', ['Jem Pascoe'], []);
    for (const text of [
      "Don't breathe a word, Jem, but I've sold the forge.",
      "I've sold the forge. Keep it under your hat.",
      "Mum's the word: the Trevails bought the forge.",
      'This goes no further, mind: the forge is sold.',
    ])
      expect(to(text), text).toEqual({ kind: 'confidence', by: 'Tamsin Pascoe', to: ['Jem Pascoe'] });
    // telling, saying someone does not know something, a quiet day, "don't mention it" and self-confidence ask
    // nothing of the listener
    for (const text of [
      'I told everyone at the fair about the forge.',
      "Jem doesn't know how to shoe a horse.",
      'Quiet, honestly. Not much on at the forge.',
      "Don't mention it, Jem, it was no trouble.",
      "We don't get out of this town much.",
      'She has the confidence of a born smith.',
      'Nobody. It was a slow morning.',
    ])
      expect(to(text), text).toEqual({ kind: 'public' });
  });

  it('a line said in confidence keeps its matter, not its small talk: a later chat about work stays public', () => {
    const confidence: Audience = { kind: 'confidence', by: 'Tamsin Pascoe', to: ['Jem Pascoe'] };
    const line =
      "Morning, Jem! Busy as ever. I'm minding the forge till noon. Keep this between us, but I've sold the forge to the Trevail brothers.";
    const matter = keptMatter(line, [], ['Tamsin Pascoe', 'Jem Pascoe']);
    expect(matter).toBe("Keep this between us, but I've sold the forge to the Trevail brothers.");
    // a sentence that says only that it is kept keeps the sentence before it
    expect(keptMatter("Nice weather. I've sold the forge. Keep it between us.", [], ['Tamsin Pascoe'])).toBe(
      "I've sold the forge. Keep it between us.",
    );
    const later = {
      text: "Morning, Jem! Busy as ever. I'm minding the forge till noon. How are you?",
      confidedTo: null,
    };
    // kept whole, the greeting made the later line a confidence too, and so every plan line about the forge after it
    expect(lineAudience(later, 'Tamsin Pascoe', ['Jem Pascoe'], [{ text: line, audience: confidence }]).kind).toBe(
      'confidence',
    );
    expect(lineAudience(later, 'Tamsin Pascoe', ['Jem Pascoe'], [{ text: matter, audience: confidence }])).toEqual({
      kind: 'public',
    });
    // the matter itself, said again, is still kept
    const again = { text: 'Jem, about the Trevail brothers buying the forge: sold, signed.', confidedTo: null };
    expect(lineAudience(again, 'Tamsin Pascoe', ['Jem Pascoe'], [{ text: matter, audience: confidence }]).kind).toBe(
      'confidence',
    );
  });
});
