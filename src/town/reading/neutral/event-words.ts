// The words of a one-off happening, for the neutral reader's events: verbs of hosting ("throwing", "means to hold"),
// what ends a kind, a note's cues ("all welcome", "her do"), nouns of a happening ("quiz night", "car boot sale"),
// and what makes it no event (a weekly habit, something past). events.ts reads a text with them.
import { KIN } from './kin-words.ts';

const HOST_VERB = `(?:hosting|holding|throwing|giving|organi[sz]ing|running|putting on|planning|arranging|leading|having|staging|laying on|starting|doing|making|hosts?|holds?|throws?|gives|organi[sz]es?|runs|puts on|plans|arranges|leads|stages|presid(?:es|ing) over|propos(?:es|ing|ed)|announc(?:es|ing|e)|(?<=(?:\\b(?:i|we|she|he|they)|@\\d+(?:\\s+from\\s+(?:the\\s+)?\\p{L}+(?:\\s+\\p{L}+)?)?)\\s)(?:make|makes|do|have))`;
const WILL = String.raw`(?:is going to|are going to|will|shall|['’]ll|would|was to|is to|were to|['’]d|plans? to|is planning to|intends? to|means? to|has decided to|decided to|wants? to|hopes? to|would like to|is about to|is set to|offered to|has offered to|has agreed to|agreed to)\s+(?:host|hold|throw|give|organi[sz]e|run|put on|lead|arrange|have|stage|lay on|start|preside over)`;
const ARTICLE = `(?:a|an|the|her|his|their|its|our|my|one|another|this year['’]s|this week['’]s)`;
/** Words that end a kind: what follows is when, where or who. */
const STOP = String.raw`(?=\s+(?:she|he|they|we|i|you|at|in|on|upon|from|for|this|there|here|tomorrow|today|tonight|tmrw|next|with|and|to|by|near|down|outside|inside|where|which|that|who|starting|beginning|between|during|after|before|around|every|the|as|so|because|once|of (?:her|his|their|my|our|its)|(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?|@\d+)\b|\s*[,.;:!?(—–]|\s+-\s|$)`;
export const HOST_RE = new RegExp(
  String.raw`\b(?:${WILL}|${HOST_VERB})\s+(?:(?:@\d+|him|her|them|us|me|everyone|the (?:town|village)|(?:the|her|his|my|our|their)\s+[\p{L}-]+(?=\s+(?:a|an)\s))\s+)?(?:${ARTICLE}\s+|@\d+['’]s\s+)?((?:[\p{L}\d'’-]+\s+){0,3}?[\p{L}'’-]+)${STOP}`,
  'giu',
);
/** "the lantern-making workshop she's running at the hall": the kind before its host's verb. */
export const KIND_THEN_HOST = new RegExp(
  String.raw`\b(?:the|a|an|her|his|their)\s+((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]+)\s+(?:that\s+|which\s+)?(?:she|he|i|@\d+)(?:['’]s|\s+is|\s+will be|\s+has been|['’]ll be|['’]m|\s+am)\s+(?:${HOST_VERB})\b`,
  'giu',
);
/** "A summer fete will take place on the field", "the ceilidh is being held in the hall": the host said elsewhere. */
export const TAKES_PLACE =
  /\b(?:a|an|the|our|my|her|his)\s+((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]+)(?:\s+(?:at|in|on|about|of)\s+[^,;.]{1,60}?)?(?:\s*,[^,;.]{1,40},)?\s+(?:will take place|takes place|is taking place|will be held|is being held|is to be held|will happen|is planned|is scheduled|is set|is booked|is happening|will be given|will be run|will be led)\b/giu;
/** A register's "..., bring-and-buy sale in aid of the lifeboat, organised by Mrs Baird": the kind before "by". */
export const KIND_BY =
  /(?:^|[,:]\s*)((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]+)(?:\s+(?:in aid of|for)\s+[^,;.]{1,40}?)?\s*,\s*(?:organi[sz]ed|run|hosted|put on|led|arranged)\s+by\b/giu;
