// The console's reading of a typed command line into an operation's arguments (src/app/operations.ts): the words
// after the command, with multi-word resident, place and object names resolved by the longest prefix that names
// one. Validation, limits and texts stay in the table; this only says which words are which argument.

import { OPERATIONS, type Operation, type OperationId, usageOf } from '../app/operations.ts';
import type { TownState } from '../app/town-view.ts';
import { findLocation, findObject, findResident } from '../app/town-view.ts';
import { UserError } from '../errors.ts';

/** The longest prefix of `words` (up to 6) that `accept` resolves, and the rest. */
export function longestPrefix<T>(
  words: string[],
  accept: (phrase: string) => T | undefined,
): { value: T; rest: string[] } | null {
  for (let n = Math.min(6, words.length); n >= 1; n--) {
    const v = accept(words.slice(0, n).join(' '));
    if (v !== undefined) return { value: v, rest: words.slice(n) };
  }
  return null;
}

/**
 * `/persona set` arguments: "name, description" (also ":", "—", "–", or " - " between them). A scan, not a
 * backtracking pattern, so it stays linear whatever the text.
 */
export function parsePersonaArgs(rest: string): { name: string; description: string } {
  const text = rest.trim();
  // ", a spy": the separator came first, so there is no name (the table then says a persona needs one).
  if (/^[,:—–]/.test(text)) return { name: '', description: text.slice(1).trim() };
  for (let k = 0; k < text.length; k++) {
    const c = text[k]!;
    const punct = c === ',' || c === ':' || c === '—' || c === '–';
    const dash = c === '-' && k > 0 && /\s/.test(text[k - 1]!) && k + 1 < text.length && /\s/.test(text[k + 1]!);
    if (k > 0 && (punct || dash)) {
      const name = text.slice(0, k).trim();
      const description = text.slice(k + 1).trim();
      if (name && description) return { name, description };
    }
  }
  return { name: text, description: '' };
}

/** A number argument: a number when the word is one, else the word (the schema then names the problem). */
function num(word: string | undefined): unknown {
  if (word === undefined) return undefined;
  const n = Number(word);
  return word.trim() !== '' && Number.isFinite(n) ? n : word;
}

/** The resident named by the first words, and the rest; a UserError naming the first word when none matches. */
function residentAndRest(state: TownState, words: string[], o: Operation): { resident: string; rest: string } {
  if (words.length === 0) return { resident: '', rest: '' };
  const hit = longestPrefix(words, (p) => findResident(state, p));
  if (!hit)
    throw new UserError(
      'town/unknown_resident',
      `No resident called "${words[0]}". Residents: ${state.residents.map((r) => r.profile.name).join(', ')}. Usage: ${usageOf(o)}`,
    );
  return { resident: hit.value.profile.name, rest: hit.rest.join(' ') };
}

/** The text without its `--yes` flag, and whether it had one. */
function withoutYes(rest: string): { yes: boolean; text: string } {
  const words = rest.split(/\s+/).filter(Boolean);
  const yes = words.some((w) => w.toLowerCase() === '--yes');
  return { yes, text: yes ? words.filter((w) => w.toLowerCase() !== '--yes').join(' ') : rest.trim() };
}

type Reader = (words: string[], state: TownState, rest: string) => Record<string, unknown>;

const READERS: Partial<Record<OperationId, Reader>> = {
  townStep: (w) => ({ ticks: num(w[0] ?? '1') }),
  townSpeed: (w) => (w[0] === undefined ? {} : { ticks_per_run: num(w[0]) }),
  townBudget: (w) => (w[0] === 'default' ? { default: true } : w[0] === undefined ? {} : { tokens: num(w[0]) }),
  townExport: (_w, _s, rest) => (rest ? { file: rest } : {}),
  // `--yes` (anywhere) confirms with the town's name; the rest names the file.
  townNew: (_w, state, rest) => {
    const { yes, text } = withoutYes(rest);
    return { ...(text ? { town: text } : {}), ...(yes ? { confirm: state.name } : {}) };
  },
  townReset: (_w, state, rest) => {
    const { yes, text } = withoutYes(rest);
    return yes ? { confirm: state.name } : text ? { confirm: text } : {};
  },
  townImport: (_w, state, rest) => {
    const { yes, text } = withoutYes(rest);
    return { file: text, ...(yes ? { confirm: state.name } : {}) };
  },
  townRelationships: (w) => (w.length > 0 ? { resident: w.join(' ') } : {}),
  townObject: (w, state) => {
    const loc = longestPrefix(w, (p) => findLocation(state, p));
    if (!loc) return { location: w[0] ?? '', object: '', status: '' };
    const first = loc.rest[0];
    const obj =
      longestPrefix(loc.rest, (p) => (findObject(loc.value, p, undefined, true) ? p : undefined)) ??
      (first && findObject(loc.value, first) ? { value: first, rest: loc.rest.slice(1) } : null);
    if (!obj || obj.rest.length === 0)
      throw new UserError(
        'app/bad_argument',
        `Usage: ${usageOf(OPERATIONS.townObject)}. Objects at ${loc.value.name}: ${loc.value.subAreas.flatMap((a) => a.objects.map((o) => o.name)).join(', ')}.`,
      );
    return { location: loc.value.id, object: obj.value, status: obj.rest.join(' ').replace(/^(is|are)\s+/i, '') };
  },
  residentInfo: (w) => ({ resident: w.join(' ') }),
  residentMemories: (w, state) => {
    const { resident, rest } = residentAndRest(state, w, OPERATIONS.residentMemories);
    return { resident, query: rest };
  },
  // Everything after "set", as typed (the words would lose the quotes and commas the split needs).
  personaSet: (_w, _s, rest) => parsePersonaArgs(rest),
  whisper: (w, state) => {
    const { resident, rest } = residentAndRest(state, w, OPERATIONS.whisper);
    return { resident, text: rest };
  },
  interview: (w, state) => {
    const { resident, rest } = residentAndRest(state, w, OPERATIONS.interview);
    return { resident, question: rest };
  },
};

/** The operation's id in the table. */
export function operationId(o: Operation): OperationId {
  return (Object.keys(OPERATIONS) as OperationId[]).find((k) => OPERATIONS[k] === o)!;
}

/**
 * The arguments of `o` from the words after its command words; `rest` is that same text as typed (for arguments
 * that need punctuation, like a persona's "name, description").
 */
export function consoleArgs(o: Operation, words: string[], state: TownState, rest: string): Record<string, unknown> {
  const read = READERS[operationId(o)];
  if (read) return read(words, state, rest);
  if (words.length > 0)
    throw new UserError('app/bad_argument', `/${o.path.join(' ')} takes no arguments. Usage: ${usageOf(o)}`);
  return {};
}
