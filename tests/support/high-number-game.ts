// A small scenario registered by tests only: "High Number". Everyone picks a whole number from 1 to 10 in secret;
// the highest pick wins (ties share). It proves that a new game is one module and one registration, with nothing
// else in src/ changed: the engine, lobby, timers, ratings and console play it as they play MAgIC's scenarios.
import { applyLobbyAction, type BaseState, bump, lobbyMoves } from '../../src/games/lobby.ts';
import type { GameModule } from '../../src/games/module.ts';
import { hashString } from '../../src/games/rng.ts';
import { type GameEvent, gameError, type PlayerId, type Result } from '../../src/games/types.ts';

export interface HighNumberState extends BaseState {
  picks: Record<PlayerId, number>;
}

const MAX = 10;

function finish(s: HighNumberState, events: GameEvent[]): Result<HighNumberState> {
  const best = Math.max(...Object.values(s.picks));
  const winners = s.players.filter((p) => s.picks[p.id] === best).map((p) => p.name);
  const picks = s.players.map((p) => `${p.name} ${s.picks[p.id] ?? 0}`).join(', ');
  events.push({ type: 'note', text: `Picks: ${picks}. ${winners.join(' and ')} won with ${best}.` });
  return { state: bump({ ...s, phase: 'over', turnSeq: s.turnSeq + 1 }), events };
}

export const highNumber: GameModule<HighNumberState, { phase: string; picked: PlayerId[] }, { type: string }> = {
  kind: 'high-number',
  title: 'High Number',
  icon: '🔢',
  aliases: ['hn'],
  lobby: { maxBots: 2, residents: false, rounds: false, party: false, namesBotPlayer: false },
  create: (_opts, seed) => ({
    version: 1,
    kind: 'high-number',
    phase: 'lobby',
    rng: seed,
    step: 0,
    turnSeq: 0,
    hostId: null,
    players: [],
    minPlayers: 3,
    maxPlayers: 3,
    clues: [],
    votes: {},
    picks: {},
  }),
  apply(s, action) {
    const lobby = applyLobbyAction(s, action, (st) => ({
      state: bump({ ...st, phase: 'contribute', turnSeq: st.turnSeq + 1 }),
      events: [{ type: 'note', text: `High Number starts: pick 1 to ${MAX} with /game contribute <n>.` }],
    }));
    if (lobby) return lobby;
    if (action.type === 'timeout') {
      if (action.turnSeq !== s.turnSeq) return gameError('game/stale_timeout', 'That timer is stale.');
      const picks = { ...s.picks };
      for (const p of s.players) picks[p.id] ??= 0;
      return finish({ ...s, picks }, [{ type: 'note', text: 'Time is up: whoever did not pick has 0.' }]);
    }
    if (action.type !== 'contribute') return gameError('game/wrong_phase', 'Pick a number with /game contribute.');
    if (!s.players.some((p) => p.id === action.player))
      return gameError('game/not_a_player', 'You are not in this game.');
    if (action.player in s.picks) return gameError('game/already_moved', 'You have picked already.');
    if (!Number.isInteger(action.amount) || action.amount < 1 || action.amount > MAX)
      return gameError('game/bad_amount', `Pick a whole number from 1 to ${MAX}.`);
    const next = { ...s, picks: { ...s.picks, [action.player]: action.amount } };
    const name = s.players.find((p) => p.id === action.player)?.name ?? action.player;
    const events: GameEvent[] = [{ type: 'note', text: `${name} has picked.` }];
    if (Object.keys(next.picks).length < s.players.length) return { state: bump(next), events };
    return finish(next, events);
  },
  view: (s) => ({ phase: s.phase, picked: Object.keys(s.picks) }),
  legalMoves: (s, p) =>
    s.phase === 'lobby'
      ? lobbyMoves(s, p)
      : s.phase === 'contribute' && !(p in s.picks)
        ? [{ type: 'contribute' }]
        : [],
  awaited: (s) => (s.phase === 'contribute' ? s.players.filter((p) => !(p.id in s.picks)).map((p) => p.id) : []),
  turn: () => null,
  async playBots(state, env) {
    let s = state;
    for (const p of highNumber.awaited(s)) {
      if (!s.players.find((x) => x.id === p)?.bot) continue;
      const r = highNumber.apply(s, { type: 'contribute', player: p, amount: 1 + (hashString(`${s.rng}:${p}`) % MAX) });
      if ('error' in r) throw new Error(r.error.message);
      s = r.state;
      await env.onStep(s, r.events, p);
    }
  },
  standings(s) {
    if (s.phase !== 'over') return null;
    const distinct = [...new Set(Object.values(s.picks))].sort((a, b) => b - a);
    return s.players.map((p) => {
      const rank = distinct.indexOf(s.picks[p.id] ?? 0) + 1;
      return { player: p.id, team: p.id, rank, won: rank === 1 };
    });
  },
  reveal: () => null,
  memories: () => [],
  privateInfo: (s, p) =>
    s.players.some((x) => x.id === p)
      ? {
          ok: true,
          info: {
            kind: 'high-number',
            text: `Your pick: ${s.picks[p] ?? 'none yet'}.`,
            role: null,
            topic: null,
            word: null,
          },
        }
      : { ok: false, error: { code: 'game/not_a_player', message: 'You are not in this game.' } },
  seats: (s) => s.players.map((p) => ({ name: p.name, bot: p.bot !== undefined })),
  spectatorLines: (s) => [`Picked so far: ${Object.keys(s.picks).length} of ${s.players.length}.`],
};
