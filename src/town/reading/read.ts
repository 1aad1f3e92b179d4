// Reading a town once (issue 32 item 1): each resident's text, all fields together, by the configured model in one
// strict structured call per resident, every item held to its quote and to the town (check.ts). Where the model's
// items of a kind are refused or absent, or the call fails, the neutral reader's items of that kind fill in, and the
// reading says so. Offline there is no model to ask: the neutral reader reads it, the same shape.
import type { LanguageModel } from '../../llm/port.ts';
import { mapLimit } from '../concurrency.ts';
import { checkReading } from './check.ts';
import { readResidentNeutral, townGendersNeutral } from './neutral/index.ts';
import { genderedFamily } from './neutral/kin-genders.ts';
import type { Gender } from './neutral/text.ts';
import {
  READ_RESIDENT_TASK,
  type ReadResidentInput,
  type ReadResidentOutput,
  readResidentMessages,
  readResidentOutput,
} from './prompt.ts';
import type { DroppedItem, ReadingKind, ResidentReading, ResidentText, TownFrame, TownReading } from './types.ts';

export interface ReadTownOptions {
  /** The configured model; absent or offline: the neutral reader reads the town. */
  model?: LanguageModel;
  townId?: string;
  concurrency?: number;
  /** Sampling seed of the town (its seeded random state): each resident's call carries seed + its index. */
  seed?: number;
  log?: (msg: string, data?: Record<string, unknown>) => void;
}

/** The model's answer in the reading's shape (an event's date and hours as one "YYYY-MM-DD HH:mm"). */
export function fromModel(resident: string, o: ReadResidentOutput): ResidentReading {
  const at = (date: string, hm: string | null) => (hm === null ? '' : `${date.trim()} ${hm.trim()}`);
  return {
    resident,
    family: o.family,
    household: o.household.map((h) => h.name),
    work: o.work,
    routine: o.routine,
    busyWith: o.busyWith.map((b) => b.what),
    secrets: o.secrets,
    events: o.events.map((e) => ({
      kind: e.kind,
      host: e.host,
      place: e.place,
      start: at(e.date, e.start),
      end: at(e.date, e.end),
      invite: e.invite.length > 0 ? e.invite : 'everyone',
      quote: e.quote,
    })),
  };
}

const KINDS: ReadingKind[] = ['family', 'household', 'work', 'routine', 'busyWith', 'secrets', 'events'];

/** The neutral reading of one resident, held to the same checks (its items quote the text too). */
export function neutralReading(
  text: ResidentText,
  frame: TownFrame,
  genders?: ReadonlyMap<string, Gender>,
): { reading: ResidentReading; dropped: DroppedItem[] } {
  return checkReading(readResidentNeutral(text, frame, genders), text, frame, { quotes: 'trusted' });
}

/** Puts the neutral reading's items of `kind` into `into` where the model had none that held. */
function fillIn(into: ResidentReading, from: ResidentReading, kind: ReadingKind): boolean {
  switch (kind) {
    case 'work':
      if (into.work || !from.work) return false;
      into.work = from.work;
      return true;
    case 'household':
    case 'busyWith': {
      const add = from[kind].filter((x) => !into[kind].includes(x));
      into[kind].push(...add);
      return add.length > 0;
    }
    default: {
      const list = into[kind] as unknown[];
      const add = (from[kind] as unknown[]).filter((x) => !list.some((y) => JSON.stringify(y) === JSON.stringify(x)));
      list.push(...add);
      return add.length > 0;
    }
  }
}

/**
 * The neutral reader's reading of a whole town (offline, and wherever no model is configured). `all`: every
 * resident's text, when only some of them are to be read (the rest are in a sidecar); what the others say of a
 * relative's gender counts too.
 */
export function readTownNeutral(
  texts: readonly ResidentText[],
  frame: TownFrame,
  all: readonly ResidentText[] = texts,
): TownReading {
  const genders = townGendersNeutral(all, frame);
  const read = texts.map((t) => neutralReading(t, frame, genders));
  return {
    version: 1,
    source: { by: 'neutral' },
    residents: read.map((r) => r.reading),
    dropped: read.flatMap((r) => r.dropped),
    filledIn: [],
  };
}

/** Reads every resident of a town: by the model where one is configured, else by the neutral reader. */
export async function readTown(
  texts: readonly ResidentText[],
  frame: TownFrame,
  opts: ReadTownOptions = {},
): Promise<TownReading> {
  const model = opts.model && !opts.model.info.offline ? opts.model : undefined;
  if (!model) return readTownNeutral(texts, frame);
  // who is a woman and who a man by the town's own words, for the model's ties without gender ("parent") too
  const genders = townGendersNeutral(texts, frame);
  const filledIn: string[] = [];
  const dropped: DroppedItem[] = [];
  const residents = await mapLimit([...texts], opts.concurrency ?? 4, async (text, i) => {
    const input: ReadResidentInput = { text, frame };
    let raw: ResidentReading | null = null;
    try {
      const o = await model.object({
        task: READ_RESIDENT_TASK,
        schema: readResidentOutput,
        messages: readResidentMessages(input),
        input,
        temperature: 0,
        ...(opts.seed !== undefined ? { seed: (opts.seed + i) >>> 0 } : {}),
        ...(opts.townId ? { townId: opts.townId } : {}),
      });
      raw = fromModel(text.resident, o);
    } catch (err) {
      opts.log?.('reading: the model could not read a resident; the neutral reader reads them', {
        resident: text.resident,
        error: (err as Error).message,
      });
    }
    const neutral = neutralReading(text, frame, genders).reading;
    if (!raw) {
      filledIn.push(`everything of ${text.resident} (the model's call failed)`);
      return neutral;
    }
    const checked = checkReading(raw, text, frame, { quotes: 'required' });
    checked.reading.family = genderedFamily(checked.reading.family, genders);
    dropped.push(...checked.dropped);
    // a kind whose items were refused, or of which the model kept nothing, takes the neutral reader's (checked alike)
    const refused = new Set(checked.dropped.map((d) => d.kind));
    const none = (k: ReadingKind) => {
      const v = checked.reading[k];
      return v === null || (Array.isArray(v) && v.length === 0);
    };
    for (const kind of KINDS)
      if ((refused.has(kind) || none(kind)) && fillIn(checked.reading, neutral, kind))
        filledIn.push(`${kind} of ${text.resident}`);
    if (checked.dropped.length > 0)
      opts.log?.('reading: items the checks refused', {
        resident: text.resident,
        dropped: checked.dropped.map((d) => `${d.kind}: ${d.item} (${d.reason})`),
      });
    return checked.reading;
  });
  if (filledIn.length > 0) opts.log?.('reading: the neutral reader filled in', { filledIn });
  return { version: 1, source: { by: 'model', model: model.info.model }, residents, dropped, filledIn };
}
