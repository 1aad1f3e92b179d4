// What the reader reads of a town file: each resident's text field by field, and the town's frame (everyone's
// names, the places, the start). The seed paragraph goes in as one passage, its phrases joined as sentences.
import type { TownFile } from '../file.ts';
import type { ResidentText, TownFrame } from './types.ts';

type FileResident = TownFile['residents'][number];

const FIELDS = ['innate', 'learned', 'currently', 'lifestyle', 'dailyPlan'] as const;

export function residentText(r: FileResident): ResidentText {
  const passages: { field: string; text: string }[] = [];
  for (const f of FIELDS) {
    const t = r[f]?.trim();
    if (t) passages.push({ field: f, text: t });
  }
  const phrases = r.seed
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (phrases.length > 0)
    passages.push({ field: 'seed', text: phrases.map((p) => (/[.!?]$/.test(p) ? p : `${p}.`)).join(' ') });
  return { resident: r.name, age: r.age, passages, ...(r.workplace ? { workplace: r.workplace } : {}) };
}

export function townFrame(file: Pick<TownFile, 'start' | 'residents' | 'locations'>): TownFrame {
  return {
    start: file.start,
    people: file.residents.map((r) => r.name),
    places: file.locations.map((l) => ({ id: l.id, name: l.name })),
  };
}

export const townTexts = (file: Pick<TownFile, 'residents'>): ResidentText[] => file.residents.map(residentText);
