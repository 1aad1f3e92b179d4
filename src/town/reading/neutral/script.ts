// A play script's way of writing people: names in capitals ("her mother AMA and her little brother YAW", "JONAH:"),
// which name the same people as "Ama" and "Jonah" do in prose. Only a word in capitals that is a part of a resident's
// name or a word of a place's name is read as that name; other capitals ("VFW", "PM", "NOT") stay as they are.
import type { TownFrame } from '../types.ts';

/** The lower-cased parts of every resident's and place's name. */
function nameParts(frame: TownFrame): Set<string> {
  const out = new Set<string>();
  for (const n of [...frame.people, ...frame.places.map((p) => p.name)])
    for (const w of n.split(/[^\p{L}'’-]+/u)) if (w.length >= 2) out.add(w.toLowerCase());
  return out;
}

/** The text with each name written in capitals written as a name ("AGATHA WREN" -> "Agatha Wren"), same length. */
export function namesInCapitals(text: string, frame: TownFrame): string {
  const parts = nameParts(frame);
  return text.replace(/(?<![\p{L}])(\p{Lu})(\p{Lu}+)(?![\p{Ll}])/gu, (m, a: string, rest: string) =>
    parts.has(m.toLowerCase()) ? a + rest.toLowerCase() : m,
  );
}
