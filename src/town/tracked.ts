// What a town tracks for the evaluation (issue 23 item 1): facts (a question, the answer's key content, who knows
// at the start) and events (kind, host, place, time window, who is invited). A town file declares them; a
// Smallville-format folder may hold the same in a file beside it; without either they come from the town's reading
// (reading/tracked.ts), and the importer says what it read. Here: an event or a private matter as the fact measured.

import { escapeRegExp, nameOpeningPronoun, withoutReportFrame } from '../core/text.ts';
import { clockAt, dateText } from '../core/time.ts';
import { stem } from '../llm/lexical-embedder.ts';
import type { TownFileInput } from './file.ts';
import { slugify } from './file.ts';
import { inPlainVerbs } from './idioms.ts';

type FactInput = NonNullable<TownFileInput['facts']>[number];
export type EventInput = NonNullable<TownFileInput['events']>[number];

const lastName = (name: string) => name.split(/\s+/).slice(1).join(' ');
const firstName = (name: string) => name.split(/\s+/)[0] ?? name;

/** The default question about an event: asked by its kind, as the paper asked about the party (sec. 7.1). */
export function eventQuestion(kind: string): string {
  return `Do you know of any ${kind} coming up in town? If so, who is hosting it, and where and when is it?`;
}

/** The sentence a host knows its event by, and the fact's description. */
export function eventSentence(e: {
  kind: string;
  host: string;
  placeName: string;
  start: number;
  end: number;
}): string {
  return `${e.host} is hosting ${/^[aeiou]/i.test(e.kind) ? 'an' : 'a'} ${e.kind} at ${e.placeName} on ${dateText(e.start)}, from ${clockAt(e.start)} to ${clockAt(e.end)}`;
}

/**
 * An event as the fact the evaluation measures: its question, and keywords an answer must hold (its kind, and the
 * host's name or the place's) so a resident who knows of it says so in its own words.
 */
export function eventFact(
  e: EventInput,
  names: { host: string; placeName: string },
  start: number,
  end: number,
): FactInput {
  // the kind's own words, stemmed ("clean-up" -> clean*, up is no act), and who or where: the host or the place
  const kindWords = contentKeywords(e.kind);
  const who = [firstName(names.host), lastName(names.host), names.placeName].filter((w) => w.length > 1);
  return {
    id: e.id ?? slugify(e.kind),
    description: eventSentence({ kind: e.kind, host: names.host, placeName: names.placeName, start, end }),
    holder: e.host,
    question: e.question ?? eventQuestion(e.kind),
    keywords: e.keywords ?? [kindWords.length > 0 ? kindWords.join('|') : e.kind, who.join('|')],
    event: {
      kind: e.kind,
      location: e.place,
      start: e.start,
      end: e.end,
      ...(e.invited && e.invited !== 'everyone' ? { invited: e.invited } : {}),
    },
  };
}

/** Words that carry no act of their own: function words, and the verbs of knowing, telling, planning and keeping. */
const FUNCTION_WORDS = new Set(
  (
    'a an the and or but nor so yet if then else of to in on at by for with from into onto over under about up down ' +
    'out off as than that this these those there here it its is am are was were be been being do does did doing ' +
    'have has had having i me my mine you your we us our he him his she her hers they them their what which who ' +
    'whom whose when where why how all any both each few more most other some such no not only own same too very ' +
    'can will just should would could may might must shall also anyone anybody someone everyone nobody decided ' +
    'going gone intends intend plans planning plan wants want means hopes hope heard learned learnt knows know ' +
    'found discovered told tell tells said says say secret secretly privately private confidential confidentially ' +
    'really quite again still even ever made make one ones thing things something everything soon while ' +
    'after before during until since once through throughout because ' +
    // describing words that never say what happens ("the old mill will be sold" is about the mill)
    'old new big small little good whole'
  ).split(' '),
);

/** Days, months, parts of the day, calendar words and numbers: when something happens is never what it is. */
const TIME_WORDS = new Set(
  (
    'monday tuesday wednesday thursday friday saturday sunday weekend weekday weekdays tomorrow tonight today ' +
    'yesterday morning mornings afternoon afternoons evening evenings night nights noon midnight january february ' +
    'march april may june july august september october november december day days week weeks month months year ' +
    'years next last this coming upcoming early late later soon now then hour hours minute minutes o’clock ' +
    "o'clock am pm a.m p.m spring summer autumn fall winter season first second third fortnight end term " +
    'christmas easter whitsun midsummer hogmanay ' +
    'beginning start starting weekly daily annual'
  ).split(' '),
);

