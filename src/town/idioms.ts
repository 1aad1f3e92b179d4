// Idioms of a town's news and the plain verb each means (issue 38): "tying the knot" is marrying, "under the hammer"
// is being sold, "stepping down" is retiring. A fact's keywords are derived from its plain words (tracked.ts), and
// the judge reads an answer and its question with the plain verb beside the idiom (src/eval/judge.ts), so "she's
// putting her feet up" meets "retir*". A lexicon of common English phrases for the events of a town's life (leaving,
// retiring, marrying, selling, buying, closing, standing, being chosen, falling ill), not of any corpus's answers.

import { withConsequences } from './idiom-consequences.ts';

const POSSESSIVE = '(?:his|her|their|my|your|our|the)';

/** [phrase, plain verb]: the phrase is a regular expression over lower-case words. */
const IDIOMS: readonly (readonly [string, string])[] = [
  // retiring / stepping down
  ['(?:step|steps|stepping|stepped|stand|stands|standing|stood) down', 'retiring'],
  [`(?:hang|hangs|hanging|hung) up ${POSSESSIVE} (?:\\w+)`, 'retiring'],
  [`(?:put|puts|putting) ${POSSESSIVE} feet up`, 'retiring'],
  ['(?:call|calls|calling|called) it a day', 'retiring'],
  [`(?:hand|hands|handing|handed) (?:over )?${POSSESSIVE} keys`, 'retiring'],
  ['(?:pack|packs|packing|packed) (?:it )?in', 'retiring'],
  [`(?:hand|hands|handing|handed) (?:in )?${POSSESSIVE} notice`, 'resigning'],
  ['(?:give|gives|giving|gave|given) (?:it|that|the job|the post|the role) up', 'resigning'],
  // (giving up a place or a post one holds: "giving up the Plough"; not a habit, "giving up smoking")
  ['(?:give|gives|giving|gave|given) up (?:the|her|his|their) (?!\\w+ing\\b)', 'quitting'],
  [`(?:give|gives|giving|gave|given) (?:in )?(?:${POSSESSIVE} )?notice`, 'resigning'],
  ['(?:throw|throws|throwing|threw|thrown) in the towel', 'resigning'],
  ['(?:walk|walks|walking|walked) out', 'resigning'],
  ['(?:step|steps|stepping|stepped) aside', 'retiring'],
  ['(?:bow|bows|bowing|bowed) out', 'retiring'],
  [`(?:hand|hands|handing|handed) over the reins`, 'retiring'],
  // marrying
  ['(?:tie|ties|tying|tied) the knot', 'marrying'],
  ['(?:get|gets|getting|got) hitched', 'marrying'],
  ['(?:walk|walks|walking|walked) down the aisle', 'marrying'],
  ['wedding bells', 'marrying'],
  [`(?:${POSSESSIVE}|their) big day`, 'marrying'],
  // selling
  ['under the hammer', 'selling'],
  ['(?:up|going|is|was) for sale', 'selling'],
  ['on the market', 'selling'],
  ["(?:a |the )?(?:for[- ]sale|['‘’]?for sale['’]?) (?:sign|board|notice|ad|advert)", 'selling'],
  ['(?:auctioning|auctioned) off', 'selling'],
  ['(?:sell|sells|selling|sold) (?:up|off)', 'selling'],
  ['(?:get|gets|getting|got) rid of', 'selling'],
  // (a place let go is parted with: "letting the stables go"; not "letting her hair go grey")
  [
    `(?:let|lets|letting) (?:it|them|the \\w+(?: \\w+)?|${POSSESSIVE} \\w+(?: \\w+)?) go(?=\\s*(?:[,.;!?—–]|$|to\\b|for\\b))`,
    'selling',
  ],
  // buying
  ['(?:purchase|purchases|purchasing|purchased)', 'buying'],
  // closing
  // ("he won't shut up about it" is talk kept up, no closing)
  ['(?:shut|shuts|shutting|close|closes|closing|closed) (?:down|up)(?! about\\b)', 'closing'],
  ['(?:boarded|boarding) up', 'closing'],
  ['(?:wind|winds|winding|wound) (?:it |them )?up', 'closing'],
  ['(?:go|goes|going|went|gone) (?:under|bust)', 'closing'],
  // (a thing done for the last time is done no more: "calling last orders for the final time"; not one seen or met)
  ["(?!seeing|visiting|meeting)\\w+ing (?:[\\w'’]+ ){0,5}?for the (?:last|final) time", 'closing'],
  // opening
  ['(?:open|opens|opening|opened) (?:its|their|her|his) doors', 'opening'],
  ['(?:set|sets|setting) up', 'opening'],
  ['(?:close|closes|closing|closed|shut|shuts|shutting) (?:its|their) doors', 'closing'],
  // standing for an office
  [`(?:put|puts|putting) ${POSSESSIVE} name (?:down|forward|in)`, 'standing'],
  [`(?:throw|throws|throwing|threw) ${POSSESSIVE} hat in the ring`, 'standing'],
  ['in the running', 'standing'],
  ['on the ballot', 'standing'],
  [`(?:hand|hands|handing|handed) (?:in )?${POSSESSIVE} (?:nomination )?papers`, 'standing'],
  // expecting a baby
  ['(?:a )?bun in the oven', 'pregnant'],
  ['in the family way', 'pregnant'],
  // (a child on the way by any word for one: "two little ones on the way", "twins on the way")
  [
    '(?:(?:a|an|another|one|two|three|her|his|their|the) )?(?:(?:new|little|wee|baby) )?(?:baby|babies|little ones?|wee ones?|bairns?|twins|triplets|one|grandchild|grandbaby|brother|sister) on the way',
    'pregnant',
  ],
  ['eating for (?:two|three|four)', 'pregnant'],
  // chosen for a post
  ['(?:voted|votes|voting|vote) (?:him|her|them) in', 'elected'],
  ['(?:voted|got voted) in', 'elected'],
  ['(?:got|gets|landed|landing|given) the (?:\\w+ )?job', 'appointed'],
  ['(?:got|gets|given) the nod', 'appointed'],
  ['(?:won|win|wins|winning) (?:a|the|his|her|their) seat', 'elected'],
  ['(?:take|takes|taking|took) the reins', 'taking over'],
  // (one stepping in where another gives up: "his uncle's giving up the ferry, and Gunnar's stepping in")
  ['(?:step|steps|stepping|stepped) in(?! (?:to|for a|when|if)\\b)', 'taking over'],
  // (in charge of others is at their head: "in charge of all the ward sisters", of a head nurse; not of one thing,
  // "in charge of the raffle")
  [
    "(?:in charge of|at the head of|heading up|heads up) (?:all )?(?:the|her|his|their) (?:[\\p{L}'’-]+ )?\\p{L}+[^s\\W]s",
    'head',
  ],
  // cancelling
  ['(?:call|calls|calling|called) (?:it|the (?:\\w+ )?\\w+|them) off', 'cancelled'],
  // (said of the thing itself: "it's been called off", "Called off, I gather"; "the wedding's off", "Off. Storms.")
  ['(?:been |was |were |is |are )?called off', 'cancelled'],
  [
    "(?:(?:it|that|they|the \\w+)(?:['’]s|['’]re| is| are| was| were)(?: been)? off|^off)(?= *(?:[,.;!?]|$|this|for|again|now|then|because))",
    'cancelled',
  ],
  ['(?:scrap|scraps|scrapping|scrapped)', 'cancelled'],
  // postponing
  ['(?:put|puts|putting|pushed|pushing|push) (?:it |them )?back', 'postponed'],
  // (an event moved to a later month is put back: "they've moved it to September")
  [
    '(?:move|moves|moving|moved|shift|shifted|shifting) (?:it |them |the \\w+ )?(?:back )?to (?:next |the )?(?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|winter|next (?:week|month|year))',
    'postponed',
  ],
  // snapping up
  ['(?:snap|snaps|snapping|snapped) (?:it |them )?up', 'buying'],
  ['(?:pay|pays|paying|paid) (?:\\w+ ){0,2}for', 'buying'],
  // opening again
  ['(?:open|opens|opening|opened) (?:up )?again', 'reopening'],
  // leaving
  ['(?:move|moves|moving|moved) away', 'leaving'],
  ['(?:off|heading|headed|going) abroad', 'leaving abroad'],
  // (across a sea or overseas: "off across the Atlantic", "moving overseas")
  [
    '(?:off|heading|headed|going|gone|moving|moved|move|sailing|flying) (?:out )?(?:(?:across|over) the (?:atlantic|pacific|channel|irish sea|north sea|tasman|pond|ocean|world)|overseas)',
    'leaving abroad',
  ],
  ['(?:up|ups|upping|upped) sticks', 'leaving'],
  ['(?:pastures new|greener pastures|new pastures)', 'leaving'],
  // (one off at a time is leaving then: "Aurelie's off in March"; a place is OFF_TO's)
  [
    "(?:she|he|they|\\p{Lu}\\p{L}+)(?:['’]s| is| are|['’]re) off (?:in|at the end of|come|next|after|by|before) (?:the )?(?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|winter|new year|month|year)",
    'leaving',
  ],
  // dying, falling ill
  ['(?:pass|passes|passing|passed) away', 'died'],
  ['(?:laid up|poorly|taken ill|under the weather)', 'ill'],
  // building: a structure put up ("putting up a summerhouse", "put up a new barn"; not "put up a fight")
  [
    '(?:put|puts|putting) up (?:a|an|the|her|his|their|our) (?:new |little |small |big |wooden |proper |stone |brick )?(?:[\\p{L}-]+ )?(?:house|shed|barn|extension|cabin|hut|garage|sauna|conservatory|greenhouse|studio|workshop|fence|wall|tower|porch|pavilion|summerhouse|bathhouse|building|bungalow|cottage|chapel|hall|stable|kiln|smokehouse|boathouse)',
    'building',
  ],
  // converting: a thing turned into another ("turning it into apartments"; not one turning into a grump, no object)
  [
    `(?:turn|turns|turning|turned|transform|transforms|transforming|transformed) (?:it|them|that|this|the (?:\\w+ ){0,2}\\w+|${POSSESSIVE} (?:\\w+ ){0,2}\\w+) into`,
    'converting',
  ],
  // competing: set against others ("pitting his marrows against the county's best"; not one's wits against a puzzle)
  [
    "(?:pit|pits|pitting|pitted) (?!(?:(?:her|his|their|my|our) )?wits\\b)(?:her|his|their|its|my|our)? ?[\\p{L}'’ -]{1,30}? against",
    'competing',
  ],
];

