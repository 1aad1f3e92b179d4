// TownService operations for people and admins, persistence discipline (one writer, all-or-nothing), scheduling.
import { describe, expect, it } from 'vitest';
import { TownScheduler } from '../../src/town/scheduler.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { type ScriptOptions, scriptedKit } from '../support/town-scripted-mind.ts';

const sam = { id: 'u1', displayName: 'samuel_99' };

async function town(opts: ScriptOptions = {}, wallNow?: () => number) {
  const store = new InMemoryTownStore();
  const { kit, calls } = scriptedKit(opts);
  const deps = { store, kit: () => kit, owner: 'w1', ...(wallNow ? { wallNow } : {}) };
  const service = await TownService.create(deps, { id: 't', scope: 'console', file: tinyTown(), seed: 1 });
  return { service, calls, store, deps };
}

describe('people in the town', () => {
  it('GIVEN a persona WHEN the person speaks at the cafe naming Ann THEN everyone present hears it, Ann answers at once', async () => {
    const { service, calls } = await town();
    await service.setPersona(sam, 'Sam', 'a reporter for the local paper');
    expect(await service.persona(sam)).toEqual({
      userId: 'u1',
      name: 'Sam',
      description: 'a reporter for the local paper',
    });
    const r = await service.say('#cafe', sam, 'Ann, who is running for mayor?');
    expect(r.speaker).toBe('Sam');
    expect(r.heard.sort()).toEqual(['Ann Lee', 'Bo Park']);
    expect(r.replies).toEqual([
      { residentId: 'ann-lee', name: 'Ann Lee', emoji: '🙂', text: 'Hello Sam, I am Ann Lee.' },
    ]);
    expect(calls.hear.map((h) => [h.id, h.addressed, h.speaker])).toEqual([
      ['ann-lee', true, 'Sam'],
      ['bo-park', false, 'Sam'],
    ]);
    // The reply is in the outbox; Bo hears Ann's answer at the next tick.
    // The person's own line is kept too (the web view's feed; Discord and the console do not post it again).
    expect((await service.outbox.pendingPosts()).map((p) => [p.kind, p.speakerName, p.text])).toEqual([
      ['said', 'Sam', 'Ann, who is running for mayor?'],
      ['reply', 'Ann Lee', 'Hello Sam, I am Ann Lee.'],
    ]);
    await service.tick();
    const boSaw = calls.perceive
      .flatMap((p) => p.items)
      .filter((i) => i.id === 'bo-park')
      .flatMap((i) => i.perceived);
    expect(boSaw.map((p) => p.description)).toContain('Ann Lee said to Sam: "Hello Sam, I am Ann Lee."');
  });

  it('without a persona a person is their display name, a visitor; a persona cannot take a resident name', async () => {
    const { service, calls } = await town();
    await service.say('cafe', sam, 'hello Bo');
    expect(calls.hear[0]?.speaker).toBe('samuel_99');
    await expect(service.setPersona(sam, 'Ann Lee', 'me')).rejects.toMatchObject({ code: 'town/persona_taken' });
    await expect(service.setPersona(sam, '   ', 'x')).rejects.toMatchObject({ code: 'town/persona_name' });
    await service.setPersona(sam, 'Sam', '');
    expect(await service.clearPersona(sam)).toBe(true);
    expect(await service.persona(sam)).toBeNull();
  });

  it('nobody present: nobody hears', async () => {
    const { service } = await town();
    const r = await service.say('park', sam, 'anyone here?');
    expect(r.heard).toEqual([]);
    expect(r.replies).toEqual([]);
  });

  it.each([
    ['empty', '   ', 'town/empty_message'],
    ['10,000 characters', 'x'.repeat(10_000), 'town/message_too_long'],
  ])('GIVEN an %s message WHEN said THEN a clear UserError and nothing is stored', async (_n, text, code) => {
    const { service, store, calls } = await town();
    const before = await store.loadMemories('t');
    await expect(service.say('cafe', sam, text)).rejects.toMatchObject({ code });
    await expect(service.whisper('Ann', sam, text)).rejects.toMatchObject({ code });
    await expect(service.interview('Ann', sam, text)).rejects.toMatchObject({ code });
    expect(calls.hear).toHaveLength(0);
    expect(await store.loadMemories('t')).toEqual(before);
    expect((await store.load('t'))?.version).toBe(1);
  });

  it('unknown resident or location: the message lists the valid names', async () => {
    const { service } = await town();
    await expect(service.say('moon', sam, 'hi')).rejects.toThrow(/No place called "moon"\. Places: Cafe \(#cafe\)/);
    await expect(service.whisper('Zed', sam, 'hi')).rejects.toThrow(
      /No resident called "Zed"\. Residents: Ann Lee, Bo Park, Cy Ray/,
    );
    await expect(service.residentInfo('Zed')).rejects.toMatchObject({ code: 'town/unknown_resident' });
  });

  it('whisper is the inner voice; an interview is remembered with the persona as asker', async () => {
    const { service, calls, store } = await town();
    await service.setPersona(sam, 'Sam', 'a reporter');
    expect(await service.whisper('ann', sam, 'You will run for mayor')).toEqual({ resident: 'Ann Lee' });
    expect(calls.innerVoice).toEqual([{ id: 'ann-lee', text: 'You will run for mayor' }]);
    const r = await service.interview('Bo Park', sam, 'What do you do?');
    expect(r).toEqual({ resident: 'Bo Park', answer: 'Bo Park answers: What do you do?' });
    const mems = await store.loadMemories('t');
    expect(mems.some((m) => m.kind === 'inner_voice' && m.agentId === 'ann-lee')).toBe(true);
    expect(mems.some((m) => m.kind === 'interview' && m.description === 'Sam asked me: What do you do?')).toBe(true);
  });

  it('GIVEN the mind fails half-way through an operation WHEN it throws THEN the town reloads the last commit', async () => {
    const { service, store } = await town({ failing: { hear: true } });
    const v = (await store.load('t'))?.version;
    await expect(service.say('cafe', sam, 'Ann?')).rejects.toThrow('scripted hear failure');
    expect((await store.load('t'))?.version).toBe(v);
    expect(service.snapshot().events).toEqual([]);
  });
});

describe('reading', () => {
  it('lists residents, info, map, relationships and memories with scores', async () => {
    const { service } = await town({ planLines: () => ['8:00 coffee'] });
    await service.tick();
    expect(service.residents().map((r) => `${r.name}@${r.location.id}:${r.doing}`)).toEqual([
      'Ann Lee@cafe:resting',
      'Bo Park@cafe:resting',
      'Cy Ray@house:resting',
    ]);
    const info = await service.residentInfo('Cy');
    expect(info).toMatchObject({
      name: 'Cy Ray',
      bio: 'Cy Ray is 30.',
      plan: ['8:00 coffee'],
      home: { id: 'house', name: 'House' },
    });
    expect(info.knownPlaces).toEqual(['Cafe', 'Shop', 'Park', 'Hill', 'House']);
    expect(info.memoryCounts.seed).toBe(2);
    const map = service.map();
    expect(map.locations.find((l) => l.id === 'cafe')?.residents.map((r) => r.name)).toEqual(['Ann Lee', 'Bo Park']);
    expect(map.locations.find((l) => l.id === 'shop')?.open).toBe(false);
    await service.remember('Ann', 'Ann Lee chatted with Bo Park about tea', 'dialogue');
    const g = service.relationships();
    expect(g.edges.find((e) => e.a === 'ann-lee' && e.b === 'bo-park')).toMatchObject({ aToB: 1, bToA: 0, weight: 1 });
    const hits = await service.memories('Ann', 'tea');
    expect(hits[0]).toMatchObject({ kind: 'seed', description: 'Ann Lee likes tea', score: 1 });
  });
});

describe('one writer per town', () => {
  it('GIVEN two processes on one store WHEN both try to tick THEN only the lease holder advances the town', async () => {
    const { service, store, deps } = await town();
    await service.tick();
    const other = await TownService.load({ ...deps, owner: 'w2' }, 't');
    if (!other) throw new Error('expected the town');
    await expect(other.tick()).rejects.toMatchObject({ code: 'town/leased' });
    expect((await store.load('t'))?.state.clock.tick).toBe(1);
    await service.close();
    await other.tick();
    expect((await store.load('t'))?.state.clock.tick).toBe(2);
  });

  it('GIVEN a stale copy WHEN it takes the lease THEN it reloads first; a copy that kept the lease is refused and reloads', async () => {
    const { service, deps } = await town();
    const copy = await TownService.load(deps, 't');
    if (!copy) throw new Error('expected the town');
    await service.tick();
    // The copy never held the lease: taking it, it reloads the newer state before ticking.
    await copy.tick();
    expect(copy.status().tick).toBe(2);
    // The first one still believes it holds the lease (same owner): its save is refused, then it reloads.
    await expect(service.tick()).rejects.toThrow(/version/);
    expect(service.status().tick).toBe(2);
    await service.tick();
    expect(service.status().tick).toBe(3);
  });
});

describe('clock and scheduler', () => {
  it('pause, speed (fractions accumulate), step while paused', async () => {
    const { service } = await town();
    const sch = new TownScheduler(service);
    await service.setSpeed(0.5);
    await sch.run();
    expect(service.status().tick).toBe(0);
    await sch.run();
    expect(service.status().tick).toBe(1);
    await service.setSpeed(3);
    await sch.run();
    expect(service.status().tick).toBe(4);
    await service.pause();
    await sch.run();
    expect(service.status().tick).toBe(4);
    await service.step(2);
    expect(service.status()).toMatchObject({ tick: 6, paused: true, time: 'Monday, January 1, 2024, 9:00 am' });
    await expect(service.setSpeed(0)).rejects.toMatchObject({ code: 'town/speed' });
    await expect(service.step(0)).rejects.toMatchObject({ code: 'town/step' });
  });

  it.each([
    ['resume', 1, 0],
    ['skip', 7, 1],
    ['replay', 7, 0],
  ] as const)(
    'after an hour of downtime the %s policy moves the town to tick %i (without replaying hours)',
    async (mode, tick, systemPosts) => {
      let wall = 1_000_000;
      const { service } = await town({}, () => wall);
      await service.tick();
      const file = service.snapshot();
      expect(file.clock.lastTickWall).toBe(1_000_000);
      // Change the policy through a commit-free path: settings are part of the snapshot.
      service.session.world.state.settings.catchUp = mode;
      wall += 60 * 60_000;
      const r = await service.catchUp(60_000);
      expect(r.missed).toBe(59);
      expect(service.status().tick).toBe(tick);
      const sys = (await service.outbox.pendingPosts(1000)).filter((p) => p.kind === 'system');
      expect(sys).toHaveLength(systemPosts);
    },
  );
});

describe('snapshots from older versions', () => {
  it('GIVEN a stored snapshot missing newer settings and stats WHEN loaded THEN defaults fill them in', async () => {
    const { store, deps } = await town();
    const rec = await store.load('t');
    if (!rec) throw new Error('expected the town');
    const old = structuredClone(rec.state) as unknown as {
      settings: Record<string, unknown>;
      stats: Record<string, unknown>;
    };
    delete old.settings.dailyTokenBudget;
    delete old.settings.bystanderLines;
    delete old.stats.conversationsByResident;
    await store.commit({
      townId: 't',
      expectedVersion: rec.version,
      state: old as never,
      memories: { added: [], touched: [] },
      posts: [],
      owner: 'w1',
    });
    const svc = await TownService.load(deps, 't');
    expect(svc?.settings()).toMatchObject({ dailyTokenBudget: null, bystanderLines: 2 });
    await svc?.tick();
    expect(svc?.status().stats.conversationsByResident).toEqual({});
  });
});
