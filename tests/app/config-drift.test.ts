// The start-up notice when TOWN_FILE, MINUTES_PER_TICK or TICK_CRON differ from the stored town.
import { describe, expect, it } from 'vitest';
import { configDrift } from '../../src/app/config-drift.ts';
import { TownRegistry } from '../../src/town/registry.ts';
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
      'To apply them, start a new town from TOWN_FILE: `/town new towns/other.yaml` in the console (on Discord, `/town new` with the file attached or a shipped town). It replaces Tiny (console) and asks to confirm first; `/town export FILE` (or `npm run town -- export FILE --scope console`) keeps a copy.',
    ]);
    // Same town, other clock settings: /town reset applies them (a new town is shaped by the environment).
    const clock = configDrift(st, { tickCron: '*/5 * * * *', minutesPerTick: 15 });
    expect(clock.at(-1)).toContain('To apply them, start Tiny over: `/town reset`');
  });

  it('/town reset applies MINUTES_PER_TICK and TICK_CRON: the town starts over shaped by them', async () => {
    const { kit } = scriptedKit({});
    const store = new InMemoryTownStore();
    const make = (minutesPerTick: number, cron: string) =>
      new TownRegistry({
        store,
        kit: () => kit,
        owner: 't',
        defaultTown: () => tinyTown(),
        newTownSettings: { minutesPerTick, cron },
      });
    const first = make(10, '* * * * *');
    await first.getOrCreate('console');
    await first.close();
    // Restarted with other settings: the stored town keeps its own, and the notice says so.
    const second = make(15, '*/5 * * * *');
    const town = (await second.get('console'))!;
    expect(configDrift(town.status(), { minutesPerTick: 15, tickCron: '*/5 * * * *' })).toHaveLength(3);
    const fresh = await second.replace('console', { kind: 'file', file: second.originOf(town) });
    expect(fresh.status()).toMatchObject({ minutesPerTick: 15, cron: '*/5 * * * *', tick: 0 });
    expect(configDrift(fresh.status(), { minutesPerTick: 15, tickCron: '*/5 * * * *' })).toEqual([]);
    await second.close();
  });
});
