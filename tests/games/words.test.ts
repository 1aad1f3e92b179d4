import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  dealChameleon,
  dealUndercover,
  defaultAssociations,
  loadMagicSettings,
  loadPairs,
  loadTopics,
  parseMagicSetting,
  parseTopics,
  WordDataError,
} from '../../src/games/scenarios/social-deduction/words.ts';
import { normalizeWord, saysWord } from '../../src/games/text.ts';
import { MAGIC_DIR } from '../support/shared-data.ts';

describe('shipped word data', () => {
  const topics = loadTopics();
  const pairs = loadPairs();
  const assoc = defaultAssociations();
  const lookup = (w: string) =>
    Object.entries(assoc.words).find(([k]) => normalizeWord(k) === normalizeWord(w))?.[1] ?? null;

  it('has at least 20 topics of 16 words and 200 distinct pairs', () => {
    expect(topics.length).toBeGreaterThanOrEqual(20);
    for (const t of topics) expect(t.words).toHaveLength(16);
    expect(pairs.length).toBeGreaterThanOrEqual(200);
    expect(new Set(pairs.map(([a, b]) => [normalizeWord(a), normalizeWord(b)].sort().join('/'))).size).toBe(
      pairs.length,
    );
  });

  it('every word has associations that never say the word, a topic-mate, or the pair partner', () => {
    for (const t of topics) {
      for (const clue of assoc.topics[t.topic] ?? []) for (const w of t.words) expect(saysWord(clue, w)).toBe(false);
      for (const w of t.words) {
        const list = lookup(w);
        expect(list, w).not.toBeNull();
        for (const clue of list ?? []) for (const o of t.words) expect(saysWord(clue, o), `${w}: ${clue}`).toBe(false);
      }
    }
    for (const [a, b] of pairs) {
      const la = lookup(a);
      const lb = lookup(b);
      expect(la && lb, `${a}/${b}`).toBeTruthy();
      for (const c of la ?? []) expect(saysWord(c, b) || saysWord(c, a), `${a}: ${c}`).toBe(false);
      for (const c of lb ?? []) expect(saysWord(c, a) || saysWord(c, b), `${b}: ${c}`).toBe(false);
      // Close but distinct: the two words share at least one association.
      const shared = (la ?? []).filter((c) => (lb ?? []).some((d) => normalizeWord(c) === normalizeWord(d)));
      expect(shared.length, `${a}/${b}`).toBeGreaterThan(0);
    }
  });

  it('deals reproducibly from the PRNG', () => {
    expect(dealChameleon(topics, 5)).toEqual(dealChameleon(topics, 5));
    const d = dealUndercover(pairs, 9).setup;
    expect(normalizeWord(d.civilianWord)).not.toBe(normalizeWord(d.undercoverWord));
  });
});

describe('custom word files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'words-'));

  it('accepts our format and MAgIC topic lists from any path', () => {
    const ours = join(dir, 'ours.json');
    writeFileSync(ours, JSON.stringify({ version: 1, topics: [{ topic: 'Pets', words: ['Cat', 'Dog', 'Hamster'] }] }));
    expect(loadTopics(ours)).toEqual([{ topic: 'Pets', words: ['Cat', 'Dog', 'Hamster'] }]);
    const magic = join(dir, 'magic.json');
    writeFileSync(magic, JSON.stringify({ Pets: ['Cat', 'Dog'], Colours: ['Red', 'Blue'] }));
    expect(loadTopics(magic).map((t) => t.topic)).toEqual(['Pets', 'Colours']);
    const p = join(dir, 'pairs.json');
    writeFileSync(p, JSON.stringify([['sea', 'ocean']]));
    expect(loadPairs(p)).toEqual([['sea', 'ocean']]);
  });

  it('rejects bad files with a clear error', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ version: 1, topics: [{ topic: 'X', words: ['a', 'A'] }] }));
    expect(() => loadTopics(bad)).toThrow(WordDataError);
    writeFileSync(bad, '{not json');
    expect(() => loadTopics(bad)).toThrow(/not JSON/);
    writeFileSync(bad, JSON.stringify([['same', 'Same']]));
    expect(() => loadPairs(bad)).toThrow(WordDataError);
    expect(() => loadPairs(join(dir, 'missing.json'))).toThrow(/cannot read/);
    expect(() => parseTopics({ Pets: [] })).toThrow(WordDataError);
  });

  it('parses MAgIC-shaped settings (hand-written example)', () => {
    const c = parseMagicSetting('chameleon', {
      game_setting: { topic: 'Pets', code: 'Cat', chameleon_name: 'Player 2' },
      clue: { 'Player 1': 'purrs', 'Player 2': 'furry', 'Player 3': 'whiskers' },
    });
    expect(c).toMatchObject({
      setup: { topic: 'Pets', secret: 'Cat', chameleonSeat: 1 },
      clues: [['purrs'], ['furry'], ['whiskers']],
    });
    const u = parseMagicSetting('undercover', {
      game_setting: { undercover_code: 'sea', non_undercover_code: 'ocean', undercover_name: 'Player 3' },
      clues: { 'Player 1': ['waves', 'blue'] },
    });
    expect(u).toMatchObject({ setup: { civilianWord: 'ocean', undercoverWord: 'sea', undercoverSeats: [2] } });
    expect(() => parseMagicSetting('undercover', { game_setting: { topic: 'x' } })).toThrow(WordDataError);
  });
});

describe.skipIf(!existsSync(MAGIC_DIR))('MAgIC released files (read at test time, not copied)', () => {
  it('loads the released Chameleon and Undercover settings', () => {
    const ch = loadMagicSettings(MAGIC_DIR, 'chameleon');
    const raw = JSON.parse(readFileSync(join(MAGIC_DIR, 'topics_release/chameleon/settings/0.json'), 'utf8'));
    expect(ch).toHaveLength(1);
    expect(ch[0]?.setup).toMatchObject({ topic: raw.game_setting.topic, secret: raw.game_setting.code });
    expect(ch[0]?.clues).toHaveLength(Object.keys(raw.clue).length);
    const uc = loadMagicSettings(MAGIC_DIR, 'undercover');
    const rawU = JSON.parse(readFileSync(join(MAGIC_DIR, 'topics_release/undercover/settings/0.json'), 'utf8'));
    expect(uc[0]?.setup).toMatchObject({
      civilianWord: rawU.game_setting.non_undercover_code,
      undercoverWord: rawU.game_setting.undercover_code,
    });
    expect(uc[0]?.clues?.every((c) => c.length === 2)).toBe(true);
  });

  it('loads the topic list as topic cards', () => {
    const cards = loadTopics(join(MAGIC_DIR, 'topic_codes.json'));
    expect(cards.length).toBeGreaterThan(0);
    for (const c of cards) expect(c.words.length).toBeGreaterThan(1);
  });
});
