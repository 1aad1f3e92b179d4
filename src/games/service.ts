// GameService: pure orchestration over a GameStore, a RatingStore and a LanguageModel. One game per channel; lobby,
// join/leave, start (bots fill empty seats to the minimum), turns, explicit timeouts, bots playing on their turn,
// persisted after every move so a restart resumes, results reveal, ratings. Front ends (Discord, console) call it.
import type { LanguageModel } from '../llm/port.ts';
import { createChameleon } from './chameleon.ts';
import {
  applyTableAction,
  isGameTheory,
  type TableMove,
  type TableState,
  type TableView,
  tableAwaited,
  tableMoves,
  tableTurn,
  tableView,
} from './engine.ts';
import { createGtLobby } from './game-theory/engine.ts';
import { gtBotFor } from './game-theory/llm-bot.ts';
import { gtPrivateText } from './game-theory/render.ts';
import { nextGtBot, runGtBots } from './game-theory/run.ts';
import { type GtSetting, loadVariants } from './game-theory/settings.ts';
import type { GtScenario } from './game-theory/types.ts';
import { isTerminal, seatOf } from './lobby.ts';
import { type PlayerMemory, memoriesOf, type Reveal, revealOf } from './results.ts';
import {
  type LeaderboardEntry,
  leaderboard,
  participantsOf,
  RATING_SETTINGS,
  type RatingStore,
  updateRatings,
} from './ratings.ts';
import { nextRandom, seedState } from './rng.ts';
import { nextBot, runBots } from './runner.ts';
import { type GameRecord, type GameStore, type PersistedGame, statusOf } from './store.ts';
import {
  type AnyGameKind,
  type BotKind,
  type GameAction,
  type GameError,
  type GameEvent,
  type GameKind,
  isError,
  type Persona,
  type PlayerId,
  type Seat,
} from './types.ts';
import { createUndercover, type UndercoverVariant } from './undercover.ts';
import { dealChameleon, dealUndercover, loadPairs, loadTopics, type TopicCard, type WordPair } from './words.ts';

export const SERVICE_SETTINGS = {
  // Issue: bots fill empty seats up to the game's minimum; a lobby option may add more, up to this many.
  maxBotsAtCreation: 7,
  // Optimistic-concurrency retries when two commands race on one game.
  saveRetries: 3,
} as const;

export interface GameContext {
  /** Guild id, or 'console'. */
  scope: string;
  channelId: string;
  /**
   * Set by front ends whose controls belong to one game (a button on a lobby message): a click on a game that is
   * over is refused with 'game/finished' instead of acting on a newer game in the same channel.
   */
  gameId?: string;
}

export interface Person {
  id: PlayerId;
  name: string;
}

/** A town resident who sits at the table as a bot and plays in character. */
export interface ResidentPlayer {
  residentId: string;
  persona: Persona;
}

export interface LobbyOptions {
  kind: AnyGameKind;
  /** Bots to seat right away (more join at start if the table is below the minimum). */
  bots?: number;
  botKind?: BotKind;
  residents?: ResidentPlayer[];
  clueRounds?: number;
  variant?: UndercoverVariant;
  /** Replays a game exactly; drawn from the service's seed source when absent. */
  seed?: number;
  /** Game-theory scenarios: the setting to play (default: one of our variants, drawn with the seed). */
  setting?: GtSetting;
}

/** What front ends render after a command. */
export interface GameSnapshot {
  id: string;
  kind: AnyGameKind;
  phase: TableState['phase'];
  hostId: PlayerId | null;
  players: { id: PlayerId; name: string; bot: boolean }[];
  /** Whose clue is awaited (clue phase). */
  turn: PlayerId | null;
  /** Players the game waits for; a front end starts its timer for them and sends `timeout(turnSeq)` on expiry. */
  awaiting: PlayerId[];
  turnSeq: number;
}

export interface FinishedGame {
  id: string;
  context: GameContext;
  kind: GameKind;
  reveal: Reveal;
  /** One first-person line per player; `residentId` marks the town residents to remember it. */
  memories: PlayerMemory[];
}

export type ServiceResult =
  | { ok: true; game: GameSnapshot; events: GameEvent[]; reveal: Reveal | null }
  | { ok: false; error: GameError };

export interface PrivateInfo {
  kind: AnyGameKind;
  /** Plain sentence for an ephemeral reply ("Show my word"). */
  text: string;
  role: 'chameleon' | 'player' | null;
  topic: string | null;
  word: string | null;
}

