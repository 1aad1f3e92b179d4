// Three towns written outside the project's style for issue 32 (terse notes, a novelist's voice, neighbours'
// reports), with no `facts:`, `events:` or `family:` blocks: what the town's reading makes of them, as the town is
// built. A family is family (never "housemates"), neighbours on one street are not a household, a private matter is
// kept out of the public face and meant for the one person named, the evening event is at its place in its hours,
// and workers have their workplace and hours.
import { describe, expect, it } from 'vitest';
import { formatSimStart } from '../../src/core/time.ts';
import { buildTownState } from '../../src/town/build.ts';
import { NEW_TOWNS, newTownFile } from './new-towns.ts';

const build = (name: string) => {
  const state = buildTownState(newTownFile(name), { initialMind: () => ({}) });
  const profile = (who: string) => state.residents.find((r) => r.profile.name === who)!.profile;
  const tie = (who: string, other: string) => profile(who).family?.find((t) => t.name === other)?.relation;
  return { state, profile, tie };
};

const PARENT = /^(mother|father|parent)$/;
const CHILD = /^(son|daughter|child)$/;

describe.each(NEW_TOWNS)(
  'the reading of $town',
  ({ town, family, neighbours, secret, event, worker, neutralMisses }) => {
    const misses = neutralMisses as readonly string[];
    const t = build(town);

    it('a family is family both ways, never housemates; neighbours on one street are not a household', () => {
      for (const p of family.parents) {
        expect(t.tie(family.child, p), `${family.child} about ${p}`).toMatch(PARENT);
        expect(t.tie(p, family.child), `${p} about ${family.child}`).toMatch(CHILD);
      }
      expect(t.tie(neighbours[0], neighbours[1])).toBeUndefined();
      expect(t.tie(neighbours[1], neighbours[0])).toBeUndefined();
    });

    it('the private matter is meant for the one person named and kept out of the public face', () => {
      const p = t.profile(secret.holder);
      const kept = (p.secrets ?? []).filter((s) => s.owner === secret.holder && s.phrases.length > 0);
      expect(kept.length, 'a secret with its seed phrases').toBeGreaterThan(0);
      expect(kept.some((s) => s.tellTo.includes(secret.tellTo))).toBe(true);
      const face = [p.innate, p.learned, p.currently, p.lifestyle].join(' ');
      if (misses.includes('secret-face')) expect(face, 'a known miss of the neutral reader').toMatch(secret.word);
      else expect(face).not.toMatch(secret.word);
    });

    it('the evening event is hosted at its place in its hours, and tracked', () => {
      const hosted = (t.profile(event.host).hosting ?? []).map((e) => `${e.place} ${formatSimStart(e.start)}`);
      if (misses.includes('event')) {
        expect(hosted, 'a known miss of the neutral reader').not.toContain(`${event.place} ${event.start}`);
        return;
      }
      expect(hosted).toContain(`${event.place} ${event.start}`);
      expect(t.state.facts.some((f) => f.event?.location === event.place)).toBe(true);
    });

    it('a worker has the workplace of the file, with its hours where the text says them', () => {
      const w = t.profile(worker.who).work;
      expect(w?.place).toBe(worker.place);
      if (worker.start) expect(w?.start).toBe(worker.start);
    });
  },
);
