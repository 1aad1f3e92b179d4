// The start-up notice when TOWN_FILE, MINUTES_PER_TICK or TICK_CRON differ from the stored town.
import { describe, expect, it } from 'vitest';
import { configDrift } from '../../src/app/config-drift.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { scriptedKit } from '../support/town-scripted-mind.ts';

describe('config drift', () => {
  it('names each difference and the command that keeps a copy; nothing when they match', async () => {
    const { kit } = scriptedKit({});
    const town = await TownService.create(
      { store: new InMemoryTownStore(), kit: () => kit, owner: 't' },
      { id: 'console', scope: 'console', file: tinyTown(), seed: 1 },
    );
    const st = town.status();
    expect(configDrift(st, { tickCron: st.cron, minutesPerTick: st.minutesPerTick })).toEqual([]);
    expect(configDrift(st, { tickCron: st.cron, townFile: { path: 'tiny.yaml', name: st.name } })).toEqual([]);
    const lines = configDrift(st, {
      townFile: { path: 'towns/other.yaml', name: 'Other' },
      minutesPerTick: 15,
      tickCron: '*/5 * * * *',
    });
    expect(lines).toEqual([
      'TOWN_FILE=towns/other.yaml describes Other, but the stored town is Tiny.',
      'MINUTES_PER_TICK=15, but Tiny runs 10 simulated minutes per tick.',
      `TICK_CRON is "*/5 * * * *", but Tiny ticks on "${st.cron}".`,
      expect.stringContaining('npm run town -- export FILE --scope console'),
    ]);
  });
});
