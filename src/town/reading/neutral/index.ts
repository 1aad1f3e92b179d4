// The neutral reader (baseline): the project's older readers of kin (core/kin-text.ts), secrecy (agent/audience.ts)
// and events (core/event-text.ts) over all of a resident's text, sentence by sentence, with a secret's audience read
// from the whole text (the secrecy may be said in another sentence).
import { intendedListeners, SECRET_WORDS } from '../../../agent/audience.ts';
import { readEventText } from '../../../core/event-text.ts';
import { kinIn } from '../../../core/kin-text.ts';
import { DAY_MS, formatSimStart, MINUTE_MS, parseSimStart } from '../../../core/time.ts';
import { residentNamed } from '../check.ts';
import {
  emptyReading,
  RELATIONS,
  type Relation,
  type ResidentReading,
  type ResidentText,
  type TownFrame,
} from '../types.ts';

const sentencesOf = (t: string) =>
  t
    .match(/[^.!?;]+(?:[.!?;]+|$)/g)
    ?.map((s) => s.trim())
    .filter((s) => s !== '') ?? [];

export function readResidentNeutral(text: ResidentText, frame: TownFrame): ResidentReading {
  const out = emptyReading(text.resident);
  const sentences = text.passages.flatMap((p) => sentencesOf(p.text));
  const whole = sentences.join(' ');
  for (const s of sentences)
    for (const t of kinIn(s)) {
      if (t.of !== text.resident) continue;
      const name = residentNamed(t.name, frame.people);
      if (name && /^(?:flatmate|roommate|housemate)$/.test(t.relation)) {
        if (!out.household.includes(name)) out.household.push(name);
        continue;
      }
      const rel = (RELATIONS as readonly string[]).includes(t.relation) ? (t.relation as Relation) : null;
      if (name && rel && !out.family.some((f) => f.name === name)) out.family.push({ name, relation: rel, quote: s });
    }
  if (text.workplace) out.work = { place: text.workplace, days: null, start: null, end: null, quote: '' };
  const tellTo = intendedListeners(whole)
    .map((n) => residentNamed(n, frame.people))
    .filter((n): n is string => n !== null);
  const start = parseSimStart(frame.start) ?? 0;
  for (const s of sentences) {
    if (SECRET_WORDS.test(s)) {
      const matter = s.replace(/[.;!?]+$/, '');
      out.secrets.push({ owner: text.resident, matter, tellTo, quote: s });
    }
    const ev = readEventText(s, { said: Math.floor(start / DAY_MS), places: frame.places, people: frame.people });
    if (ev) {
      const t0 = ev.day * DAY_MS + ev.start * MINUTE_MS;
      out.events.push({
        kind: ev.kind,
        host: ev.host ?? text.resident,
        place: ev.place,
        start: formatSimStart(t0),
        end: formatSimStart(ev.day * DAY_MS + ev.end * MINUTE_MS),
        invite: 'everyone',
        quote: s,
      });
    }
  }
  return out;
}
