// Small deterministic text rules shared by the runtime (cheap decisions that need no model) and the offline
// model's rules: keyword importance, alarm and idle detection, person conversions, entity and emoji picking.

/** Cuts to n characters on a word boundary, with an ellipsis. */
export function clip(text: string, n: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= n) return t;
  const cut = t.slice(0, n - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > n * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** Strips wrapping quotes and a leading "Name:" a model may add to a spoken line. */
export function cleanLine(text: string, speaker?: string): string {
  let t = text.replace(/\s+/g, ' ').trim();
  if (speaker) {
    const prefix = new RegExp(
      `^(${escapeRegExp(speaker)}|${escapeRegExp(speaker.split(' ')[0] ?? speaker)})\\s*:\\s*`,
      'i',
    );
    t = t.replace(prefix, '');
  }
  const quoted = /^["“'](.*)["”']$/.exec(t);
  return (quoted ? quoted[1]! : t).trim();
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Smallville code: an "is idle" event gets poignancy 1 without asking the model.
export function isIdle(text: string): boolean {
  return /\bis idle\b|\bidle$/i.test(text.trim());
}

const ALARM =
  /\b(burning|on fire|fire|smoke|smoking|flood(?:ing|ed)?|leak(?:ing|s)?|overflow(?:ing)?|broken|shattered|alarm|scream(?:ing|s)?|help!|injur(?:ed|y)|bleeding|accident|collapsed|unconscious|emergency|ambulance|thief|stolen|robbery|explod(?:ed|ing))\b/i;

/** Something a resident would drop everything for (the burning stove of sec. 3.1). */
export function isAlarming(text: string): boolean {
  return ALARM.test(text);
}

/** A turn in a life (a baby, a wedding, a death, a new job, retiring). */
const LIFE_EVENT =
  /\b(break(?:ing)? up|broke up|divorc\w*|died|death|funeral|pregnan\w*|expecting a baby|having a baby|baby|wedding|got married|getting married|engaged|propos\w*|accepted|acceptance|fired|promot\w*|diagnos\w*|hospital|moving away|new job|born|retir(?:e|es|ed|ing|ement))\b/i;

const RULES: [RegExp, number][] = [
  [ALARM, 9],
  [LIFE_EVENT, 8],
  [
    // (what makes news in any town: announcements, invitations, decisions, secrets; no event kind or office listed;
    // reading or watching the news is a routine, not news)
    /\b(crush|in love|secret|announc\w*|invit\w*|surprise|(?<!\b(?:read\w*|watch\w*|listen\w* to|skim\w*)\s+(?:the\s+)?(?:\w+\s+)?)news|decided|decision|hosting|organi[sz]ing|running for)\b/i,
    6,
  ],
  [/\b(argu\w*|fight|upset|angry|worried|sad|cry\w*|lonely|excited|proud)\b/i, 5],
  [/\b(research|exam|thesis|paper|interview|meeting|project|composition|exhibit\w*|deadline|rent|business)\b/i, 4],
  [/\b(married|husband|wife|daughter|son|parents?|best friend|closest friend)\b/i, 4],
  [/\b(said|asked|told|talk\w*|chat\w*|convers\w*)\b/i, 3],
  [
    /\b(sleep\w*|asleep|brush\w*|shower\w*|wash\w*|breakfast|lunch|dinner|eat\w*|cook\w*|clean\w*|sweep\w*|walk\w*|read\w*|coffee|tea|making (?:the|his|her|their) bed|tidy\w*|idle|sitting|waiting|in use|brewing)\b/i,
    2,
  ],
];

/** News that turns a life: met with feeling, not a nod. */
export function isLifeEvent(text: string): boolean {
  return LIFE_EVENT.test(text);
}

/** Keyword poignancy 1..10 (sec. 4.1 scale): the offline model's rating and the fallback when a call fails. */
export function heuristicImportance(text: string): number {
  if (isIdle(text)) return 1;
  for (const [re, score] of RULES) if (re.test(text)) return score;
  return 3;
}

/** Words that carry meaning (lower-case, no stopwords), for overlap tests in the offline rules. */
const STOP = new Set(
  (
    'a an the and or but of to in on at by for with from into about as than that this these those there here it its ' +
    'is am are was were be been being do does did have has had i me my you your we our he him his she her they them their ' +
    'what which who whom whose when where why how all any some no not can will just would could should may might ' +
    'tell know think about today tomorrow yesterday now then there said say says'
  ).split(' '),
);

export function contentWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 2 && !STOP.has(w))
    .map((w) => (w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

export function overlap(a: string, b: string): number {
  const wa = new Set(contentWords(a));
  let n = 0;
  for (const w of new Set(contentWords(b))) if (wa.has(w)) n++;
  return n;
}

/** Capitalised names in a text ("Sam Moore", "Hobbs Cafe"), sentence-initial single words excluded. */
export function entities(text: string): string[] {
  const out: string[] = [];
  const re = /\b([A-Z][\p{L}'’-]+(?:\s+(?:of\s+|the\s+)?[A-Z][\p{L}'’-]+)*)/gu;
  for (const m of text.matchAll(re)) {
    const name = m[1]!;
    const at = m.index ?? 0;
    const sentenceStart = at === 0 || /[.!?:"“]\s*$/.test(text.slice(0, at));
    if (sentenceStart && !name.includes(' ')) continue;
    if (/^(I|I'm|I've|The|A|An|He|She|They|We|You|It|Did|Oh|Hi|Hello)$/.test(name)) continue;
    out.push(name.replace(/['’]s$/, ''));
  }
  return out;
}

/**
 * A phrase about a resident that opens with a pronoun for them, said with their name ("she has decided to sell" ->
 * "Harriet has decided to sell", "her niece sketches" -> "Harriet's niece sketches"): a phrase taken out of the text
 * that named them loses what its pronoun stood for.
 */
/**
 * The matter a reporting frame opens on, without the frame: "If you could read Bryony's diary, you'd learn she is
 * expecting a baby" -> "she is expecting a baby"; "Her letters say that she means to leave"; "Rumour has it the mill
 * will close"; "What nobody knows is that ...". A sentence with no such frame is returned as it is.
 */
export function withoutReportFrame(text: string): string {
  const frames = [
    // "If you could read her diary, you'd learn (that) ..."
    // (a seed's generic "you" made the resident's name, "If Bryony could read ..., Bryony'd learn", is the same frame)
    /^if (?:you|\p{Lu}[\p{L}'’-]*) (?:could|were to|ever) (?:read|see|open|look (?:at|in)(?:to)?)\b[^,]{1,80},\s*(?:you|\p{Lu}[\p{L}'’-]*)(?:'d|’d| would| will|'ll|’ll)\s+(?:learn|find(?: out)?|discover|see|read|know)\s+(?:that\s+)?/iu,
    // "Bryony's diary says (that) ...", "her letters reveal ..."
    /^(?:[\p{Lu}][\p{L}'’-]*(?:\s+[\p{Lu}][\p{L}'’-]*)*['’]s|her|his|their)\s+(?:private\s+|own\s+)?(?:diary|diaries|journal|letters?|notebooks?|notes)\s+(?:also\s+)?(?:says?|reveals?|shows?|records?|tells?(?: us)?)\s+(?:that\s+)?/iu,
    // "Rumour has it (that)", "Word is", "Truth be told,", "What nobody knows is that"
    /^(?:rumou?r has it|word (?:is|has it)|the word is|truth be told|the truth is|in truth|what (?:nobody|no one|few people|few) knows? is|(?:nobody|no one|few people|few) knows?)\b[,:]?\s*(?:that\s+)?/i,
  ];
  for (const f of frames) {
    const m = f.exec(text);
    if (m && text.length - m[0].length >= 8) return text.slice(m[0].length);
  }
  return text;
}

export function nameOpeningPronoun(phrase: string, name: string): string {
  return phrase.replace(/^(?:she|he)\b/i, name).replace(/^(?:her|his)\b(?=\s+[a-z])/i, `${name}'s`);
}

/** "You are going to run" (an inner voice) -> "Mara is going to run" (a memory, third person like all others). */
export function toThirdPerson(text: string, first: string): string {
  let t = text.trim();
  t = t.replace(/\byou are\b/gi, `${first} is`).replace(/\byou're\b/gi, `${first} is`);
  t = t.replace(/\byou don't\b/gi, `${first} doesn't`).replace(/\byou do not\b/gi, `${first} does not`);
  t = t.replace(/\byou were\b/gi, `${first} was`).replace(/\byou have\b/gi, `${first} has`);
  t = t.replace(/\byou've\b/gi, `${first} has`).replace(/\byou'll\b/gi, `${first} will`);
  t = t
    .replace(/\byourself\b/gi, first)
    .replace(/\byours\b/gi, `${first}'s`)
    .replace(/\byour\b/gi, `${first}'s`);
  t = t.replace(/\byou\b/gi, first);
  t = t
    .replace(/\bI am\b/g, `${first} is`)
    .replace(/\bI'm\b/g, `${first} is`)
    .replace(/\bmy\b/gi, `${first}'s`);
  t = t.replace(/\bI\b/g, first).replace(/\bme\b/gi, first);
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** "Mara Okafor is planning a party" -> "I'm planning a party" (sharing one's own memory in dialogue). */
export function toFirstPerson(text: string, name: string, first: string): string {
  let t = text.trim();
  for (const n of [name, first]) {
    const e = escapeRegExp(n);
    t = t.replace(new RegExp(`\\b${e} is\\b`, 'g'), "I'm").replace(new RegExp(`\\b${e} was\\b`, 'g'), 'I was');
    t = t.replace(new RegExp(`\\b${e} has\\b`, 'g'), 'I have').replace(new RegExp(`\\b${e} will\\b`, 'g'), "I'll");
    t = t.replace(new RegExp(`\\b${e}['’]s\\b`, 'g'), 'my').replace(new RegExp(`\\b${e}\\b`, 'g'), 'I');
  }
  t = t.replace(/\b(to|with|about|for) I\b/g, '$1 me');
  // "I sells" -> "I sell", "I studies" -> "I study", "I goes" -> "I go"
  t = t.replace(/\bI ([a-z]+)\b/g, (whole, verb: string) => {
    if (
      /^(is|was|has|does|this|us|always|perhaps|plus|less|across)$/.test(verb) ||
      !verb.endsWith('s') ||
      verb.endsWith('ss')
    )
      return whole;
    if (verb.endsWith('ies')) return `I ${verb.slice(0, -3)}y`;
    if (/(ches|shes|sses|xes|oes)$/.test(verb)) return `I ${verb.slice(0, -2)}`;
    return `I ${verb.slice(0, -1)}`;
  });
  return t.charAt(0).toUpperCase() + t.slice(1);
}

const LOWERABLE = new Set(
  (
    'the a an it this that there these those some his her their our my your its he she they we you everyone ' +
    'someone nobody today tomorrow yesterday earlier later'
  ).split(' '),
);

/** Lower-cases a leading function word ("The stove ..." -> "the stove ..."); names and "I" stay capitalised. */
export function lowerFirst(text: string): string {
  const word = /^([A-Za-z]+)/.exec(text)?.[1];
  if (!word || !LOWERABLE.has(word.toLowerCase())) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export function stripPeriod(text: string): string {
  return text.trim().replace(/[.!]+$/, '');
}

const EMOJI: [RegExp, string][] = [
  [/\b(sleep\w*|asleep|nap\w*|bed)\b/i, '😴'],
  [/\b(fire|burning|extinguish\w*)\b/i, '🧯'],
  [/\b(prescriptions?|medicine|pharmac\w*)\b/i, '💊'],
  [/\b(bak\w*|pastr\w*|buns?|bread)\b/i, '🥐'],
  [/\b(breakfast|lunch|dinner|eat\w*|meals?|snacks?|cook\w*|bite)\b/i, '🍽️'],
  [/\b(coffee|tea|latte|espresso)\b/i, '☕'],
  [/\b(beer|drinks?|pour\w*|bar|pub)\b/i, '🍺'],
  [/\b(shower\w*|wash\w*|brush\w*|bath\w*)\b/i, '🚿'],
  [/\b(newspapers?|crossword|news)\b/i, '📰'],
  [/\b(read|reading|reader|books?|library|novels?|shelv\w*|chapter)\b/i, '📖'],
  [/\b(paperwork|fil(e|es|ing)|documents?|notice board|forms?)\b/i, '🗂️'],
  [/\b(council|budget|mayor|town's business|campaign\w*|election|vot\w*|speech)\b/i, '🏛️'],
  [/\b(writ\w*|research\w*|papers?|stud\w*|homework|essays?|notes|drafts?|lyrics|ideas|sources)\b/i, '📝'],
  [/\b(paint\w*|draw\w*|sketch\w*|art|easel|colours?|colors?)\b/i, '🎨'],
  [/\b(music|piano|guitar|keyboard|melody|songs?|compos\w*|sing\w*)\b/i, '🎹'],
  [/\b(flower\w*|weeds?|plants?|garden\w*|water the)\b/i, '🌷'],
  [/\b(run|running|jog\w*|warm\w* up|cool\w* down|stretch\w*|train\w*|exercis\w*)\b/i, '🏃'],
  [/\b(walk\w*|stroll\w*|park|river|path)\b/i, '🚶'],
  [/\b(talk\w*|chat\w*|conversations?|meet\w*|greet\w*|visit\w*|question|advis\w*|help\w*)\b/i, '💬'],
  [/\b(shop\w*|buy\w*|groceries|grocery|market|store|restock\w*|produce|register|scan\w*|checkout|till)\b/i, '🛒'],
  [/\b(clean\w*|tidy\w*|sweep\w*|laundry|dishes|wipe\w*)\b/i, '🧹'],
  [/\b(work\w*|serv\w*|counter|shift|customers?|office|orders?)\b/i, '💼'],
  [/\b(part(?:y|ies)|celebrat\w*|decorat\w*)\b/i, '🎉'],
  [/\b(plan\w*|think\w*|reflect\w*|consider\w*|break|rest)\b/i, '💭'],
];

export function emojiFor(activity: string): string {
  for (const [re, e] of EMOJI) if (re.test(activity)) return e;
  return '🙂';
}

export function isSleeping(activity: string): boolean {
  return /\b(sleep|sleeping|asleep|nap|napping)\b/i.test(activity);
}

/** A short stable key for a piece of news (what a resident has already told someone). */
export function newsKey(text: string): string {
  return contentWords(text).slice(0, 12).sort().join(' ');
}

// Common base verbs that start plan items ("make breakfast"), for the progressive form ("making breakfast").
const VERBS = new Set(
  (
    'make have eat get go take wash brush read write work study prepare clean tidy cook serve open close check call meet ' +
    'talk chat walk run jog relax rest sleep wake play practice practise paint draw watch listen visit buy shop order pay ' +
    'put turn remake rush stop fix finish start continue keep plan think reflect sit stretch drink brew greet help look do ' +
    'water teach attend leave return head sweep unwind catch discuss tell ask lie set hang bake feed organise organize ' +
    'review answer grab enjoy spend pick clear prep sort tend browse compose sketch edit design research host decorate invite ' +
    'train gather create manage mend fill pour stock scan bag restock wipe shelve file update mix try jot revise ' +
    'warm cool head water pull rest count ring advise arrange bring sell bake brew tell teach learn explore expand ' +
    'experiment look search find practise rehearse fold feed repair paint write read prepare organise organize ' +
    'campaign draft polish hang lend deliver collect carry fetch call ask show fish sail row knit sew garden weed ' +
    'go make serve cook open close take have study work plan meet visit reread step jot handle wrap sleep knead say'
  ).split(' '),
);

/** Is this word a common base verb ("go", "check", "mend")? (An imperative's first word: a whisper's order.) */
export function isBaseVerb(word: string): boolean {
  return VERBS.has(word.toLowerCase());
}

/** "writing" -> "write", "planning" -> "plan", "painting" -> "paint" (the base form of a known verb's -ing). */
export function baseOfIng(word: string): string {
  const w = word.toLowerCase();
  if (!w.endsWith('ing') || w.length < 5) return word;
  const stem = w.slice(0, -3);
  if (VERBS.has(stem)) return stem;
  if (VERBS.has(`${stem}e`)) return `${stem}e`;
  if (/(.)\1$/.test(stem) && VERBS.has(stem.slice(0, -1))) return stem.slice(0, -1);
  if (stem.endsWith('y') && VERBS.has(stem)) return stem;
  if (/(.)\1$/.test(stem) && !/(ss|ll|ff|zz)$/.test(stem)) return stem.slice(0, -1);
  if (/([^aeiou][aeiou][cgsvz]|at|ut|it|ar|ur|iz|ag)$/.test(stem) && !/(it)$/.test(stem)) return `${stem}e`;
  return stem;
}
const DOUBLE = new Set([
  'wrap',
  'get',
  'run',
  'sit',
  'put',
  'stop',
  'chat',
  'plan',
  'jog',
  'shop',
  'set',
  'prep',
  'grab',
  'jot',
  'step',
  'swim',
  'dig',
]);

function ingForm(verb: string): string {
  const v = verb.toLowerCase();
  if (v === 'lie') return 'lying';
  if (v === 'be') return 'being';
  // A one-syllable verb ending consonant-vowel-consonant doubles its last letter (scan -> scanning, bag ->
  // bagging), as do a few stressed two-syllable ones; w, x and y never double (fixing, playing).
  if (DOUBLE.has(v) || /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(v)) return `${v}${v.at(-1)}ing`;
  if (v.endsWith('ie')) return `${v.slice(0, -2)}ying`;
  if (v.endsWith('e') && !v.endsWith('ee') && v.length > 2) return `${v.slice(0, -1)}ing`;
  return `${v}ing`;
}

/** "wake up, wash and have breakfast" -> "waking up, washing and having breakfast" (action sentences). */
export function progressive(phrase: string): string {
  const t = stripPeriod(phrase.trim());
  return t
    .split(/(,\s*|\s+and\s+|\s+then\s+)/)
    .map((seg, i) => {
      if (i % 2 === 1) return seg;
      const m = /^(\s*)([A-Za-z]+)(.*)$/.exec(seg);
      if (!m) return seg;
      const word = m[2]!;
      if (/ing$/i.test(word) || !VERBS.has(word.toLowerCase())) return seg;
      return `${m[1]}${ingForm(word)}${m[3]}`;
    })
    .join('');
}
