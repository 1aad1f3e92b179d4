// The agent mind (Park et al. 2023): what the town and the composition root use. See src/agent/README.md.

export { dedupeMeals, isPartition, normalizeSlots, spliceSlots } from '../core/schedule.ts';
export { MemoryStream, type NewMemory, type SearchOptions } from './memory-stream.ts';
export {
  asMindState,
  type DayPlan,
  initialMindState,
  type MindState,
  type PlanSlot,
  type StepSlot,
} from './mind-state.ts';
export {
  fitBudget,
  minMaxNormalize,
  type RetrievalWeights,
  recencyScore,
  type ScoredMemory,
  scoreMemories,
} from './retrieval.ts';
export { AgentRuntime, type AgentRuntimeDeps, type Resident, type RetrievedMemory } from './runtime.ts';
export { type AgentSettings, DEFAULT_AGENT_SETTINGS, resolveAgentSettings } from './settings.ts';
export type * from './types.ts';
