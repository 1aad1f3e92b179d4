// The words of keeping and of telling, for the neutral reader's private matters: what keeps a matter from others
// ("has not told a soul", "keeping it from Tom", "sworn to secrecy", "Dad doesn't know"), what says it is out in the
// open ("no secret", "for anyone who asks"), and whom the owner means to tell or has told ("means to tell only her
// sister", "Her aunt is the only person she has told", "told Amani only", "has kept it from everyone but him").
import { KIN } from './kin-words.ts';

const WHO = String.raw`(?:(?:him|them)\b|her\b(?!\s+[\p{L}-]+\s)|anyone|anybody|a soul|a single soul|a living soul|people|others|the others|everyone|everybody|all of them|them all|the town|the village|the rest|@\d+(?!['’]s)|(?:her|his|my|their)\s+[\p{L}-]+|${KIN}(?![\p{L}-]))`;

/** Feelings and traits: "secretly proud" says how someone is, not what they keep. */
const FEELING =
  'proud|pleased|glad|happy|relieved|thrilled|delighted|hopeful|fond|jealous|envious|afraid|scared|worried|anxious|' +
  'nervous|amused|sentimental|romantic|soft|shy|vain|diligent|ambitious|competitive|kind|generous|tender|lonely|' +
  'sad|bored|curious|impressed|touched|moved|grateful|wistful|smug|excited|terrified|frightened|dreading|longing|' +
  // an opinion held is how someone sees things, not a matter kept: "privately thinks the vicar a fool"
  'thinks|believes|suspects|wonders|doubts|considers|reckons';

/**
 * A matter told to a few only: "has told only Marta", "I've only told Aunty Mere", "only Dmitri knew", "It was Hannah,
 * and only Hannah, whom he had told". Weak: said just after a kept matter, it says whom that one was told.
 */
const WEAK_SOURCE = [
  String.raw`\b(?:only\s+(?:told|confided in|trusts?)|(?:told|confided in|shown (?:it )?to)\s+only)(?=\s+\S)`,
  String.raw`\bonly\s+(?:@\d+|(?:her|his|my)\s+[\p{L}-]+)(?:\s*,[^,;.]{0,40},)?\s*,?\s+(?:knows?|knew|has been told|had been told|was told|is in on|is aware|whom\b[^.;]{0,40}?\btold)\b`,
].join('|');
/** Anchored: tested at the start of a keeping match's place in the text. */
export const WEAK = new RegExp(`^(?:${WEAK_SOURCE})`, 'iu');

