import { describe, expect, it } from 'vitest';
import { applyTableAction } from '../../src/games/engine.ts';
import { InMemoryRatingStore } from '../../src/games/ratings.ts';
import { type FinishedGame, GameService, type GameServiceDeps, type ServiceResult } from '../../src/games/service.ts';
import { InMemoryGameStore } from '../../src/games/store.ts';
import { isError } from '../../src/games/types.ts';
import { gamesOfflineRules } from '../../src/offline/games/rules.ts';
import { offlineAwareGtSeats } from '../../src/offline/index.ts';
import { OfflineModel } from '../../src/offline/model.ts';
import { RecordingModel, ScriptedModel } from '../support/games-models.ts';

const ctx = { scope: 'guild-1', channelId: 'chan-1' };
const ann = { id: 'u-ann', name: 'Ann' };
const ben = { id: 'u-ben', name: 'Ben' };

function setup(over: Partial<GameServiceDeps> = {}) {
  const store = new InMemoryGameStore();
  const ratings = new InMemoryRatingStore();
  const llm = new RecordingModel(new OfflineModel(gamesOfflineRules));
  const finished: FinishedGame[] = [];
  let seed = 100;
  const deps: GameServiceDeps = {
    store,
    ratings,
    llm,
    gtSeats: offlineAwareGtSeats,
    now: () => 1_700_000_000_000,
    seeds: () => seed++,
    onFinished: (g) => {
      finished.push(g);
    },
    ...over,
  };
  return { service: new GameService(deps), store, ratings, llm, finished, deps };
}

function ok(r: ServiceResult) {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r;
}

