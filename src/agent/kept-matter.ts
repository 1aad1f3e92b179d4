// The matter of a line said in confidence (issue 32 item 4): which of its sentences are what the listener is asked
// to keep, and which are anyone's (a greeting, small talk, a question about someone else's news). Whole lines kept
// made a later "I'm working at the stores" a confidence because the kept line began with it; a matter cut to one
// sentence let its second sentence ("He doesn't know yet") and a request said apart from it ("Keep that to
// yourself.") be repeated to anyone. The matter is a run of sentences around what says it is kept, grown by how
// speech links sentences, and ended by a turn to small talk.
import { contentWords } from '../core/text.ts';
import { isGoodbye } from '../core/turns.ts';
import { type Audience, carries, distinctive, peopleOf, SECRET_WORDS, stem } from './audience.ts';

/**
 * Asking the listener to keep it: "don't breathe a word", "keep it under your hat", "mum's the word", "not a peep",
 * "it goes no further", "I count on your discretion", "you didn't hear this from me". Wider than SECRET_WORDS (which
 * decides whether a line is kept at all): here the line is already known to be kept.
 */
const ASKED = new RegExp(
  [
    String.raw`\b(?:don'?t|do not|dinnae|never|mustn'?t|must not|can'?t|cannot|won'?t|will not|wouldn'?t|would not|shouldn'?t|should not|shan'?t|did not|didn'?t|not to|'ll not)\s+(?:you\s+)?(?:dare\s+|go\s+|be\s+|even\s+|ever\s+)?(?:tell|tellin|say|sayin|mention|repeat|breathe|spread|let\s+on|contradict|whisper|blab|utter|gossip)\w*'?(?!\s+me\b)`,
    String.raw`\btell\s+(?:no\s+one|no-one|nobody|not\s+a\s+soul)\b`,
    String.raw`\bnot\s+(?:a|one)\s+(?:word|peep|whisper|breath|sound|syllable)\b`,
    String.raw`\b(?:keep|keeps|keeping|kept)\s+(?:it|this|that|things|them)\s+(?:\w+\s+)?(?:quiet|close|secret|to\s+your\w*|tae\s+yer\w*|under|between|that\s+way|in\s+confidence|dark|hush|schtum|shtum|private)`,
    String.raw`\b(?:keep|kept)\s+(?:quiet|schtum|shtum|mum|(?:your|yer|thi|his|her)\s+(?:mouth|trap|lip|gob)\s+shut)`,
    String.raw`\b(?:trap|mouth|gob|lips?)\s+(?:shut|sealed|zipped)|\bzip\s+it\b|\bmum'?s\s+the\s+word\b|\bhaud\s+yer\s+wheesht\b|\bunder\s+(?:your|thi|yer|my)\s+hat\b|\bkept\s+that\s+way\b`,
    String.raw`\b(?:between|atween)\s+(?:us|ourselves|you\s+and\s+me|you\s+an'?\s+me|thee\s+an'?\s+me|me\s+and\s+you|the\s+two\s+of\s+us)\b`,
    String.raw`\bfor\s+your\s+ears\s+only\b|\bonly\s+for\s+you\b|\bjust\s+for\s+you\b`,
    String.raw`\b(?:stays?|stayed|remains?|remained)\s+(?:strictly\s+|entirely\s+)?(?:between|with\s+you|private|a\s+secret|a\s+surprise|quiet|among)`,
    String.raw`\bgo(?:es)?\s+no\s+further\b|\b(?:don'?t|doesn'?t|does\s+not|must\s+not|mustn'?t|won'?t|will\s+not|wouldn'?t|would\s+not)\s+(?:go|leave|get)\s+(?:any\s+)?(?:further|beyond|out\s+of|this)\b`,
    String.raw`\b(?:discretion|discreet|silence|confide|confidence|confidential)\b`,
    String.raw`\byou\s+didn'?t\s+hear\s+(?:it|this|that)\s+from\s+me\b|\bnot\s+from\s+you\b|\bsay\s+nothing\b`,
    String.raw`^\W*(?:\w+,\s*)?(?:quiet|hush|shh+)\s*(?:[,.!?]|$)`,
    String.raw`^\W*(?:\w+,?\s+)?(?:no\s+one|nobody|not\s+a\s+soul)\W*$`,
  ].join('|'),
  'i',
);

/**
 * Saying who does not know it: "nobody knows", "Dad doesn't know", "only my brother knows", "I haven't told a soul",
 * "the board are to know nothing", "if she finds out", "if it gets out". ("I don't know what to do" is not one.)
 */
