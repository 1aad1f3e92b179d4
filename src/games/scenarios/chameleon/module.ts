// Chameleon (MAgIC, Xu et al. 2024, sec. 3.1) as a game module: a topic card is dealt from the word lists with the
// table's seed; rules in rules.ts, bots and results shared with Undercover (../social-deduction).
import { seedState } from '../../rng.ts';
import { METRIC_SETTINGS } from '../social-deduction/metrics.ts';
import { socialDeductionModule } from '../social-deduction/module.ts';
import { dealChameleon } from '../social-deduction/words.ts';
import { chameleonOfflineSeat } from './offline.ts';
import { type ChameleonState, createChameleon } from './rules.ts';

export const chameleonModule = socialDeductionModule<ChameleonState>({
  kind: 'chameleon',
  title: 'Chameleon',
  icon: '🦎',
  lobby: { maxBots: 7, paperSeats: 3, residents: true, rounds: true, party: false, namesBotPlayer: false },
  offline: chameleonOfflineSeat,
  // The caught chameleon's one guess at the word.
  eventLine(e, c) {
    if (e.type !== 'guess_phase') return undefined;
    return c.bot(e.player)
      ? `${c.icon('🦎')}${c.strong(c.name(e.player))} was the chameleon! It gets one guess at the word.`
      : `${c.icon('🦎')}${c.call(e.player)} was the chameleon! One guess at the word — ${c.how('guess')}.`;
  },
  // MAgIC's bench: the chameleon and the non-chameleons are two roles of the win rate; self-awareness weighs 0.6.
  bench: {
    family: 'social',
    game: 'chameleon',
    selfAwarenessWeight: METRIC_SETTINGS.selfAwarenessWeights.chameleon,
    roles: [
      { role: 'chameleon', label: 'Cham.', winRate: (m) => m.social.chameleon?.winRateOdd ?? null },
      { role: 'non-chameleon', label: 'Non-ch.', winRate: (m) => m.social.chameleon?.winRateRegular ?? null },
    ],
  },
  deal(opts, seed, words) {
    const { setup } = dealChameleon(words.topics, seedState(seed) ^ 0x9e3779b9);
    // A live table: speakers in a seeded random order, so the host does not always give the first clue.
    return createChameleon({
      seed,
      setup,
      options: { shuffleOrder: true, ...(opts.clueRounds ? { clueRounds: opts.clueRounds } : {}) },
    });
  },
});
