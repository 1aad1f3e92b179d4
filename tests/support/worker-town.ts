// The real agent mind on the offline model, optionally slowed (every model call waits `delayMs`), for the queue
// and worker tests and the worker child process.

import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import type { Embedder, LanguageModel } from '../../src/llm/port.ts';
import { agentOfflineRules } from '../../src/offline/agent/index.ts';
import { OfflineModel } from '../../src/offline/model.ts';
import { agentKit } from '../../src/town/agent-kit.ts';
import type { KitFactory } from '../../src/town/service.ts';

export function offlineKit(
  opts: {
    delayMs?: number | ((townId: string) => number);
    onCall?: (townId: string) => void | Promise<void>;
    /** Default: the lexical embedder, uncached. */
    embedder?: Embedder;
  } = {},
): KitFactory {
  const offline = new OfflineModel(agentOfflineRules);
  const embedder = opts.embedder ?? new LexicalEmbedder({ dimensions: 64 });
  return (townId, settings) => {
    const delay = typeof opts.delayMs === 'function' ? opts.delayMs(townId) : (opts.delayMs ?? 0);
    const llm: LanguageModel = {
      info: offline.info,
      object: async (req) => {
        await opts.onCall?.(townId);
        if (delay) await new Promise((r) => setTimeout(r, delay));
        return offline.object(req);
      },
    };
    return agentKit({ llm, embedder, settings, townId });
  };
}