/** Words that keep something from others. */
export const KEPT = new RegExp(
  [
    // a secret, not a "Secret Santa"; "secretly" of a deed ("secretly applied", "is secretly seeing"), not of a
    // feeling or trait ("is secretly proud", "secretly diligent")
    String.raw`\bsecrets?\b(?!\s+santa\b)`,
    String.raw`\b(?:secretly|privately)\b(?!\s+(?:${FEELING})\b)|\b(?:secretly|privately)\s+(?=\p{L}+ing\b)`,
    String.raw`\bsecrecy\b`,
    String.raw`\bconfidential(?:ly)?\b`,
    String.raw`\bin (?:the )?(?:strict |strictest )?confidence\b`,
    // "I have promised to hold my tongue", "don't you dare say a word to Mam", "I shan't worry Edith with it"
    String.raw`\bhold (?:my|her|his|their|your) tongue\b`,
    String.raw`\b(?:don['’]t|do not|never)\s+(?:you\s+)?(?:dare\s+)?(?:say|breathe|tell|mention)\s+(?:a word|anything|a thing|anyone|anybody|a soul|a living soul)\b`,
    // "pls dont mention to anyone the deli's losing money"
    String.raw`\b(?:don['’]t|do not|never)\s+(?:mention|say|breathe)\s+(?:(?:it|this|that|a word|anything)\s+)?to\s+(?:anyone|anybody|a soul|a living soul|people)\b`,
    // "keep it under your hat"
    String.raw`\bunder (?:my|your|her|his|their|our) hat\b`,
    // an order or a promise of silence said another way: "(don't spread it)", "swore he wouldn't breathe a word",
    // "mum's the word", "so Roz won't find out" (not a touchy subject: "whatever you do, don't mention the wife")
    String.raw`\b(?:don['’]t|do not|never)\s+(?:spread|repeat|pass on)\s+(?:it|this|that)\b`,
    String.raw`(?:n['’]t|\bnot|\bnever)\s+(?:say|breathe|tell|mention)\s+(?:a word|a thing|a soul|a living soul)\b`,
    String.raw`\bmum['’]s the word\b`,
    // "she swore Tessa to keep", "has sworn them to secrecy"
    String.raw`\bsw(?:ore|ears|orn|ear)\s+(?:@\d+|her|him|me|them|us)\s+to\s+(?:keep|secrecy|silence|say nothing)\b`,
    String.raw`\b(?:so|so that|in case|lest)\s+(?:@\d+|(?:her|his|my|their)\s+[\p{L}-]+|she|he|they|nobody|no ?one)\s+(?:won['’]t|will not|doesn['’]t|does not|wouldn['’]t|would not|can['’]t|never|don['’]t)\s+(?:ever\s+)?(?:find|finds) out\b`,
    // a note's "dont tell mum but ...": kept from the one named
    String.raw`(?:^|[.;,]\s*)(?:don['’]t|do not|never)\s+tell\s+(?:mum|mam|mom|dad|nan|gran|@\d+(?!['’]s)|(?:my|her|his)\s+[\p{L}-]+)\b`,
    String.raw`\b(?:shan['’]t|won['’]t|will not|shall not|not going to|don['’]t want to|do not want to)\s+(?:worry|trouble|burden|upset|bother)\s+\S+(?:\s+\S+)?\s+with\s+(?:it|this|that|the news)\b`,
    // "be kept off the public record", "not be announced until her death"
    String.raw`\bkept off (?:the )?(?:public )?(?:record|books)\b|\boff the record\b|\bnot (?:to )?be (?:announced|made public|published|revealed|disclosed|mentioned)\b`,
    String.raw`\b(?:nobody|no ?one|no-one)(?:['’]s|\s+is|\s+was)?\s+(?:meant|supposed|allowed)\s+to\s+(?:know|find out|hear)\b`,
    String.raw`\bconfided\b`,
    String.raw`\blet slip to\b`,
    String.raw`\bconfessed\b`,
    String.raw`\bin private\b`,
    String.raw`(?:\bnot|n['’]t|\bnever)\s+(?:yet\s+|even\s+)?(?:told|telling|tell|mentioned (?:it )?to|said a word to|breathed a word (?:of it |about it )?to|shared (?:it|this|that|the news) with|let on to)\s+${WHO}`,
    String.raw`\b(?:told|tells|telling|tell|shown|showed|shows|revealed|mentioned (?:it )?to|said (?:it )?to|breathed (?:it )?to)\s+(?:it\s+|this\s+|that\s+)?(?:to\s+)?(?:no ?one|nobody|no-one|not a soul|no (?:living |single |other |one other )?soul|none of (?:them|us))\b`,
    WEAK_SOURCE,
    // "keep quiet", "keep it private", "asked her to keep it hush", "staying schtum"
    String.raw`\b(?:keep|keeps|keeping|kept|stay|stays|staying|stayed|remain|remains)\s+(?:it\s+|this\s+|that\s+|the (?:news|matter|plan|thing)\s+)?(?:very\s+|strictly\s+|entirely\s+|completely\s+|dead\s+)?(?:quiet|private|secret|hush|hush-hush|mum|schtum|shtum|dark|a secret)\b`,
    String.raw`\b(?:it|this|that|which)(?:\s+is|['’]s|\s+was|\s+remains|\s+stays)\s+(?:strictly\s+|very\s+|entirely\s+)?private\b|\bis private and\b|\bprivate (?:matter|business)\b`,
    String.raw`\b(?:nobody|no ?one|no-one)(?:['’]s| is| was)\s+to\s+(?:know|find out|hear)\b`,
    String.raw`\b(?:has|have|had)\s+no\s+idea\b(?!\s+(?:why|what|how|where|who|whether|if|when|which))|\b(?:is|are|['’]s|kept)\s+in the dark\b|\bknows? nothing (?:of|about) (?:it|this|that)\b`,
    String.raw`(?:\bnot|n['’]t|\bnever)\s+(?:yet\s+)?(?:found|had|got|plucked up|worked up)\s+(?:the\s+)?(?:words|courage|nerve|heart|chance)\s+to\s+tell\b`,
    String.raw`\b(?:won['’]t|will not|refuses to|would not|wouldn['’]t)\s+(?:say|tell|talk about it|discuss it)\b(?!\s+(?:a|the|his|her|stories|jokes)\b)`,
    String.raw`\b(?:told|tells|telling|tell)\s+(?:no ?one|nobody|no-one|not a soul)\b`,
    // a note's "nobody told, not a soul"
    String.raw`\b(?:no ?one|nobody|no-one)\s+(?:yet\s+)?(?:has been\s+)?told\b|(?:^|[,;:]\s*)not a (?:single |living )?soul\s*(?:[.;,]|$)`,
    String.raw`\b(?:no ?one|nobody|no-one|not a soul)\s+(?:else\s+)?(?:(?:here|around here|in (?:town|the village|\p{Lu}\p{L}+))\s+)?(?:knows?|does|has heard|suspects?|is aware|can know|must know|may know|should know)\b`,
    String.raw`(?<!\b(?:asked|invited|invite|invites|inviting|asking|wants?|wanted)\b[^.;]{0,50})(?<!\b(?:for|there and|there,)\s+)\b(?:nobody|no ?one) else\b`,
    String.raw`\bkeep(?:s|ing)?\s+(?:it|this|that|the news|the plan|the matter|[\p{L}\s]{0,20}?)\s+(?:to (?:her|him|them|my)sel(?:f|ves)|quiet|hidden|under wraps|under (?:her|his|my|your|their|our) hat|close to (?:her|his|the) chest|from\s+${WHO})`,
    String.raw`\bkeep(?:s|ing)?\s+(?:it|this|that)\s+(?:so|that way)\b`,
    // "promised to keep to herself", "wishes it kept so"
    String.raw`\bkeep(?:s|ing)?\s+to\s+(?:her|him|my|them)sel(?:f|ves)\b`,
    String.raw`\b(?:wants?|wishes|wished|asked|asks|would like)\s+(?:it|this|that|the (?:news|matter))\s+kept\b`,
    String.raw`\bkeep(?:s|ing)?\s+from\b`,
    String.raw`\bkept\s+(?:it\s+|this\s+|that\s+|[\p{L}\s]{0,20}?\s)?(?:to (?:her|him)self|quiet|hidden|under wraps|from\s+${WHO})`,
    String.raw`\b(?:is|['’]s|am|['’]m)\s+keeping\s+(?:it|this|that)\s*(?:[.;]|$)`,
    String.raw`\bunder wraps\b`,
    String.raw`(?:\bnot|n['’]t|\bnever)\s+(?:yet\s+)?(?:said|breathed|spoken|uttered)\s+(?:a word|anything)\b`,
    String.raw`\bonly\s+(?:she|he|i|@\d+)\s+and\s+(?:@\d+|her\s+[\p{L}-]+|his\s+[\p{L}-]+)[^.;]{0,20}?\bknows?\b`,
    String.raw`\b(?:shared|discussed)\s+(?:it\s+|this\s+)?with\s+(?:no ?one|nobody|no-one)\b`,
    // "Ada's news stays with me until she tells Tom herself": held for its owner until then
    String.raw`\b(?:stays?|remains?|rests?)\s+with\s+(?:me|her|him|us)\s+(?:until|till)\b`,
    // "has spoken of it to nobody", "disclosed it to none"
    String.raw`\b(?:spoken|spoke|speaks|disclosed|divulged|imparted|mentioned)\s+(?:of\s+)?(?:it|this|that)?\s*to\s+(?:no ?one|nobody|no-one|none|not a soul)\b`,
    String.raw`\b(?:something|it|that|which)\s+(?:she|he|i|they)\s+keeps?\s+to\s+(?:her|him|my|them)sel(?:f|ves)\b`,
    String.raw`\bbetween (?:him|her|me) and (?:@\d+|(?:his|her|my) [\p{L}-]+)\b`,
    String.raw`\b(?:if|should)\s+(?:anyone|anybody|people|the town|the village|@\d+|(?:her|his|my|their) [\p{L}-]+)\s+(?:ever\s+)?(?:found out|find out|knew|learned|learnt|heard)\b`,
    String.raw`\btold\s+(?:@\d+|her|him|me)\s*,?\s+and (?:(?:him|her|me)\s+)?only\b|\btold\s+@\d+(?!['’]s)\s*,\s*and just (?:her|him|them)\b`,
    // "is known to Ida alone", "known only to her father"
    String.raw`\bknown\s+only\s+to\b|\bknown\s+to\s+(?:@\d+|(?:her|his|my|their)\s+[\p{L}-]+)\s+(?:alone|only)\b`,
    String.raw`\b(?:keep(?:s|ing)?|kept|is|stays?|staying)\s+quiet\s+about\b|\bon the quiet\b|\bkeep(?:s|ing)? mum\b`,
    String.raw`\b(?:nobody|no ?one|no-one)\s+(?:must|may|can|should|is to|to|needs to|is meant to)\s+(?:know|find out|hear)\b`,
    String.raw`\bhush-hush\b`,
    String.raw`\b(?:hopes?|prays?|trusts?)\s+(?:that\s+)?(?:nobody|no ?one|no-one)\s+(?:ever\s+)?(?:finds? out|learns?|hears?|knows?)\b`,
    String.raw`\bnot a word\b`,
    // ("asked had I heard about Ray; I said nothing" is a reply, not a matter kept)
    String.raw`\b(?:say|tell|breathe|repeat)\s+nothing\b|(?<!\b(?:asked|asks|asking)\b[^.]{0,80})\bsaid\s+nothing\b`,
    // "she's terrified Alf finds out", "would die before Kofi heard of it": kept from someone named
    String.raw`\b(?:terrified|afraid|scared|frightened|petrified|worried|dreads?|dreading)\s+(?:that\s+)?${WHO}\s+(?:will\s+|might\s+|would\s+|could\s+|ever\s+)?(?:finds?|found|find)\s+out\b`,
    String.raw`\b(?:would|['’]d)\s+(?:rather\s+)?die\s+(?:before|than)\s+(?:let\s+)?${WHO}\s+(?:ever\s+)?(?:heard|knew|found out|know|find out|hear|learned|learnt)\b`,
    String.raw`\b(?:never|not) to (?:repeat|tell|say|mention|breathe)\b|\bto not (?:repeat|tell|say|mention|breathe)\b`,
    String.raw`\bpromised (?:not|never)\b`,
    String.raw`\b(?:does ?n['’]t|does not|would not|wouldn['’]t|did not|didn['’]t|do not|don['’]t)\s+want\s+(?:anyone|anybody|people|the town|others|the village|the street|the parish|it|word|(?:her|his|my|their)\s+[\p{L}-]+|@\d+)\s+(?:else\s+)?(?:to know|knowing|to find out|finding out|to hear|hearing|getting out|to get out)\b`,
    String.raw`(?:@\d+(?!['’]s)|\b(?:her|his|my|their)\s+[\p{L}-]+|\b(?:mum|mam|mom|dad|parents|mother|father|husband|wife|family))\s+(?:does ?n['’]t|does not|do not|don['’]t|must never|must not|mustn['’]t|can['’]t|cannot|never) (?:yet )?(?:know|find out|learn|hear)\b`,
    String.raw`\bwithout telling\b`,
    // "she mustn't find out", "he isn't to know" (not "she doesn't know what to do")
    // ("he won't hear of it" refuses; it keeps nothing)
    String.raw`\b(?:she|he|they)\s+(?:mustn['’]t|must not|must never|isn['’]t to|is not to|aren['’]t to|shouldn['’]t)\s+(?:ever\s+)?(?:know|find out|hear|learn)\b|\b(?:she|he|they)\s+(?:can['’]t|cannot|won['’]t)\s+(?:ever\s+)?(?:know|find out)\b`,
    String.raw`\bnot even\s+(?:@\d+|her|his|my)\b[^.;]{0,40}?\b(?:knows?|has been (?:told|allowed)|is allowed|was told|suspects?)\b`,
    String.raw`\bbehind (?:everyone|everybody|\S+)['’]s back\b`,
    // "hiding it from his parents", not "hiding from the rain"
    String.raw`\bhid(?:ing|es|e|den)?\s+(?!from\b)[^.;]{1,40}?\bfrom\b|\bin hiding\b`,
    String.raw`\bonly (?:one|person|soul) (?:who|that) knows\b`,
    // "You're the only other one", "the first I've told": the one spoken to is the only one told
    String.raw`\b(?:is|are|['’]s|['’]re)\s+the\s+(?:only|first)\s+(?:other\s+)?(?:one|person|soul)\s*(?=[.;!]|$)|\bthe (?:only|first) (?:one |person |soul )?(?:@\d+|i|she|he)\s+(?:has|have|had|['’]ve)\s+told\b`,
    String.raw`\bonly (?:one|person|soul) (?:she|he|i|they) (?:tells|will tell|has told|told|trusts with)\b`,
    String.raw`(?:\bnot|n['’]t)\s+(?:yet\s+)?(?:public|common knowledge)\b`,
    String.raw`\bmust not (?:get out|be known)\b`,
    // "it stays between them", "between you and me"; not "between them they knew everything"
    String.raw`\b(?:is|stays?|kept|keep|remains?|['’]s|strictly)\s+between (?:the two of )?(?:them|us|ourselves)\b`,
    String.raw`\b(?:would|['’]d) rather\s+(?:@\d+|nobody|no one|[\p{L}]+)\s+(?:never|didn['’]t|did not|not)\s+(?:found out|knew|know|find out|learned|heard)\b`,
    String.raw`\bquietly\s+(?:planning|plans|applied|applying|saving|seeing|looking|arranged|arranging|decided|deciding|been)\b`,
  ].join('|'),
  'iu',
);

