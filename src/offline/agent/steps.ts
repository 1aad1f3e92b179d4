// The offline decomposition (sec. 4.3): hour labels and 5-15 minute steps that are concrete actions for the
// activity and the place's objects.

import { formatPlanStep, type PlanStepsInput, type PlanStepsOutput } from '../../agent/prompts/plan-steps.ts';
import { mealOf } from '../../core/schedule.ts';
import { emojiFor, escapeRegExp, isSleeping, stripPeriod } from '../../core/text.ts';
import { parseClock } from '../../core/time.ts';

/** "work at the cafe (continued)" -> "work at the cafe" (hour labels of the offline decomposition). */
export function baseActivity(activity: string): string {
  return stripPeriod(activity.replace(/\s*\(continued\)$/, '').replace(/, then wrap up$/, ''));
}

// Concrete 5-15 minute actions for an activity or a place (the paper's Eddy: brainstorm, draft, revise). The
// first pool whose pattern matches the activity wins; then the place's name and objects decide.
// Steps of an occupation, only for a resident whose own description names it (a customer does not restock).
export const WORK_POOLS: [RegExp, string[]][] = [
  [
    /pharmac|prescription/i,
    [
      'fill prescriptions at the pharmacy counter',
      'advise a customer about their medicine',
      'check the stock in the medicine cabinet',
      'sort the day’s prescriptions',
    ],
  ],
  [
    /checkout|cashier|\btill\b/i,
    [
      'scan groceries at the cash register',
      'bag a customer’s shopping',
      'restock the grocery shelves',
      'count the till',
    ],
  ],
  [
    /clerk|paperwork|civic|council|registration/i,
    [
      'go through paperwork at the clerk’s desk',
      'file documents in the filing cabinet',
      'answer a resident’s question',
      'update the town notice board',
    ],
  ],
  [
    /librar|books/i,
    [
      'help a reader at the front desk',
      'shelve returned books in the stacks',
      'check in returns on the library computer',
      'tidy the reading tables',
    ],
  ],
  [
    /\b(pub|bar|tavern|inn|beer taps|landlord|landlady|publican)\b/i,
    ['pour drinks at the beer taps', 'chat with the regulars at the bar', 'wipe down the bar', 'tidy up the lounge'],
  ],
  [
    /cafe|café|coffee|espresso|pastry/i,
    [
      'brew coffee at the espresso machine',
      'take orders at the cash register',
      'bake a fresh batch of cinnamon buns in the oven',
      'restock the pastry case',
      'wipe down the window table',
    ],
  ],
  [
    /\bbak(?:er|ers|ery|es|ing)\b|\bbread\b/i,
    [
      'knead dough for the next batch',
      'bake a batch of bread in the oven',
      'stock the bread shelves',
      'serve a customer at the counter',
    ],
  ],
  [
    /market|grocer|shop\b|store/i,
    [
      'restock the grocery shelves',
      'arrange the produce stand',
      'help a customer find something',
      'ring up a customer at the cash register',
    ],
  ],
];
export const POOLS: [RegExp, string[]][] = [
  [
    /flower|garden|weed|tend the park|look after/i,
    ['water the flower beds', 'pull weeds from the flower beds', 'rest on the benches for a moment', 'tidy the paths'],
  ],
  [
    /\b(?:paint|sketch|draw(?:s|ing)?\b|picture|art\b)/i,
    ['set up the easel', 'sketch the outline', 'paint', 'mix colours', 'step back and look at the painting'],
  ],
  [
    /\b(?:song|keyboard|piano|music|compos(?:e|es|ing|ition)\b)/i,
    ['try out a melody on the keyboard', 'write down lyrics', 'practise the tricky part', 'play the song through'],
  ],
  [
    /\b(?:paper|thesis|essay|research|stud(?:y|ies)|homework|exam)/i,
    ['read sources', 'take notes', 'write a section', 'look up a reference on the computer', 'reread the draft'],
  ],
  [
    /announcement|speech|letter|book\b|novel|poem|write\b|writing/i,
    ['jot down ideas', 'write a draft', 'reread and revise it', 'write it out neatly'],
  ],
  [
    /^(plan|prepare|organi[sz]e)\b/i,
    ['make a list of what is needed', 'work out who to ask', 'write out notes', 'think through the details'],
  ],
  [
    /^(host|hold|throw|set up|decorate)\b/i,
    ['make a list of what is needed', 'put up decorations', 'arrange the chairs', 'check the food and drinks'],
  ],
  [
    /picnic|barbecue/i,
    ['spread out the picnic blankets', 'lay out the food', 'hand round drinks', 'chat with the guests'],
  ],
  [
    /\b(train|training|jog|exercis|run along|go for a run)/i,
    ['warm up', 'run along the river', 'run a faster stretch', 'cool down and stretch'],
  ],
  [
    /newspaper|\bthe news\b|\bmorning paper\b/i,
    ['read the morning paper', 'read the local news', 'read the second newspaper', 'do the crossword'],
  ],
  [/\bwalk|stroll/i, ['walk along the path', 'stop to look at the view', 'walk on a little further', 'head back']],
  [/unwind|relax|free time/i, ['read a book', 'make a cup of tea', 'read a book', 'listen to some music']],
  [/\bread\b/i, ['read a chapter', 'make a cup of tea', 'read on', 'put the book away']],
  [/tidy|clean/i, ['tidy up the living room', 'do the washing up', 'sweep the floor', 'take out the rubbish']],
];