const UNKNOWN = new RegExp(
  [
    String.raw`\b(?:nobody|no\s+one|no-one|not\s+a\s+soul)(?:'s|\s+is|\s+else)?\s+(?:\w+\s+)?(?:knows?|knew|to\s+know|talking|needs?\s+to\s+know)\b`,
    String.raw`(?<!\b(?:I|you|we)\s)\b(?:doesn'?t|don'?t|does\s+not|do\s+not|dinnae|disnae|didn'?t|ain'?t)\s+(?:\w+\s+)?(?:know|ken|knew)\b`,
    String.raw`\b(?:haven'?t|hasn'?t|have\s+not|has\s+not|ain'?t|not|never)\s+(?:\w+\s+){0,2}?(?:told|telled|said\s+a\s+word|acknowledged|informed|mentioned)\b`,
    String.raw`\b(?:wants?|like|want)\s+(?:anyone|anybody|people|folk|everyone)\s+(?:knowing|to\s+know)\b`,
    String.raw`\bnot\s+to\s+(?:know|hear|learn)\b`,
    String.raw`\b(?:has|have|had)\s+no\s+(?:idea|clue|notion)\b|\b(?:knows?|know)\s+(?:nothing|nowt|naught)\b`,
    String.raw`\bonly\s+(?:\w+\s+){1,3}(?:knows?|knew)\b`,
    String.raw`(?<!\b(?:I|I'll|we|we'll|to)\s)\bfinds?\s+out\b|\bif\s+(?:\w+\s+){1,2}(?:knew|found\s+out|heard|got\s+wind)\b`,
    String.raw`\b(?:not|isn'?t)\s+(?:public|common\s+knowledge|official)\b|\bcommon\s+knowledge\b`,
    String.raw`\b(?:it|this|that|word|news)\s+(?:ever\s+)?(?:gets?|got|getting|goes|went)\s+(?:out|round|around|about|back\s+to)\b`,
  ].join('|'),
  'i',
);

/**
 * Asking, said so that nothing else is meant: "don't breathe a word", "keep it under your hat", "mum's the word",
 * "this goes no further", "you didn't hear it from me". Narrower than ASKED, whose "Quiet, honestly." (a quiet
 * day), "don't mention it", "we don't get out of this town" and "confidence" are asking only in a line already
 * known to be kept: this decides whether a line is kept at all.
 */
const ASKS = new RegExp(
  [
    String.raw`\b(?:don'?t|do\s+not|never|mustn'?t|must\s+not)\s+(?:you\s+)?(?:ever\s+|dare\s+)?(?:breathe|blab|let\s+on|whisper\s+(?:a|this|it|that)|repeat\s+(?:this|that|it|a\s+word|what))\b`,
    String.raw`\b(?:don'?t|do\s+not|never)\s+(?:tell|say|mention)\s+(?:(?:this|it|that)\s+)?(?:to\s+)?(?:anyone|anybody|a\s+soul|a\s+word|a\s+thing|no\s*one|nobody)\b`,
    String.raw`\btell\s+(?:no\s+one|no-one|nobody|not\s+a\s+soul)\b|\bnot\s+a\s+(?:word|peep|whisper)\s+(?:to|of\s+(?:this|it|that))\b`,
    String.raw`\bkeep\s+(?:it|this|that)\s+(?:under\s+your\s+hat|quiet|close|hush|schtum|shtum|to\s+yoursel\w*|between\s+us|secret|private|in\s+confidence)`,
    String.raw`\bmum'?s\s+the\s+word\b|\b(?:lips|mouth|trap)\s+(?:sealed|zipped)\b|\bunder\s+your\s+hat\b|\bfor\s+your\s+ears\s+only\b`,
    String.raw`\b(?:this|it|that)\s+(?:goes|will\s+go)\s+no\s+further\b|\byou\s+didn'?t\s+hear\s+(?:it|this|that)\s+from\s+me\b`,
    String.raw`\b(?:stays?|remains?)\s+(?:strictly\s+)?between\s+(?:us|ourselves|you\s+and\s+me|the\s+two\s+of\s+us)\b`,
  ].join('|'),
  'i',
);

/** A line asks its listener to keep what it says (SECRET_WORDS, or ASKS). */
export const asksKept = (s: string) => SECRET_WORDS.test(s) || ASKS.test(s);

/** A sentence says the matter is kept: it asks the listener to keep it, or says who does not know it. */
export const saysKept = (s: string) => SECRET_WORDS.test(s) || ASKED.test(s) || UNKNOWN.test(s);

/** Every phrase of keeping in a sentence, to weigh what it says besides. */
const EVERY_KEEPING = [SECRET_WORDS, ASKED, UNKNOWN].map((r) => new RegExp(r.source, 'gi'));

