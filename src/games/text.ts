// Text helpers for clues and guesses: the comparisons the rules need (case- and space-insensitive).

/** Lower case, accents stripped, everything but letters and digits removed ("Ice Cream" == "icecream"). */
export function normalizeWord(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Words of a text, lower case, accents stripped. */
export function tokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

/**
 * True when `text` says `word` outright: equal after normalising, or containing its words as a contiguous run
 * ("It's a grape" says "Grape"; "grapevine" does not).
 */
export function saysWord(text: string, word: string): boolean {
  const w = tokens(word);
  if (w.length === 0) return false;
  if (normalizeWord(text) === normalizeWord(word)) return true;
  const t = tokens(text);
  for (let i = 0; i + w.length <= t.length; i++) {
    let all = true;
    for (let j = 0; j < w.length; j++) {
      const a = t[i + j] as string;
      const b = w[j] as string;
      // A plural is still the word ("grapes").
      if (a !== b && a !== `${b}s` && a !== `${b}es`) {
        all = false;
        break;
      }
    }
    if (all) return true;
  }
  return false;
}

export function sameWord(a: string, b: string): boolean {
  return normalizeWord(a) === normalizeWord(b);
}

/**
 * "a" or "an" before a word, by its sound as far as spelling tells: "an undercover", "an hour", "a chameleon",
 * "a unicorn", "a one-off". Digits are read as spoken ("an 8-player game", "an 11").
 */
export function article(word: string): 'a' | 'an' {
  const w = word.trim().toLowerCase();
  if (/^(8|11|18)(\D|$)/.test(w) || /^8\d/.test(w)) return 'an';
  if (/^(hour|honest|honou?r|heir)/.test(w)) return 'an';
  if (/^(uni|use|usu|uti|eu|ew|one|once|ue)/.test(w)) return 'a';
  return /^[aeiou]/.test(w) ? 'an' : 'a';
}

/** The word with its indefinite article: "an undercover", "a prisoners-dilemma". */
export function withArticle(word: string): string {
  return `${article(word)} ${word}`;
}
