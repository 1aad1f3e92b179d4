import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { format, run, runGamesBench } from '../../bench/games.ts';
import { main } from '../../src/cli/games.ts';
import { gamesOfflineRules } from '../../src/games/offline.ts';
import { OfflineModel } from '../../src/llm/offline-model.ts';
import { RecordingModel } from '../support/games-models.ts';
import { MAGIC_DIR } from '../support/shared-data.ts';

describe('games bench', () => {
  it('plays the challenger in both roles and reports MAgIC metrics within the call budget', async () => {
    const a = await runGamesBench({ game: 'chameleon', games: 20, bots: 'pgm', seed: 3 });
    expect(a.metrics.gamesOdd).toBe(10);
    expect(a.metrics.gamesRegular).toBe(10);
    expect(a.metrics.winRate).toBeGreaterThanOrEqual(0);
    expect(a.metrics.winRate).toBeLessThanOrEqual(1);
    expect(a.metrics.callsPerMove).toBeGreaterThan(1);
    expect(a.metrics.callsPerMove).toBeLessThanOrEqual(2);
    const v = await runGamesBench({ game: 'undercover', games: 10, bots: 'vanilla', seed: 3 });
    expect(v.metrics.callsPerMove).toBe(1);
    // A seed replays the bench exactly.
    const b = await runGamesBench({ game: 'chameleon', games: 20, bots: 'pgm', seed: 3 });
    expect(b.metrics).toEqual(a.metrics);
  });

  it('uses an injected model (the lead wires a real one from config)', async () => {
    const rec = new RecordingModel(new OfflineModel(gamesOfflineRules));
    const r = await runGamesBench({ game: 'undercover', games: 2, bots: 'pgm', seed: 1, llm: rec });
    expect(rec.calls.length).toBeGreaterThan(0);
    expect(r.model).toBe('offline-rules-v1');
  });

  it('run() takes loose options for npm run bench and formats them', async () => {
    const suite = await run({ games: '4', seed: '2' });
    expect(suite.runs.map((r) => `${r.game}/${r.bots}`)).toEqual([
      'chameleon/vanilla',
      'chameleon/pgm',
      'undercover/vanilla',
      'undercover/pgm',
    ]);
    expect(format(suite)).toMatch(/win rate/);
  });

  it.skipIf(!existsSync(MAGIC_DIR))('replays MAgIC settings with their injected clues', async () => {
    const r = await runGamesBench({ game: 'undercover', games: 4, bots: 'vanilla', seed: 1, settingsDir: MAGIC_DIR });
    expect(r.source).toBe('settings');
    // Clues are injected, so the bots only vote: one call per move.
    expect(r.metrics.callsPerMove).toBe(1);
    const c = await runGamesBench({ game: 'chameleon', games: 2, bots: 'pgm', seed: 1, settingsDir: MAGIC_DIR });
    expect(c.metrics.games).toBe(2);
  });
});

describe('games CLI', () => {
  it('bench writes JSON with --json and rejects bad arguments', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const file = join(mkdtempSync(join(tmpdir(), 'games-cli-')), 'out.json');
      expect(await main(['bench', '--game', 'undercover', '--games', '6', '--bots', 'vanilla', '--json', file])).toBe(
        0,
      );
      const json = JSON.parse(readFileSync(file, 'utf8'));
      expect(json).toMatchObject({ game: 'undercover', games: 6, bots: 'vanilla' });
      expect(log).toHaveBeenCalled();
      expect(await main(['bench', '--game', 'poker'])).toBe(2);
      expect(await main(['bench', '--game', 'chameleon', '--games', '0'])).toBe(2);
      expect(await main(['play'])).toBe(2);
    } finally {
      log.mockRestore();
      err.mockRestore();
    }
  });
});