/** Irregular forms to their base, so a derived keyword meets every form of its verb ("bought" and "buys"; "doing" is "do"). */
const IRREGULAR: Record<string, string> = Object.fromEntries(
  (
    'bought:buy sold:sell ran:run took:take taken:take left:leave gave:give given:give won:win lost:lose ' +
    'began:begin begun:begin built:build held:hold kept:keep made:make met:meet sent:send spent:spend ' +
    'wrote:write written:write stood:stand told:tell found:find went:go gone:go came:come got:get chose:choose ' +
    'chosen:choose flew:fly drove:drive driven:drive fell:fall fallen:fall sang:sing sung:sing paid:pay ' +
    'threw:throw thrown:throw broke:break broken:break moved:move married:marry dad:father daddy:father ' +
    'mum:mother mom:mother mummy:mother grandad:grandfather granddad:grandfather grandma:grandmother gran:grandmother ' +
    'wedding:marry wed:marry shut:close shutting:close acquire:buy acquired:buy launch:open launched:open depart:leave ' +
    'departing:leave departed:leave hire:appoint hired:appoint select:choose selected:choose axe:cancel axed:cancel ' +
    'delay:postpone delayed:postpone cancelled:cancel cancelling:cancel doing:do does:do did:do done:do'
  )
    .split(' ')
    .map((x) => x.split(':') as [string, string]),
);

/** The stem a keyword and a word are compared by (lexical-embedder.ts's stem, irregular verbs first). */
export function keywordStem(word: string): string {
  const w = word
    .toLowerCase()
    // a noun in -ication meets its verb in -y: application -> apply, qualification -> qualify
    .replace(/(?<=\p{L}{3})ications?$/u, 'y');
  // a verb in -ply is no adverb in -ly: apply, applies, applied are one ("app" was apply's stem, "appli" applied's)
  if (/(?<=\p{L})pl(?:y|ies|ied)$/u.test(w)) return w.replace(/pl(?:y|ies|ied)$/u, 'ply');
  // derived nouns meet their verb: retirement -> retire, exhibition -> exhibit
  // (an inflected form of an irregular or synonym base meets it too: shuts -> shut -> close)
  const base =
    IRREGULAR[w] ??
    IRREGULAR[stem(w)] ??
    w
      .replace(/(?<=\p{L}{4})ments?$/u, '')
      // a place of a trade meets the trade: brewery -> brew, creamery -> cream
      .replace(/(?<=\p{L}{4})er(?:y|ies)$/u, '')
      .replace(/(?<=\p{L}{4}it)ions?$/u, '')
      // an office meets its holder: captaincy -> captain, chairmanship -> chairman
      .replace(/(?<=\p{L}{5})(?:cy|ship)$/u, '')
      // one who does it meets the doing: visitor -> visit, editor -> edit
      .replace(/(?<=\p{L}{4})ors?$/u, '');
  // a y turned i before -ed and -es is the same word: qualified and qualify, carried and carry
  return stem(base).replace(/(?<=\p{L}{3})i$/u, 'y');
}

/**
 * Words too common to say which act it is ("she runs the post office" is not running for mayor): the judge meets a
 * keyword group by one of them only when the group has nothing else (src/eval/judge.ts), and a fact that names
 * nobody is not keyed on one ("the old mill will be sold": the mill). Stems, as keywordStem cuts them.
 */
const COMMON_WORDS = new Set(
  (
    'take make run have get go do give keep put set hold host organise organize throw arrange open start come see ' +
    'look work help leave move turn become find want need use call try show bring begin stay talk read stand buy sell ' +
    'apply ' +
    'new good big little small old whole over ' +
    // where something is, not what: "the harbour" is not the harbour master
    'harbour harbor beach hall town village school street lane square park pier church market station library ' +
    'cafe café pub inn office house home shore road garden centre center club room bar restaurant green field ' +
    'farm quay dock port'
  )
    .split(' ')
    .map(keywordStem),
);
/** Is a keyword (a word or a stem ending in `*`) one of the common words? */
export function isCommonWord(keyword: string): boolean {
  return COMMON_WORDS.has(keywordStem(keyword.replace(/\*$/, '')));
}