export interface GameServiceDeps {
  store: GameStore;
  ratings: RatingStore;
  llm: LanguageModel;
  words?: { topics: TopicCard[]; pairs: WordPair[] };
  now?: () => number;
  /** Source of per-game seeds (tests pass a fixed one; the composition root may pass a clock-based one). */
  seeds?: () => number;
  newId?: () => string;
  townId?: string;
  /** Called once per finished game (the town stores `memories` for residents who played). */
  onFinished?: (game: FinishedGame) => void | Promise<void>;
  /** Streams events as bots move (a front end can announce turns before the whole bot run ends). */
  onEvents?: (context: GameContext, events: GameEvent[], game: GameSnapshot) => void | Promise<void>;
}

function fail(code: GameError['code'], message: string): ServiceResult {
  return { ok: false, error: { code, message } };
}

export class GameService {
  private readonly locks = new Map<string, Promise<unknown>>();
  private readonly words: { topics: TopicCard[]; pairs: WordPair[] } | undefined;
  private seedState: number;
  private idCounter = 0;

  constructor(private readonly deps: GameServiceDeps) {
    this.words = deps.words;
    this.seedState = seedState((deps.now ?? Date.now)());
  }

  // ---- Commands --------------------------------------------------------------------------------------------

  lobby(ctx: GameContext, host: Person, opts: LobbyOptions): Promise<ServiceResult> {
    return this.locked(ctx, async () => {
      if (await this.deps.store.active(ctx.scope, ctx.channelId))
        return fail('game/channel_busy', 'A game is already open in this channel; join it or ask the host to cancel.');
      const bots = Math.floor(opts.bots ?? 0);
      if (bots < 0 || bots > SERVICE_SETTINGS.maxBotsAtCreation)
        return fail('game/bad_option', `Bots must be between 0 and ${SERVICE_SETTINGS.maxBotsAtCreation}.`);
      const seed = opts.seed ?? this.nextSeed();
      const words = this.wordData();
      let state: TableState;
      if (opts.kind === 'cost-sharing' || opts.kind === 'prisoners-dilemma' || opts.kind === 'public-good') {
        state = createGtLobby(opts.setting ?? this.drawSetting(opts.kind, seed), seed);
      } else if (opts.kind === 'chameleon') {
        const { setup } = dealChameleon(words.topics, seedState(seed) ^ 0x9e3779b9);
        state = createChameleon({
          seed,
          setup,
          ...(opts.clueRounds ? { options: { clueRounds: opts.clueRounds } } : {}),
        });
      } else {
        const { setup } = dealUndercover(words.pairs, seedState(seed) ^ 0x9e3779b9);
        state = createUndercover({
          seed,
          setup,
          options: {
            ...(opts.variant ? { variant: opts.variant } : {}),
            ...(opts.clueRounds ? { clueRounds: opts.clueRounds } : {}),
          },
        });
      }
      const data: PersistedGame = {
        state,
        bots: {},
        options: {
          botKind: opts.botKind ?? 'vanilla',
          ...(opts.clueRounds ? { clueRounds: opts.clueRounds } : {}),
          ...(opts.variant ? { variant: opts.variant } : {}),
        },
        model: this.deps.llm.info.model,
        rated: false,
        createdAt: (this.deps.now ?? Date.now)(),
        botCounter: 0,
      };
      const events: GameEvent[] = [];
      const join = (seat: Seat): GameError | null => {
        const r = applyTableAction(data.state, { type: 'join', seat });
        if (isError(r)) return r.error;
        data.state = r.state;
        events.push(...r.events);
        return null;
      };
      const err = join({ id: host.id, name: host.name });
      if (err) return { ok: false, error: err };
      for (const res of opts.residents ?? []) {
        if (join(this.botSeat(data, { residentId: res.residentId, persona: res.persona }))) break;
      }
      for (let i = 0; i < bots; i++) if (join(this.botSeat(data))) break;
      const record: GameRecord = {
        id: this.deps.newId?.() ?? this.makeId(),
        scope: ctx.scope,
        channelId: ctx.channelId,
        kind: opts.kind,
        status: statusOf(data.state),
        version: 0,
        data,
      };
      await this.deps.store.insert(record);
      return this.ok(record, events);
    });
  }

  join(ctx: GameContext, person: Person): Promise<ServiceResult> {
    return this.act(ctx, { type: 'join', seat: { id: person.id, name: person.name } });
  }

  leave(ctx: GameContext, person: Person): Promise<ServiceResult> {
    return this.act(ctx, { type: 'leave', player: person.id });
  }

