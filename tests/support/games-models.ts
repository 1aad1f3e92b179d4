// Test doubles for the games' LanguageModel port: a recorder around any model, and a model that answers garbage.
import type { LanguageModel, ModelInfo, ObjectRequest } from '../../src/llm/port.ts';
import { LlmError } from '../../src/llm/port.ts';

export interface RecordedCall {
  task: string;
  messages: { role: string; content: string }[];
  input: unknown;
}

/** Records every request, then delegates. */
export class RecordingModel implements LanguageModel {
  readonly calls: RecordedCall[] = [];
  constructor(private readonly inner: LanguageModel) {}
  get info(): ModelInfo {
    return this.inner.info;
  }
  object<T>(req: ObjectRequest<T>): Promise<T> {
    this.calls.push({ task: req.task, messages: req.messages.map((m) => ({ ...m })), input: req.input });
    return this.inner.object(req);
  }
}

/**
 * Answers with a scripted sequence of raw values, validated like a real gateway would: schema-invalid values throw
 * llm/schema_invalid; values that pass the schema but break the rules (a repeated clue) reach the bot as they are.
 */
export class ScriptedModel implements LanguageModel {
  readonly info: ModelInfo = { provider: 'compatible', model: 'scripted', offline: false };
  calls = 0;
  constructor(private readonly answer: (task: string, n: number) => unknown) {}
  async object<T>(req: ObjectRequest<T>): Promise<T> {
    const raw = this.answer(req.task, this.calls++);
    if (raw instanceof Error) throw raw;
    const r = req.schema.safeParse(raw);
    if (!r.success) throw new LlmError('llm/schema_invalid', req.task, 'garbage');
    return r.data;
  }
}