/** Words that say a matter is out in the open, or only unknown ("who she is nobody knows"). */
export const OPEN =
  /\b(?:no secret(?!s)|nothing secret|not a secret|worst[- ]kept secret|open secret|badly[- ]kept secret|secret (?:that|which) everyone knows|(?:hardly|not really|no longer|not much of) (?:a )?secret|secret any ?more|(?:was|were) once (?:a )?secret|used to be (?:a )?secret|used to keep|came out|got out|is out now|nobody minds|no one minds|told (?:everyone|everybody|the whole)|for (?:all|everyone|anyone) to (?:see|read|hear)|no longer (?:a )?secret|no hiding it|nothing to hide|(?:everyone|everybody)(?:\s+(?:in|at|round|around|across|of)\s+(?:the\s+)?\p{L}+)?\s+(?:already\s+)?knows|(?:was|is|were|been|appeared|printed)\s+in (?:the )?(?:(?:news)?papers?|news)|the whole (?:town|village|parish) knows|common knowledge|makes no secret|openly|(?<!\bnot (?:to )?be )(?:has )?announced|public knowledge|for anyone (?:who asks|to (?:read|see|hear))|anyone who asks|anyone could find|anyone can)\b|\b(?:who|what|where|why|how|whether)\s+[\p{L}]+[^.;]{0,30}\b(?:nobody|no one) knows\b/iu;

