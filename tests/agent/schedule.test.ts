import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dedupeMeals, isPartition, mealOf, normalizeSlots, type Slot, spliceSlots } from '../../src/core/schedule.ts';

const H = 60; // minutes as the time unit: the functions are unit-agnostic
const opts = { granularityMs: 5, fill: (start: number, end: number): Slot => ({ start, end, activity: 'free time' }) };

function covers(slots: Slot[], w: { start: number; end: number }): boolean {
  if (slots.length === 0) return false;
  if (slots[0]!.start !== w.start || slots[slots.length - 1]!.end !== w.end) return false;
  return slots.every((s, i) => i === 0 || slots[i - 1]!.end === s.start);
}

describe('plan bookkeeping (sec. 4.3: no double-booking)', () => {
  it('turns lunch at 12:00, 12:30 and 13:00 into one lunch', () => {
    const window = { start: 11 * H, end: 15 * H };
    const proposed: Slot[] = [
      { start: 11 * H, end: 12 * H, activity: 'work on the composition' },
      { start: 12 * H, end: 13 * H, activity: 'eat lunch' },
      { start: 12 * H + 30, end: 13 * H + 30, activity: 'eat lunch' },
      { start: 13 * H, end: 14 * H, activity: 'Eat lunch.' },
      { start: 14 * H, end: 15 * H, activity: 'work on the composition' },
    ];
    const plan = normalizeSlots(proposed, window, opts);
    expect(isPartition(plan)).toBe(true);
    expect(covers(plan, window)).toBe(true);
    const lunches = plan.filter((s) => mealOf(s.activity) === 'lunch');
    expect(lunches).toHaveLength(1);
    expect(lunches[0]).toMatchObject({ start: 12 * H, end: 14 * H });
  });

  it('a later separate lunch is folded away at the day level', () => {
    const blocks: Slot[] = [
      { start: 11 * H, end: 12 * H, activity: 'work' },
      { start: 12 * H, end: 13 * H, activity: 'have lunch' },
      { start: 13 * H, end: 14 * H, activity: 'work' },
      { start: 14 * H, end: 15 * H, activity: 'eat lunch at the cafe' },
    ];
    const out = dedupeMeals(blocks);
    expect(out.filter((s) => mealOf(s.activity) === 'lunch')).toHaveLength(1);
    expect(out.at(-1)).toMatchObject({ activity: 'work', start: 13 * H, end: 15 * H });
    // with a replacement (hours, steps): renamed instead of dropped
    const renamed = dedupeMeals(blocks, { replace: () => 'work' });
    expect(renamed.filter((s) => mealOf(s.activity) === 'lunch')).toHaveLength(1);
  });

  it('steps named alike at two places, or one pinned, stay two (a market step never runs on into the pinned hour)', () => {
    type P = Slot & { place: string; pinned?: boolean };
    const steps: P[] = [
      { start: 14 * H, end: 15 * H, activity: 'write in a journal', place: 'market' },
      { start: 15 * H, end: 16 * H, activity: 'write in a journal', place: 'boat-club', pinned: true },
      { start: 16 * H, end: 17 * H, activity: 'write in a journal', place: 'boat-club', pinned: true },
    ];
    const out = dedupeMeals(steps, { replace: () => 'work' });
    expect(out.map((x) => [x.start / H, x.end / H, x.place])).toEqual([
      [14, 15, 'market'],
      [15, 17, 'boat-club'],
    ]);
  });

  const slotArb = fc.record({
    start: fc.integer({ min: -120, max: 1500 }),
    len: fc.integer({ min: -30, max: 400 }),
    activity: fc.constantFrom('eat lunch', 'work', 'read', 'sleeping', 'walk'),
  });

  it("a gathering named after a meal is the host's event, not its dinner; a guest's or a lunch date is still a meal", () => {
    // the host's supper was planned as 'order dinner at the counter' and deduplicated with dinner before
    expect(mealOf('host the harvest supper')).toBeNull();
    expect(mealOf('run the wedding breakfast at the Grange')).toBeNull();
    expect(mealOf("go to Dilys's harvest supper")).toBe('dinner');
    expect(mealOf('join Sam for lunch')).toBe('lunch');
    expect(mealOf('have supper at home')).toBe('dinner');
    const day: Slot[] = [
      { start: 18, end: 19, activity: 'eat dinner' },
      { start: 19, end: 22, activity: 'host the harvest supper' },
    ];
    expect(dedupeMeals(day).map((x) => x.activity)).toEqual(['eat dinner', 'host the harvest supper']);
  });

  it('normalizeSlots always yields a partition of the window (property)', () => {
    fc.assert(
      fc.property(fc.array(slotArb, { maxLength: 25 }), fc.integer({ min: 0, max: 600 }), (raw, ws) => {
        const window = { start: ws, end: ws + 12 * H };
        const slots = raw.map((r) => ({ start: r.start, end: r.start + r.len, activity: r.activity }));
        const out = normalizeSlots(slots, window, opts);
        return (
          isPartition(out) && covers(out, window) && out.every((s) => s.start >= window.start && s.end <= window.end)
        );
      }),
    );
  });

  it('spliceSlots replaces a window and never creates an overlap (property)', () => {
    fc.assert(
      fc.property(
        fc.array(slotArb, { maxLength: 12 }),
        fc.array(slotArb, { maxLength: 12 }),
        fc.integer({ min: 0, max: 1400 }),
        fc.integer({ min: 5, max: 600 }),
        (a, b, ws, wl) => {
          const day = { start: 0, end: 24 * H };
          const existing = normalizeSlots(
            a.map((r) => ({ start: r.start, end: r.start + r.len, activity: r.activity })),
            day,
            opts,
          );
          const window = { start: Math.min(ws, 24 * H - 5), end: Math.min(24 * H, ws + wl) };
          const out = spliceSlots(
            existing,
            window,
            b.map((r) => ({ start: r.start, end: r.start + r.len, activity: r.activity })),
            opts,
          );
          const outside = (s: Slot) => s.end <= window.start || s.start >= window.end;
          return (
            isPartition(out) &&
            covers(out, day) &&
            existing.filter(outside).every((s) => out.some((o) => o.start === s.start && o.end === s.end))
          );
        },
      ),
    );
  });

  it('a reaction interrupting breakfast lets it be remade (the burning stove), not a second breakfast', () => {
    type S = Slot & { kind?: string };
    const steps: S[] = [
      { start: 0, end: 10, activity: 'make breakfast' },
      { start: 10, end: 20, activity: 'turn off the burning stove', kind: 'reaction' },
      { start: 20, end: 30, activity: 'remake breakfast' },
      { start: 30, end: 40, activity: 'read the paper' },
      { start: 40, end: 50, activity: 'eat breakfast again' },
    ];
    const out = dedupeMeals(steps, { replace: () => 'read the paper', transparent: (x) => x.kind !== undefined });
    expect(out.map((x) => x.activity)).toEqual([
      'make breakfast',
      'turn off the burning stove',
      'remake breakfast',
      'read the paper',
    ]);
    expect(out.at(-1)).toMatchObject({ start: 30, end: 50 });
  });
});
