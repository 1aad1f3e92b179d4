// The neutral rule reader (issue 32): one resident's text read into the reading's shape, offline and with no model,
// by grammar, kin words, clock and calendar words and secrecy words; nothing in it knows any town's names, places
// or topics. A model's reading is checked against the same shape; where the checks refuse an item, this fills in.
import type { ResidentReading, ResidentText, TownFrame } from '../types.ts';
import { readBusy } from './busy.ts';
import { readEvents } from './events.ts';
import { homePlace, readHousehold } from './household.ts';
import { factsOf, kinGenders, readKin } from './kin.ts';
import { readRoutine } from './routine.ts';
import { readSecrets } from './secrets.ts';
import { type Gender, readDoc } from './text.ts';
import { readWork } from './work.ts';

/**
 * One resident's reading. `genders`: each person's gender as the whole town's text says it (townGendersNeutral), so
 * that "her parents, Gwen and Alan" are her mother and father when the rest of the town says which is which.
 */
export function readResidentNeutral(
  text: ResidentText,
  frame: TownFrame,
  genders?: ReadonlyMap<string, Gender>,
): ResidentReading {
  const doc = readDoc(text, frame);
  const family = readKin(doc, genders);
  const work = readWork(doc, text.workplace);
  return {
    resident: text.resident,
    family,
    household: readHousehold(doc, family),
    work,
    routine: readRoutine(doc, work),
    busyWith: readBusy(doc),
    secrets: readSecrets(doc, family),
    events: readEvents(doc, family, work, homePlace(doc)),
  };
}

/** Each person's gender from everything the town's residents' texts say of them (kin-genders.ts). */
export function townGendersNeutral(texts: readonly ResidentText[], frame: TownFrame): Map<string, Gender> {
  return kinGenders(
    texts.map((t) => {
      const doc = readDoc(t, frame);
      return { doc, ...factsOf(doc) };
    }),
  );
}