  start(ctx: GameContext, person: Person): Promise<ServiceResult> {
    return this.locked(ctx, async () => {
      const rec = await this.load(ctx);
      if ('ok' in rec) return rec;
      const s = rec.data.state;
      if (s.phase !== 'lobby') return fail('game/already_started', 'The game has already started.');
      if (s.hostId !== person.id) return fail('game/not_host', 'Only the host can start the game.');
      // Bots fill empty seats up to the minimum.
      const events: GameEvent[] = [];
      const data: PersistedGame = { ...rec.data };
      while (data.state.players.length < data.state.minPlayers) {
        const r = applyTableAction(data.state, { type: 'join', seat: this.botSeat(data) });
        if (isError(r)) return { ok: false, error: r.error };
        data.state = r.state;
        events.push(...r.events);
      }
      return this.applyAndRun({ ...rec, data }, { type: 'start', player: person.id }, events);
    });
  }

  clue(ctx: GameContext, person: Person, text: string): Promise<ServiceResult> {
    return this.act(ctx, { type: 'clue', player: person.id, text });
  }

  /** Who plays the bot seats of a game-theory table: the model, or the labelled offline stand-in. */
  gtBotLabel(): string {
    return gtBotFor(this.deps.llm).label;
  }

  /** Cost Sharing: a split in percent per airline, in seat order. */
  propose(ctx: GameContext, person: Person, shares: number[]): Promise<ServiceResult> {
    return this.act(ctx, { type: 'propose', player: person.id, shares });
  }

  /** Prisoner's Dilemma: this round's secret choice. */
  choose(ctx: GameContext, person: Person, choice: 'cooperate' | 'defect'): Promise<ServiceResult> {
    return this.act(ctx, { type: 'choose', player: person.id, choice });
  }

  /** Public Good: this round's secret contribution. */
  contribute(ctx: GameContext, person: Person, amount: number): Promise<ServiceResult> {
    return this.act(ctx, { type: 'contribute', player: person.id, amount });
  }

  /** `target` may be a player id, a name (any case) or a 1-based seat number. */
  vote(ctx: GameContext, person: Person, target: string): Promise<ServiceResult> {
    return this.locked(ctx, async () => {
      const rec = await this.load(ctx);
      if ('ok' in rec) return rec;
      const id = resolvePlayer(rec.data.state, target);
      if (!id) return fail('game/vote_unknown', `There is no player "${target}" in this game.`);
      return this.applyAndRun(rec, { type: 'vote', player: person.id, target: id });
    });
  }

  guess(ctx: GameContext, person: Person, word: string): Promise<ServiceResult> {
    return this.act(ctx, { type: 'guess', player: person.id, word });
  }

  cancel(ctx: GameContext, person: Person, opts: { admin?: boolean } = {}): Promise<ServiceResult> {
    return this.act(ctx, { type: 'cancel', player: person.id, ...(opts.admin ? { admin: true } : {}) });
  }

  /** The front end's timer ran out for the turn numbered `turnSeq` (from the snapshot it started the timer for). */
  timeout(ctx: GameContext, turnSeq: number): Promise<ServiceResult> {
    return this.act(ctx, { type: 'timeout', turnSeq });
  }

