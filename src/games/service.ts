// GameService: pure orchestration over a GameStore, a RatingStore and a LanguageModel. One game per channel; lobby,
// join/leave, start (bots fill empty seats to the minimum), turns, explicit timeouts, bots playing on their turn,
// persisted after every move so a restart resumes, results reveal, ratings. Front ends (Discord, console) call it.

import { ChannelLocks } from './channel-locks.ts';
import { applyTableAction, type TableMove, type TableState, type TableView, tableMoves, tableView } from './engine.ts';
import { isTerminal } from './lobby.ts';
import { botSeat, newTableState } from './new-table.ts';
import { privateInfo } from './private-info.ts';
import { rateFinishedGame } from './rate-game.ts';
import { type LeaderboardEntry, leaderboard, RATING_SETTINGS } from './ratings.ts';
import { nextRandom, seedState } from './rng.ts';
import { isGameKind, moduleOf } from './scenarios/registry.ts';
import type { TopicCard, WordPair } from './scenarios/social-deduction/words.ts';
import { unknownSeatMessage } from './seats.ts';
import {
  fallbackLine,
  type GameContext,
  type GameServiceDeps,
  type GameSnapshot,
  type LobbyOptions,
  noGameMessage,
  type Person,
  type PrivateInfo,
  resolvePlayer,
  type ServiceResult,
  snapshot,
} from './service-types.ts';
import { type GameRecord, type PersistedGame, statusOf } from './store.ts';
import {
  type AnyGameKind,
  type GameAction,
  type GameError,
  type GameEvent,
  isError,
  type PlayerId,
  type Seat,
} from './types.ts';

export * from './service-types.ts';

export const SERVICE_SETTINGS = {
  // Issue: bots fill empty seats up to the game's minimum; a lobby option may add more, up to this many.
  maxBotsAtCreation: 7,
  // Optimistic-concurrency retries when two commands race on one game.
  saveRetries: 3,
} as const;

function fail(code: GameError['code'], message: string): ServiceResult {
  return { ok: false, error: { code, message } };
}

export class GameService {
  private readonly locks = new ChannelLocks();
  private readonly words: { topics: TopicCard[]; pairs: WordPair[] } | undefined;
  private seedState: number;
  private idCounter = 0;
  private fallbacks = 0;

  constructor(private readonly deps: GameServiceDeps) {
    this.words = deps.words;
    this.seedState = seedState((deps.now ?? Date.now)());
  }

  /** Bot moves played as a legal default since this service started (an unusable model answer each). */
  botFallbacks(): number {
    return this.fallbacks;
  }

  private reportFallback(rec: GameRecord, player: PlayerId, task: string, reason: string): void {
    this.fallbacks++;
    const f = { gameId: rec.id, kind: rec.data.state.kind, channelId: rec.channelId, player, task, reason };
    this.deps.onBotFallback?.({ ...f, line: fallbackLine(f) });
  }

  // ---- Commands --------------------------------------------------------------------------------------------