/** Words that say how a confidence is asked or offered, not what it is about. */
const TALK_WORDS = new Set(
  (
    'promise swear please mind yeah right like okay actually seriously literally honestly really truly something ' +
    'somethin thing bit news trust beg grateful obliged appreciated candid frank honest shall must wonder whether ' +
    'understanding strict strictly entirely matter delicate provided conversation hear heard told tell telling ' +
    'going gonna about yet even ever anyone anybody soul living word peep whisper thank would listen look want ' +
    'still inform informed'
  )
    .split(' ')
    .map(stem),
);

/** What a sentence says besides keeping it (its words less the phrases of keeping, the people, talk about talk). */
function ownMatter(s: string, people: readonly string[]): number {
  const rest = EVERY_KEEPING.reduce((t, r) => t.replace(r, ' '), s);
  return [...distinctive(rest, people)].filter((w) => !TALK_WORDS.has(w)).length;
}

/**
 * A request said before the matter, pointing on to it: "can you keep a secret?", "swear you won't repeat what I'm
 * about to say", "may I trust you with a private matter", "I'll be honest with you".
 */
const POINTS_ON =
  /\babout\s+to\s+(?:say|tell)|\b(?:going|gonna|fixin'?|want(?:ed)?|have|got)\s+to\s+tell\s+you|\btell\s+you\s+(?:something|somethin'?|a\s+secret)|\bkeep\s+a\s+secret|\bconfide\s+in|\b(?:candid|frank|honest|straight)\s+with\s+you|\b(?:a|this)\s+(?:delicate|private|certain|personal)\s+matter|\bin\s+a\s+matter\b|\b(?:some|got)\s+news\b|\bhere'?s\s+(?:one|something|the\s+thing)|\bguess\s+what\b/i;

