// Acts said by what follows from them (issue 38): "swapping the classroom for her allotment for good" is retiring,
// "calling last orders for good" is closing, "knitting tiny cardigans" is expecting a baby, "asking for our votes" is
// standing. One family of phrases per kind of event in a town's life, read in answers only (a fact keeps its own
// words): the judge reads each beside its plain verb (idioms.ts withPlainVerbs). Each family says its act only with
// the mark that makes it so ("for good", "last orders" with it, "votes" asked for): "calling last orders earlier on
// weeknights" is a habit, "angry letters to the parish council" no candidacy, "a fortnight in Portugal" a holiday.
// A lexicon of common English, not of any corpus's answers; the tuning corpus (judge-corpus-kinds-indirect.ts) and
// tests/eval/judge-indirect.test.ts measure it.

/** For good: a change that lasts. */
const FOR_GOOD = '(?:for good|for ever|forever|permanently|once and for all|for the (?:very )?last time)';
const POSS = '(?:his|her|their|the|its|my|our)';
/** Pastimes of a working life's end ("swapping the till for her allotment"). */
const LEISURE =
  '(?:(?:rose |vegetable |own )?garden|allotment|roses|golf(?: clubs?| course)?|fishing(?: rod)?|slippers|armchair|rocking chair|deckchair|garden chair|grandchildren|grandkids|knitting|crosswords?|bowls|bowling green|pension|retirement|(?:a |the )?quiet life|good life|feet up|paintbrushes|easel|greenhouse|caravan|cruises?)';
const NUMBER = String.raw`(?:\d+|(?:twenty|thirty|forty|fifty|sixty)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|ten|eleven|twelve|fifteen|eighteen|umpteen|so many)`;
const WORK =
  '(?:work|working|teaching|nursing|farming|preaching|the job|the post|the shop|the counter|the classroom|the surgery|the pulpit|the bar|the kitchen|the till|the round)';
const BUSINESS =
  '(?:shop|café|cafe|caf[eé]|workshop|studio|bakery|pub|bar|restaurant|salon|gallery|business|garage|place|bookshop|tearoom|tea ?room|surgery|practice|clinic|nursery|school|centre|center|hostel|bistro|deli|forge|store|stall|parlour|parlor)';
const MONTH =
  '(?:january|february|march|april|may|june|july|august|september|october|november|december|(?:the )?(?:spring|summer|autumn|winter))';
const VOTE_BODY = String.raw`(?:parish|town|district|county|village|city|borough)?\s*(?:council|board|committee|bench|table|parliament|assembly)`;

