// The saved town snapshot, checked when it is loaded (instead of `JSON.parse(...) as TownState`). Fields that older
// versions did not write get their defaults; opaque parts (the agent's mind, settings merged later) pass through.
// A snapshot that does not parse is refused whole, with the town and the field named: it is never half-used.
import { z } from 'zod';
import { PLAIN_ISSUES_AFTER_PATH } from '../core/validation-text.ts';
import { emptyStats } from './build.ts';
import type { TownState } from './types.ts';

/** A stored record that does not parse; `field` is the path of the first problem. */
export class StoredStateError extends Error {
  readonly townId: string;
  readonly field: string;
  constructor(townId: string, what: string, field: string, problem: string) {
    super(
      `Town ${townId}: the saved ${what} does not parse at ${field || '(root)'}: ${problem}. ` +
        'Nothing of it was used. Restore a backup (npm run town -- restore FILE) or repair that field.',
    );
    this.name = 'StoredStateError';
    this.townId = townId;
    this.field = field;
  }
}

const num = z.number().finite();
const str = z.string();

const travel = z.looseObject({ from: str, to: str, departTick: num, arriveTick: num });
const knownPlace = z.looseObject({ lastSeen: num.nullable().default(null), objects: z.record(str, str).default({}) });

const resident = z.looseObject({
  profile: z.looseObject({ id: str, name: str, firstName: str, home: str }),
  mind: z.unknown(),
  emoji: str.default('🙂'),
  location: str,
  travel: travel.nullable().default(null),
  action: z.looseObject({ description: str }).nullable().default(null),
  knownPlaces: z.record(str, knownPlace).default({}),
  scannedSeq: num.default(0),
  planPostedDay: num.default(-1),
  memoryCount: z.number().int().min(0),
});

const location = z.looseObject({
  id: str,
  name: str,
  emoji: str.default('📍'),
  public: z.boolean().default(true),
  subAreas: z.array(z.looseObject({ name: str, objects: z.array(z.looseObject({ name: str, status: str })) })),
});

const event = z.looseObject({
  tick: num,
  location: str,
  description: str,
  kind: str,
  exclude: z.array(str).default([]),
});

const dayLog = z.looseObject({
  day: num,
  conversations: z.array(z.looseObject({ at: num, location: str, participants: z.array(str) })).default([]),
  newRelations: z.array(z.tuple([str, str])).default([]),
  notable: z.array(str).default([]),
  posts: num.default(0),
  rejectedMoves: num.default(0),
});

const stats = z
  .looseObject({
    ticks: num,
    failures: num,
    failuresByStep: z.record(str, num),
    conversations: num,
    conversationsByResident: z.record(str, num),
    reflections: num,
    rejectedMoves: num,
  })
  .partial();

export const townStateSchema = z.looseObject({
  schema: z.literal(1).default(1),
  name: str,
  settings: z.record(str, z.unknown()).default({}),
  agentSettings: z.record(str, z.unknown()).default({}),
  clock: z.looseObject({
    start: num,
    now: num,
    tick: z.number().int().min(0),
    paused: z.boolean().default(false),
    lastTickWall: num.nullable().default(null),
    slot: z.object({ n: z.number().int(), ticks: z.number().int().min(0) }).optional(),
  }),
  locations: z.array(location).min(1),
  travel: z.record(str, num).default({}),
  residents: z.array(resident),
  events: z.array(event).default([]),
  acquaintances: z.array(str).default([]),
  lastConversation: z.record(str, num).default({}),
  facts: z.array(z.looseObject({ id: str, description: str, holder: str })).default([]),
  dayLog,
  lastDigest: z.looseObject({ day: num }).nullable().default(null),
  stats: stats.default({}),
  outboxSeq: z.number().int().min(0),
  rng: num,
  seeded: z.boolean().default(true),
});

/** Path of a zod issue as "residents.2.location". */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join('.');
}

/** Parses a stored snapshot (already JSON-decoded) or throws StoredStateError naming the town and the field. */
export function parseTownState(townId: string, raw: unknown): TownState {
  const r = townStateSchema.safeParse(raw, PLAIN_ISSUES_AFTER_PATH);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new StoredStateError(townId, 'town snapshot', issuePath(issue?.path ?? []), issue?.message ?? 'invalid');
  }
  const state = r.data as unknown as TownState;
  state.stats = { ...emptyStats(), ...state.stats };
  return state;
}
