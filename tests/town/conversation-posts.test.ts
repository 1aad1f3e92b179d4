// A conversation's lines carry its id into the outbox (issue 28, Discord threads): the dialogue posts of a talk
// carried on in a later tick (someone walked up and joined) keep the id of the town's conversation record, so
// delivery keeps the talk in one thread. Marta's party (tests/scenarios/brackwater.ts) on the realistic-model profile
// (the offline stand-in's guests start new talks rather than walk up to one under way).
import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../../src/llm/index.ts';
import { agentKit } from '../../src/town/agent-kit.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { brackwaterParty } from '../scenarios/brackwater.ts';
import { agentModelProfiles } from '../support/model-profiles.ts';

const PROFILES = agentModelProfiles(28);

describe('conversation ids on outbox posts', () => {
  it('tags every dialogue line with its conversation record’s id, the same across the ticks a talk is carried on', async () => {
    // A talk cut at its turn cap is carried on when someone walks up; whether an evening has one depends on the
    // model's draws (issue 33: talks their speakers ended are never carried on), so the party runs with up to three
    // town seeds, each until 23:50 (one day's records), and is checked on the first whose evening carries one on.
    const carriedOn = async (service: TownService) => {
      const d = (await service.outbox.postsAfter(-1, 100_000)).filter((p) => p.kind === 'dialogue');
      const at = new Map<string, Set<number>>();
      for (const p of d) at.set(p.conversationId!, (at.get(p.conversationId!) ?? new Set()).add(p.simTime));
      return [...at.values()].some((t) => t.size > 1);
    };
    let service: TownService | undefined;
    for (const seed of [9, 1, 2]) {
      const llm = PROFILES.realistic();
      service = await TownService.create(
        {
          store: new InMemoryTownStore(),
          kit: (townId, settings) =>
            agentKit({ llm, embedder: new LexicalEmbedder({ dimensions: 128 }), settings, townId }),
          owner: 'test',
        },
        { id: `party-ids-${seed}`, scope: 'console', file: brackwaterParty(), seed },
      );
      await service.step(12); // 18:50 -> 20:50
      for (let i = 0; i < 18 && !(await carriedOn(service)); i++) await service.step(1);
      if (await carriedOn(service)) break;
    }
    if (!service) throw new Error('no town');
    const posts = await service.outbox.postsAfter(-1, 100_000);
    const dialogue = posts.filter((p) => p.kind === 'dialogue');
    expect(dialogue.length).toBeGreaterThan(0);
    const records = (await service.exportTown()).state.dayLog.conversations;
    const ids = new Set(records.map((c) => c.id));
    for (const p of dialogue) expect(ids.has(p.conversationId ?? undefined)).toBe(true);
    // other posts carry none
    expect(posts.filter((p) => p.kind !== 'dialogue' && p.conversationId)).toEqual([]);
    // a talk carried on: its lines at two or more simulated times share one id, and its record counts them all
    const times = new Map<string, Set<number>>();
    for (const p of dialogue) times.set(p.conversationId!, (times.get(p.conversationId!) ?? new Set()).add(p.simTime));
    const carried = [...times].filter(([, t]) => t.size > 1).map(([id]) => id);
    expect(carried.length).toBeGreaterThan(0);
    for (const id of carried) {
      const rec = records.find((c) => c.id === id)!;
      expect(dialogue.filter((p) => p.conversationId === id).length).toBeLessThanOrEqual(rec.lines);
    }
  }, 180_000);
});
