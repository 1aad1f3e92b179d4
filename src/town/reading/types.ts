// One reading of a town (issue 32): what each resident's own words mean, read once when the town is created or
// imported, checked against the town (people, places, times) and kept with the town. Every mechanism takes its
// meaning from here (audience of seed memories, family and household, workplace and routine in day plans, events,
// the evaluation's tracked facts, the offline stand-in), never from phrases of its own. Each item quotes the words it
// came from, so an author can see why it was read and a check can refuse what the text never said.

/** What one resident is to another, in plain words: the corpus's and the model's label set. */
export const RELATIONS = [
  'mother',
  'father',
  'parent',
  'son',
  'daughter',
  'child',
  'wife',
  'husband',
  'spouse',
  'partner',
  'brother',
  'sister',
  'sibling',
  'grandmother',
  'grandfather',
  'grandparent',
  'grandson',
  'granddaughter',
  'grandchild',
  'aunt',
  'uncle',
  'niece',
  'nephew',
  'cousin',
  'mother-in-law',
  'father-in-law',
  'son-in-law',
  'daughter-in-law',
  'brother-in-law',
  'sister-in-law',
  'stepmother',
  'stepfather',
  'stepson',
  'stepdaughter',
] as const;
export type Relation = (typeof RELATIONS)[number];

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A relative of the resident who lives in the town: what `name` is to the resident. */
export interface KinItem {
  name: string;
  relation: Relation;
  quote: string;
}

/** The resident's regular work at one of the town's places; days and hours when the text says them. */
export interface WorkItem {
  place: string;
  days: Weekday[] | null;
  /** "HH:mm", 24-hour. */
  start: string | null;
  end: string | null;
  quote: string;
}

/** Something the resident does regularly besides work ("walks the dog at 7", "the pub on Fridays"). */
export interface RoutineItem {
  what: string;
  place: string | null;
  days: Weekday[] | null;
  start: string | null;
  end: string | null;
  quote: string;
}

/** A private matter: whose it is, what it is in the text's words, and who may hear it (besides its owner). */
export interface SecretItem {
  owner: string;
  /** The matter itself, in the text's words ("has decided to sell the shop"). */
  matter: string;
  /** Residents the owner means to tell or has told (empty: nobody). */
  tellTo: string[];
  quote: string;
}

/** A one-off happening someone hosts at one of the town's places, on a day of the town's calendar. */
export interface EventItem {
  kind: string;
  host: string;
  place: string;
  /** "YYYY-MM-DD HH:mm". */
  start: string;
  end: string;
  invite: 'everyone' | string[];
  quote: string;
}

/** What one resident's text says. */
export interface ResidentReading {
  resident: string;
  family: KinItem[];
  /** Residents who share the resident's home, as the text says it. */
  household: string[];
  work: WorkItem | null;
  routine: RoutineItem[];
  /** What they are busy with these days, in their text's words ("restoring a boat"). */
  busyWith: string[];
  secrets: SecretItem[];
  events: EventItem[];
}

export type ReadingKind = 'family' | 'household' | 'work' | 'routine' | 'busyWith' | 'secrets' | 'events';

/** An item the checks refused, and why ("names Piet Vos, who is not a resident"). */
export interface DroppedItem {
  resident: string;
  kind: ReadingKind;
  /** The item in plain words. */
  item: string;
  reason: string;
}

/** Who read it: a model, the neutral rule reader, or the author's sidecar. */
export type ReadingSource = { by: 'model'; model: string } | { by: 'neutral' } | { by: 'sidecar'; file: string };

export interface TownReading {
  version: 1;
  source: ReadingSource;
  residents: ResidentReading[];
  dropped: DroppedItem[];
  /** Items the neutral reader filled in where a model's were refused ("family of Ada Moss"). */
  filledIn: string[];
}

/** What the reader is given about the town: everyone's names, the places, when the story starts. */
export interface TownFrame {
  /** "YYYY-MM-DD HH:mm". */
  start: string;
  people: readonly string[];
  places: readonly { id: string; name: string }[];
}

/** One resident's text, field by field (seed phrases, currently, lifestyle, daily plan...). */
export interface ResidentText {
  resident: string;
  age?: number;
  /** Each passage: which field it is and its words. */
  passages: readonly { field: string; text: string }[];
  /** Declared structure the text need not repeat (the town file's `workplace`, `home`). */
  workplace?: string;
}

export const emptyReading = (resident: string): ResidentReading => ({
  resident,
  family: [],
  household: [],
  work: null,
  routine: [],
  busyWith: [],
  secrets: [],
  events: [],
});
