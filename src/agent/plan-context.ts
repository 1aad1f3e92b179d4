// What a day plan is planned from besides retrieval (sec. 4.3): the dated events and intentions still ahead that
// retrieval would rank below a week's routine, and a few lines about the day that just ended.

import { todayNumber, upcomingDay } from '../core/dates.ts';
import { clip as clipText, isSleeping } from '../core/text.ts';
import { clockAt, DAY_MS, dayKey } from '../core/time.ts';
import { EXPERIENCE, type MindContext, type Resident } from './context.ts';
import type { DayPlan } from './mind-state.ts';
import { quoted } from './prompts/common.ts';
import { quoteOf } from './retrieve.ts';
import type { Memory, MemoryId } from './types.ts';

/**
 * Dated events and intentions the resident knows of whose day is today or ahead, besides the retrieved ones:
 * retrieval ranks a week's routine above a party heard of yesterday once memories pile up. One line per
 * distinct text, in a small budget.
 */
export function upcoming(c: MindContext, r: Resident, now: number, have: ReadonlySet<MemoryId>): Memory[] {
  const s = c.settings;
  const today = todayNumber(dayKey(now), '');
  if (today === null || s.upcomingK <= 0 || s.ablate.memory) return [];
  const textOf = (m: Memory) =>
    m.kind === 'dialogue' && typeof m.meta?.news === 'string' ? m.meta.news : m.description;
  const raw = (t: string) => /\bsaid\b[^:"]*: ["“]/.test(t);
  const found: { m: Memory; day: number; raw: boolean }[] = [];
  for (const m of r.memory.all()) {
    if (have.has(m.id) || !EXPERIENCE.includes(m.kind)) continue;
    const day = upcomingDay(textOf(m), today, dayKey(m.createdAt));
    if (day !== null) found.push({ m, day, raw: raw(textOf(m)) });
  }
  // the news itself before overheard lines, the nearest day first, then the more important, then the newer
  found.sort(
    (a, b) => Number(a.raw) - Number(b.raw) || a.day - b.day || b.m.importance - a.m.importance || b.m.seq - a.m.seq,
  );
  const out: Memory[] = [];
  const seen = new Set<string>();
  let chars = 0;
  for (const { m } of found) {
    const t = textOf(m).trim().toLowerCase();
    if (seen.has(t)) continue;
    const len = Math.min(textOf(m).length, s.memoryLineChars);
    if (chars + len > s.upcomingBudgetTokens * 4) continue;
    seen.add(t);
    chars += len;
    out.push(m);
    if (out.length >= s.upcomingK) break;
  }
  return out;
}

/** A few lines about the day that just ended, for tomorrow's plan (no model call). */
export function yesterdayLines(r: Resident, plan: DayPlan): string[] {
  const blocks = plan.blocks
    .filter((b) => !isSleeping(b.activity))
    .map((b) => `${clockAt(b.start)}-${clockAt(b.end)}: ${b.activity}`);
  const notable = r.memory
    .recent(300, (m) => m.createdAt >= plan.dayStart && m.createdAt < plan.dayStart + DAY_MS && m.kind !== 'plan')
    .sort((a, b) => b.importance - a.importance)
    .slice(0, 3)
    .map((m) => {
      const quote = quoteOf(m, 120);
      return quote ? quoted(quote) : clipText(m.description, 120);
    });
  return [...blocks.slice(0, 8), ...notable];
}
