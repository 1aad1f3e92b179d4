// Regional spellings of a few grammar words, read as the standard ones before any rule looks at a sentence: a voice
// written as it is spoken ("mi live wid mi daughter", "bides wi us", "told 'er in confidence", "she an' she brother")
// says the same ties and homes as the standard words. Only forms that cannot be read another way where they stand:
// "ma", "mi", "me" and the creole "she" as possessives only before a kin word; "wi", "wid", "wit" as "with" only
// before a person; h-dropped pronouns only as whole words after a space.
import { KIN } from './kin-words.ts';

const PERSON = String.raw`(?=\s+(?:(?:my|mi|ma|me|his|her|their|our|your|us|them|him|the|a|an)\b|@\d))`;

export function standardSpelling(t: string): string {
  return (
    t
      // "told 'er", "'is daughter-in-law", "wi' 'im", "I'm 'avin' a leek show", "Agnes 'asn't let on": the h-dropped
      // pronouns and forms of "have" (a closed set: a quote that opens on a word, "'all welcome'", is left alone)
      .replace(
        /(^|[\s(])['’](er|is|im|ers|imself|erself|ave|as|ad|avin|aving|asn['’]t|adn['’]t|aven['’]t)(?![\p{L}])/giu,
        (_, a: string, w: string) => `${a}h${w.toLowerCase()}`,
      )
      // the Scots "hae", "haein'": have, having
      .replace(/\bhae(?:in['’]|ing)(?![\p{L}])/giu, 'having')
      .replace(/\bhae\b/giu, 'have')
      // "Ma man Dougie", "mi daughter Marcia", "me sister": a possessive before a kin word
      .replace(
        new RegExp(
          String.raw`\b(?:ma|mi|me)\s+(?=(?:wee\s+|little\s+|auld\s+|old\s+)?(?:${KIN}|man)(?![\p{L}-]))`,
          'giu',
        ),
        (m) => (/^M/.test(m) ? 'My ' : 'my '),
      )
      // the creole "she brother Claude", "him sister Pearline" (a pronoun never stands before a noun in the standard)
      .replace(new RegExp(String.raw`\bshe\s+(?=${KIN}(?![\p{L}-])\s+@\d)`, 'giu'), 'her ')
      .replace(new RegExp(String.raw`\bhim\s+(?=${KIN}(?![\p{L}-])\s+@\d)`, 'giu'), 'his ')
      // the Scots "oor Jamie", "oor hoose"
      .replace(/\boor\b/giu, (m) => (m.charAt(0) === 'O' ? 'Our' : 'our'))
      // "wi' his mam", "wid mi daughter", "wit his mama", "wiv 'er"
      .replace(new RegExp(String.raw`\b(?:wi['’]?|wid|wit|wiv)${PERSON}`, 'giu'), 'with')
      .replace(/\ban['’](?=\s)/giu, 'and')
      // the Scots "bides" is "lives"
      .replace(/\bbid(es|ing|e)\b/giu, (_, e: string) => (e === 'ing' ? 'living' : e === 'es' ? 'lives' : 'live'))
      // Scots negatives and pronouns: "Dinnae tell a soul", "Naebody kens", "A've been", "A'll no be tellin"
      .replace(/\b(din|dae|did|can|could|would|should|is|was|has|have|win|will)nae\b/giu, (m, v: string) => {
        const w = v.toLowerCase();
        const to =
          w === 'din' || w === 'dae'
            ? "don't"
            : w === 'can'
              ? "can't"
              : w === 'win' || w === 'will'
                ? "won't"
                : `${w}n't`;
        return /^\p{Lu}/u.test(m) ? to.charAt(0).toUpperCase() + to.slice(1) : to;
      })
      .replace(/\bnaebody\b/giu, 'nobody')
      .replace(/\bkens\b/giu, 'knows')
      .replace(/(^|[\s,;—–])A(?=['’](?:ve|m|ll|d)\b)/gu, '$1I')
      .replace(/\b(I['’]ll|will|won['’]t)\s+no\s+be\b/giu, (_, v: string) =>
        /^won/i.test(v) ? "won't be" : `${v} not be`,
      )
      // a dropped "g": "tellin'", "keepin' it shut", "mornin'"; the Irish "she's after tellin' me" (has just told me)
      .replace(/\b(\p{L}{2,}i)n['’](?=[\s.,;!?]|$)/gu, '$1ng')
      .replace(/\b(?:is|['’]s|am|['’]m|are|['’]re)\s+after\s+telling\b/giu, ' has told')
      // "Ma man Dougie": the one she married
      .replace(/\b(my|her)\s+man\s+(?=@\d)/giu, '$1 husband ')
      // the Irish "Himself, Seamus, is above in the house": the one she married
      .replace(/(^|[.;]\s*)Himself,?\s+(?=@\d)/gu, '$1my husband ')
      .replace(/(^|[.;]\s*)Herself,?\s+(?=@\d)/gu, '$1my wife ')
  );
}

/**
 * A name said with its "h" dropped ("Our 'Etty, 'is daughter-in-law"): the resident whose first name it is, when one
 * is. The apostrophe stands where the "h" was, so the text keeps its length.
 */
export function restoreH(t: string, people: readonly string[]): string {
  const firsts = new Set(people.map((p) => p.split(/\s+/)[0]!));
  return t.replace(/(?<![\p{L}])['’](\p{Lu}\p{Ll}+)/gu, (m, w: string) => {
    const named = `H${w.charAt(0).toLowerCase()}${w.slice(1)}`;
    return firsts.has(named) ? named : m;
  });
}

const HOUR = '(?:\\d{1,2}(?:[:.]\\d{2})?|one|two|three|four|fower|five|six|seven|eight|nine|ten|eleven|twelve|noon)';

/**
 * Regional words of the clock and the calendar, each written as the standard word of the same length (a time found
 * stays where it was said): the Scots "Monday tae Thursday", "fower till ten", "ilka day"; the Yorkshire "seven while
 * three" (until); "seven days" for every day of the week.
 */
export function standardTimes(t: string): string {
  return t
    .replace(/\btae\b/gi, 'to ')
    .replace(/\b(mornin|evenin)['’]/gi, '$1g')
    .replace(/\bfower\b/gi, 'four ')
    .replace(new RegExp(String.raw`(?<=\b${HOUR}\s+)while(?=\s+${HOUR}\b)`, 'gi'), 'till ')
    .replace(/\bilka day\b/gi, 'everyday')
    .replace(/\bseven days(?!\s+(?:a|in the|of the)\s+week|\s+ago|\s+later|\s+before|\s+after)\b/gi, 'every day ');
}
