// The neutral rule reader (issue 32): one resident's text read into the reading's shape, offline and with no model,
// by grammar, kin words, clock and calendar words and secrecy words; nothing in it knows any town's names, places
// or topics. A model's reading is checked against the same shape; where the checks refuse an item, this fills in.
import type { ResidentReading, ResidentText, TownFrame } from '../types.ts';
import { readBusy } from './busy.ts';
import { readEvents } from './events.ts';
import { homePlace, readHousehold } from './household.ts';
import { readKin } from './kin.ts';
import { readRoutine } from './routine.ts';
import { readSecrets } from './secrets.ts';
import { readDoc } from './text.ts';
import { readWork } from './work.ts';

export function readResidentNeutral(text: ResidentText, frame: TownFrame): ResidentReading {
  const doc = readDoc(text, frame);
  const family = readKin(doc);
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
