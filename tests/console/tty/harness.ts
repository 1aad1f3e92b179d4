// A console on the real terminal it is started in (tests/console/terminal.test.ts runs it on a pty): the tiny
// town with a scripted mind (every resident is "sipping tea" where it stands), no cron (SIGUSR1 ticks once),
// history in argv[2]; argv[3] `games`: the games' handler too (offline bots, seed 1), as npm start has it.
import { writeFileSync } from 'node:fs';
import { runConsole } from '../../../src/console/console.ts';
import { consoleGameHandler } from '../../../src/console/games.ts';
import { InMemoryRatingStore } from '../../../src/games/ratings.ts';
import { GameService } from '../../../src/games/service.ts';
import { InMemoryGameStore } from '../../../src/games/store.ts';
import { gamesOfflineRules } from '../../../src/offline/games/rules.ts';
import { offlineAwareGtSeats } from '../../../src/offline/index.ts';
import { OfflineModel } from '../../../src/offline/model.ts';
import { TownService } from '../../../src/town/service.ts';
import { InMemoryTownStore } from '../../../src/town/store.ts';
import { tinyTown } from '../../support/town-fixtures.ts';
import { scriptedKit } from '../../support/town-scripted-mind.ts';

const { kit } = scriptedKit({
  decide: (r, ctx) => ({
    action: {
      description: `${r.profile.firstName} is sipping tea`,
      emoji: '🍵',
      location: ctx.location.id,
      start: ctx.now,
      minutes: 10,
    },
    changed: true,
    reacted: false,
  }),
});
const service = await TownService.create(
  { store: new InMemoryTownStore(), kit: () => kit, owner: 'console' },
  { id: 'console', scope: 'console', file: tinyTown(), seed: 1 },
);
const historyFile = process.argv[2];
// SIGUSR1 runs one tick in the background, as the cron would: its posts print while someone may be typing.
if (historyFile) writeFileSync(`${historyFile}.pid`, String(process.pid));
process.on('SIGUSR1', () => void service.step(1));
const games =
  process.argv[3] === 'games'
    ? new GameService({
        store: new InMemoryGameStore(),
        ratings: new InMemoryRatingStore(),
        llm: new OfflineModel(gamesOfflineRules),
        gtSeats: offlineAwareGtSeats,
        seeds: () => 1,
      })
    : null;
const r = await runConsole({
  service,
  input: process.stdin,
  output: process.stdout,
  banner: 'TTY HARNESS',
  autoTick: false,
  ...(games ? { handlers: [consoleGameHandler(games)] } : {}),
  ...(historyFile ? { historyFile } : {}),
});
process.stdout.write(`EXITED ${r.exitCode}\n`);
process.exit(r.exitCode);