  lobby(ctx: GameContext, host: Person, opts: LobbyOptions): Promise<ServiceResult> {
    return this.locks.run(ctx, async () => {
      if (!isGameKind(opts.kind))
        return fail(
          'game/bad_option',
          `There is no game "${opts.kind}" here. ${noGameMessage().replace(/^[^.]*\. /, '')}`,
        );
      if (await this.active(ctx))
        return fail('game/channel_busy', 'A game is already open in this channel; join it or ask the host to cancel.');
      const bots = Math.floor(opts.bots ?? 0);
      if (bots < 0 || bots > SERVICE_SETTINGS.maxBotsAtCreation)
        return fail('game/bad_option', `Bots must be between 0 and ${SERVICE_SETTINGS.maxBotsAtCreation}.`);
      const seed = opts.seed ?? this.nextSeed();
      const state = newTableState(opts, seed, this.words);
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
        if (join(botSeat(data, { residentId: res.residentId, persona: res.persona }))) break;
      }
      for (let i = 0; i < bots; i++) if (join(botSeat(data))) break;
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
    return this.locks.run(ctx, async () => {
      const rec = await this.load(ctx);
      if ('ok' in rec) return rec;
      const s = rec.data.state;
      if (s.phase !== 'lobby') return fail('game/already_started', 'The game has already started.');
      if (s.hostId !== person.id) return fail('game/not_host', 'Only the host can start the game.');
      // Bots fill empty seats up to the minimum.
      const events: GameEvent[] = [];
      const data: PersistedGame = { ...rec.data };
      while (data.state.players.length < data.state.minPlayers) {
        const r = applyTableAction(data.state, { type: 'join', seat: botSeat(data) });
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
    return this.deps.gtSeats(this.deps.llm).label;
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
    return this.locks.run(ctx, async () => {
      const rec = await this.load(ctx);
      if ('ok' in rec) return rec;
      const id = resolvePlayer(rec.data.state, target);
      if (!id) return fail('game/vote_unknown', unknownSeatMessage(rec.data.state.players, target));
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
    return privateInfo(rec.data.state, person.id);
  }

  /** A player's (or a spectator's, person = null) view of the channel's game. */
  async view(ctx: GameContext, person: Person | null): Promise<{ view: TableView; game: GameSnapshot } | null> {
    const rec = await this.active(ctx);
    if (!rec) return null;
    return { view: tableView(rec.data.state, person?.id ?? null), game: snapshot(rec) };
  }

  /** Legal moves for a person (front ends enable buttons from it). */
  async moves(ctx: GameContext, person: Person): Promise<TableMove[]> {
    const rec = await this.active(ctx);
    return rec ? tableMoves(rec.data.state, person.id) : [];
  }

  async leaderboard(
    scope: string,
    kind: AnyGameKind,
    limit: number = RATING_SETTINGS.leaderboardSize,
  ): Promise<LeaderboardEntry[]> {
    return leaderboard(await this.deps.ratings.top(scope, kind, limit), limit);
  }

  /** After a restart: lets bots finish any move they owed. Returns what happened per channel. */
  async resume(): Promise<{ context: GameContext; result: ServiceResult }[]> {
    const out: { context: GameContext; result: ServiceResult }[] = [];
    for (const rec of await this.deps.store.listActive()) {
      const ctx = { scope: rec.scope, channelId: rec.channelId };
      const result = await this.locks.run(ctx, async () => {
        const cur = await this.deps.store.get(rec.id);
        if (!cur) return this.noGame();
        if (!isGameKind(cur.data.state.kind)) {
          await this.retire(cur);
          return fail('game/no_game', `A ${cur.data.state.kind} table was closed: this build has no such game.`);
        }
        return this.runAndSave(cur, []);
      });
      out.push({ context: ctx, result });
    }
    return out;
  }

  // ---- Internals -------------------------------------------------------------------------------------------

  private act(ctx: GameContext, action: GameAction): Promise<ServiceResult> {
    return this.locks.run(ctx, async () => {
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
    const rec = await this.active(ctx);
    return rec ?? (this.noGame() as Extract<ServiceResult, { ok: false }>);
  }

  /**
   * The channel's open game. One of a kind this build has no module for (a game removed from the registry, a record
   * from a newer build) cannot be played or shown: it is closed as cancelled, so the channel is free again.
   */
  private async active(ctx: GameContext): Promise<GameRecord | null> {
    const rec = await this.deps.store.active(ctx.scope, ctx.channelId);
    if (!rec || isGameKind(rec.data.state.kind)) return rec;
    await this.retire(rec);
    return null;
  }

  private async retire(rec: GameRecord): Promise<void> {
    const state = { ...rec.data.state, phase: 'cancelled' as const };
    await this.deps.store.save({ ...rec, status: 'cancelled', version: rec.version + 1, data: { ...rec.data, state } });
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
    const module = moduleOf(cur.data.state);
    const ctx = { scope: rec.scope, channelId: rec.channelId };
    await module.playBots(cur.data.state, {
      llm: this.deps.llm,
      gtSeats: this.deps.gtSeats,
      botKind: cur.data.options.botKind,
      gameId: cur.id,
      ...(this.deps.townId ? { townId: this.deps.townId } : {}),
      memory: cur.data.bots,
      onFallback: (player, task, reason) => this.reportFallback(cur, player, task, reason),
      onStep: async (state, stepEvents, player, memory) => {
        const next = await this.save(cur, {
          ...cur.data,
          state: state as TableState,
          ...(memory === undefined ? {} : { bots: { ...cur.data.bots, [player]: memory } }),
        });
        if (!next) throw new Error(`game ${cur.id}: concurrent write during a bot move`);
        cur = next;
        all.push(...stepEvents);
        await this.deps.onEvents?.(ctx, stepEvents, snapshot(cur));
      },
    });
    if (cur.data.state.phase === 'over' && !cur.data.rated) cur = await this.finish(cur);
    return this.ok(cur, all);
  }

  private async finish(rec: GameRecord): Promise<GameRecord> {
    const state = rec.data.state;
    await rateFinishedGame(this.deps.ratings, rec);
    const saved = (await this.save(rec, { ...rec.data, rated: true })) ?? rec;
    const module = moduleOf(state);
    const reveal = module.reveal(state);
    if (reveal && this.deps.onFinished) {
      await this.deps.onFinished({
        id: rec.id,
        context: { scope: rec.scope, channelId: rec.channelId },
        kind: state.kind,
        reveal,
        memories: module.memories(state),
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
      reveal: isTerminal(s.phase) ? moduleOf(s).reveal(s) : null,
    };
  }

  private noGame(): ServiceResult {
    return fail('game/no_game', noGameMessage());
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
}
