// A deterministic fake model for town tests: answers with the offline rules, and fails a seeded share of calls
// the way the gateway reports failures after its retries (timeouts, schema errors, provider errors, plain errors).

import { type LanguageModel, LlmError, type ModelInfo, type ObjectRequest } from '../../src/llm/port.ts';
import { agentOfflineRules } from '../../src/offline/agent/index.ts';
import { OfflineModel } from '../../src/offline/model.ts';

export class FlakyModel implements LanguageModel {
  private readonly inner = new OfflineModel(agentOfflineRules);
  private state: number;
  calls = 0;
  failures = 0;
  readonly tasks: string[] = [];

  constructor(
    private readonly failRate: number,
    seed = 7,
  ) {
    this.state = seed >>> 0;
  }

  get info(): ModelInfo {
    return this.inner.info;
  }

  private random(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  async object<T>(req: ObjectRequest<T>): Promise<T> {
    this.calls++;
    this.tasks.push(req.task);
    if (this.random() < this.failRate) {
      this.failures++;
      const kind = this.failures % 4;
      if (kind === 0) throw new LlmError('llm/timeout', req.task, 'timed out after 3 attempts');
      if (kind === 1) throw new LlmError('llm/schema_invalid', req.task, 'invalid JSON after one repair');
      if (kind === 2) throw new LlmError('llm/provider_error', req.task, '502 Bad Gateway');
      throw new Error('socket hang up');
    }
    return this.inner.object(req);
  }
}
