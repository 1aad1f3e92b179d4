// The town as the front ends outside Discord (the console) see it: the types they render, the name lookups their
// argument readers use, the town files they read, and the town's own schedule. Front ends import these from here,
// never from src/town, so the town's files can move without touching them.
import { TownScheduler } from '../town/scheduler.ts';
import type { TownService } from '../town/service.ts';

export { loadTownFile } from '../town/file-io.ts';
export { SHIPPED_TOWNS_DIR, shippedTowns, type TownRegistry } from '../town/registry.ts';
export type { TownScheduler } from '../town/scheduler.ts';
export type { MapData, PublicResidentInfo, RelationshipGraph, Speaker, TownService } from '../town/service.ts';
export { importSmallville } from '../town/smallville.ts';
export { readSmallvilleDir } from '../town/smallville-files.ts';
export { CONSOLE_SCOPE, type Post, type TownState } from '../town/types.ts';
export { findLocation, findObject, findResident } from '../town/world.ts';

/** Starts a town's cron schedule on its own (a town without a registry, e.g. a console given one service). */
export async function startSchedule(town: TownService): Promise<TownScheduler> {
  const scheduler = new TownScheduler(town);
  await scheduler.start();
  return scheduler;
}
