// What one player may see of their own game ("Show my word" on Discord, /game word in the console): their word or
// role, or their standing at a game-theory table. Never shown to the channel.
import { type TableState, tableView } from './scenarios/social-deduction/engine.ts';
import { gtPrivateText } from './scenarios/game-theory/render.ts';
import { seatOf } from './lobby.ts';
import type { PrivateInfo } from './service-types.ts';
import type { GameError, PlayerId } from './types.ts';

export function privateInfo(
  s: TableState,
  player: PlayerId,
): { ok: true; info: PrivateInfo } | { ok: false; error: GameError } {
  if (!seatOf(s, player))
    return { ok: false, error: { code: 'game/not_a_player', message: 'You are not in this game.' } };
  if (s.phase === 'lobby')
    return { ok: false, error: { code: 'game/not_started', message: 'The game has not started yet.' } };
  const v = tableView(s, player);
  if ('scenario' in v)
    return { ok: true, info: { kind: v.scenario, text: gtPrivateText(v), role: null, topic: null, word: null } };
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