// A shop's work for one whose own words name no occupation above: serving and keeping the shop.
const SHOP_WORK = /\b(?:till|counter|cash register|shop floor|shelves)\b/i;
const SHOP_STEPS = [
  'serve a customer at the counter',
  'restock the shelves',
  'help a customer find something',
  'tidy the shop floor',
];

/**
 * The steps pool for an activity: the resident's occupation's or a pastime's, by the activity's words first, then by
 * the place's name and objects. At work, the place's objects never make a pastime (a chandler's paint shelf is stock,
 * not an easel): only the occupation's pool, or a shop's, or none.
 */
export function poolFor(activity: string, place: string, self: string): string[] | null {
  const mine = WORK_POOLS.filter(([re]) => re.test(self));
  for (const [re, steps] of [...mine, ...POOLS]) if (re.test(activity)) return steps;
  if (place.trim() === '') return null;
  const atWork = /^work(?:ing)?\b/i.test(activity.trim());
  for (const [re, steps] of atWork ? mine : [...mine, ...POOLS]) if (re.test(place)) return steps;
  return atWork && SHOP_WORK.test(place) ? SHOP_STEPS : null;
}

// Objects an action is likely to use, by keyword (the offline stand-in for the original's object choice call).
export const OBJECT_HINTS: [RegExp, string[]][] = [
  [/sleep|bed|nap/i, ['bed']],
  [/espresso|coffee|brew/i, ['espresso machine', 'coffee machine']],
  [/bake|oven|bun/i, ['oven', 'deck oven', 'stove']],
  [/knead|dough/i, ['mixer', 'kitchen counter', 'counter']],
  [/pastry/i, ['pastry case']],
  [/orders|register|ring up|till|scan|bag/i, ['cash register', 'counter']],
  [/window table|tables\b/i, ['window table', 'long table', 'reading tables', 'table']],
  [/beer|drinks|taps/i, ['beer taps']],
  [/\bbar\b/i, ['bar stools', 'beer taps']],
  [/lounge/i, ['fireplace', 'pool table']],
  [/prescription|pharmacy counter|advise a customer/i, ['pharmacy counter']],
  [/medicine cabinet/i, ['medicine cabinet']],
  [/produce/i, ['produce stand']],
  [/bread shelves/i, ['bread shelves', 'shelves']],
  [/grocery shelves|restock|shelves/i, ['grocery shelves', 'shelves']],
  [/shelve|stacks/i, ['bookshelves', 'bookshelf']],
  [/returns|library computer|front desk/i, ['library computer', 'returns cart']],
  [/reading tables/i, ['reading tables']],
  [/clerk’s desk|paperwork|letters|council papers/i, ["clerk's desk", 'desk']],
  [/filing|file documents/i, ['filing cabinet']],
  [/notice board/i, ['town notice board', 'notice board']],
  [/council chamber/i, ['podium', 'public benches']],
  [/flower beds|weeds/i, ['flower beds']],
  [/benches/i, ['benches', 'bench']],
  [/easel|paint|sketch|colours|painting/i, ['easel', 'canvas']],
  [/keyboard|melody|song/i, ['keyboard', 'piano']],
  [
    /breakfast|lunch|dinner|cook|meal|eat|remake|prepare/i,
    ['stove', 'oven', 'kitchen table', 'kitchen counter', 'table', 'dining table', 'fridge'],
  ],
  [/tea\b/i, ['stove']],
  [/shower|wash up|brush|get dressed/i, ['shower', 'sink', 'bathroom sink', 'washbasin']],
  [/washing up|dishes/i, ['sink']],
  [
    /read|write|study|notes|sources|draft|ideas|computer|crossword|list/i,
    ['desk', 'computer', 'bookshelf', 'reading tables', 'armchair', 'sofa', 'table'],
  ],
  [/music/i, ['record player', 'keyboard', 'piano']],
  [/clean|tidy|sweep/i, ['broom', 'sink']],
];

