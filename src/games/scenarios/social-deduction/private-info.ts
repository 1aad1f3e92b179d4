// What one player of a social-deduction game may see of it ("Show my word", /game word): their word or role.
import { seatOf } from '../../lobby.ts';
import type { PrivateInfo } from '../../module.ts';
import type { GameError, PlayerId } from '../../types.ts';
import { type GameState, viewFor } from './engine.ts';

export function privateDeductionInfo(
  s: GameState,
  player: PlayerId,
): { ok: true; info: PrivateInfo } | { ok: false; error: GameError } {
  if (!seatOf(s, player))
    return { ok: false, error: { code: 'game/not_a_player', message: 'You are not in this game.' } };
  if (s.phase === 'lobby')
    return { ok: false, error: { code: 'game/not_started', message: 'The game has not started yet.' } };
  const v = viewFor(s, player);
  if (v.kind === 'chameleon') {
    const text =
      v.role === 'chameleon'
        ? `Topic: ${v.topic}. You are the chameleon: you do not know the word. Blend in!`
        : `Topic: ${v.topic}. The secret word is "${v.secret}". Find the chameleon.`;
    return { ok: true, info: { kind: 'chameleon', text, role: v.role, topic: v.topic, word: v.secret } };
  }
  return {
    ok: true,
    info: {
      kind: 'undercover',
      text: `Your word is "${v.word}". Nobody knows who has the odd word, not even you.`,
      role: null,
      topic: null,
      word: v.word,
    },
  };
}
