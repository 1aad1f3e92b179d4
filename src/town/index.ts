// Public surface of the town module (see README.md in this folder).

export { answerKnowsFact, answerKnowsPerson } from '../eval/judge.ts';
export { agentKit } from './agent-kit.ts';
export { buildTownState } from './build.ts';
export { measureDensity, measureDiffusion, runInterviewBattery } from './evaluation.ts';
export { parseTownFile, slugify, type TownFile, TownFileError, validateTownFile } from './file.ts';
export { DEFAULT_TOWN_FILE, loadTownFile } from './file-io.ts';
export { ownerIsDeadHere, processOwnerId } from './lease.ts';
export { CONSOLE_SCOPE, TownRegistry, type TownRegistryOptions } from './registry.ts';
export { DEFAULT_RETENTION, type RetentionPolicy } from './retention.ts';
export { cronIntervalMs, TownScheduler } from './scheduler.ts';
export {
  type BudgetInfo,
  type KitFactory,
  type MapData,
  type MemoryHit,
  type RelationshipGraph,
  type Reply,
  type ResidentInfo,
  type ResidentSummary,
  type SayResult,
  type Speaker,
  TownService,
  type TownStatus,
} from './service.ts';
export { TownSession } from './session.ts';
export { DEFAULT_TOWN_SETTINGS, type TownSettings } from './settings.ts';
export { type SimulateOptions, type SimulateReport, simulate, summarizeReport } from './simulate.ts';
export { importSmallville } from './smallville.ts';
export { readSmallvilleDir } from './smallville-files.ts';
export { StoredStateError } from './state-schema.ts';
export { InMemoryTownStore, TownConflictError, type TownStore } from './store.ts';
export type { DigestData, Persona, Post, PostKind, TownState } from './types.ts';
export { TOWN_HALL } from './types.ts';