/**
 * Phrases in which a word of a town's news means something else, [phrase, what it means]: "married to her work" is
 * devotion, "resigned himself to it" acceptance, "running late" lateness, "expecting rain" a forecast. Read in answers
 * before the idioms, unless the fact itself says the phrase.
 */
const OTHER_SENSES: readonly (readonly [string, string])[] = [
  [
    '(?:married|wedded) to (?:his|her|their|my|your|the) (?:work|job|career|desk|books|business|shop|farm|garden|boat|sea|church|cause|music|phone|studies|allotment|craft)',
    'devoted to work',
  ],
  [
    // (not "resigned to spend more time at home", which resigns)
    '(?:resign|resigns|resigned|resigning) (?:(?:himself|herself|themselves|myself|ourselves|yourself) to|to (?:it|that|this|the fact|the idea|\\w+ing)\\b)',
    'accepting',
  ],
  [
    '(?:run|runs|running|ran) (?:late|low|short|dry|out of|a temperature|a fever|a bath|errands|an errand|a tab|in the family|rings round)',
    'hurrying',
  ],
  [
    '(?:expect|expects|expecting|expected) (?:rain|snow|sun|a storm|storms|a frost|trouble|company|visitors|guests|a delivery|a parcel|a call|too much|the worst)',
    'awaiting',
  ],
  ['(?:retire|retires|retiring|retired) (?:to bed|for the night|early)', 'sleeping'],
  ['(?:move|moves|moving|moved) (?:me |him |her |them |us |everyone )?to tears', 'touching'],
  ["(?:can['’]t|cannot|couldn['’]t|won['’]t) stand\\b(?! for (?:the|election|council|mayor|parliament))", 'disliking'],
  ['(?:dying|dies|died) (?:to|for) (?:know|see|go|meet|get|hear|try|a|an)', 'longing'],
  ['(?:sick|ill) (?:of|and tired)', 'weary'],
  ['(?:open|opens|opening|opened) up (?:to|about)', 'confiding'],
  ['(?:buy|buys|buying|bought) (?:time|that story|a word of it)', 'believing'],
  [
    "(?<=(?:\\bis|\\bare|\\bwas|\\bwere|['’]s|['’]re|\\bnot|n['’]t) )sold on (?:the idea|the plan|it|that|this)",
    'convinced',
  ],
  ['(?:marry|marries|marrying|married) (?:[\\w-]+ ){1,4}?(?:into one|together)', 'combining'],
  ['(?:left|leave|leaves|leaving) (?:it|things) (?:late|too late)', 'delaying'],
  ['(?:closing|closed|close|closes) (?:her|his|their|my) eyes', 'sleeping'],
  // (a word of an act said of a character is a trait: "a retiring sort", "an engaging fellow", "shy and retiring")
  [
    '(?:(?:a|an)(?: (?:very|quite|rather|bit|shy|quiet|gentle|more|and))* \\p{L}+ing (?:sort|type|kind|soul|nature|disposition|personality|character|manner|fellow|chap|lad|lass|man|woman|person)\\b|(?:shy|quiet|modest|timid|private|reserved|gentle) and \\p{L}+ing\\b|\\p{L}+ing and (?:shy|quiet|modest|timid|private|reserved|gentle)\\b)',
    'of a kind',
  ],
  // (a thing taken across somewhere is a crossing, not a taking over: "took the ferry over to Aarø")
  ['(?:take|takes|taking|took|taken) (?:the|a|his|her|their) \\w+ over (?:to|the) ', 'crossing'],
  // (a person won over to a belief is persuaded, not a building converted: "converting everyone to his diet")
  [
    '(?:(?:convert|converts|converting|converted) (?:(?:everyone|everybody|people|folk|anyone|anybody|him|her|them|me|us|you|the (?:whole )?(?:village|town|parish)|half (?:of )?the \\w+) to|to (?:\\p{L}+ism|the faith|islam|christianity|the (?:catholic|anglican|orthodox) church)\\b)|\\b(?:a|an) (?:\\w+ )?convert to)',
    'persuading',
  ],
  // ("engaged with that night course": taken up with a thing, not betrothed)
  ['(?:engaged|engaging) (?:with|in|by|on) (?!(?:a|an|the) (?:man|woman|lad|girl|fellow|chap)\\b)', 'occupied'],
];
// (with the rest of its clause, which is about that other matter: "resigned to losing the council vote")
const OTHER_SENSE_PATTERNS = OTHER_SENSES.map(([phrase, plain]) => ({
  re: new RegExp(`\\b${phrase}\\b[^,.;!?]*`, 'giu'),
  plain,
}));