export function objectFor(action: string, areas: readonly { name: string; objects: string[] }[]) {
  for (const [re, names] of OBJECT_HINTS) {
    if (!re.test(action)) continue;
    for (const name of names) {
      for (const a of areas) {
        const o = a.objects.find((x) => x.toLowerCase() === name);
        if (o) return { area: a.name, object: o };
      }
    }
  }
  return null;
}

export const EATERY = /espresso|coffee machine|pastry|beer taps|counter|menu|restaurant|cafe|café|pub|bar\b|diner/i;

/** The steps of one hour chunk: the activity's own actions, rotated by the hour so hours differ. */
export function stepsFor(i: PlanStepsInput): string[] {
  const activity = i.chunk.activity;
  const meal = mealOf(activity);
  const base = baseActivity(activity);
  const objects = i.areas.flatMap((a) => a.objects).join(', ');
  const atHome = i.home ?? (i.areas.some((a) => /bed|kitchen|living/i.test(a.name)) && !EATERY.test(objects));
  const context = i.context;
  // The paper's example: after the stove burned, the resident turns it off and remakes breakfast.
  if (meal && context && /stove|oven|burn|cook|kitchen/i.test(context))
    return [`remake ${meal}`, `eat ${meal}`, atHome ? 'wash the dishes' : 'chat a little and pay'];
  if (/wake up|morning routine/i.test(activity))
    return ['get out of bed and stretch', 'wash up and get dressed', 'make breakfast', 'eat breakfast', 'tidy up'];
  // An event, by its own kind: the host runs it, a guest joins in (never another kind of event's chores, nor a
  // meal at the counter for a supper one was invited to)
  const hosting = /^(?:host|hold|throw)\s+(?:the|a|an|my|his|her|their)\s+(.+)$/i.exec(base);
  // ("join the family for dinner", "go to the cafe for lunch" are meals out, not gatherings)
  const mealOut = /\bfor\s+(?:a\s+)?(?:\w+\s+)?(?:breakfast|lunch|dinner|supper|brunch)\b/i.test(base);
  const guest = mealOut ? null : /^(?:go to|attend|join)\s+(?:\p{Lu}[\p{L}'’-]*['’]s|the|a|an)\s+(.+)$/iu.exec(base);
  if (hosting) {
    const k = hosting[1]!;
    return [`set up for the ${k}`, `greet people at the ${k}`, `get the ${k} going`, `help out at the ${k}`];
  }
  // Calling on someone (to tell them something, to invite them): finding them and talking, whatever the place has
  // (a call keeps its verb and a private word; an invitation is made aloud: react's rule tells them apart; no step
  // says "chatting with", which the town reads as already in a talk)
  const call = /^(call on|invite|visit|look in on|drop in on)\s+(\p{Lu}[\p{L}'’-]*)(.*)$/u.exec(base);
  if (call) {
    const [, verb, n, rest] = call;
    return /^invite$/i.test(verb!)
      ? // (what one goes to find them for is said from the first step: met at once, the invitation is what is said)
        [
          `look for ${n}${(rest ?? '').replace(/^\s*to\s+/, ' about ')}`,
          `invite ${n}${rest}`,
          `keep ${n} company`,
          `say goodbye to ${n}`,
        ]
      : [`${verb} ${n}`, `have a word with ${n}`, `keep ${n} company`, `say goodbye to ${n}`];
  }
  if (guest) {
    const k = guest[1]!;
    return [`take part in the ${k}`, `chat with people at the ${k}`, `help out at the ${k}`, `take part in the ${k}`];
  }
  if (meal) {
    if (atHome) return [`prepare ${meal}`, `eat ${meal}`, 'wash the dishes'];
    const where = `${i.chunk.placeName} ${objects}`;
    // (at one's own counter one eats, one does not order and pay: the place is the occupation's)
    const own = WORK_POOLS.some(([re]) => re.test(i.summary) && re.test(where));
    if (EATERY.test(where) && !own) return [`order ${meal} at the counter`, `eat ${meal}`, 'chat a little and pay'];
    return [`grab a bite for ${meal}`, `eat ${meal}`, 'take a short breather'];
  }
  // The activity without its place ("study at Riverside Library" is studying, not library work); the place's
  // objects only where the resident is not at home (a street of homes lists every household's things).
  const what = base.replace(new RegExp(`\\s+(?:at|in)\\s+${escapeRegExp(i.chunk.placeName)}$`, 'i'), '');
  const pool = poolFor(what, atHome ? '' : `${i.chunk.placeName} ${objects}`, i.summary);
  const hour = Math.floor((parseClock(i.chunk.start) ?? 0) / 60);
  let steps: string[];
  if (pool) {
    const k = (hour * 3) % pool.length;
    steps = [...pool.slice(k), ...pool.slice(0, k)].slice(0, 4); // four steps of about 15 minutes an hour
  } else steps = [base, base, 'take a short break', base];
  if (context) steps = [`get back to ${base} after the interruption`, ...steps];
  if (/, then wrap up$/.test(activity)) steps = [...steps.slice(0, 3), 'wrap up for now'];
  return steps;
}

export function isSleepChunk(activity: string): boolean {
  return isSleeping(activity);
}

/** The steps of one chunk of the window: its activity's own actions, filling its span, as the model's step lines. */
export function chunkSteps(i: PlanStepsInput): PlanStepsOutput['steps'] {
  const start = parseClock(i.chunk.start) ?? 0;
  const total = Math.max(i.steps.min, (parseClock(i.chunk.end) ?? start + 60) - start);
  const names = stepsFor(i);
  const count = Math.max(1, Math.min(names.length, Math.floor(total / i.steps.min)));
  const each = Math.max(i.steps.min, Math.min(i.steps.max, Math.floor(total / count / 5) * 5));
  return names.slice(0, count).map((action, k) => {
    const obj = objectFor(action, i.areas);
    const status = obj
      ? /stove|oven/i.test(obj.object)
        ? /bake/i.test(action)
          ? 'baking'
          : 'cooking'
        : 'in use'
      : null;
    return formatPlanStep({
      minutes: k === count - 1 ? Math.max(i.steps.min, total - each * (count - 1)) : each,
      action,
      emoji: emojiFor(action),
      object: obj?.object ?? null,
      objectStatus: status,
    });
  });
}
