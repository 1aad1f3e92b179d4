// What a finished game means to each player: the reveal shown to the channel, and a first-person line per player
// that the town can store as a memory ("I lost a round of Chameleon to Sam; Sam guessed the word from our clues").

import type { PlayerId } from '../../types.ts';
import type { GameState } from './engine.ts';

export interface Reveal {
  kind: GameState['kind'];
  /** 'odd' = the chameleon / undercover won. */
  winner: 'odd' | 'majority';
  flag: number;
  odd: { id: PlayerId; name: string }[];
  /** Chameleon: topic and secret; Undercover: both words. */
  topic?: string;
  secret?: string;
  words?: { civilian: string; undercover: string };
  guess?: string | null;
  votes: Record<PlayerId, PlayerId | null>;
  text: string;
}

export interface PlayerMemory {
  player: PlayerId;
  name: string;
  residentId?: string;
  won: boolean;
  text: string;
}

function names(state: GameState, ids: PlayerId[]): string {
  const n = ids.map((id) => state.players.find((p) => p.id === id)?.name ?? id);
  if (n.length <= 1) return n[0] ?? 'nobody';
  return `${n.slice(0, -1).join(', ')} and ${n.at(-1)}`;
}

export function revealOf(state: GameState): Reveal | null {
  if (state.phase !== 'over') return null;
  if (state.kind === 'chameleon' && state.outcome) {
    const o = state.outcome;
    const ch = names(state, [o.chameleon]);
    const how = [
      `${ch} was caught as the chameleon and guessed "${o.guess ?? 'nothing'}"; the word was "${o.secret}". The others win.`,
      `${ch} was caught as the chameleon but guessed the word "${o.secret}". The chameleon wins.`,
      `The vote fell on ${names(state, o.accused ? [o.accused] : [])}, but ${ch} was the chameleon. The chameleon wins (the word was "${o.secret}").`,
      `The vote was tied, so ${ch}, the chameleon, got away. The word was "${o.secret}".`,
    ][o.flag] as string;
    return {
      kind: 'chameleon',
      winner: o.winner === 'chameleon' ? 'odd' : 'majority',
      flag: o.flag,
      odd: [{ id: o.chameleon, name: ch }],
      topic: state.topic,
      secret: o.secret,
      guess: o.guess,
      votes: state.votes,
      text: `Topic "${state.topic}". ${how}`,
    };
  }
  if (state.kind === 'undercover' && state.outcome) {
    const o = state.outcome;
    const uc = names(state, o.undercovers);
    const words = `Civilians had "${o.civilianWord}", the undercover had "${o.undercoverWord}".`;
    const how =
      o.flag === 0
        ? `${uc} ${o.undercovers.length > 1 ? 'were' : 'was'} found out. The civilians win.`
        : o.flag === 1
          ? `${uc} stayed hidden as the undercover and wins.`
          : `The vote was tied, so ${uc}, the undercover, wins.`;
    return {
      kind: 'undercover',
      winner: o.winner === 'undercover' ? 'odd' : 'majority',
      flag: o.flag,
      odd: o.undercovers.map((id) => ({ id, name: names(state, [id]) })),
      words: { civilian: o.civilianWord, undercover: o.undercoverWord },
      votes: state.history.at(-1)?.votes ?? {},
      text: `${how} ${words}`,
    };
  }
  return null;
}

/** One first-person line per player describing the game, for the town's memory of each resident who played. */
export function memoriesOf(state: GameState): PlayerMemory[] {
  const reveal = revealOf(state);
  if (!reveal) return [];
  const oddIds = reveal.odd.map((o) => o.id);
  const oddNames = names(state, oddIds);
  return state.players.map((seat) => {
    const others = names(
      state,
      state.players.filter((p) => p.id !== seat.id).map((p) => p.id),
    );
    const isOdd = oddIds.includes(seat.id);
    const won = (reveal.winner === 'odd') === isOdd;
    let text: string;
    if (reveal.kind === 'chameleon') {
      const w = reveal.secret as string;
      if (isOdd)
        text = [
          `I was the chameleon in a round of Chameleon with ${others}; they caught me and I guessed wrong (the word was "${w}"), so I lost.`,
          `I was the chameleon in a round of Chameleon with ${others}; they caught me, but I guessed the word "${w}" from their clues and won.`,
          `I was the chameleon in a round of Chameleon with ${others} and blended in; they accused someone else and I won.`,
          `I was the chameleon in a round of Chameleon with ${others}; the vote was tied and I got away with it.`,
        ][reveal.flag] as string;
      else
        text = [
          `We caught ${oddNames} as the chameleon in a round of Chameleon (the word was "${w}") and I won.`,
          `I lost a round of Chameleon to ${oddNames}; we caught ${oddNames} as the chameleon, but ${oddNames} guessed the word "${w}" from our clues.`,
          `I lost a round of Chameleon to ${oddNames}; we accused the wrong player while ${oddNames} was the chameleon.`,
          `I lost a round of Chameleon to ${oddNames}; the vote was tied and ${oddNames}, the chameleon, got away.`,
        ][reveal.flag] as string;
    } else {
      const words = reveal.words as { civilian: string; undercover: string };
      text = isOdd
        ? won
          ? `I was the undercover in a round of Undercover with ${others} (my word "${words.undercover}", theirs "${words.civilian}") and stayed hidden; I won.`
          : `I was the undercover in a round of Undercover with ${others} (my word "${words.undercover}", theirs "${words.civilian}"); they found me out and I lost.`
        : won
          ? `We found ${oddNames} out as the undercover in a round of Undercover (our word "${words.civilian}", theirs "${words.undercover}") and I won.`
          : `I lost a round of Undercover to ${oddNames}, the undercover (our word "${words.civilian}", theirs "${words.undercover}").`;
    }
    return {
      player: seat.id,
      name: seat.name,
      ...(seat.bot?.residentId ? { residentId: seat.bot.residentId } : {}),
      won,
      text,
    };
  });
}
