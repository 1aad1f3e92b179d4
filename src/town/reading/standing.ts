// Which of a resident's seed phrases describe where they stand (who they are, where they live, their work, their
// family, their routine) and which tell something that happens (an event, a plan, a decision, a change, something
// heard): background is known to whoever knows them and is never passed on as news (issue 32 item 6). The reading
// decides first: a phrase that carries an event or a private matter, or says what the resident is busy with, tells
// something; a day and an hour tell something unless the reading has them as the resident's work or routine.
// Otherwise the phrase's own verbs decide: a plan, a decision, an invitation, a change (has moved, is retiring), a
// thing under way or something lately; a phrase with none (is a retired schoolteacher, lives at number 2, keeps the
// pub, was the gamekeeper for forty years) is standing. A note about no one ("engine quote £4,800") is left to the
// rules that read what it says.

import { escapeRegExp } from '../../core/text.ts';
import { quoteHolds } from './check.ts';
import type { ResidentReading } from './types.ts';

/** A plan, a decision, a wish, an invitation, what will or might be. */
const INTENDING =
  /\b(?:decided|deciding|decision|made up (?:his|her|their|my) minds?|plans?|planning|intends?|intending|means|meaning|going|about) to\b|\b(?:wants?|wanting|hopes?|hoping|would like|needs?|needing)\b|\binvit\w*|\b(?:will|shall|won['’]t|might)\b|\w['’]ll\b/i;
/** A change said in the perfect ("has moved back", "have been offered"): not "has been hers for years", "has had". */
const CHANGED =
  /\b(?:has|have|['’]ve)\s+(?:just\s+|recently\s+|finally\s+|now\s+|only\s+|already\s+)?(?:been\s+\w+(?:ed|en)\b|(?!been\b|had\b|got\s+(?:a|an|the|his|her|their|no)\b|always\b|never\b|lived\b|worked\b|known\b|kept\b|run\b)\w+(?:ed|en|wn|ne|ld|ght|lt|nt|ung|ade|ot|id|ost)\b)|\bgot\s+(?:engaged|married|divorced|promoted|sacked|fired|the job|a job|a new)\b/i;
/**
 * Something under way ("is hosting", "are expecting", "is getting up a petition"): a progressive, but not living or
 * working somewhere, which is where one stands.
 */
const UNDER_WAY =
  /\b(?:is|are|am|['’]s|['’]re|['’]m)\s+(?:\w+ly\s+|now\s+|still\s+|also\s+)?(?!living\b|working\s+(?:at|in|as|for)\b|being\b|during\b|nothing\b|something\b|anything\b|everything\b|thing\b|king\b|wing\b|spring\b|string\b|ring\b|morning\b|evening\b|ceiling\b|building\b|darling\b|sibling\b)\w+ing\b/i;
/** Lately, not always. */
const LATELY = /\b(?:lately|recently|this (?:week|morning|month)|last (?:week|night|month)|yesterday|these days)\b/i;
/** A day or an hour named. */
const DATED =
  /\b(?:\d{1,2}(?::\d{2})?\s*(?:am|pm)|tomorrow|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d)/i;

/** Does a phrase hold a quote of the reading, or a quote the phrase (one of many in a long quote)? */
const holds = (phrase: string, quote: string) =>
  quote.trim() !== '' && (quoteHolds(quote, phrase) || quoteHolds(phrase, quote));

/** Does the phrase tell something that happens, by its own verbs (the reading aside)? */
export function tellsHappening(phrase: string): boolean {
  return INTENDING.test(phrase) || CHANGED.test(phrase) || UNDER_WAY.test(phrase) || LATELY.test(phrase);
}

/**
 * The seed phrases of a resident that are standing description, not news. `kept` says whether a phrase carries a
 * private matter (apply.ts secretOfPhrase); `people` are the town's residents, whose names make a phrase one about
 * someone.
 */
export function standingPhrases(
  phrases: readonly string[],
  read: ResidentReading | undefined,
  kept: (phrase: string) => boolean,
  people: readonly string[],
): string[] {
  const names = people.flatMap((p) => [p, p.split(/\s+/)[0]!]).filter((n) => n.length > 1);
  const aboutSomeone = new RegExp(
    `^(?:(?:old|young|little|mr|mrs|ms|miss|dr)\\.?\\s+)?(?:${names.map(escapeRegExp).join('|')}|she|he|they|i|her|his|their)\\b`,
    'i',
  );
  const standing = (p: string): boolean => {
    if (kept(p) || !aboutSomeone.test(p.trim())) return false;
    if (read?.events.some((e) => holds(p, e.quote))) return false;
    if (read?.busyWith.some((b) => holds(p, b))) return false;
    if (tellsHappening(p)) return false;
    // hours are the resident's work or routine when the reading has the phrase as such; else they date a happening
    const routine = [read?.work?.quote ?? '', ...(read?.routine.map((r) => r.quote) ?? [])].some((q) => holds(p, q));
    return routine || !DATED.test(p);
  };
  return phrases.filter(standing);
}
