// The town's MindKit built from src/agent (AgentRuntime, MemoryStream, initialMindState).
import { AgentRuntime, initialMindState, MemoryStream } from '../agent/index.ts';
import type { AgentId, Memory } from '../agent/types.ts';
import type { Embedder, LanguageModel } from '../llm/port.ts';
import type { MindKit, MindResident, VectorSource } from './mind.ts';

export interface AgentKitDeps {
  llm: LanguageModel;
  embedder: Embedder;
  /** Agent settings overrides from the town file's `agent:` section. */
  settings?: Record<string, unknown>;
  townId?: string;
  log?: (level: 'warn' | 'error' | 'info', msg: string, data?: Record<string, unknown>) => void;
}

export function agentKit(deps: AgentKitDeps): MindKit {
  const runtime = new AgentRuntime({
    llm: deps.llm,
    embedder: deps.embedder,
    ...(deps.settings ? { settings: deps.settings } : {}),
    ...(deps.townId ? { townId: deps.townId } : {}),
    ...(deps.log
      ? { log: (msg: string, data?: object) => deps.log?.('warn', msg, data as Record<string, unknown>) }
      : {}),
  });
  return {
    runtime,
    memoryStream: (agentId: AgentId, memories: Memory[], vectors?: VectorSource) =>
      new MemoryStream(agentId, memories, vectors ? { vectors } : {}),
    initialMindState: (profile) => initialMindState(profile),
    model: deps.llm,
    ...(deps.log ? { log: (msg: string, data?: Record<string, unknown>) => deps.log?.('warn', msg, data) } : {}),
  };
}

export type { MindResident };