describe('GameService: a full Chameleon round with a person and bots', () => {
  it('lobby -> start (bots fill to 3) -> clues -> votes -> guess -> reveal, ratings and memories', async () => {
    const { service, ratings, finished, llm } = setup();
    const lobby = ok(await service.lobby(ctx, ann, { kind: 'chameleon', residents: [] }));
    expect(lobby.game.phase).toBe('lobby');
    expect(lobby.game.hostId).toBe(ann.id);
    const started = ok(await service.start(ctx, ann));
    expect(started.game.players).toHaveLength(3);
    expect(started.game.players.filter((p) => p.bot)).toHaveLength(2);
    // Speakers go in a seeded random order: the bots ahead of Ann have given their clues; now it is Ann's turn.
    expect(started.game.awaiting).toEqual([ann.id]);
    const before = started.events.filter((e) => e.type === 'clue').length;
    expect(llm.calls.filter((c) => c.task === 'game_clue')).toHaveLength(before);

    const mine = await service.showMyWord(ctx, ann);
    if (!mine.ok) throw new Error('no word');
    const isChameleon = mine.info.role === 'chameleon';
    const afterClue = ok(await service.clue(ctx, ann, 'something you might see often'));
    // Bots gave their clues and voted on their own; the game now waits for Ann's vote.
    expect(afterClue.events.filter((e) => e.type === 'clue')).toHaveLength(3 - before);
    expect(afterClue.game.phase).toBe('vote');
    expect(afterClue.game.awaiting).toEqual([ann.id]);

    let r = ok(await service.vote(ctx, ann, '2'));
    if (r.game.phase === 'guess') {
      expect(isChameleon).toBe(true);
      r = ok(await service.guess(ctx, ann, 'no idea'));
    }
    expect(r.game.phase).toBe('over');
    expect(r.reveal?.text).toMatch(/chameleon/);
    expect(await service.view(ctx, ann)).toBeNull();

    const board = await service.leaderboard(ctx.scope, 'chameleon');
    expect(board.map((e) => e.key).sort()).toEqual(['bot:vanilla:offline-rules-v1', `user:${ann.id}`].sort());
    const rows = await ratings.get(ctx.scope, 'chameleon', [`user:${ann.id}`]);
    expect(rows[0]?.games).toBe(1);
    expect(finished).toHaveLength(1);
    expect(finished[0]?.memories.map((m) => m.player).sort()).toEqual(r.game.players.map((p) => p.id).sort());
  });

  it('typed errors leave the state unchanged', async () => {
    const { service } = setup();
    expect((await service.clue(ctx, ann, 'x')) as { ok: boolean; error?: { code: string } }).toMatchObject({
      ok: false,
      error: { code: 'game/no_game' },
    });
    ok(await service.lobby(ctx, ann, { kind: 'chameleon' }));
    const again = await service.lobby(ctx, ben, { kind: 'undercover' });
    expect(again.ok ? '' : again.error.code).toBe('game/channel_busy');
    ok(await service.join(ctx, ben));
    const twice = await service.join(ctx, ben);
    expect(twice.ok ? '' : twice.error.code).toBe('game/already_joined');
    const notHost = await service.start(ctx, ben);
    expect(notHost.ok ? '' : notHost.error.code).toBe('game/not_host');
    const st = ok(await service.start(ctx, ann));
    const cluesAtStart = (await service.view(ctx, ann))?.view;
    const waiting = st.game.awaiting[0];
    const other = waiting === ann.id ? ben : ann;
    const outOfTurn = await service.clue(ctx, other, 'hello');
    expect(outOfTurn.ok ? '' : outOfTurn.error.code).toBe('game/not_your_turn');
    const early = await service.vote(ctx, ann, 'Ben');
    expect(early.ok ? '' : early.error.code).toBe('game/wrong_phase');
    const leave = await service.leave(ctx, ben);
    expect(leave.ok ? '' : leave.error.code).toBe('game/in_progress');
    const v = await service.view(ctx, ann);
    expect(v && 'clues' in v.view ? v.view.clues : null).toEqual(
      cluesAtStart && 'clues' in cluesAtStart ? cluesAtStart.clues : 'no view',
    );
  });

  it('the host leaving the lobby hands the host to the next person; a second channel is independent', async () => {
    const { service } = setup();
    ok(await service.lobby(ctx, ann, { kind: 'undercover', bots: 1 }));
    ok(await service.join(ctx, ben));
    const r = ok(await service.leave(ctx, ann));
    expect(r.game.hostId).toBe(ben.id);
    ok(await service.lobby({ ...ctx, channelId: 'chan-2' }, ann, { kind: 'chameleon' }));
    const c = ok(await service.cancel(ctx, ben));
    expect(c.game.phase).toBe('cancelled');
    // The channel is free again.
    ok(await service.lobby(ctx, ann, { kind: 'chameleon' }));
    // A button from the cancelled game's message does not act on the new game.
    const stale = await service.join({ ...ctx, gameId: c.game.id }, { id: 'u-cy', name: 'Cy' });
    expect(stale.ok ? '' : stale.error.code).toBe('game/finished');
    const word = await service.showMyWord({ ...ctx, gameId: c.game.id }, ben);
    expect(word.ok ? '' : word.error.code).toBe('game/finished');
  });
});

