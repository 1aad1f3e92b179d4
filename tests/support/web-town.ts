// A web view over real towns for the web tests, the bench and the screenshot script: a TownRegistry (in-memory
// store, the offline model, the lexical embedder) holding one town per scope, a GameService with its in-memory
// store, and the web server on a free loopback port with a fixed secret.
import { gameWatch } from '../../src/app/watch-games.ts';
import { InMemoryRatingStore } from '../../src/games/ratings.ts';
import { GameService } from '../../src/games/service.ts';
import { InMemoryGameStore } from '../../src/games/store.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import { agentOfflineRules } from '../../src/offline/agent/index.ts';
import { gamesOfflineRules } from '../../src/offline/games/rules.ts';
import { offlineAwareGtSeats } from '../../src/offline/index.ts';
import { OfflineModel } from '../../src/offline/model.ts';
import type { TownFile } from '../../src/town/file.ts';
import { TownRegistry } from '../../src/town/registry.ts';
import type { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { startWebServer, type WebLimits, type WebServer } from '../../src/web/server.ts';

export const WEB_SECRET = 'test-secret-test-secret-test-secret-0123';

export interface WebTown {
  registry: TownRegistry;
  games: GameService;
  gameStore: InMemoryGameStore;
  web: WebServer;
  town(scope: string): Promise<TownService>;
  stop(): Promise<void>;
}

export async function startWebTown(
  towns: Record<string, TownFile>,
  opts: { limits?: Partial<WebLimits>; now?: () => number; seed?: number } = {},
): Promise<WebTown> {
  const files = new Map(Object.entries(towns));
  const registry = new TownRegistry({
    store: new InMemoryTownStore(),
    llm: new OfflineModel(agentOfflineRules),
    embedder: new LexicalEmbedder(),
    owner: `web-test-${process.pid}`,
  });
  for (const [scope, file] of files) await registry.getOrCreate(scope, { file, seed: opts.seed ?? 7 });
  const gameStore = new InMemoryGameStore();
  const games = new GameService({
    store: gameStore,
    ratings: new InMemoryRatingStore(),
    llm: new OfflineModel(gamesOfflineRules),
    gtSeats: offlineAwareGtSeats,
    seeds: () => 42,
  });
  const web = await startWebServer({
    towns: registry,
    secret: WEB_SECRET,
    host: '127.0.0.1',
    port: 0,
    games: gameWatch(gameStore),
    ...(opts.limits ? { limits: opts.limits } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  });
  return {
    registry,
    games,
    gameStore,
    web,
    async town(scope) {
      const t = await registry.get(scope);
      if (!t) throw new Error(`no town for ${scope}`);
      return t;
    },
    async stop() {
      await web.close();
      await registry.close();
    },
  };
}