/** [plain verb, phrases]: each phrase a regular expression over lower-case words. */
const FAMILIES: readonly (readonly [string, readonly string[]])[] = [
  [
    'retiring',
    [
      // swapping work for a pastime
      String.raw`(?:swap|swaps|swapping|swapped|trade|trades|trading|traded|exchange|exchanges|exchanging|exchanged) (?:${POSS} )?[\p{L}' -]{2,30}? for (?:${POSS} |a |some )?(?:[\p{L}-]+ ){0,2}?${LEISURE}`,
      // a working life's years, enough
      String.raw`${NUMBER} years? (?:in|at|behind|of|on|running|teaching|doing) [^.;!?]{0,40}?\b(?:is|are|was|were|has been|have been)(?: quite)? (?:enough|plenty|long enough)`,
      String.raw`(?:after|that['’]s|thats) ${NUMBER} years?[^.;!?]{0,30}?\b(?:done|finished|enough|over|calling time|hanging up)`,
      `(?:collect|collects|collecting|draw|draws|drawing|claiming|living on) ${POSS} pension`,
      String.raw`(?:her|his|their) last (?:month|week|year|summer|winter|season) (?:on|at|in|behind) (?:the|that|this) \w+`,
      '(?:pensioned off|(?:a|the|her|his) gold(?:en)? watch|(?:a )?well[- ]earned rest|(?:earned|deserves|deserved) (?:her|his|their|a) (?:rest|retirement|feet up)|out to (?:pasture|grass)|(?:her|his|their) (?:working|teaching|nursing|farming) (?:days|life|years) (?:are|is|will be) (?:over|done|behind)|retirement)',
      String.raw`(?:done|finished|through) with (?:${WORK}|[\p{L}' ,-]{2,40}?) ${FOR_GOOD}(?! (?:on|with) (?:the )?(?:cigarettes|smoking|drink|drinking|sweets|sugar|dieting))`,
      `(?:her|his|their) last (?:term|lesson|class|shift|service|sermon|surgery|season|day) (?:ever|before (?:she|he|they) (?:stops?|finish(?:es)?|goes?)|${FOR_GOOD})`,
      // (a time said to be the last of one's working: "July's her last term"; not of a holiday)
      String.raw`(?<=(?:['’]s|\bis|\bwill be) )(?:her|his|their) (?:very )?last (?:term|shift|service|sermon|surgery|season|day|week|month|year)\b(?! (?:off|of (?:the |her |his |their )?(?:holidays?|break|leave|course|trip|visit)))`,
      // one done at a time ("she's done at Christmas")
      String.raw`(?:she|he|they)(?:['’]s|['’]re| is| are| will be) (?:done|finished|finishing) (?:at|in|come|after|by) (?:the )?(?:end of (?:the )?)?(?:${MONTH}|christmas|easter|new year|year|month|term|season)\b`,
      // a successor
      String.raw`(?:advertis\w+|looking|searching|hunting|interviewing) for (?:her|his|their|a) (?:successor|replacement)|(?:hand|hands|handing|handed|give|gives|giving|gave|pass|passes|passing|passed) (?:the (?:\w+ )?|it |things )?over to (?:a |her |his |their )?(?:new|younger|successor|replacement)`,
    ],
  ],
  [
    'closing',
    [
      `(?:call|calls|calling|called) (?:last orders|time) ${FOR_GOOD}`,
      `(?:last orders|closing time|the last pint|the last loaf|the last customer)s? (?:ever|${FOR_GOOD})`,
      `(?:pull|pulls|pulling|pulled|serve|serves|serving|served|sell|sells|selling|sold|bake|bakes|baking|baked) (?:${POSS} )?(?:very )?last (?:pints?|loaf|loaves|customers?|meals?|orders?|coffees?)`,
      String.raw`(?:doors?|shutters?|gates?) (?:will )?(?:stay|stays|staying|remain|remains|remaining|be|are|go|going|come|coming) (?:down|shut|closed|locked|barred) (?:${FOR_GOOD}|after that|from then on|after (?:this|next|the) \w+)`,
      '(?:after that|from then on|then),? (?:the )?(?:doors?|shutters?|gates?) (?:will )?(?:stay|stays|remain|remains|be|are|come|comes|go|goes) (?:shut|closed|locked|down)',
      `(?:put|puts|putting|pull|pulls|pulling|pulled) (?:up |down )?the shutters ${FOR_GOOD}?`,
      `(?:lock|locks|locking|locked|shut|shuts|shutting) (?:up |the doors? |the place |up shop |${POSS} doors? )${FOR_GOOD}`,
      '(?:shut|shuts|shutting) (?:up )?shop',
      // (a place gone for good: "then it's gone for good")
      `\\bit(?:['’]s| is|['’]ll be| will be) (?:gone|finished|over|done) ${FOR_GOOD}`,
      '(?:closing[- ]down sale|everything must go|(?:cease|ceases|ceasing|ceased|stop|stops|stopping|stopped) trading)',
      "(?:won['’]t|will not|never going to|not going to) (?:be )?(?:(?:open|opening|open its doors) (?:again|after that|any ?more)|reopen|reopening)",
    ],
  ],
  [
    'selling',
    [
      // (an agent's board, with or without "estate")
      "(?:an? )?(?:(?:estate )?agent['’]?s?|for sale|sold) (?:board|sign)s?",
      String.raw`(?:look|looks|looking|found|finding|find|got|has|had) (?:for )?(?:a |the )?buyers?\b(?! for (?:${POSS} |some )?(?:[\p{L}-]+ ){0,2}[\p{L}-]+s\b)`,
      '(?:buyers|viewers|people) (?:are |were |have been )?(?:viewing|looking round|traipsing round|coming round to view)',
      String.raw`(?:had|has|have|having|['’]s had|['’]ve had) (?:\w+ )?viewings|on the (?:agent['’]s |estate agent['’]s )?books`,
      '(?:accepting|accepted|taking|took) (?:an |any )?offers?(?: over| on| for)?',
      '(?:the )?asking price',
      `(?:part|parts|parting|parted) with (?:the|${POSS}) (?:shop|bakery|farm|house|business|pub|boat|herd|land|place|mill|cottage|field|flock)`,
      String.raw`(?:put|puts|putting) (?:it|them|the (?:\w+ ){0,2}\w+|${POSS} \w+(?: \w+)?) up for (?:sale|auction|grabs)`,
      '(?:with|through) (?:an|the) (?:estate )?agents?',
      // a price asked or waited for ("asking a fortune for it", "to the highest bidder")
      String.raw`asking (?:(?:far |way |much |a bit |rather )?(?:too )?(?:little|much|a fortune|a lot|a packet|peanuts|next to nothing|top dollar)|[£$€]\s?[\d,.]+\w*(?: (?:thousand|grand|million))?) for (?:it|the|her|his|their)\b`,
      '(?:whoever|anyone who|anybody who|the first one who|the first person who) (?:offers|pays|bids|makes (?:an|the best) offer)|(?:to|for) the highest bidder|(?:waiting|holding out|hanging on) for the right (?:price|offer)',
      // a listing ("Listed on Tuesday"; not "a listed building")
      String.raw`(?<!\b(?:a|the|grade[- ]\w+) )(?:listed|listing) (?:it |her |the \w+ )?(?:last|this|on|with|yesterday|for sale|online)\b`,
    ],
  ],
  [
    'buying',
    [
      "(?:is|are|['’]s|['’]re) (?:all )?(?:hers|his|theirs) now",
      'keys? (?:have |has )?(?:changed|change|changing) hands',
      String.raw`(?:the|its|a) new owners?\b`,
    ],
  ],
  [
    'marrying',
    [
      '(?:popped|pop|pops|popping) the question',
      String.raw`(?:said|says|saying) yes(?=\s*(?:[!.]|$|,\s*(?:and|so)\b|\s+to (?:him|her|his proposal|her proposal|the proposal|marrying)))`,
      "(?:get|gets|getting|got|are|is|were|was|['’]re|['’]s) engaged",
      'engagement ring|(?:a|the) ring on (?:her|his) finger|(?:his|her|their) fianc[eé]e?|bride[- ]to[- ]be|(?:husband|wife|groom)[- ]to[- ]be',
      '(?:the )?banns (?:are|were|have been|being) (?:read|called|posted)',
      '(?:set|sets|setting|named|fixed|fixing) (?:a|the) date(?! for (?:the|a|her|his) (?:meeting|sale|move|opening|hearing|operation|auction))',
      '(?:her|his|their) (?:hen|stag) (?:do|night|party|weekend)',
      '(?:the|her|his|their) wedding (?:dress|cake|invitations?|venue|list|planning|breakfast)',
    ],
  ],
  [
    'expecting a baby',
    [
      String.raw`(?:knit|knits|knitting|knitted|buying|bought|making|sewing) (?:tiny|little|baby|wee|small) (?:cardigans?|booties|bootees|hats|jumpers|socks|mittens|clothes|things|vests|blankets?)(?! (?:for|to sell at) (?:the|a|her|his) (?:[\p{L}-]+ )?(?:fair|sale|bazaar|stall|fete|raffle|hospital|ward|charity|shop|market|appeal|church|jumble))`,
      '(?:tiny|baby) (?:cardigans|booties|bootees)',
      '(?:painting|decorating|doing up|setting up|getting ready|papering) (?:the |a )?nursery',
      `(?:one|two|another) more (?:at|round|around) (?:${POSS} )?(?:table|fireside|hearth)|(?:an? )?(?:extra|another|new) mouths? to feed`,
      "(?:a |the |her )?(?:baby (?:bump|shower|scan)|twelve[- ]week scan|morning sickness|maternity (?:leave|clothes|dress|ward)|eating for two|patter of (?:tiny|little) feet|little one on the way|stork['’]s (?:coming|visiting|on its way))",
      '(?:going to be|gonna be|about to be|will be|becoming|become) (?:a )?(?:mum|mom|mother|dad|father|parents?|mummy|daddy|mammy|mam|mama|papa|da)(?! again to (?:the|her|his))',
      '(?:a|the|her) (?:cot|pram|buggy|moses basket) (?:in|for|is|has|arrived|being|bought|delivered)',
    ],
  ],
  [
    'standing',
    [
      "(?:ask|asks|asking|asked|begging|canvass|canvasses|canvassing|canvassed|after|wants|want|counting on|hoping for) (?:for )?(?:our|your|my|people['’]s|everyone['’]s|the village['’]s|the town['’]s|their) votes?",
      "(?:canvass|canvasses|canvassing|canvassed)|(?:knocking|knocks|knocked) on (?:every |people['’]s |our )?doors? (?:for votes|asking for)",
      "(?:her|his|their) (?:face|name|photo|picture|smile)(?:['’]s| is| was)? (?:on|all over) (?:the |every |those )?(?:leaflets?|posters?|ballot|flyers?|election)",
      '(?:election|campaign) (?:leaflets?|posters?|flyers?|rosettes?|badges?)',
      `(?:wants|want|after|seeking|seek|going for|chasing|fighting for|bidding for|run for) (?:a|the) seat (?:on|at) (?:the )?${VOTE_BODY}`,
      String.raw`(?:vote|voting) for (?:her|him|them)\b(?! (?:at|in) the (?:committee|meeting|show))`,
      '(?:hustings|nomination papers?|on the (?:ballot|slate|ticket))',
      '(?:wants|want|hoping|trying|aiming) to (?:be|get) (?:elected|voted) (?:to|on|onto)',
    ],
  ],
  [
    'opening',
    [
      String.raw`(?:turn|turns|turning|turned|convert|converts|converting|converted|make|makes|making|made) (?:the |that |an? |${POSS} )?(?:old )?[\p{L}' -]{2,30}? into (?:an? |the |${POSS} )?(?:new |little |proper |own )?(?:${BUSINESS})(?:\s+(?:where|for|that|selling|serving))?`,
      '(?:grand opening|opening (?:day|night|party)|ribbon[- ]cutting|(?:cut|cuts|cutting) the ribbon)',
      String.raw`(?:doors|it|the place|the shop|the \w+) (?:will )?(?:open|opens) (?:next|this|on|in|from|at the|come|after)\b`,
      '(?:open|opens|opening) for business',
      `(?:fitting|fitted|kitting|fits) out (?:the |a |an |${POSS} )?(?:old )?(?:shop|unit|premises|workshop|forge|barn|studio|place)`,
      '(?:go|goes|going|went) into business',
      // (a trade's fittings going into a place: "got the griddles in at the old tabac", "ovens going in there")
      "(?:got|getting|get|has|had|having|putting|put|puts) (?:the |his |her |their |new |some )?(?:ovens?|griddles?|fryers?|coffee machines?|espresso machines?|kilns?|pumps|beer pumps|shelves|shelving|counters?|tills?|barber['’]?s chairs?|salon chairs|workbenches?|looms?) (?:in|going in|going up|up|installed|fitted)\\b",
      '(?:start|starts|starting|started|launch|launches|launching|launched) (?:a|her|his|their) (?:own )?business',
      '(?:taken|taking|took|signed|signing) (?:on )?(?:a|the) lease (?:on|for)',
    ],
  ],
  [
    'moving away leaving',
    [
      `(?:pack|packs|packing|packed) up (?:the|${POSS}) (?:whole )?(?:house|home|flat|cottage|life|things)`,
      String.raw`(?:trade|trades|trading|traded|swap|swaps|swapping|swapped|exchange|exchanging) (?:our|the|this|${POSS}) [\p{L}' -]{2,30}? for (?:the )?(?:[\p{L}'-]+ ){0,2}?(?:sunshine|sun|sea air|seaside|coast|city|mountains|country|countryside|hills|beaches|heat|lights|streets|life|desert|warmth|tropics|islands?|lakes?|prairies?|outback)\b`,
      '(?:the )?(?:removal|removals|moving) (?:van|lorry|men|company|firm)',
      // (a life begun again elsewhere: "starting over in Canada")
      '(?:start|starts|starting|started) (?:over|afresh|again from scratch) (?:in|out in|abroad|overseas|somewhere)',
      "(?:one[- ]way ticket|new life (?:in|abroad|overseas|out)|fresh start (?:in|abroad|overseas)|(?:saying|said|says) (?:her|his|their) goodbyes|living out of boxes|(?:house|home|flat)['’]s (?:all )?in boxes|(?:a |her |his )?(?:farewell|leaving) (?:party|do|drinks))",
      "(?:won['’]t|will not) be (?:here|around|living here) (?:after|come|by|much longer|for long)",
    ],
  ],
  [
    'starting a new job',
    [
      String.raw`(?:landed|landing|been offered|was offered|accepted|accepting|offered) (?:a|the) (?:new )?(?:[\p{L}'’]+ ){0,2}?(?:job|post|position|role|place)\b`,
      String.raw`(?:(?:taken|took|taking|take|takes) (?:her|him|them) on\b|(?:been|got|was|were) (?:hired|headhunted|taken on))`,
      '(?:her|his|their) (?:first day|first week|new boss|new employers?) (?:at|with|is|starts|will)',
      String.raw`(?:starts|starting|started|start) (?:at|with) (?:the|a) [\p{L}' -]{2,30}? (?:on|in|next|this|from|come)\b`,
    ],
  ],
  [
    'diagnosed',
    [
      // a condition under the doctor's care ("the doctor's got her testing her sugar", "on insulin now")
      String.raw`(?:the )?doctors?(?:['’]s| has| have)? (?:got|put|has|have|had) (?:him|her|them) (?:on|off|\p{L}+ing)\b`,
      "doctor['’]s orders",
      '(?:counting|checking|testing|watching|monitoring|pricking) (?:his|her|their) (?:blood )?(?:sugars?|glucose|finger)',
      'on (?:insulin|chemo|dialysis|the (?:heart|blood pressure) (?:pills|tablets))',
    ],
  ],
  [
    'postponed, moved',
    [
      String.raw`(?:move|moves|moving|moved|shift|shifts|shifting|shifted|switch|switches|switched|bump|bumped|push|pushes|pushing|pushed) (?:it |them |the date |the \w+ )?(?:to|till|until) (?:next|later|another|a later|the following|the end of|${MONTH})\b`,
      String.raw`(?:reschedul\w+|delayed|(?:a|the) new date|later than (?:planned|expected|usual))`,
      String.raw`(?:put|puts|putting) (?:it |them |the \w+ )?off (?:till|until|to|for (?:a|another|two|three|six|a few|a couple of)|(?:un)?til)\b`,
    ],
  ],
];

const COMPILED = FAMILIES.map(([plain, phrases]) => ({
  plain,
  re: new RegExp(String.raw`\b(?:${phrases.join('|')})`, 'giu'),
}));

/** A negation inside a phrase ("won't open again"): the phrase says the act, it denies nothing. */
const NEGATION = /n['’]t\b|\b(?:not|never|no)\b/i;

/**
 * The text with the plain verb set before each phrase of a family ("closing, calling last orders for good"), apart,
 * so its words are not read as the verb's object; a phrase that carries a negation is replaced by its plain verb.
 */
export function withConsequences(text: string): string {
  let out = text;
  for (const { re, plain } of COMPILED) out = out.replace(re, (m) => (NEGATION.test(m) ? plain : `${plain}, ${m}`));
  return out;
}

/** The text without the plain verbs withConsequences set before its phrases. */
export function withoutConsequences(text: string): string {
  let out = text;
  for (const { plain } of COMPILED) out = out.split(`${plain}, `).join('');
  return out;
}

/** The families whose acts a text says by their consequences. */
export function consequencesIn(text: string): { plain: string }[] {
  return COMPILED.filter(({ re }) => {
    re.lastIndex = 0;
    return re.test(text);
  });
}