/** Words for a post that say nothing of which ("a new job as head chef"): the post is the role named. */
const GENERIC_POST = new Set(['job*', 'post*', 'role*', 'position*', 'work*']);

/** A word as it is written in a keyword: lower case, without its possessive ("month's" -> "month"). */
function bareWord(w: string): string {
  return w
    .toLowerCase()
    .replace(/['’]s$/, '')
    .replace(/^['’-]+|['’-]+$/g, '');
}

/**
 * The fact's own content words (issue 38): stemmed (a keyword ending in `*` is met by any word of that stem:
 * "retir*" by retire, retiring, retired), never a time word, a function word, a number or a name.
 */
export function contentKeywords(text: string, skipNames: readonly string[] = []): string[] {
  // (a hyphenated name is skipped in its parts too: "Saint-Brévin" is neither saint nor brévin)
  const names = new Set(skipNames.flatMap((n) => n.toLowerCase().split(/[\s-]+/)).map(bareWord));
  const out: string[] = [];
  for (const raw of text.match(/[\p{L}\p{N}'’-]+/gu) ?? []) {
    for (const part of raw.split('-')) {
      const w = bareWord(part);
      if (/['’](?:t|re|ve|ll|d|m)$/.test(w)) continue;
      if (w.length < 3 || /\d/.test(w) || FUNCTION_WORDS.has(w) || TIME_WORDS.has(w) || names.has(w)) continue;
      const k = `${keywordStem(w)}*`;
      if (!out.includes(k)) out.push(k);
    }
  }
  return out;
}

/**
 * Keywords derived from a fact's own text, as a town's import derives them: the person it is about (first or
 * last name) and its act (the content words, stemmed), so an answer and a memory must carry both together.
 * `people`: every name in the town (never counted as an act word). A fact naming no person is its act alone.
 */
export function factKeywords(text: string, holder: string | undefined, people: readonly string[] = []): string[] {
  // idioms in their plain verbs ('stepping down': retir*), as the judge reads answers (idioms.ts)
  text = inPlainVerbs(text);
  const who = holder ?? people.find((p) => text.includes(p)) ?? leadingNames(text)[0];
  const others = leadingNames(text).filter((p) => p !== who);
  const names = [...people, ...(who ? [who] : []), ...leadingNames(text, true), ...capitalisedWords(text)];
  // a role it is done in ("retiring as harbour pilot") is who the person is, not the act, when there is an act besides
  const role =
    /\bas (?:an? |the |their |his |her )?([\p{L}'’ -]+?)(?=\s+(?:on|in|at|from|for|with|next|this|by)\b|[,.;]|$)/u.exec(
      text,
    );
  // (a post one is chosen for is the act itself: "chosen as the new editor")
  const chosen =
    role &&
    /\b(?:chosen|appointed|elected|named|made|picked|selected|hired|voted|installed|confirmed)\s+as\b/i.test(text);
  // who, or where it happens ("at the town hall"), as an event is known by its host or its place
  const where =
    /\bat (?:the |a )?((?:[\p{L}'’-]+ ?){1,3}?)(?=\s+(?:on|in|at|with|from|for|this|next|every|by)\b|[,.;]|$)/u
      .exec(text)?.[1]
      ?.trim();
  // (the place is where, not what: "she rows at the boathouse" is not the party at the boathouse)
  const placeWords = who && where ? where.split(/\s+/) : [];
  const generic = (w: string) => isCommonWord(w) || GENERIC_POST.has(w);
  // (and so is a post taken by a verb that says nothing itself: "started a new job as head chef" is the head chef, and
  // where a job is held says nothing either, "a new job as head nurse at the clinic"; but "started as the new vet at
  // the practice" is the starting, the vet being what she may have been before)
  const besides = (skip: readonly string[]) => contentKeywords(text.replace(role?.[0] ?? '', ' '), skip);
  const postOnly =
    role &&
    (besides(names).every(generic) ||
      (besides(names).some((w) => GENERIC_POST.has(w)) && besides([...names, ...placeWords]).every(generic)));
  const bare = role && !chosen && !postOnly ? text.replace(role[0], ' ') : text;
  // the role between commas names the person, not the act ("Tomas Reyes, the farrier, is ...": the farrier's ill)
  const roleWords = who ? contentKeywords(leadingRole(text) ?? '', names) : [];
  const act = (
    contentKeywords(bare, [...names, ...placeWords]).length > 0
      ? contentKeywords(bare, [...names, ...placeWords])
      : contentKeywords(text, names)
  )
    .filter((w) => !roleWords.includes(w))
    .filter((w, _, all) => !postOnly || !generic(w) || all.every(generic));
  // every part of every name, titles aside ("Dr Amara Sels": Amara, Sels; a couple: both)
  const person = who
    ? [
        ...[untitled(who), ...others].flatMap((n) => n.split(/\s+/)),
        ...roleWords,
        ...(where && !where.split(/\s+/).some((w) => TIME_WORDS.has(w.toLowerCase())) ? [where] : []),
      ]
        .filter((w) => w.length > 1)
        .join('|')
    : '';
  // naming nobody, its subject and what happens to it, both ("the ferry will stop": not any memory of a ferry); the
  // subject is the words before its verb ("the swimming pool will reopen": swimming or pool)
  const head = /^([^,;]*?)\s+(?:is|are|was|were|will|has|have|had)\b/u.exec(bare)?.[1];
  const before = head ? contentKeywords(head, names).filter((w) => act.includes(w)) : [];
  if (!person && before.length > 0 && act.length > before.length)
    return [before.join('|'), act.filter((w) => !before.includes(w)).join('|')];
  const subject = act.find((w) => !isCommonWord(w));
  if (!person && subject && act.length > 1) return [subject, act.filter((w) => w !== subject).join('|')];
  const acts = act.length > 0 ? act.join('|') : '';
  return [person, acts].filter((g) => g.length > 0);
}

/** Words before a name that say what someone is, not who ("Dr Amara Sels", "Father Roe", "The Okafor brothers"). */
const TITLES = new Set(
  'the dr doctor mr mrs ms miss mx sir dame lady lord father mother sister brother rev reverend pastor st saint captain capt professor prof uncle aunt auntie old young little'.split(
    ' ',
  ),
);

/** A name without its titles ("Father Anselm Roe" -> "Anselm Roe"). */
function untitled(name: string): string {
  const words = name.split(/\s+/);
  while (words.length > 1 && TITLES.has((words[0] ?? '').toLowerCase().replace(/\.$/, ''))) words.shift();
  return words.join(' ');
}

// (a surname may open with a small word: "Joris de Wit", "Anouk van der Berg")
const NAME_RUN =
  "\\p{Lu}[\\p{L}'’.-]*(?:\\s+(?:(?:de|van|von|der|den|du|da|di|del|della|le|la|ter|ten|al|el)\\s+)*\\p{Lu}[\\p{L}'’-]*)*";
/** Where a person is from, said after the name ("Hanna Moyo of Kestrel Green is ..."): a place, not a second person. */
const WHERE_FROM = `(?:\\s+(?:of|from)\\s+${NAME_RUN})?`;
/** A relative joined to the one a fact is about ("Chloé Dubois and her wife are ..."): the subject is still the named one. */
const PARTNER = '(?:his|her|their)\\s+\\p{Ll}+';
/**
 * The people a fact opens with: "Anna Berg is taking over the ferry" -> Anna Berg; "Nell Farrow and Declan Hurst
 * are ..." -> both; "Tomas Reyes, the farrier, is ..." -> Tomas Reyes (a role between commas is who, not the act).
 */
const LEADING = new RegExp(
  `^\\s*(${NAME_RUN})${WHERE_FROM}(?:\\s+and\\s+(?:(${NAME_RUN})${WHERE_FROM}|${PARTNER}))?(?:,([^,]{1,60}),)?\\s+(is|are|was|were|has|have|will|had|wants|plans|means|\\p{Ll}+s)\\b`,
  'u',
);
/** The role a fact gives its person between commas ("Tomas Reyes, the Quillon farrier, is ...": farrier). */
function leadingRole(text: string): string | undefined {
  return LEADING.exec(text)?.[3];
}
function leadingNames(text: string, titled = false): string[] {
  const m = LEADING.exec(text);
  // "The Bryncoed bus will stop": a name after "the" is a place's, unless a family follows ("The Okafor brothers")
  if (
    m &&
    /^\s*the\s/i.test(m[1] ?? '') &&
    !/^(?:is|are|was|were|has|have|will|had|brothers|sisters|twins|family|boys|girls|cousins)$/.test(m[4] ?? '')
  )
    return [];
  return m ? [m[1], m[2]].filter((x): x is string => x !== undefined).map((n) => (titled ? n : untitled(n))) : [];
}

/** Capitalised words not opening the text: names of people and places (not acts). */
function capitalisedWords(text: string): string[] {
  return [...text.matchAll(/(?<=\S\s+)(\p{Lu}[\p{L}'’-]*)/gu)].map((m) => m[1] as string);
}

/** A fact from a resident's secret: what it intends or knows, a question about it, and its key content. */
export function secretFact(
  holder: string,
  phrase: string,
  people: readonly string[],
  opts: { anyMatter?: boolean } = {},
): FactInput | null {
  // (a matter that opens with its person's pronoun is said with the name: "She has decided" is Harriet's)
  // (a matter told through a frame, "If you could read her diary, you'd learn she is expecting", is the matter)
  const clean = nameOpeningPronoun(withoutReportFrame(phrase.replace(/\s+/g, ' ').trim()), holder);
  const intent =
    /\b(?:decided|plans?|is planning|intends|is going|wants|means|hopes)\s+to\s+(.+?)(?:,|;|\.|\s+and\s+(?:intends|plans|wants|tells|has|is)\b|$)/i.exec(
      clean,
    );
  const news = /\b(?:heard|learned|learnt|knows|found out|discovered)\s+that\s+(.+?)(?:,|;|\.|\s+and\s+|$)/i.exec(
    clean,
  );
  const first = firstName(holder);
  let question: string;
  let content: string;
  if (intent && !/^tell\b/i.test(intent[1]!)) {
    content = intent[1]!.trim();
    question = `Do you know whether anyone in town has decided to ${content.replace(/\b(?:his|her)\b/gi, 'their')}? If so, who?`;
  } else if (news) {
    content = news[1]!.trim();
    const topic =
      /^((?:the|a|an)\s+(?:[\p{L}'’-]+\s+){0,2}?[\p{L}'’-]+)\s+(?:will|is|was|has|are|were|had|would)\b/iu.exec(
        content,
      )?.[1];
    question = topic ? `Have you heard any news about ${topic}?` : `Have you heard any news lately? What is it?`;
  } else if (opts.anyMatter) {
    // a matter in any other words (the town's reading gives it as the text says it): asked about its person, keyed
    // on the person and the matter's own words, as an intention is
    content = clean.replace(/[.;]+$/, '');
    // a matter said of its person ("Bryony Dowrick is expecting a baby") is asked as the paper asked about the
    // candidacy, the act named and the person not ("Do you know whether anyone in town is expecting a baby?");
    // a matter in other words, about its person
    const act = new RegExp(`^${escapeRegExp(holder)}\\s+((?:is|are|has|have|was|will|had)\\s.+)$`).exec(content)?.[1];
    question = act
      ? `Do you know whether anyone in town ${act.replace(/,.*$/, '').replace(/\b(?:his|her)\b/gi, 'their')}? If so, who?`
      : `What is new with ${holder} lately? Have you heard anything about ${holder}'s plans or news?`;
  } else return null;
  const named = people.find((p) => p !== holder && content.includes(p));
  const key = contentKeywords(content, [holder, ...people, ...capitalisedWords(content)]);
  if (key.length === 0) return null;
  // An intention is its holder's act; news is about the person it names, or (naming nobody) its subject and what
  // happens to it, both: "the bakery will close" is not grounded by any memory of a bakery.
  const own = (intent && !/^tell\b/i.test(intent[1]!)) || (!news && opts.anyMatter);
  const keywords = own
    ? factKeywords(content, holder, people)
    : named
      ? factKeywords(content, named, people)
      : factKeywords(content, undefined, people);
  return {
    id: slugify(
      `${first} ${key
        .slice(0, 3)
        .map((k) => k.replace(/\*$/, ''))
        .join(' ')}`,
    ),
    // (a matter in a note's words, "Applied for Head of Libraries. Interview Thurs", is said of its person)
    description:
      opts.anyMatter && !holder.split(/\s+/).some((n) => new RegExp(`\\b${escapeRegExp(n)}\\b`).test(clean))
        ? `${holder}: ${clean}`
        : clean,
    holder,
    question,
    keywords,
  };
}
