// keptMatter (kept-matter.ts) on lines said in confidence that a session wrote blind, told only the format and the
// labels (which sentences of a line are the private matter), never the rule: 90 lines in six ways of talking. Written
// blind and scored once; since then a TUNING part: keptMatter was widened by cause on it (tests/agent/kept-matter.test.ts
// has a test of our own for each cause), so its score here is a tuning figure, not a measure of unseen speech.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keptMatter } from '../../src/agent/kept-matter.ts';

interface Item {
  id: string;
  style: string;
  people: string[];
  speaker: string;
  listener: string;
  secret: string | null;
  line: string;
  kept: string[];
}

const corpus = (file: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/confided-corpus/${file}`, import.meta.url), 'utf8')) as Item[];
const ITEMS = corpus('held-out.json');
/**
 * A second part, 90 lines in six other ways of talking (gruff, gushing, nervous, elderly, businesslike, dialect),
 * written blind after keptMatter was widened on the first, by a session told only the format; never tuned on.
 */
const SECOND = corpus('held-out-2.json');

/** Which characters of the line the parts cover. */
function covered(line: string, parts: readonly string[]): boolean[] {
  const m = Array<boolean>(line.length).fill(false);
  for (const p of parts) {
    const at = line.indexOf(p.trim());
    for (let i = at; at >= 0 && i < at + p.trim().length; i++) m[i] = true;
  }
  return m;
}

/** Letters and digits kept by keptMatter against those labelled kept, over every item. */
function score(items: readonly Item[]) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const it of items) {
    const kept = it.secret
      ? [{ text: it.secret, audience: { kind: 'private' as const, owner: it.speaker, tellTo: [it.listener] } }]
      : [];
    const ours = keptMatter(it.line, kept, it.people).split(/(?<=[.!?])\s+/);
    const a = covered(it.line, ours);
    const b = covered(it.line, it.kept);
    for (let i = 0; i < it.line.length; i++) {
      if (!/[\p{L}\p{N}]/u.test(it.line[i]!)) continue;
      if (a[i] && b[i]) tp++;
      else if (a[i]) fp++;
      else if (b[i]) fn++;
    }
  }
  return { precision: tp / (tp + fp), recall: tp / (tp + fn) };
}

describe('what a confided line keeps (keptMatter) on lines written blind (issue 32 item 4)', () => {
  it('holds 90 lines, each labelled with sentences of its own line', () => {
    expect(ITEMS).toHaveLength(90);
    for (const x of ITEMS) for (const k of x.kept) expect(x.line, x.id).toContain(k.trim());
  });

  it('keeps at least what it keeps since it was widened on this file (a tuning figure)', () => {
    // Scored once at 341493f, before any rule looked at it: letters kept precision 0.876, recall 0.799; 27 of 90
    // lines exactly. Lines with a secret written down 0.947 / 0.760, without 0.767 / 0.886; a one-sentence matter
    // 0.878 / 1.000, two sentences 0.855 / 0.710 (none exactly), three 0.922 / 0.662. What it missed was private words
    // treated as anyone's (the request to keep it said apart from the matter, a matter of several sentences).
    // Then widened on it by cause (kept-matter.ts): precision 1.000, recall 0.979, 85 of 90 exactly; with a secret
    // 1.000 / 1.000, without 1.000 / 0.931; one sentence 1.000 / 1.000, two 1.000 / 0.977, three 1.000 / 0.947. A
    // TUNING figure: what it reaches on speech nobody tuned it on is for a new blind part to say.
    const s = score(ITEMS);
    expect(s.precision).toBeGreaterThanOrEqual(0.999);
    expect(s.recall).toBeGreaterThanOrEqual(0.978);
  });

  it('keeps on a second part written blind what it kept the one time it was scored (its floor, not tuned on)', () => {
    // Scored once, after the widening on the first part: precision 0.949, recall 0.838, 48 of 90 lines exactly; with a
    // secret written down 0.944 / 0.873, without 0.959 / 0.772; two-sentence matters 0.939 / 0.855, three 0.976 /
    // 0.804, four 1.000 / 0.365; dialect the lowest of the six ways of talking (0.899 / 0.787). Below the first part's
    // tuning figure, above its blind one (0.876 / 0.799): what to expect on speech nobody has tuned it on.
    expect(SECOND).toHaveLength(90);
    for (const x of SECOND) for (const k of x.kept) expect(x.line, x.id).toContain(k.trim());
    const s = score(SECOND);
    expect(s.precision).toBeGreaterThanOrEqual(0.948);
    expect(s.recall).toBeGreaterThanOrEqual(0.837);
  });
});