/** A sentence that goes on from the one before: a pronoun for what was said, "so", "and", "like". */
const GOES_ON =
  /^\W*(?:(?:oh|well|lol|okay|ok|honestly|seriously|if|when|because|cos|'cause)\W+)?(?:he|she|they|it|that|this|his|her|their|them|him|so|and|because|cos|'cause|like|which|then|plus)\b/i;
/** A sentence that opens by saying who does not know it points back at what was said ("Dad doesn't know, ..."). */
const OPENS_UNKNOWN = (s: string) => UNKNOWN.test(s.split(/[,;:]/)[0]!);
/** What was said, picked up again: "what's to be done about it". */
const PICKS_UP = /\b(?:about|of|over|with)\s+(?:it|that|this)\b/i;
/** "And"/"But" before a request that has its own matter opens a new matter ("And another thing, just for you"). */
const NEW_TOPIC = /^\W*(?:(?:oh|well|now)\W+)?(?:and|but|also)\b/i;

/** A turn to small talk: "Anyway,", a question, the weather, a greeting, thanks or praise, a goodbye. */
const ANYWAY =
  /^\W*(?:(?:oh|well|now|right|okay|ok|so|and|also|but)\W+)?(?:anyway|anyhow|any\s+road|enough\s+(?:of|about)\s+me)\b|\bby\s+the\s+way\b|\bbtw\b/i;
/** A question asked of the listener, not a statement with a tag ("..., yeah?", "..., right?"). */
const ASKING = /\?\s*$/;
const TAG =
  /,\s*(?:yeah|yes|right|okay|ok|eh|innit|aye|mind|you\s+hear|won'?t\s+(?:you|tha)|will\s+(?:you|tha)|would\s+you)\s*\?\s*$/i;
const WEATHER =
  /\b(?:weather|rain\w*|sunny|sunshine|cold|bitter|hot|heat|warm|mild|dreich|snow\w*|frost\w*|windy|blossom|sky|(?:lovely|nice|grand|fine|gorgeous)\s+day)\b/i;
const GREETING =
  /^\W*(?:well\s+)?(?:hi+|hello|hey+|hiya|howdy|morning|mornin'?|evening|afternoon|good\s+(?:morning|afternoon|evening|day|night)|ey\s+up|omg|now\s+then|g'?day)\b/i;
const PRAISE =
  /\b(?:thank(?:s|\s+you)|cheers|bless\s+(?:your|you)|love\s+your|lovely|nice|cute|smart|gorgeous|splendid|champion|sick|credit\s+to\s+you|sweetheart)\b/i;
const WELLBEING =
  /\b(?:keeping\s+well|how\s+are\s+you|how'?s\s+(?:it|things|life|you)|(?:good|nice|pleasant|lovely)\s+to\s+see\s+you|just\s+the\s+person)\b/i;
const LEAVING = /\b(?:good\s+(?:day|evening|night|morning|afternoon)\s+to\s+you|best\s+get\s+on|regards\s+to)\b/i;
const LISTENER = /^(?:you|your|ye|yer|ya|y'all)/;
const SPEAKER = /^(?:i|i'm|i've|i'll|we|we're|we've|my|our)$/;
const ADDRESS = new Set('bro mate love honey hun dear pal sir madam man dude girl guys'.split(' '));

function smallTalk(s: string, people: readonly string[]): boolean {
  if (ANYWAY.test(s) || (ASKING.test(s) && !TAG.test(s)) || WEATHER.test(s) || isGoodbye(s) || LEAVING.test(s))
    return true;
  const words = s.split(/\s+/).length;
  if ((PRAISE.test(s) || WELLBEING.test(s)) && words <= 12) return true;
  // a name or a word of address alone ("Jem." "Mate.")
  const names = new Set(people.flatMap((p) => p.toLowerCase().split(/\s+/)));
  const rest = (
    s
      .replace(GREETING, '')
      .toLowerCase()
      .match(/[\p{L}'’-]+/gu) ?? []
  ).filter((w) => !names.has(w) && !ADDRESS.has(w));
  if (rest.length === 0) return true;
  // "Hello Jem, you look well": a greeting and a few words about the listener; "Hello, I've sold it" is news
  const aboutListener = rest.some((w) => LISTENER.test(w)) && !rest.some((w) => SPEAKER.test(w));
  return GREETING.test(s) && (rest.length <= 3 || (rest.length <= 8 && aboutListener));
}

type Role = 'kept' | 'carries' | 'small' | 'said';

/**
 * The part of a kept line that holds what is kept. Its sentences that say they are kept or carry a kept memory the
 * speaker holds, and the sentences around them that carry the same matter: the one before a request that says only
 * that ("I've sold the forge. Keep it between us."), the one after a request that points on to it ("Can you keep a
 * secret? I've sold the forge."), one going on from it ("She'd be hurt", "Like, all of it", "so", "and"), one
 * sharing a word with a kept memory the speaker holds. A turn to small talk ends it. No sentence saying it is kept:
 * the whole line.
 */
export function keptMatter(
  text: string,
  kept: readonly { text: string; audience: Audience }[],
  people: readonly string[],
): string {
  const sentences = text.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== '');
  if (sentences.length < 2) return text;
  const heldWords = new Set(
    kept.flatMap((k) => [...distinctive(k.text, [...people, ...peopleOf(k.audience)])]).filter((w) => w.length > 2),
  );
  // a word shared with a kept memory links a sentence of one or two ("Debts."), two and one in five a longer one
  const sharesKept = (s: string) => {
    const words = contentWords(s);
    const n = words.filter((w) => heldWords.has(stem(w))).length;
    return (n >= 2 || (n === 1 && words.length <= 2)) && n >= Math.ceil(words.length / 5);
  };
  const roles: Role[] = sentences.map((s) =>
    saysKept(s)
      ? 'kept'
      : kept.some((k) => carries(s, k.text, [...people, ...peopleOf(k.audience)]))
        ? 'carries'
        : smallTalk(s, people)
          ? 'small'
          : 'said',
  );
  const bare = sentences.map((s, i) => roles[i] === 'kept' && ownMatter(s, people) < 2);
  const pointsOn = sentences.map((s, i) => roles[i] === 'kept' && POINTS_ON.test(s));
  const held = new Set(roles.flatMap((r, i) => (r === 'kept' || r === 'carries' ? [i] : [])));
  if (held.size === 0) return text;
  const open = (j: number) => j >= 0 && j < sentences.length && !held.has(j) && roles[j] !== 'small';
  // does sentence i, held, reach back to the one before it?
  const reachesBack = (i: number) =>
    (bare[i]! && !pointsOn[i]) ||
    (OPENS_UNKNOWN(sentences[i]!) && !pointsOn[i]) ||
    (GOES_ON.test(sentences[i]!) && !(roles[i] === 'kept' && !bare[i] && NEW_TOPIC.test(sentences[i]!))) ||
    sharesKept(sentences[i - 1]!);
  // does sentence j go on from i, held?
  const goesOnFrom = (i: number, j: number) =>
    pointsOn[i]! ||
    (bare[i]! && (i === 0 || roles[i - 1] === 'small')) ||
    GOES_ON.test(sentences[j]!) ||
    PICKS_UP.test(sentences[j]!) ||
    sharesKept(sentences[j]!);
  for (let grew = true; grew; ) {
    grew = false;
    for (const i of [...held])
      for (const [j, joins] of [
        [i - 1, () => reachesBack(i)],
        [i + 1, () => goesOnFrom(i, i + 1)],
      ] as const)
        if (open(j) && joins()) {
          held.add(j);
          grew = true;
        }
  }
  return sentences.filter((_, i) => held.has(i)).join(' ');
}
