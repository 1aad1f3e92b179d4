// Others who live in the resident's own home, said of them rather than of the resident (household.ts): lodgers
// ("The lodger, Ivo Petrov, ...", "Lodger Milo Sands in the loft", "has the Sethis as lodgers"), a room of the house
// ("Viktor rents the spare room", "Bryn bunks in the back room", "The Greys rent our back room"), and one who shares
// the resident's home ("Father Abram shares her cottage", "hubby Terry OR daughter Shaz, who both share her semi").
// Someone else's lodger ("Tom's lodger") and "a room at the other end of town" are not the resident's home.
import { NOT } from './household-together.ts';
import type { Doc } from './text.ts';

const HOME = `(?:house|home|flat|apartment|cottage|bungalow|semi|terrace|maisonette|place|rooms|farmhouse|croft|caravan|cabin|manse)`;
const ROOM = String.raw`(?:(?:the|our|my|her|his|your)\s+(?:spare|back|attic|box|top|front|upstairs|little|end)\s+rooms?|(?:the|our|my|her|his|your)\s+(?:attic|loft|box room))`;

/** Residents a surname's plural names ("the Sethis", "the Greys"). */
function family(doc: Doc, plural: string): string[] {
  return doc.frame.people.filter((p) => {
    const last = p.split(/\s+/).pop()!;
    return p.includes(' ') && (plural === `${last}s` || plural === `${last}es`);
  });
}

const named = (doc: Doc, t: string): string[] =>
  [...t.matchAll(/@(\d+)(?!['’]s)|\b[Tt]he\s+(\p{Lu}\p{L}+)\b/gu)].flatMap((m) =>
    m[1] !== undefined ? [doc.frame.people[Number(m[1])]!] : family(doc, m[2]!),
  );

/** Residents a clause says live in the resident's home as lodgers, in a room of it, or sharing it. */
export function lodgersIn(doc: Doc, c: string): string[] {
  const out: string[] = [];
  const R = doc.frame.people.indexOf(doc.resident);
  const own = doc.gender === 'f' ? 'her' : doc.gender === 'm' ? 'his' : doc.firstPerson ? 'my|our' : null;
  // "The lodger, Ivo Petrov", "Lodger Milo Sands in the loft", "it's LODGER Fergus Blane"
  for (const m of c.matchAll(
    // (the resident's own, "your lodger, Sami" in a text that addresses them)
    new RegExp(
      String.raw`(?:^|[.;:!?(—–]\s*|\b(?:it['’]s|is|and|plus|with|a|the)\s+|@${R}(?!\d)['’]s\s+)(?:paying\s+)?(?:lodger|boarder|tenant)\s*,?\s*(@\d+)(?!['’]s)`,
      'giu',
    ),
  ))
    if (
      !new RegExp(String.raw`@(?!${R}(?!\d))\d+['’]s\s*$`).test(
        c
          .slice(0, m.index + m[0].indexOf(m[1]!))
          .replace(/(?:paying\s+)?(?:lodger|boarder|tenant)\s*,?\s*$/i, '')
          .replace(/\b(?:the|a)\s*$/i, ''),
      )
    )
      out.push(...named(doc, m[1]!));
  // "he's got the Sethis as lodgers in his back rooms, Arjun and Maya": the clause's people after "got"/"has"
  const as =
    /\b(?:got|has|have|had|took|takes|taken)\s+([^.;]{0,60}?)\s+as\s+(?:(?:his|her|my|our)\s+)?(?:lodgers?|boarders?|tenants?)\b([^.;]{0,50})/iu.exec(
      c,
    );
  if (as) out.push(...named(doc, `${as[1]} ${as[2]!.split(/,\s*(?:and|but)\s|\s+and\s+(?=\p{Ll})/u)[0]}`));
  // "Viktor rents the spare room", "Bryn (his cousin) bunks in the back room", "The Greys rent our back room"
  for (const m of c.matchAll(
    new RegExp(
      String.raw`(@\d+(?!['’]s)|\bthe\s+\p{Lu}\p{L}+)(?:\s*\([^()]{0,30}\))?\s+(?:also\s+|now\s+|still\s+)?(?:rents?|renting|bunks?|bunking|sleeps?|sleeping|has|have|keeps?\s+to|lodges?|lodging|boards?|boarding)\s+(?:in\s+)?${ROOM}`,
      'giu',
    ),
  ))
    if (!NOT.test(c.slice(m.index, m.index + m[0].length))) out.push(...named(doc, m[1]!));
  // "Father Abram shares her cottage", "... hubby Terry OR daughter Shaz, who both share her semi"
  if (own)
    for (const m of c.matchAll(
      new RegExp(
        String.raw`(?:(@\d+)(?!['’]s)(?:\s*\([^()]{0,30}\))?\s+(?:also\s+|now\s+|still\s+)?|,\s*who\s+(?:both\s+|all\s+|also\s+|now\s+)?)(?:shares?|sharing)\s+(?:${own}|the|@${R}['’]s)\s+(?:own\s+)?${HOME}\b(?!\s+(?:\S+\s+){0,6}?with\b)`,
        'giu',
      ),
    )) {
      if (NOT.test(c.slice(Math.max(0, m.index - 20), m.index + m[0].length))) continue;
      const who = m[1]
        ? [m[1]]
        : ((
            c
              .slice(Math.max(0, m.index - 60), m.index)
              .split(/[.;:!?—–]/)
              .pop() ?? ''
          ).match(/@\d+(?!['’]s)/g) ?? []);
      out.push(...named(doc, who.join(' ')));
    }
  return out.filter((p) => p !== doc.resident);
}