describe('GameService: timeouts, bots-only play and restarts', () => {
  it('a timeout passes the turn; a stale timeout is refused', async () => {
    const { service } = setup();
    ok(await service.lobby(ctx, ann, { kind: 'undercover', bots: 2 }));
    const s = ok(await service.start(ctx, ann));
    const t = ok(await service.timeout(ctx, s.game.turnSeq));
    expect(t.events[0]).toMatchObject({ type: 'timed_out', players: [ann.id] });
    const stale = await service.timeout(ctx, s.game.turnSeq);
    expect(stale.ok ? '' : stale.error.code).toBe('game/stale_timeout');
    // Undercover has 2 clue rounds: after the bots, it is Ann's turn again.
    expect(t.game.awaiting).toEqual([ann.id]);
  });

  it("a restart resumes: a new service over the same store finishes the bots' pending moves", async () => {
    const a = setup();
    ok(await a.service.lobby(ctx, ann, { kind: 'chameleon', bots: 2, botKind: 'pgm' }));
    ok(await a.service.start(ctx, ann));
    // Simulate a crash right after Ann's clue was saved, before any bot moved.
    const rec = await a.store.active(ctx.scope, ctx.channelId);
    if (!rec) throw new Error('no game');
    const r = applyTableAction(rec.data.state, { type: 'clue', player: ann.id, text: 'something you might see often' });
    if (isError(r)) throw new Error(r.error.code);
    await a.store.save({ ...rec, version: rec.version + 1, data: { ...rec.data, state: r.state } });

    const b = setup({ store: a.store, ratings: a.ratings });
    const resumed = await b.service.resume();
    expect(resumed).toHaveLength(1);
    const res = resumed[0]?.result;
    if (!res?.ok) throw new Error('resume failed');
    expect(res.game.phase).toBe('vote');
    expect(res.game.awaiting).toEqual([ann.id]);
    // PGM bot memory (the suspicion matrix) was persisted with the game.
    const saved = await a.store.active(ctx.scope, ctx.channelId);
    expect(Object.values(saved?.data.bots ?? {}).some((m) => (m as { beliefs: unknown }).beliefs !== null)).toBe(true);
  });

  it('residents play in character and get a first-person memory of the game', async () => {
    const { service, finished, llm } = setup();
    ok(
      await service.lobby(ctx, ann, {
        kind: 'undercover',
        residents: [
          { residentId: 'r-sam', persona: { name: 'Sam Moore', summary: 'a cheerful pharmacist' } },
          { residentId: 'r-eve', persona: { name: 'Eve Lin', summary: 'a quiet painter' } },
        ],
      }),
    );
    ok(await service.start(ctx, ann));
    let r = ok(await service.timeout(ctx, (await service.view(ctx, null))?.game.turnSeq ?? -1));
    r = ok(await service.timeout(ctx, r.game.turnSeq));
    r = ok(await service.timeout(ctx, r.game.turnSeq));
    expect(r.game.phase).toBe('over');
    expect(llm.calls.some((c) => c.messages[0]?.content.includes('a cheerful pharmacist'))).toBe(true);
    const mem = finished[0]?.memories.filter((m) => m.residentId) ?? [];
    expect(mem.map((m) => m.residentId).sort()).toEqual(['r-eve', 'r-sam']);
    for (const m of mem) expect(m.text).toMatch(/^I |^We /);
    expect(mem.some((m) => m.text.includes('Ann'))).toBe(true);
  });
});

describe('GameService: bot fallbacks in live games', () => {
  it('an unusable model answer is played as a legal default, counted, and reported as one readable line', async () => {
    const lines: string[] = [];
    const { service } = setup({
      llm: new ScriptedModel(() => ({ nonsense: true })),
      onBotFallback: (f) => lines.push(f.line),
    });
    ok(await service.lobby(ctx, ann, { kind: 'chameleon', bots: 2 }));
    const st = ok(await service.start(ctx, ann));
    const after = ok(await service.clue(ctx, ann, 'something you might see often'));
    // Both bots gave a clue (some before Ann's turn, in the seeded order) and voted, each a legal default.
    expect([...st.events, ...after.events].filter((e) => e.type === 'clue')).toHaveLength(3);
    expect(service.botFallbacks()).toBe(4);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^game \S+ \(chameleon, channel chan-1\): bot bot:\d played a legal default for its clue because the model's answer was unusable: game_clue: /,
    );
  });
});

describe('GameService: a fair table', () => {
  it('the clue order is a seeded shuffle: the host does not always speak first, and a seed replays it', async () => {
    const firsts: string[] = [];
    for (let seed = 1; seed <= 12; seed++) {
      const { service } = setup({ seeds: () => seed });
      ok(await service.lobby(ctx, ann, { kind: seed % 2 ? 'chameleon' : 'undercover', bots: 2 }));
      const st = ok(await service.start(ctx, ann));
      const first = st.events.find((e) => e.type === 'turn');
      firsts.push(first && 'player' in first ? first.player : 'none');
    }
    expect(firsts).toContain(ann.id);
    expect(firsts.some((p) => p.startsWith('bot:'))).toBe(true);
    // The same seed, the same order.
    const again = setup({ seeds: () => 3 });
    ok(await again.service.lobby(ctx, ann, { kind: 'chameleon', bots: 2 }));
    const st = ok(await again.service.start(ctx, ann));
    const first = st.events.find((e) => e.type === 'turn');
    expect(first && 'player' in first ? first.player : 'none').toBe(firsts[2]);
  });
});