/**
 * A trait, not a matter: "a man without secrets", "I don't keep secrets", "had no secrets"; nor are secrets counted
 * in general ("there are few secrets in the valley that have not been told across his bar"). Masked before the words of
 * keeping are looked for, so "He has no secrets, or thinks so, never suspecting what Solveig has kept from him" keeps
 * Solveig's matter.
 */
export const TRAIT =
  /\bsecrets?\s*[:=–-]\s*(?:none|nothing|no|n\/a|nil)\b|\b(?:without (?:a |any )?secrets?|(?:has|have|had|keeps?|kept|got|holds?) no (?:other |more |further )?secrets?|(?:do|does|did)(?: not|n['’]t) (?:keep|have) (?:any )?secrets?|(?:never|can['’]t|cannot|could never) keep (?:a )?secrets?|no secrets? (?:from|between|in)\b[^,;.]*|(?:a|an) (?:open|honest) (?:book|man|woman)|nothing (?:secret|secretive|hidden) about|(?:had|has|have|kept|keeps) secrets about (?:him|her|them|me|us)\b|\bnot (?:much|big|great|ones?) for secrets|\b(?:(?:very\s+)?few|many|plenty of|countless|all (?:the|its|their|of the)|most)\s+(?:of (?:the|its|their)\s+)?secrets\b[^.;]*)/giu;

