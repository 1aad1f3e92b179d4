// The web view's read models (src/app/watch.ts): a past moment rebuilt from the kept posts puts every resident where
// the town itself had them, the feed filters by place and resident, and names that are not in town are refused.
import { describe, expect, it } from 'vitest';
import { dayFrame, dayOf, feed, watchPost } from '../../src/app/watch.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import { agentOfflineRules } from '../../src/offline/agent/index.ts';
import { OfflineModel } from '../../src/offline/model.ts';
import { loadTownFile } from '../../src/town/file-io.ts';
import { TownRegistry } from '../../src/town/registry.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';

describe('watch read models', () => {
  it('a moment rebuilt from the posts matches where the town had everyone at that tick', async () => {
    const registry = new TownRegistry({
      store: new InMemoryTownStore(),
      llm: new OfflineModel(agentOfflineRules),
      embedder: new LexicalEmbedder(),
      owner: 'watch-test',
    });
    const town = await registry.getOrCreate('console', { file: loadTownFile(), seed: 11 });
    try {
      let checked = 0;
      for (let i = 0; i < 12; i++) {
        await town.step(1);
        const posts = (await town.outbox.postsAfter(-1, 100_000)).map(watchPost);
        const st = town.status();
        const frame = dayFrame(town, posts, dayOf(st.simTime), Math.floor((st.simTime % 86_400_000) / 60_000));
        const now = town.map();
        const placeOf = (m: typeof now) =>
          Object.fromEntries([
            ...m.locations.flatMap((l) => l.residents.map((r) => [r.name, l.id])),
            ...m.travelling.map((r) => [r.name, `${r.from}->${r.to}`]),
          ]);
        const want = placeOf(now);
        const got = placeOf(frame.map);
        for (const [name, place] of Object.entries(got)) {
          expect(place, `${name} at ${st.time}`).toBe(want[name]);
          checked++;
        }
        // Everyone who has posted is placed; the rest are listed as not seen yet.
        expect(Object.keys(got).length + frame.unseen.length).toBe(st.residents);
      }
      expect(checked).toBeGreaterThan(60);
    } finally {
      await registry.close();
    }
  });

  it('the feed filters by place and resident and refuses names not in town', async () => {
    const registry = new TownRegistry({
      store: new InMemoryTownStore(),
      llm: new OfflineModel(agentOfflineRules),
      embedder: new LexicalEmbedder(),
      owner: 'watch-test-2',
    });
    const town = await registry.getOrCreate('console', { file: loadTownFile(), seed: 11 });
    try {
      await town.step(3);
      const posts = (await town.outbox.postsAfter(-1, 100_000)).map(watchPost);
      const rosa = town.residents().find((r) => r.name === 'Rosa Delgado')!;
      const hers = feed(town, posts, { resident: 'rosa' }, 100);
      expect(hers.length).toBeGreaterThan(0);
      expect(hers.every((p) => p.speakerId === rosa.id)).toBe(true);
      const there = feed(town, posts, { place: 'The Copper Kettle' }, 100);
      expect(there.every((p) => p.location === 'copper-kettle')).toBe(true);
      expect(feed(town, posts, {}, 5).map((p) => p.seq)).toEqual(
        posts
          .slice(-5)
          .map((p) => p.seq)
          .reverse(),
      );
      expect(() => feed(town, posts, { place: 'Atlantis' }, 5)).toThrow('No place called "Atlantis" in Willowbrook.');
      expect(() => feed(town, posts, { resident: 'Nobody' }, 5)).toThrow('No resident called "Nobody"');
    } finally {
      await registry.close();
    }
  });
});
