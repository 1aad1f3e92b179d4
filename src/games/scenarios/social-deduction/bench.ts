// The bench's side of Chameleon and Undercover (MAgIC, Xu et al. 2024, sec. 3.1): which deals a run plays (the
// released cases once per role under test, then our seeded variants) and how one is played with the challenger in
// its seats against defenders. The bench itself (src/games/bench) is the same for every family.
import { BENCH_SETTINGS, type SeatCounter, type Seating, type Side } from '../../bench/scenarios.ts';
import { nextInt, seedState } from '../../rng.ts';
import type { GameKind } from './kinds.ts';
import { type MatchSeat, type MatchSetup, playMatch } from './match.ts';
import type { GameTrace } from './metrics.ts';
import { dealChameleon, dealUndercover, type FixedCase, loadMagicSettings, loadPairs, loadTopics } from './words.ts';

/** A social deduction game to play: a fixed deal (released or ours) and the challenger's seats. */
export interface SocialCase {
  kind: GameKind;
  id: string;
  source: 'released' | 'variant';
  game: MatchSetup;
  challengerSeats: number[];
  /** MAgIC's preset clues (released cases only), played for defenders until the challenger's first turn. */
  clues: string[][] | null;
}

function oddSeatOf(game: MatchSetup): number {
  return (game.kind === 'chameleon' ? game.setup.chameleonSeat : game.setup.undercoverSeats?.[0]) ?? 0;
}

/** The challenger's seat sets for one deal under `seating`, each with a label for the case id. */
function seatings(game: MatchSetup, seating: Seating): { label: string; seats: number[] }[] {
  const n = BENCH_SETTINGS.seats;
  if (seating === 'one-seat') return Array.from({ length: n }, (_, i) => ({ label: `seat${i + 1}`, seats: [i] }));
  const odd = oddSeatOf(game);
  const [oddRole, regular] = game.kind === 'chameleon' ? ['chameleon', 'non-chameleon'] : ['undercover', 'civilian'];
  return [
    { label: `as-${oddRole}`, seats: [odd] },
    { label: `as-${regular}`, seats: Array.from({ length: n }, (_, i) => i).filter((i) => i !== odd) },
  ];
}

/** The social cases: each released case once per seating, then `variants` seeded deals likewise. */
export function socialCases(
  kind: GameKind,
  opts: { settingsDir?: string; seed: number; variants?: number; seating?: Seating },
): SocialCase[] {
  const out: SocialCase[] = [];
  const seats = BENCH_SETTINGS.seats;
  const seating = opts.seating ?? 'magic';
  const released: FixedCase[] = opts.settingsDir ? loadMagicSettings(opts.settingsDir, kind, seats) : [];
  for (const c of released) {
    const game: MatchSetup =
      c.kind === 'chameleon' ? { kind: 'chameleon', setup: c.setup } : { kind: 'undercover', setup: c.setup };
    for (const s of seatings(game, seating))
      out.push({ kind, id: `${c.id}#${s.label}`, source: 'released', game, challengerSeats: s.seats, clues: c.clues });
  }
  let rng = seedState(`${kind}:${opts.seed}`);
  const topics = kind === 'chameleon' ? loadTopics() : [];
  const pairs = kind === 'undercover' ? loadPairs() : [];
  for (let v = 0; v < (opts.variants ?? BENCH_SETTINGS.variants); v++) {
    let oddSeat: number;
    [oddSeat, rng] = nextInt(rng, seats);
    let game: MatchSetup;
    let label: string;
    if (kind === 'chameleon') {
      const d = dealChameleon(topics, rng);
      rng = d.rng;
      game = { kind, setup: { ...d.setup, chameleonSeat: oddSeat } };
      label = `${d.setup.topic}/${d.setup.secret}`;
    } else {
      const d = dealUndercover(pairs, rng);
      rng = d.rng;
      game = { kind, setup: { ...d.setup, undercoverSeats: [oddSeat] } };
      label = `${d.setup.civilianWord}/${d.setup.undercoverWord}`;
    }
    for (const s of seatings(game, seating))
      out.push({
        kind,
        id: `variant ${v + 1} (${label})#${s.label}`,
        source: 'variant',
        game,
        challengerSeats: s.seats,
        clues: null,
      });
  }
  return out;
}

export async function playSocialCase(
  c: SocialCase,
  sides: { challenger: Side; defender: Side },
  counter: SeatCounter,
  opts: { seed: number | string; probes: boolean },
): Promise<GameTrace> {
  const seats: MatchSeat[] = Array.from({ length: BENCH_SETTINGS.seats }, (_, i) => {
    const challenger = c.challengerSeats.includes(i);
    const side = challenger ? sides.challenger : sides.defender;
    return { kind: side.kind, llm: counter.wrap(side.llm, i, challenger, 'social'), challenger };
  });
  const { trace } = await playMatch({
    seed: opts.seed,
    game: c.game,
    seats,
    injectedClues: c.clues,
    probes: opts.probes,
  });
  return trace;
}
