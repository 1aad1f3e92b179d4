// A console on the real terminal it is started in (tests/console/terminal.test.ts runs it on a pty): the tiny
// town with a scripted mind (every resident is "sipping tea" where it stands), no cron (SIGUSR1 ticks once),
// history in argv[2].
import { writeFileSync } from 'node:fs';
import { runConsole } from '../../../src/console/console.ts';
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
const r = await runConsole({
  service,
  input: process.stdin,
  output: process.stdout,
  banner: 'TTY HARNESS',
  autoTick: false,
  ...(historyFile ? { historyFile } : {}),
});
process.stdout.write(`EXITED ${r.exitCode}\n`);
process.exit(r.exitCode);