/**
 * What nobody knows because it may not be true is a rumour, not a secret: "Some say he won the pools; nobody knows",
 * "nobody has proof, and she hasn't said a word either way", "nobody knows who her real father was".
 */
export const RUMOUR =
  /\b(?:some (?:say|said|think|believe|claim|reckon)|people (?:say|said|claim|reckon)|they say|folk say|rumou?r(?:s|ed)?|it is said|it['’]s said|supposedly|allegedly|legend has it|gossip has it|claims?|if so\b|either way|(?:is|['’]s) convinced|(?:not a scrap of|no|without any|without) proof|speculat\w*)\b/iu;
export const UNKNOWN =
  /\b(?:nobody|no one|no-one)\s+(?:really\s+|actually\s+|ever\s+)?(?:knows?\s+(?:who|what|where|why|how|whether|if|for (?:sure|certain))\b|has (?:ever )?(?:found|proved|proven|seen)\b|has (?:any )?proof\b|can (?:say|prove|tell) (?:for sure|which|who|what)\b)/iu;

/** Words about keeping and telling, not about the matter. */
export const KEEPING = new Set(
  (
    'secret secrets secretly secrecy confidential confidentially confidence confided confessed private privately told tell ' +
    'tells telling know knows knew known anyone anybody nobody soul single living people others one only yet even still ' +
    'ever never want wants wanted means meant intends plans hopes wishes would rather keep keeps kept keeping quiet ' +
    'hidden hiding wraps under hush mention mentioned word breathed shared let except apart but than other else first ' +
    'until she he her his him they them their it this that the a an and or is was has have had not n t to of in about ' +
    'with from for be been being who which what so does did do s just herself himself themselves myself town village ' +
    'matter plan news decision family trust trusts sure going will must may can shall promised swore sworn repeat ' +
    'everyone everybody way least all nor none nothing ever now next week weeks month months year today tomorrow ' +
    'tonight soon later day days morning evening afternoon night weekend monday tuesday wednesday thursday friday ' +
    'saturday sunday mon tue tues wed thu thur thurs fri sat sun till until when ready needs need asked asks ' +
    'begged begs made make promise agreed shown showed alone wishes swear swore vowed though although however ' +
    // what is left of a negation once split at its apostrophe ("don't", "hasn't"), and whose business it is
    'don doesn didn won isn hasn haven wasn aren couldn wouldn shouldn business ' +
    // an asking to keep it, as gossip says it: "begged Pru to keep schtum and means to tell hubby Nigel — eventually"
    'schtum shtum mum hubby wifey eventually urged ' +
    // the one deciding and saying it, not what is kept: "he's decided he'll tell Kit first", "she says she'll tell"
    'decided decides says said our also ' +
    // words said between others, not of the matter: "Aye. Not a word."
    'aye yes yeah yep okay um er oh'
  ).split(' '),
);

