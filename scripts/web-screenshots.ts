// Screenshots of the web view for people to look at (issue 25's acceptance): Willowbrook's and Smallville's live
// maps, a resident's page, a scrubbed moment of the day, a game in play, and a 390 px phone. Runs both towns in
// memory on the offline model, serves them with the real web server, and shoots them with the headless Chromium
// packaged on npm (--chromium PATH for another).
//   npx tsx scripts/web-screenshots.ts --out DIR [--smallville DIR] [--ticks N]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gameWatch } from '../src/app/watch-games.ts';
import { GameService } from '../src/games/service.ts';
import { InMemoryRatingStore } from '../src/games/ratings.ts';
import { InMemoryGameStore } from '../src/games/store.ts';
import { LexicalEmbedder } from '../src/llm/lexical-embedder.ts';
import { agentOfflineRules } from '../src/offline/agent/index.ts';
import { gamesOfflineRules } from '../src/offline/games/rules.ts';
import { OfflineModel } from '../src/offline/model.ts';
import { offlineAwareGtSeats } from '../src/offline/index.ts';
import { loadTownFile } from '../src/town/file-io.ts';
import { TownRegistry } from '../src/town/registry.ts';
import { importSmallville } from '../src/town/smallville.ts';
import { readSmallvilleDir } from '../src/town/smallville-files.ts';
import { InMemoryTownStore } from '../src/town/store.ts';
import { startWebServer } from '../src/web/server.ts';
import { launchChromium } from '../tests/support/browser.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'screenshots' },
    smallville: { type: 'string' },
    ticks: { type: 'string', default: '30' },
    chromium: { type: 'string' }, // default: CHROMIUM_PATH, else the Chromium packaged on npm
  },
});
const out = values.out as string;
mkdirSync(out, { recursive: true });
const ticks = Number(values.ticks);

const registry = new TownRegistry({
  store: new InMemoryTownStore(),
  llm: new OfflineModel(agentOfflineRules),
  embedder: new LexicalEmbedder(),
  owner: 'screenshots',
});
const WILLOW = '100000000000000001';
const SMALL = '100000000000000002';
const willow = await registry.getOrCreate(WILLOW, { file: loadTownFile(), seed: 3 });
await willow.step(ticks);
const small = values.smallville
  ? await registry.getOrCreate(SMALL, { file: importSmallville(readSmallvilleDir(values.smallville)), seed: 3 })
  : null;
if (small) await small.step(Math.min(ticks, 12));

const gameStore = new InMemoryGameStore();
const games = new GameService({
  store: gameStore,
  ratings: new InMemoryRatingStore(),
  llm: new OfflineModel(gamesOfflineRules),
  gtSeats: offlineAwareGtSeats,
  seeds: () => 42,
});
const table = { scope: WILLOW, channelId: 'copper-kettle' };
await games.lobby(table, { id: 'guest', name: 'Guest' }, { kind: 'chameleon', bots: 3 });
await games.start(table, { id: 'guest', name: 'Guest' });
// The guest gives the first clue when it is theirs; the bots follow, so the picture shows public moves.
for (let i = 0; i < 4; i++) {
  const v = await games.view(table, null);
  if (v?.game.turn === 'guest') await games.clue(table, { id: 'guest', name: 'Guest' }, 'steam');
}

const web = await startWebServer({
  towns: registry,
  secret: 'screenshots-screenshots-screenshots-123',
  host: '127.0.0.1',
  port: 0,
  games: gameWatch(gameStore),
});
const browser = await launchChromium(values.chromium as string | undefined);
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const shoot = async (url: string, file: string, full = true) => {
    await page.goto(url);
    await page.screenshot({ path: join(out, file), fullPage: full });
    process.stdout.write(`${join(out, file)}\n`);
  };
  const w = web.linkFor(WILLOW).url;
  await shoot(w, 'willowbrook-map.png');
  if (small) await shoot(web.linkFor(SMALL).url, 'smallville-map.png');
  const someone = willow.residents()[0]!;
  await shoot(`${w}resident/${someone.id}`, 'resident.png');
  await shoot(`${w}day?t=${7 * 60 + 50}`, 'day-scrubbed.png');
  const g = await gameStore.active(WILLOW, 'copper-kettle');
  await shoot(`${w}games/${g?.id}`, 'game.png');
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(w);
  await phone.screenshot({ path: join(out, 'phone-map.png') });
  process.stdout.write(`${join(out, 'phone-map.png')}\n`);
} finally {
  await browser.close();
  await web.close();
  await registry.close();
}
