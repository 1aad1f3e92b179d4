// The bench's side of MAgIC's game-theory scenarios (Xu et al. 2024, sec. 3.2): which settings a run plays (the
// released cases once, then our variants x 3 challenger seats) and how one is played against defenders.
import { BENCH_SETTINGS, type SeatCounter, type Side } from '../../bench/scenarios.ts';
import { magicSettingFiles, readSettingJson } from '../social-deduction/words.ts';
import type { GtBot } from './default-move.ts';
import type { GtSeats } from './llm-bot.ts';
import { type GtLog, playGameTheory } from './play.ts';
import { type GtSetting, loadVariants, parseMagicSetting as parseGtMagicSetting } from './settings.ts';
import type { GtScenario } from './types.ts';

/** The game-theory settings: the released cases (each names its challenger seat) once, then our 21. */
export function gtCases(scenario: GtScenario, opts: { settingsDir?: string; variants?: number }): GtSetting[] {
  const released = opts.settingsDir
    ? magicSettingFiles(opts.settingsDir, scenario).map((f) => parseGtMagicSetting(scenario, readSettingJson(f), f))
    : [];
  const ours = loadVariants(scenario);
  const keep = opts.variants ?? BENCH_SETTINGS.variants;
  const variantIds = [...new Set(ours.map((s) => s.id.split('/')[0]))].slice(0, keep);
  return [...released, ...ours.filter((s) => variantIds.includes(s.id.split('/')[0]))];
}

export async function playGtCase(
  setting: GtSetting,
  sides: { challenger: Side; defender: Side },
  counter: SeatCounter,
  seats: GtSeats,
  seed: number | string,
): Promise<GtLog> {
  const bots: GtBot[] = Array.from({ length: BENCH_SETTINGS.seats }, (_, i) => {
    const challenger = i === setting.challengerSeat;
    const side = challenger ? sides.challenger : sides.defender;
    return seats(counter.wrap(side.llm, i, challenger, 'game theory'), { kind: side.kind, seed: `${seed}:${i}` });
  });
  return playGameTheory(setting, bots, { seed });
}