/** One listener: a resident, a relative by kin word (with or without a name), or a pronoun. */
/** "her" before a noun is a possessive ("confided to her diary"), not a listener. */
export const HER_OBJECT = String.raw`(?!\s+(?!(?:he|she|i|they|we|it|you|his|her|their|our|my|not|never|all|and|or|but|that|about|if|to|in|on|at|of|for|with|when|before|after|until|till|once|first|alone|only|yet|now|soon|so|too|either|as|the|a|an|everything|anything|nothing|what|how|why|where|tomorrow|today|tonight|herself|himself|myself|yourself|ourselves|themselves|privately|quietly|straight|face|directly|in person)\b)\p{Ll}+\b)`;
const ONE = String.raw`(?:(?:her|his|my|their|our)\s+(?:[\p{L}-]+\s+){1,2}@\d+(?!['’]s)|\bthe\s+(?:[\p{L}-]+\s+)?[\p{L}-]+\s*,\s*@\d+(?!['’]s)|(?:(?:her|his|my|their|our)\s+(?:[\p{L}-]+\s+)?)?${KIN}(?![\p{L}-])(?:\s+(?:in|at|from)\s+(?:the|our|her|his)\s+[\p{L}-]+(?=\s*,\s*@\d))?(?:\s*,?\s*@\d+(?!['’]s))?|@\d+(?!['’]s)(?:\s+\p{Lu}\.)?|\bhim\b(?!\s+(?:[\p{L}-]+\s+)?(?:${KIN}(?![\p{L}-])|@))(?!\s*,?\s*@)|\bher\b${HER_OBJECT}(?!\s+(?:[\p{L}-]+\s+)?(?:${KIN}(?![\p{L}-])|@))(?!\s*,?\s*@)|\bthem\b)`;
const NAMES = String.raw`(${ONE}(?:\s*(?:,|and|or|&)\s*(?:to\s+)?${ONE})*)`;

