// A deterministic fake LanguageModel for unit tests: answers from scripted responses (per task, in order) or from
// rules (e.g. agentOfflineRules), validates like the gateway does, and records every call for assertions on
// prompts and call sequences.
import {
  type ChatMessage,
  type LanguageModel,
  LlmError,
  type ModelInfo,
  type ObjectRequest,
  type OfflineRules,
} from '../../src/llm/port.ts';

export interface RecordedCall {
  task: string;
  messages: ChatMessage[];
  input: unknown;
  output?: unknown;
  error?: string;
}

/** A scripted answer: a value, a function of the input, or an error to throw. */
export type Scripted = unknown | ((input: unknown, messages: ChatMessage[]) => unknown) | Error;

export class RecordingModel implements LanguageModel {
  readonly info: ModelInfo = { provider: 'offline', model: 'recording-fake', offline: true };
  readonly calls: RecordedCall[] = [];
  private readonly queues = new Map<string, Scripted[]>();

  constructor(private readonly rules: OfflineRules = {}) {}

  /** Queues answers for a task; each call takes the next one, then the rules answer again. */
  script(task: string, ...answers: Scripted[]): this {
    this.queues.set(task, [...(this.queues.get(task) ?? []), ...answers]);
    return this;
  }

  callsFor(task: string): RecordedCall[] {
    return this.calls.filter((c) => c.task === task);
  }

  tasks(): string[] {
    return this.calls.map((c) => c.task);
  }

  reset(): void {
    this.calls.length = 0;
  }

  async object<T>(req: ObjectRequest<T>): Promise<T> {
    const call: RecordedCall = { task: req.task, messages: req.messages, input: structuredClone(req.input) };
    this.calls.push(call);
    const queue = this.queues.get(req.task);
    let raw: unknown;
    try {
      if (queue && queue.length > 0) {
        const next = queue.shift();
        if (next instanceof Error) throw next;
        raw =
          typeof next === 'function'
            ? (next as (i: unknown, m: ChatMessage[]) => unknown)(req.input, req.messages)
            : next;
      } else if (this.rules[req.task]) {
        raw = this.rules[req.task]!(req.input, req.messages);
      } else {
        throw new LlmError('llm/no_offline_rule', req.task, `no scripted answer or rule for '${req.task}'`);
      }
    } catch (e) {
      call.error = e instanceof Error ? e.message : String(e);
      throw e;
    }
    call.output = raw;
    // Like the gateway: the answer must match the schema, else a typed error (its one repair is not simulated).
    const parsed = req.schema.safeParse(raw);
    if (!parsed.success) {
      call.error = parsed.error.message;
      throw new LlmError('llm/schema_invalid', req.task, `answer does not match the schema: ${parsed.error.message}`);
    }
    return parsed.data;
  }
}

/**
 * Records every request's task and structured input (and its answer) on its way to a real model (the offline
 * stand-in or the realistic server): the scenario tests read what each mind was given.
 */
export class PassThroughRecorder implements LanguageModel {
  readonly calls: { task: string; input: Record<string, unknown>; output?: unknown }[] = [];
  constructor(private readonly inner: LanguageModel) {}
  get info() {
    return this.inner.info;
  }
  async object<T>(req: ObjectRequest<T>): Promise<T> {
    const call: (typeof this.calls)[number] = {
      task: req.task,
      input: structuredClone(req.input ?? {}) as Record<string, unknown>,
    };
    this.calls.push(call);
    const out = await this.inner.object(req);
    call.output = out;
    return out;
  }
  inputs(task: string) {
    return this.calls.filter((c) => c.task === task).map((c) => c.input);
  }
}
