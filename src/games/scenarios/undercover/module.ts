// Undercover (MAgIC, Xu et al. 2024, sec. 3.1) as a game module: a word pair is dealt with the table's seed; rules in
// rules.ts (MAgIC's one vote, or the party variant's elimination rounds), bots and results shared with Chameleon.
import { seedState } from '../../rng.ts';
import { METRIC_SETTINGS } from '../social-deduction/metrics.ts';
import { socialDeductionModule } from '../social-deduction/module.ts';
import { dealUndercover } from '../social-deduction/words.ts';
import { undercoverOfflineSeat } from './offline.ts';
import { createUndercover, type UndercoverState } from './rules.ts';

export const undercoverModule = socialDeductionModule<UndercoverState>({
  kind: 'undercover',
  title: 'Undercover',
  icon: '🕵️',
  lobby: { maxBots: 7, paperSeats: 3, residents: true, rounds: true, party: true, namesBotPlayer: false },
  offline: undercoverOfflineSeat,
  // The party variant's elimination rounds.
  eventLine(e, c) {
    if (e.type !== 'eliminated') return undefined;
    return `${c.name(e.player)} is out (${e.wasUndercover ? 'the undercover' : 'a civilian'}).`;
  },
  // MAgIC's bench: the undercover and the civilians are two roles of the win rate.
  bench: {
    family: 'social',
    game: 'undercover',
    selfAwarenessWeight: METRIC_SETTINGS.selfAwarenessWeights.undercover,
    roles: [
      { role: 'undercover', label: 'Underc.', winRate: (m) => m.social.undercover?.winRateOdd ?? null },
      { role: 'civilian', label: 'Civil.', winRate: (m) => m.social.undercover?.winRateRegular ?? null },
    ],
  },
  deal(opts, seed, words) {
    const { setup } = dealUndercover(words.pairs, seedState(seed) ^ 0x9e3779b9);
    return createUndercover({
      seed,
      setup,
      // A live table: speakers in a seeded random order, so the host does not always give the first clue.
      options: {
        shuffleOrder: true,
        ...(opts.variant ? { variant: opts.variant } : {}),
        ...(opts.clueRounds ? { clueRounds: opts.clueRounds } : {}),
      },
    });
  },
});