  /** Private information for one player ("Show my word"), never shown to the channel. */
  async showMyWord(
    ctx: GameContext,
    person: Person,
  ): Promise<{ ok: true; info: PrivateInfo } | { ok: false; error: GameError }> {
    const rec = await this.load(ctx);
    if ('ok' in rec) return rec;
    const s = rec.data.state;
    if (!seatOf(s, person.id))
      return { ok: false, error: { code: 'game/not_a_player', message: 'You are not in this game.' } };
    if (s.phase === 'lobby')
      return { ok: false, error: { code: 'game/not_started', message: 'The game has not started yet.' } };
    const v = tableView(s, person.id);
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

  /** A player's (or a spectator's, person = null) view of the channel's game. */
  async view(ctx: GameContext, person: Person | null): Promise<{ view: TableView; game: GameSnapshot } | null> {
    const rec = await this.deps.store.active(ctx.scope, ctx.channelId);
    if (!rec) return null;
    return { view: tableView(rec.data.state, person?.id ?? null), game: snapshot(rec) };
  }

  /** Legal moves for a person (front ends enable buttons from it). */
  async moves(ctx: GameContext, person: Person): Promise<TableMove[]> {
    const rec = await this.deps.store.active(ctx.scope, ctx.channelId);
    return rec ? tableMoves(rec.data.state, person.id) : [];
  }

  async leaderboard(
    scope: string,
    kind: GameKind,
    limit: number = RATING_SETTINGS.leaderboardSize,
  ): Promise<LeaderboardEntry[]> {
    return leaderboard(await this.deps.ratings.top(scope, kind, limit), limit);
  }

  /** After a restart: lets bots finish any move they owed. Returns what happened per channel. */
  async resume(): Promise<{ context: GameContext; result: ServiceResult }[]> {
    const out: { context: GameContext; result: ServiceResult }[] = [];
    for (const rec of await this.deps.store.listActive()) {
      const ctx = { scope: rec.scope, channelId: rec.channelId };
      const result = await this.locked(ctx, async () => {
        const cur = await this.deps.store.get(rec.id);
        if (!cur) return this.noGame();
        return this.runAndSave(cur, []);
      });
      out.push({ context: ctx, result });
    }
    return out;
  }

  // ---- Internals -------------------------------------------------------------------------------------------

  private act(ctx: GameContext, action: GameAction): Promise<ServiceResult> {
    return this.locked(ctx, async () => {
      const rec = await this.load(ctx);
      if ('ok' in rec) return rec;
      return this.applyAndRun(rec, action);
    });
  }

  /** The game a command is about: the channel's open game, or the one a front-end control names. */
  private async load(ctx: GameContext): Promise<GameRecord | Extract<ServiceResult, { ok: false }>> {
    if (ctx.gameId) {
      const rec = await this.deps.store.get(ctx.gameId);
      if (!rec || rec.scope !== ctx.scope || rec.channelId !== ctx.channelId)
        return { ok: false, error: { code: 'game/no_game', message: 'That game does not exist here.' } };
      if (rec.status === 'over' || rec.status === 'cancelled')
        return { ok: false, error: { code: 'game/finished', message: 'That game is over; start a new one.' } };
      return rec;
    }
    const rec = await this.deps.store.active(ctx.scope, ctx.channelId);
    return rec ?? (this.noGame() as Extract<ServiceResult, { ok: false }>);
  }

  private async applyAndRun(rec: GameRecord, action: GameAction, pre: GameEvent[] = []): Promise<ServiceResult> {
    const r = applyTableAction(rec.data.state, action);
    if (isError(r)) return { ok: false, error: r.error };
    const saved = await this.save(rec, { ...rec.data, state: r.state });
    if (!saved) return fail('game/conflict', 'Someone else moved at the same time; try again.');
    const events = [...pre, ...r.events];
    await this.deps.onEvents?.({ scope: rec.scope, channelId: rec.channelId }, events, snapshot(saved));
    return this.runAndSave(saved, events);
  }

  /** Runs bots until a person is awaited or the game ends, saving after every bot move; then finishes up. */
  private async runAndSave(rec: GameRecord, events: GameEvent[]): Promise<ServiceResult> {
    let cur = rec;
    const all = [...events];
    const gt = cur.data.state;
    if (isGameTheory(gt) && nextGtBot(gt)) {
      const ctx = { scope: rec.scope, channelId: rec.channelId };
      const bot = gtBotFor(this.deps.llm, {
        kind: cur.data.options.botKind,
        ...(this.deps.townId ? { townId: this.deps.townId } : {}),
      });
      await runGtBots(gt, {
        botFor: () => bot,
        onStep: async (state, stepEvents) => {
          const next = await this.save(cur, { ...cur.data, state });
          if (!next) throw new Error(`game ${cur.id}: concurrent write during a bot move`);
          cur = next;
          all.push(...stepEvents);
          await this.deps.onEvents?.(ctx, stepEvents, snapshot(cur));
        },
      });
    }
    const table = cur.data.state;
    if (!isGameTheory(table) && nextBot(table)) {
      const ctx = { scope: rec.scope, channelId: rec.channelId };
      await runBots(table, {
        llmFor: () => this.deps.llm,
        memory: cur.data.bots,
        ...(this.deps.townId ? { townId: this.deps.townId } : {}),
        onStep: async (state, stepEvents, step) => {
          const next = await this.save(cur, {
            ...cur.data,
            state,
            bots: { ...cur.data.bots, [step.player]: step.decision.memory },
          });
          if (!next) throw new Error(`game ${cur.id}: concurrent write during a bot move`);
          cur = next;
          all.push(...stepEvents);
          await this.deps.onEvents?.(ctx, stepEvents, snapshot(cur));
        },
      });
    }
    if (cur.data.state.phase === 'over' && !cur.data.rated) cur = await this.finish(cur);
    return this.ok(cur, all);
  }

  private async finish(rec: GameRecord): Promise<GameRecord> {
    const state = rec.data.state;
    // Game-theory tables are not rated and leave no memories (their results are the events' scores).
    if (isGameTheory(state)) return (await this.save(rec, { ...rec.data, rated: true })) ?? rec;
    const p = participantsOf(state, rec.data.model);
    if (p) {
      const keys = [...new Set(p.participants.map((x) => x.key))];
      const prev = await this.deps.ratings.get(rec.scope, state.kind, keys);
      await this.deps.ratings.put(updateRatings(rec.scope, state.kind, prev, p.participants, p.oddWon));
    }
    const saved = (await this.save(rec, { ...rec.data, rated: true })) ?? rec;
    const reveal = revealOf(state);
    if (reveal && this.deps.onFinished) {
      await this.deps.onFinished({
        id: rec.id,
        context: { scope: rec.scope, channelId: rec.channelId },
        kind: state.kind,
        reveal,
        memories: memoriesOf(state),
      });
    }
    return saved;
  }

  private async save(rec: GameRecord, data: PersistedGame): Promise<GameRecord | null> {
    const next: GameRecord = { ...rec, data, status: statusOf(data.state), version: rec.version + 1 };
    return (await this.deps.store.save(next)) ? next : null;
  }

  private ok(rec: GameRecord, events: GameEvent[]): ServiceResult {
    const s = rec.data.state;
    return {
      ok: true,
      game: snapshot(rec),
      events,
      reveal: !isGameTheory(s) && isTerminal(s.phase) ? revealOf(s) : null,
    };
  }

  private noGame(): ServiceResult {
    return fail(
      'game/no_game',
      'There is no game in this channel. Start one with /game chameleon, undercover, cost-sharing, prisoners-dilemma or public-good.',
    );
  }

  private botSeat(data: PersistedGame, resident?: ResidentPlayer): Seat {
    data.botCounter += 1;
    const n = data.botCounter;
    const kind = data.options.botKind;
    if (resident)
      return {
        id: `bot:${n}`,
        name: resident.persona.name,
        bot: { kind, persona: resident.persona, residentId: resident.residentId },
      };
    return { id: `bot:${n}`, name: `Bot ${n}`, bot: { kind } };
  }

  /** One of our variants for a live table (the challenger seat does not matter outside the bench). */
  private drawSetting(kind: GtScenario, seed: number): GtSetting {
    const all = loadVariants(kind).filter((v) => v.challengerSeat === 0);
    return all[seedState(seed) % all.length] as GtSetting;
  }

  private wordData(): { topics: TopicCard[]; pairs: WordPair[] } {
    return this.words ?? { topics: loadTopics(), pairs: loadPairs() };
  }

  private nextSeed(): number {
    if (this.deps.seeds) return this.deps.seeds();
    const [r, s] = nextRandom(this.seedState);
    this.seedState = s;
    return Math.floor(r * 2 ** 31);
  }

  private makeId(): string {
    this.idCounter += 1;
    return `g${(this.deps.now ?? Date.now)().toString(36)}-${this.nextSeed().toString(36)}-${this.idCounter}`;
  }

  /** One command at a time per channel (single writer); the store's version guards across processes. */
  private locked<T>(ctx: GameContext, fn: () => Promise<T>): Promise<T> {
    const key = `${ctx.scope}\u0000${ctx.channelId}`;
    const prev = this.locks.get(key) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    const tail = run.catch(() => undefined);
    this.locks.set(key, tail);
    void tail.then(() => {
      if (this.locks.get(key) === tail) this.locks.delete(key);
    });
    return run;
  }
}

export function snapshot(rec: GameRecord): GameSnapshot {
  const s = rec.data.state;
  return {
    id: rec.id,
    kind: rec.kind,
    phase: s.phase,
    hostId: s.hostId,
    players: s.players.map((p) => ({ id: p.id, name: p.name, bot: p.bot !== undefined })),
    turn: tableTurn(s),
    awaiting: tableAwaited(s),
    turnSeq: s.turnSeq,
  };
}

/** Finds a player by id, by name (case- and space-insensitive) or by 1-based seat number. */
export function resolvePlayer(state: TableState, target: string): PlayerId | null {
  const t = target.trim().replace(/^@/, '');
  if (seatOf(state, t)) return t;
  const norm = (x: string) => x.toLowerCase().replace(/\s+/g, '');
  const byName = state.players.find((p) => norm(p.name) === norm(t));
  if (byName) return byName.id;
  if (/^\d+$/.test(t)) return state.players[Number(t) - 1]?.id ?? null;
  return null;
}