/** Phrases naming whom the owner means to tell or has told; group 1 is the list. */
export const TELL_TO: RegExp[] = [
  String.raw`(?:\b(?:means?|meant|intends?|plans?|planning|wants?|hopes?|wishes|is going|are going|(?:am |['’]m )?going|gonna|\bill(?=\s+tell\b)|has decided|decided|(?:will\s+)?(?:have|has|had)\s+to|(?:has |have |had )?resolved|purposes?|(?:is |am |was )?determined|promised|will|shall|would like|would rather|['’]d like|['’]ll|needs?|must|can|could|found the (?:words|courage|nerve) to)|@\d+(?!['’]s)(?:\s+is)?(?=\s+to\s))\s+(?:only\s+)?(?:to\s+)?(?:finally\s+|soon\s+|first\s+)?(?:tell\s+(?:it|this|that)\s+(?:only\s+)?to|confess (?:it |this |that )?to|admit (?:it |this |that )?to|own up to|tell(?:\s+also)?|confide in|share (?:it|this|the news|that) with|(?:reveal|disclose|divulge|impart|mention) (?:it |this |that |everything |all |the (?:news|truth) )?(?:only )?to|acquaint|break (?:it|this|the news) to|come clean (?:to|with)|let)\s+(?:only\s+)?${NAMES}`,
  String.raw`\b(?:is|am|are|['’]s|['’]m|['’]re)\s+(?:only\s+)?telling\s+(?:only\s+)?${NAMES}`,
  // "until he's told his mother", "once she has told Tom", "till I tell Dad"
  String.raw`\b(?:until|till|once|before|after)\s+(?:she|he|i|they|we|@\d+)(?:\s+has|\s+have|['’]s|['’]ve|\s+can|\s+finally|\s+gets to)?\s+(?:told|tells|tell|spoken to|speaks to|talked to|talks to|informed|informs|asked|asks|consulted)\s+${NAMES}`,
  // a learner's present for the future: "Hari don't know, but I tell him maybe in winter"
  String.raw`(?:\b(?:i|she|he)|@\d+(?!['’]s))\s+(?:maybe\s+)?tell\s+${NAMES}\s+(?:maybe|when|after|in|at|on|next|later|soon|one day|first|tomorrow|tonight|today)\b`,
  // "still hasn't told Ollie, her son, that the lease runs out, she means to": the one not told yet, then a bare
  // "means to" that can only mean telling them
  String.raw`(?:\bnot|n['’]t)\s+(?:yet\s+)?told\s+${NAMES}\b[^.;]{0,100}?\b(?:means?|intends?|plans?|wants?|is going|are going)\s+to(?=\s*(?:[,.;!—–]|$))`,
  // "hasn't told Mamá yet, means to soon": the one not told yet whom the owner means to tell
  String.raw`(?:\bnot|n['’]t)\s+(?:yet\s+)?told\s+${NAMES}\s+yet\b[^.;]{0,12}?\b(?:means?|intends?|plans?|will|is going|wants?)\b`,
  // "It was to Letitia and to Sebastian that ...", "It was Hannah, and only Hannah, whom he had told"
  String.raw`\bit was\s+(?:to\s+)?(?:only\s+)?${NAMES}(?:\s*,\s*and only\s+@\d+\s*,)?\s+(?:that|whom|who)\b`,
  // "told Sara about the lump", "has told Nour that she is thinking of retiring", "told her he's been accepted"
  // (present or past, and with an aside: "tells her cousin Bilal she's been offered", "told Bea, and just her, that")
  String.raw`(?:^|[.;]\s*|\b(?:she|he|i|has|have|had|once|['’]s|['’]ve)\s+|@\d+(?!['’]s)(?:\s*\([^)]{1,20}\))?\s+)(?:told|tells|confided in|confided to|confides in|confides to)\s+${NAMES}(?:\s*,\s*and (?:only|just) (?:her|him|them)\s*,)?(?:\s+[^,;.@]{1,30}?)?,?\s+(?:about|that|of|in confidence|privately|in private|(?:she|he|i)(?:['’]s|\s+is|\s+was|\s+has|['’]d|\s+had)\b)`,
  String.raw`(?:^|[.;]\s*)telling\s+(?:only\s+)?${NAMES}`,
  String.raw`\bwants?\s+${NAMES}\s+to\s+be\s+the\s+(?:only|first)\s+(?:one|person|soul)`,
  // "Ada next door is the one he means to tell first", "her sister is the person she'll tell"
  String.raw`${NAMES}(?:\s+[^.;,@]{1,20}?)?,?\s+(?:is|will be|would be)\s+the\s+(?:one|person)\s+(?:she|he|they|i|@\d+)\s+(?:means?|intends?|plans?|wants?|hopes?|is going|['’]s going|will|['’]ll)\s+(?:to\s+)?tell\b`,
  // ("@Owen is the first @Nell has told", a play's "You're the first I've told" with its speakers marked)
  String.raw`${NAMES},?\s+(?:is|will be|would be|was)\s+(?:[^.;]{0,30}?\s)?the\s+(?:only|first)\s+(?:other\s+)?(?:one|person|soul|@\d+\s+(?:has|had)\s+told)\b`,
  // ("Kasia, his cousin, will be the very first to hear it": with an aside, and the first to hear or know)
  String.raw`${NAMES}(?:\s*,\s*[^,.;@]{1,40},)?\s+(?:is|will be|would be|shall be|is to be|was)\s+the\s+(?:very\s+)?(?:only|first)\s+(?:one\s+|person\s+|soul\s+)?to\s+(?:hear|know|learn|be told)\b`,
  // a note's fragment after the words of keeping: "Not a word to anyone. Kasia first, when the time is right."
  String.raw`(?:^|[.;]\s*)${NAMES}\s+first(?=\s*(?:[,.;:!—–-]|$)|\s+(?:when|once|then|before|after|of all)\b)`,
  String.raw`\b(?:has\s+|have\s+|['’]s\s+|['’]ve\s+)?(?:only\s+)?(?:told|confided in|tells|trusts?)\s+(?:only\s+)?${NAMES}(?=\s*(?:,\s*and only|and only|only\b|[.;]|$))`,
  String.raw`\b(?:has\s+|have\s+|['’]s\s+|['’]ve\s+)(?:already\s+)?told\s+${NAMES}`,
  String.raw`\b(?:told|tells|confided in)\s+only\s+${NAMES}`,
  String.raw`\bonly\s+told\s+${NAMES}`,
  String.raw`\bonly\s+(?:the\s+[\p{L}\s-]{1,30}?,\s*)?${NAMES}(?:,[^,;.]{0,60},)?,?\s+(?:knows?|knew|has been told|had been told|was told|is in on|has seen|saw|has read)`,
  // "her partner has been informed"
  String.raw`${NAMES}\s+(?:has|have|had)\s+been\s+(?:informed|told|let in on it)\b`,
  // "I shan't worry Edith with it till after our anniversary": to be told afterwards
  String.raw`\b(?:shan['’]t|won['’]t|will not|shall not)\s+(?:worry|trouble|burden|upset|bother)\s+${NAMES}\s+with\s+(?:it|this|that|the news)\s+(?:till|until|before)\b`,
  // "he had sworn to keep it to himself": the one who keeps it knows it
  String.raw`\b(?:and|but|so)\s+(he|she)\s+(?:has|had|['’]s|['’]d)\s+(?:sworn|promised|vowed)\b[^.;]{0,30}?\bto\s+(?:keep|say nothing|tell no)`,
  String.raw`\b(?:has\s+)?(?:confided\s+(?:in|to)|let slip to|confessed to|admitted to)\s+${NAMES}`,
  // the one asked to keep it knows it: "made him promise not to tell", "begged her not to tell", "asked him to keep it"
  String.raw`\b(?:made|makes|asked|asks|begged|begs|urged|got)\s+${NAMES}\s+(?:to\s+)?(?:promise\s+|swear\s+)?(?:(?:not|never)\s+to\s+(?:tell|say|breathe|repeat|mention)|to\s+keep|to\s+say nothing|to\s+(?:tell|say)\s+(?:no ?one|nobody|no-one|nothing))\b`,
  // "she wants me to tell Ben for her": the one to be told through someone
  String.raw`\b(?:wants?|asked|asks|wishes|would like)\s+(?:me|her|him|@\d+(?!['’]s))\s+to\s+(?:tell|pass (?:it|this) on to)\s+${NAMES}`,
  // "has shown it to Felicity alone", "told Tom alone"
  String.raw`\b(?:shown|showed|told|tells|given)\s+(?:(?:it|this|that)\s+to\s+)?${NAMES}\s+alone\b`,
  // "a secret she has shared with only one person, her neighbour Liz"
  String.raw`\b(?:shared|told|trusted)\s+(?:it\s+|this\s+)?(?:with\s+)?only\s+one\s+(?:person|soul|other)\s*,\s*${NAMES}`,
  // "Tom knows; nobody else does"
  String.raw`${NAMES}\s+(?:knows?|has been told|is in on it)\s*[;,]?\s*(?:but\s+|and\s+)?(?:nobody|no ?one|no-one) else\b`,
  // "only she knows" after someone else's matter: the one named before
  String.raw`\bonly\s+(she|he)\s+(?:knows?|has been told|is in on)\b`,
  String.raw`\bswore\s+${NAMES}\s+to\s+secrecy`,
  String.raw`\bbreak\s+(?:it|the news|this|that)\s+to\s+${NAMES}`,
  String.raw`\blet\s+${NAMES}\s+know\b`,
  String.raw`\bonly\s+(?:she|he|i)\s+and\s+${NAMES}[^.;]{0,20}?\bknows?\b`,
  String.raw`\bbetween (?:him|her|me) and ${NAMES}`,
  String.raw`\b(?:no ?one|nobody|none|anyone|anybody|a soul|not a soul|everyone|everybody|all)\b[^.;]{0,40}?\b(?:except|but|apart from|besides|other than|save|beyond)\s+${NAMES}`,
  // "wants only her brother to know", "wishes Tom alone to hear of it"
  String.raw`\b(?:wants?|wanted|wishes|wished|would like)\s+(?:only\s+)?${NAMES}\s+(?:alone\s+)?to\s+(?:know|hear|be told|learn)\b`,
  String.raw`\b(?:except|apart from|besides|other than)\s+(?:for\s+)?${NAMES}\s*,\s*(?:no ?one|nobody)`,
  String.raw`\btell\s+(?:only\s+)?${NAMES}\s+(?:first|before anyone|and no ?one else|alone)`,
  // "has confided this to Solveig alone", "said this only to Polly": the matter passed to someone, said as "this"
  String.raw`\b(?:confided|told|said|shown|showed|mentioned|confessed|admitted)\s+(?:it|this|that)\s+(?:only\s+)?to\s+(?:only\s+)?${NAMES}`,
  // "is known to her father alone", "known only to Tom"
  String.raw`\b(?:is|was|are|were|['’]s)\s+(?:now\s+)?known\s+(?:only\s+)?to\s+(?:only\s+)?${NAMES}`,
  // "Hiro knows, she told him", "Clem knows.": one named who knows, said as a clause of its own
  String.raw`(?:^|[.;:]\s*)${NAMES}\s+(?:already\s+)?(?:knows?|knew)(?=\s*[.;,]|\s*$|\s+(?:already|too|as well|about it)\b)`,
].map((s) => new RegExp(s, 'giu'));
