// The games a watcher may see (the web view): a guild's tables in lobby or play, and any of its games by id, each as
// the spectator's view (tableView(state, null): no role, word or secret move before the reveal), turned into lines.
import { tableView, type TableView } from '../games/engine.ts';
import { gameTitle } from '../games/scenarios/registry.ts';
import type { GameStore } from '../games/store.ts';
import type { AnyGameKind, PlayerId } from '../games/types.ts';

export interface WatchGameSummary {
  id: string;
  kind: AnyGameKind;
  title: string;
  phase: string;
  players: number;
}

export interface WatchGame extends WatchGameSummary {
  seats: { name: string; bot: boolean; out?: boolean }[];
  /** What a spectator knows, one line each: the public moves so far and, once over, the reveal. */
  lines: string[];
}

/** Reads a guild's games for watchers; only ids of that guild answer. */
export interface GameWatch {
  list(scope: string): Promise<WatchGameSummary[]>;
  get(scope: string, id: string): Promise<WatchGame | null>;
}

export function gameWatch(store: Pick<GameStore, 'listActive' | 'get'>): GameWatch {
  return {
    async list(scope) {
      return (await store.listActive())
        .filter((g) => g.scope === scope)
        .map((g) => summary(g.id, tableView(g.data.state, null)));
    },
    async get(scope, id) {
      const g = await store.get(id);
      if (!g || g.scope !== scope) return null;
      return spectate(g.id, tableView(g.data.state, null));
    },
  };
}

function kindOf(v: TableView): AnyGameKind {
  return 'scenario' in v ? v.scenario : v.kind;
}

function summary(id: string, v: TableView): WatchGameSummary {
  const kind = kindOf(v);
  return { id, kind, title: gameTitle(kind), phase: v.phase, players: v.players.length };
}

/** The spectator's view as lines. */
export function spectate(id: string, v: TableView): WatchGame {
  const name = (p: PlayerId | null | undefined) => v.players.find((x) => x.id === p)?.name ?? String(p ?? '—');
  const lines: string[] = [];
  const seats = v.players.map((p) => ({
    name: p.name,
    bot: p.bot,
    ...('alive' in p && p.alive === false ? { out: true } : {}),
  }));
  if ('scenario' in v) {
    if (v.phase !== 'lobby') lines.push(`Round ${v.round} of ${v.rounds}.`);
    if (v.moved.length > 0 && v.phase !== 'over') lines.push(`Moved this round: ${v.moved.map(name).join(', ')}.`);
    const totals =
      'totals' in v
        ? v.totals
        : 'scores' in v && v.scores
          ? v.scores
          : 'left' in v && v.phase === 'over'
            ? v.left
            : null;
    if (totals)
      lines.push(
        `Scores: ${Object.entries(totals)
          .map(([p, n]) => `${name(p)} ${n}`)
          .join(', ')}.`,
      );
    if ('agreed' in v && v.agreed) lines.push(`Agreed shares: ${v.agreed.join(' / ')}.`);
    if (v.winners) lines.push(`Winners: ${v.winners.map(name).join(', ')}.`);
  } else {
    if (v.kind === 'chameleon' && v.topic) lines.push(`Topic: ${v.topic}.`);
    for (const c of v.clues) lines.push(`Round ${c.round}, ${name(c.player)}: ${c.text ?? '(passed)'}`);
    if (v.phase === 'clues' && v.turn) lines.push(`Waiting for ${name(v.turn)}'s clue.`);
    if (v.phase === 'vote') lines.push(`Voted so far: ${v.voted.map(name).join(', ') || 'nobody'}.`);
    if (v.kind === 'chameleon') {
      if (v.tally)
        lines.push(
          `Votes: ${Object.entries(v.tally)
            .map(([p, n]) => `${name(p)} ${n}`)
            .join(', ')}.`,
        );
      if (v.accused) lines.push(`Accused: ${name(v.accused)}.`);
      if (v.chameleon) lines.push(`The chameleon was ${name(v.chameleon)}.`);
      if (v.secret) lines.push(`The secret word was “${v.secret}”.`);
      if (v.guess) lines.push(`The chameleon guessed “${v.guess}”.`);
      if (v.outcome) lines.push(v.outcome.winner === 'players' ? 'The players won.' : 'The chameleon won.');
    } else {
      for (const e of v.eliminated)
        lines.push(
          `Vote ${e.voteRound}: ${name(e.player)} was voted out${v.outcome ? (e.wasUndercover ? ' (undercover)' : ' (civilian)') : ''}.`,
        );
      if (v.undercovers) lines.push(`Undercover: ${v.undercovers.map(name).join(', ')}.`);
      if (v.words) lines.push(`Words: civilians “${v.words.civilian}”, undercover “${v.words.undercover}”.`);
      if (v.outcome) lines.push(v.outcome.winner === 'civilians' ? 'The civilians won.' : 'The undercover won.');
    }
  }
  return { ...summary(id, v), seats, lines };
}