/** The text with each phrase in which a word of the news means something else read as that meaning (OTHER_SENSES). */
export function withoutOtherSenses(text: string, fact: string): string {
  let out = text;
  for (const { re, plain } of OTHER_SENSE_PATTERNS) {
    re.lastIndex = 0;
    if (re.test(fact)) continue;
    out = out.replace(re, plain);
  }
  return out;
}

const PATTERNS = IDIOMS.map(([phrase, plain]) => ({ re: new RegExp(`\\b${phrase}\\b`, 'giu'), plain }));

/**
 * Phrases read in answers only (a fact keeps its own words, which these meet): a birthday by the age turned or an
 * ordinal said alone ("Winnie's hundredth", "she turns 100").
 */
const ANSWER_ONLY = [
  /\b(?:turn|turns|turning|turned) (?:\d+|\w+ty|a hundred)\b/giu,
  /\b(?:twenty-first|(?:thirt|fort|fift|sixt|sevent|eight|ninet)ieth|hundredth)\b/giu,
].map((re) => ({ re, plain: 'birthday turning' }));

/**
 * Off to a named place ("he's off to New Zealand", "moving up to Leeds"): leaving for it (case-sensitive: the place is
 * capitalised; a street is a move within the town, not a leaving, and "going to Annika's party" is to a person's).
 */
