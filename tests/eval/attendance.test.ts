import { describe, expect, it } from 'vitest';
import type { AgentId } from '../../src/agent/types.ts';
import { AttendanceTracker, attendanceLine } from '../../src/eval/attendance.ts';
import type { SeedFact } from '../../src/town/types.ts';

const H = 3_600_000;
const party: SeedFact = {
  id: 'party',
  description: "Ann's party at the cafe",
  holder: 'ann' as AgentId,
  question: 'Any party?',
  keywords: ['party', 'Ann|cafe'],
  event: { location: 'cafe', start: 10 * H, end: 12 * H },
};
const at = (id: string, name: string, loc: string, travelling = false) => ({
  id,
  name,
  location: { id: loc },
  ...(travelling ? { travellingTo: { id: 'cafe' } } : {}),
});

describe('attendance (sec. 7.1.3)', () => {
  it('counts who heard (by memory) and who was at the place in the window, never the host', () => {
    const t = new AttendanceTracker([party]);
    expect(t.watching(9 * H)).toBe(false);
    expect(t.watching(11 * H)).toBe(true);
    // Before the window: Bo at the cafe does not count.
    t.observe(9 * H, [at('bo', 'Bo', 'cafe')]);
    // (Cy's plan names the party; Dee only had brunch there)
    t.observe(10 * H, [
      at('ann', 'Ann', 'cafe'),
      { ...at('cy', 'Cy', 'cafe'), planned: "go to Ann's party" },
      at('bo', 'Bo', 'park', true),
    ]);
    t.observe(11 * H, [at('ann', 'Ann', 'cafe'), { ...at('dee', 'Dee', 'cafe'), planned: 'have brunch' }]);
    const memories: Record<string, string[]> = {
      ann: ['I am hosting a party at the cafe'],
      bo: ['Ann said there is a party at the cafe on Friday'],
      cy: ['Ann invited me to her party'],
      dee: ['Had brunch at the cafe'],
    };
    const [r] = t.results(
      ['ann', 'bo', 'cy', 'dee'].map((id) => ({ id, name: id[0]!.toUpperCase() + id.slice(1) })),
      (id) => memories[id] ?? [],
    );
    expect(r).toMatchObject({
      heard: ['Bo', 'Cy'],
      came: ['Cy'],
      thereAnyway: ['Dee'],
      heardAndCame: ['Cy'],
      covered: true,
    });
  });

  it('attending is being at its place in its window with a plan naming its kind; one there for work is counted apart', () => {
    const cleanup: SeedFact = {
      ...party,
      id: 'clean-up',
      description: 'a beach clean-up at the pier',
      keywords: ['clean-up'],
      event: { location: 'pier', start: 9 * H, end: 11 * H, kind: 'beach clean-up' },
    };
    const t = new AttendanceTracker([cleanup]);
    const on = (id: string, loc: string, planned?: string) => ({ ...at(id, id, loc), ...(planned ? { planned } : {}) });
    t.observe(9 * H, [
      on('bo', 'pier', "go to Ann's beach clean-up"),
      on('cy', 'pier', 'sell fish at the stall'),
      on('dee', 'cafe', 'go to the beach clean-up'),
      on('eve', 'pier', "go to Leo's event"),
    ]);
    t.observe(10 * H, [on('cy', 'pier', 'go to the beach clean-up')]);
    const [r] = t.results([], () => []);
    // Cy came (her plan named it at 10); she is not also "there anyway". Eve's plan names no clean-up.
    expect(r).toMatchObject({
      kind: 'beach clean-up',
      came: ['bo', 'cy'],
      thereAnyway: ['eve'],
      planned: ['bo', 'cy', 'dee'],
    });
    expect(attendanceLine(r!)).toMatch(
      /^beach clean-up at pier: 2 came with a plan naming it \(bo, cy\), 0 of 0 who heard; 1 there anyway \(eve\)$/,
    );
  });

  it('a run that ends before the event says so', () => {
    const t = new AttendanceTracker([party]);
    t.observe(2 * H, [at('bo', 'Bo', 'cafe')]);
    expect(t.results([], () => [])[0]?.covered).toBe(false);
  });
});

describe('events in the town file', () => {
  it('an event names a known location and ends after it starts; the seed town has its party as one', async () => {
    const { loadTownFile } = await import('../../src/town/file-io.ts');
    const { validateTownFile } = await import('../../src/town/file.ts');
    const town = loadTownFile();
    const party = town.facts.find((f) => f.event);
    expect(party?.event?.location).toBe('copper-kettle');
    const bad = structuredClone(town) as unknown as { facts: { event?: Record<string, string> }[] };
    bad.facts[0]!.event = { location: 'moon-base', start: '2024-04-13 18:00', end: '2024-04-13 17:00' };
    expect(() => validateTownFile(bad)).toThrow(/facts\[0\]\.event\.location: unknown location 'moon-base'/);
    expect(() => validateTownFile(bad)).toThrow(/end after it starts/);
  });
});