/** "getting the whole village together for a ceilidh", "come to my quiz at the pub". */
export const GATHER = new RegExp(
  String.raw`\b(?:(?:getting|gets|get|bringing|brings|calling|calls)\s+[^.;]{0,40}?\btogether\s+for|(?:come|join (?:me|us))\s+(?:to|for|at))\s+(?:${ARTICLE}\s+)?((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]+)${STOP}`,
  'giu',
);
/** "I've the trad session on in the pub", "has the quiz on tonight". */
export const HAVE_ON = new RegExp(
  String.raw`\b(?:['’]ve|have|has|['’]s)\s+(?:got\s+)?(?:${ARTICLE}\s+)((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]+)\s+on\b`,
  'giu',
);
/** "I've the bakers' supper at The Anchor to host", "he's got the gelato night in the piazza". */
export const HAVE_TO_HOST = new RegExp(
  String.raw`\b(?:['’]ve|have|has|['’]s)\s+(?:got\s+)?(?:${ARTICLE}\s+)((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]+)(?:\s+(?:at|in|on)\s+[^.;,]{1,40}?)?\s+to\s+(?:host|run|organi[sz]e|put on|do|hold)\b|\b(?:['’]s|has|have|['’]ve)\s+got\s+(?:${ARTICLE}\s+)((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]+)${STOP}`,
  'giu',
);
/** A register's or a form's application: "Application received for a Halloween quiz night at The Ship Inn". */
export const APPLIED_FOR = new RegExp(
  String.raw`\b(?:application|booking|request|permission|licence|license)\s+(?:received\s+|made\s+|granted\s+)?(?:for|to hold)\s+(?:${ARTICLE}\s+)?((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]+)${STOP}`,
  'giu',
);
/** Who runs it, said after the kind: "George Bell's running it", "run by her", "Orla organising", "his do". */
export const HOST_AFTER = new RegExp(
  String.raw`(@\d+|\b(?:Mum|Mom|Mam|Dad|Papa|Mama|Maman|Father|Mother|Grandad|Grandpa|Grandma|Gran|Granny|Nan|Nana|(?:her|his|my|our)\s+${KIN}))(?:\s*,\s*who)?(?:['’]s|\s+is|\s+will be)?\s+(?:running|hosting|organi[sz]ing|holding|leading|putting it on|doing it|in charge|(?:organi[sz]es?|runs?|hosts?|leads?|holds?)\s+(?:it|this|that|them)\b|organi[sz]es?\b)|\b(?:run|put on|organi[sz]ed|hosted|held|led|arranged|given)\s+by\s+(@\d+|him|her|me|them)\b|(@\d+)['’]s\s+(?:own\s+)?(?:do|doing|idea|affair|event)\b`,
  'iu',
);
/** A terse note's cue that a noun phrase is someone's happening: "her doing", "all welcome", "his do". */
export const EVENT_CUE =
  /(?:\b(?:her|his|my|their)|@\d+['’]s)\s+(?:do|doing|idea|treat|event|party|shout)\b|\b(?:running it|in charge|all welcome|everyone welcome|everybody welcome|(?:all|everyone|everybody|anyone) (?:is |are )?(?:welcome|invited)|open to (?:all|everyone)|come one|organi[sz]ing|hosting|run by|put on by|hosted by|(?:runs|run|hosts|organi[sz]es|leads|chairs) it|invit\w+|[\p{L}]+ (?:are |is )?welcome|(?:everyone|everybody|anyone|anybody|all|people) (?:can|may) come|[—–,]\s*(?:everyone|everybody|all)\s*$|open to the public|public event)\b/iu;
export const HOSTED_BY = new RegExp(
  String.raw`\b${ARTICLE}\s+((?:[\p{L}'’-]+\s+){0,4}?[\p{L}'’-]+)(?:\s+(?:at|in|on)\b[^;]{1,80}?,)?\s+(?:(?:will be|is being|is to be|is|was|['’]ll be)\s+)?(?:hosted|organi[sz]ed|run|held|led|put on|thrown|given|arranged)\s+by\s+(@\d+|(?:her|his|their)\s+${KIN})`,
  'giu',
);
/** A note's day and hour before its kind: "Tue 7pm skittles at The Oak", "16 July, evening — ...". */
export const WHEN_FIRST =
  /^(?:(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?|today|tomorrow|tmrw|tonight|\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?|\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?|(?:morning|afternoon|evening|night)(?=\s*[,–—-]))(?:\s+(?:morning|afternoon|evening|eve|night))?(?:\s*[,–—!?-]+\s*|\s+))+/i;
/** "will open the old chapel for a hymn supper": the happening a place is opened for. */
export const OPEN_FOR = new RegExp(
  String.raw`\b(?:open|opens|opening|unlock|unlocks|book|books|booked|booking|hire|hires|hired|hiring|reserve|reserved|reserving|has|have|having)\s+(?:up\s+)?[^.;@]{1,40}?\s+for\s+(?!(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|tonight|next|the (?:day|evening|night|afternoon|morning)|\d|(?:[\p{L}-]+\s+)?(?:years?|months?|weeks?|decades?|ages|a (?:while|living|time))(?![\p{L}]))\b)(?:${ARTICLE}\s+)?((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]+)${STOP}`,
  'giu',
);
/** "having a few friends round to the house for drinks": what they come round for. */
export const ROUND_FOR = new RegExp(
  String.raw`\b(?:having|has|have|['’]s having|invit\w+|asking|asked)\s+[^.;@]{0,40}?\b(?:round|over)\b[^.;]{0,40}?\bfor\s+(?:${ARTICLE}\s+)?((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]+)${STOP}`,
  'giu',
);
/** "The party's at the parish hall next Saturday": an event named before, given its place and day. */
export const THE_KIND_IS =
  /\bthe\s+((?:[\p{L}'’-]+\s+){0,2}?[\p{L}'’-]+)(?:['’]s|\s+is|\s+will be)\s+(?:at|in|on|next|this|tomorrow|tonight)\b/giu;
export const THERE_IS = new RegExp(
  String.raw`\b(?:there(?:['’]s| is| will be|['’]ll be)|(?:tomorrow|tonight|(?:sun|mon|tues|wednes|thurs|fri|satur)day(?:\s+the\s+\d{1,2}(?:st|nd|rd|th))?)\s+(?:is|will be)|invit\w+ (?:everyone|everybody|people|the (?:town|village)|\S+) to|(?:is|are) (?:all )?(?:invited|welcome|asked) to)\s+(?:${ARTICLE}\s+)?((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]+)${STOP}`,
  'giu',
);
/** A terse note's leading noun phrase: "Story hour for little ones Fri 10:30am ...", "Table quiz, GAA clubhouse". */
export const LEADING = new RegExp(
  String.raw`^(?:${ARTICLE}\s+)?((?:[\p{L}\d'’-]+\s+){0,3}?[\p{L}'’-]+)(?=\s+(?:for|at|in|on|behind|near|outside|inside|by|this|today|tomorrow|tmrw|tonight|next|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?|\d)\b|\s*[,:(—–]|\s*[.!]?\s*$)`,
  'iu',
);

export const NOT_A_KIND =
  /^(?:day|time|week|weekend|morning|afternoon|evening|night|plan|plans|lot|bit|chance|way|thing|idea|hope|mind|eye|secret|word)$/i;
/** Last words of a noun phrase that is a thing run every day, not a happening ("runs the shop"). */
export const NOT_A_HEAD =
  /^(?:business|shop|bakery|pub|bar|café|cafe|job|work|life|family|home|house|place|garden|dog|cat|shift|stall|plans?|time|ideas?|store|office|farm|school|surgery|library|kitchen|counter|till|errands?|risk|chance|woman|man|women|men|fellow|person|soul|name|trade|reason|problem)$/i;
/** Heads that are a happening only with a word before them ("a lantern walk", not "a walk"). */
export const NOT_ALONE = /^(?:look|walk|break|rest|run|ride)$/i;
/** Nouns of a happening: a terse note's "Car boot sale." or "First ever quiz night." names an event by its head. */
export const EVENT_HEAD =
  /^(?:party|night|quiz|sale|swap|supper|tea|lunch|dinner|breakfast|brunch|picnic|barbecue|bbq|walk|ride|race|match|tournament|show|fair|fete|fête|festival|market|auction|raffle|bingo|concert|gig|recital|reading|talk|lecture|class|lesson|workshop|meeting|social|dance|disco|ceilidh|ball|session|service|tour|screening|exhibition|tasting|singalong|karaoke|celebration|gathering|get-together|do|open day|morning|evening|afternoon|skittles|darts|games|crawl|hunt|competition|contest|jam|drive|launch|opening|vigil|parade|knees-up|shindig|bash|send-off|reunion|shower|christening|wedding|cookout|braai|potluck|fundraiser|bazaar|sleepover|ceremony|day|evening|night|sizzle|fry-up|feast|meal|buffet|banquet|jamboree|rally|fun run|open house|house-warming|housewarming|quiz night|cook-off|bake-off|bake sale|bonfire|regatta|show|singalong|sing-along|ceremony|drinks|club|play|menu|roast|wassail|switch-on|challenge|trail)$/i;
export const WEEKLY =
  /\b(?:every|each)\s+(?:week|sunday|monday|tuesday|wednesday|thursday|friday|saturday|evening|night|morning|month)\b|\b(?:on\s+)?(?:sun|mon|tues|wednes|thurs|fri|satur)days\b|\bweekly\b|\bregular\b|\busually\b|\balways\b/i;
export const PAST =
  /\b(?:last (?:week|month|year|night|sunday|monday|tuesday|wednesday|thursday|friday|saturday)|yesterday|ago|used to|(?:hosted|held|threw|gave|organi[sz]ed)(?!\s+by\b))\b/i;
