// The real agent mind on the offline model, optionally slowed (every model call waits `delayMs`), for the queue
// and worker tests and the worker child process.
import { agentOfflineRules } from '../../src/agent/index.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import { OfflineModel } from '../../src/llm/offline-model.ts';
import type { LanguageModel } from '../../src/llm/port.ts';
import { agentKit } from '../../src/town/agent-kit.ts';
import type { KitFactory } from '../../src/town/service.ts';

export function offlineKit(opts: { delayMs?: number; onCall?: () => void } = {}): KitFactory {
  const offline = new OfflineModel(agentOfflineRules);
  const llm: LanguageModel = {
    info: offline.info,
    object: async (req) => {
      opts.onCall?.();
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      return offline.object(req);
    },
  };
  const embedder = new LexicalEmbedder({ dimensions: 64 });
  return (townId, settings) => agentKit({ llm, embedder, settings, townId });
}