const OFF_TO =
  /\b(?:[Oo]ff|[Hh]eading|[Hh]eaded|[Gg]oing|[Gg]one|[Gg]o|[Gg]oes|[Mm]ov(?:e|es|ing|ed)(?: up| down| over| back| out)?) (?:out )?to(?= \p{Lu})(?! \p{Lu}\p{L}+ (?:Street|Road|Lane|Avenue|Close|Row|Square|Terrace|Place|Hill)\b)(?! \p{Lu}\p{L}+['’]s\b)/gu;

/**
 * The text with each idiom after its plain verb ("marrying, tying the knot"), for reading an answer: set apart, so
 * the idiom's words are not read as the plain verb's object ("pregnant, a bun in the oven").
 */
export function withPlainVerbs(text: string): string {
  // (acts said by their consequences first, so an idiom inside one is read once: idiom-consequences.ts)
  let out = withConsequences(text).replace(OFF_TO, (m) => `leaving ${m}`);
  for (const { re, plain } of [...PATTERNS, ...ANSWER_ONLY]) out = out.replace(re, (m) => `${plain}, ${m}`);
  return out;
}

/** The idioms a text says, each with its plain verb ("on the market": selling). */
export function idiomsIn(text: string): { phrase: string; plain: string }[] {
  return PATTERNS.flatMap(({ re, plain }) => [...text.matchAll(re)].map((m) => ({ phrase: m[0], plain })));
}

/** The text with each idiom replaced by its plain verb ("stepping down" -> "retiring"), for deriving keywords. */
export function inPlainVerbs(text: string): string {
  let out = text;
  for (const { re, plain } of PATTERNS) out = out.replace(re, plain);
  return out;
}

/**
 * Words that name the same act as a fact's word, in the sense a town's news has it: [the fact's word, its synonyms].
 * One way: a fact that someone resigned is met by "quit", but a fact that someone left is not met by "retired"
 * (leaving is too general to stand for any one of them). A synonym that is a common word ("run", "leave", "start")
 * still needs the fact's sense in the answer (src/eval/keyword-match.ts), as the fact's own common words do.
 */
export const ACT_SYNONYMS: readonly (readonly [string, readonly string[]])[] = [
  ['sell', ['flog', 'auction', 'selling']],
  ['resign', ['quit', 'retire', 'leave', 'resigning']],
  ['quit', ['resign', 'retire', 'leave']],
  ['retire', ['quit', 'resign', 'retiring']],
  // (leaving a job is met by resigning from it or quitting it; not by retiring, a leaving of its own kind)
  ['leave', ['resign', 'quit', 'resigning']],
  ['marry', ['wed', 'wedding', 'bride', 'groom', 'marrying']],
  // (one way: who marries is engaged first; "engaged" alone has other senses, "engaged a builder")
  ['engage', ['marry', 'marrying', 'wedding', 'propose', 'fiance', 'fiancee']],
  ['move', ['emigrate', 'relocate', 'leave', 'leaving']],
  ['emigrate', ['move', 'relocate', 'leave', 'leaving']],
  [
    'buy',
    ['purchase', 'acquire', 'owner', 'own', 'landlord', 'landlady', 'proprietor', 'buying', 'get', 'have', 'take'],
  ],
  ['take', ['buy', 'owner', 'landlord', 'landlady', 'proprietor', 'run', 'get', 'have']],
  ['open', ['launch', 'start', 'setup']],
  ['close', ['shut', 'closing', 'retire']],
  ['stop', ['cancel', 'axe', 'scrap', 'close', 'cancelled', 'finish', 'end']],
  ['cancel', ['axe', 'scrap', 'drop', 'cancelled']],
  ['expect', ['pregnant', 'baby', 'due', 'twin']],
  ['pregnant', ['expect', 'baby', 'due', 'twin']],
  // (a fact that someone is having a baby keeps only its noun: expecting one is having it)
  ['baby', ['expect', 'pregnant', 'due']],
  ['stand', ['run', 'candidate', 'campaign', 'standing']],
  ['appoint', ['hire', 'appointed']],
  ['diagnose', ['ill', 'sick', 'hospital']],
  ['die', ['dead', 'death', 'died']],
  ['separate', ['split', 'divorce']],
  ['divorce', ['split', 'separate']],
  ['postpone', ['delay', 'postponed']],
  ['turn', ['birthday']],
  ['run', ['candidate', 'campaign', 'stand']],
  ['repair', ['fix', 'mend']],
  ['bicycle', ['bike', 'cycle']],
  // (places and homes by their other common names: "closing the salon" of her hairdresser's)
  ['hairdresser', ['salon', 'hairdressing']],
  ['salon', ['hairdresser']],
  ['surgery', ['practice']],
  ['practice', ['surgery']],
  ['flat', ['apartment']],
  ['apartment', ['flat']],
];

/** Acts seen from the other side: who buys is who a seller sells to ("Who's buying Owain's farm?" of his selling it). */
const CONVERSE: readonly (readonly [RegExp, string])[] = [
  [/\b(?:buy|buys|buying|bought|purchasing|purchased)\b/giu, 'selling'],
  [/\b(?:sell|sells|selling|sold)\b/giu, 'buying'],
  [/\b(?:take|takes|taking|took|taken) over\b/giu, 'handing over selling'],
];

/** "Where's Jago going?": where someone goes is where they move to. */
const WHERE_GOING = /^\s*where(?:['’]s| is| are)\b.*\b(?:going|off to|heading|headed)\b/i;

/**
 * A who-question with the other side's act beside its own ("Who's buying selling the farm?"): its gap is the other
 * party; a where-question of going asks where one moves or leaves to.
 */
export function withConverse(question: string): string {
  if (WHERE_GOING.test(question)) return `${question} moving leaving`;
  if (!/^\s*who\b/i.test(question)) return question;
  let out = question;
  for (const [re, other] of CONVERSE) out = out.replace(re, (m) => `${m} ${other}`);
  return out;
}

/** A who-question asking for the other side of a sale or a takeover ("Who's buying the Ferryman's Arms?"). */
export function asksCounterpart(question: string): boolean {
  return /^\s*who\b/i.test(question) && CONVERSE.some(([re]) => new RegExp(re.source, 'iu').test(question));
}
