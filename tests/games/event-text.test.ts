import { describe, expect, it } from 'vitest';
import { eventLines } from '../../src/games/event-text.ts';
import type { GameSnapshot } from '../../src/games/service-types.ts';
import type { PlayerId } from '../../src/games/types.ts';

const ann = 'u:ann' as PlayerId;
const bot = 'bot:1' as PlayerId;

function snapshot(kind: string): GameSnapshot {
  return {
    id: 'g1',
    kind,
    phase: 'guess',
    hostId: ann,
    players: [
      { id: ann, name: 'Ann', bot: false },
      { id: bot, name: 'Bot 1', bot: true },
    ],
    turn: null,
    awaiting: [ann],
    turnSeq: 3,
  } as GameSnapshot;
}

describe('event lines a game module says itself', () => {
  it("Chameleon's guess phase: a person is told how to guess, a bot is only named", () => {
    expect(eventLines([{ type: 'guess_phase', player: ann }], snapshot('chameleon'))).toEqual([
      'Ann was the chameleon! One guess at the word — guess with /game guess <word>.',
    ]);
    expect(eventLines([{ type: 'guess_phase', player: bot }], snapshot('chameleon'))).toEqual([
      'Bot 1 was the chameleon! It gets one guess at the word.',
    ]);
  });

  it("Undercover's elimination says which side the player was on", () => {
    const lines = eventLines(
      [
        { type: 'eliminated', player: bot, wasUndercover: true },
        { type: 'eliminated', player: ann, wasUndercover: false },
      ],
      snapshot('undercover'),
    );
    expect(lines).toEqual(['Bot 1 is out (the undercover).', 'Ann is out (a civilian).']);
  });
});
