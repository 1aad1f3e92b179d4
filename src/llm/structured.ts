// Turning a model's text into a validated value, and the texts that tell a model what shape to answer in.
import { z } from 'zod';
import type { ChatMessage } from './port.ts';
import type { CompletionResult } from './provider.ts';

export const structuredSettings = {
  // Keeps a repair prompt small even when a long array fails everywhere; the first issues are what matter.
  maxErrorChars: 1500,
} as const;

export type Validation<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Reads the JSON value out of a model's reply. Models in JSON mode (and some compatible servers) wrap it in
 * markdown fences or a sentence; take the outermost object or array in that case.
 */
export function extractJson(text: string): unknown {
  const trimmed = text.trim();
  try {
    return JSON.parse(trimmed);
  } catch (first) {
    const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(trimmed);
    if (fenced?.[1] !== undefined) {
      try {
        return JSON.parse(fenced[1].trim());
      } catch {
        // fall through to the bracket scan
      }
    }
    const start = trimmed.search(/[[{]/);
    const end = Math.max(trimmed.lastIndexOf('}'), trimmed.lastIndexOf(']'));
    if (start >= 0 && end > start) {
      try {
        return JSON.parse(trimmed.slice(start, end + 1));
      } catch {
        // report the original error below
      }
    }
    throw first;
  }
}

/** Validates a provider's result against the task's schema; the error text is what a repair round sends back. */
export function validateCompletion<T>(schema: z.ZodType<T>, result: CompletionResult): Validation<T> {
  let data: unknown;
  if (result.json) {
    data = result.json.value;
  } else {
    try {
      data = extractJson(result.raw);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      return { ok: false, error: truncate(`The reply was not valid JSON (${reason}).`) };
    }
  }
  const parsed = schema.safeParse(data);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: truncate(z.prettifyError(parsed.error)) };
}

function truncate(s: string): string {
  const max = structuredSettings.maxErrorChars;
  return s.length <= max ? s : `${s.slice(0, max)}\n… (more issues omitted)`;
}

interface PreparedSchema {
  /** The root is not an object: structured outputs need one, so the value travels as `{ "value": ... }`. */
  wrapped: boolean;
  /** The schema actually sent (wrapped if needed). */
  wire: z.ZodType;
  /** JSON Schema of what the model must write (zod input side; transforms and refinements are not expressible). */
  jsonSchema: Record<string, unknown>;
}

const prepared = new WeakMap<z.ZodType, PreparedSchema>();

/** Schema conversion is not free and the same few schemas are used thousands of times: memoise per schema. */
export function prepareSchema(schema: z.ZodType): PreparedSchema {
  const hit = prepared.get(schema);
  if (hit) return hit;
  const plain = toJsonSchema(schema);
  const wrapped = plain.type !== 'object';
  const wire: z.ZodType = wrapped ? z.object({ value: schema }) : schema;
  const result: PreparedSchema = { wrapped, wire, jsonSchema: wrapped ? toJsonSchema(wire) : plain };
  prepared.set(schema, result);
  return result;
}

function toJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const js = z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete js.$schema;
  return js;
}

/** Unwraps `{ value }` for schemas whose root had to be wrapped; leaves the raw text for the repair round. */
export function unwrapIfNeeded(schema: z.ZodType, raw: string): CompletionResult['json'] {
  if (!prepareSchema(schema).wrapped) return undefined;
  try {
    const data = extractJson(raw);
    if (data !== null && typeof data === 'object' && !Array.isArray(data) && 'value' in data) {
      return { value: (data as { value: unknown }).value };
    }
  } catch {
    // not JSON: the gateway reports the parse error from `raw`
  }
  return undefined;
}

/** The system text that carries the schema when the server cannot enforce it (JSON mode / prompt-only). */
export function schemaInstruction(schema: z.ZodType): string {
  const p = prepareSchema(schema);
  return [
    'Answer with a single JSON object and nothing else (no prose, no markdown fences).',
    'It must conform to this JSON Schema:',
    JSON.stringify(p.jsonSchema),
  ].join('\n');
}

/** Messages for the one repair round: the model sees its own answer and what was wrong with it. */
export function repairMessages(original: readonly ChatMessage[], raw: string, error: string): ChatMessage[] {
  return [
    ...original,
    { role: 'assistant', content: raw },
    {
      role: 'user',
      content:
        'Your previous reply did not match the required JSON schema:\n' +
        error +
        '\nReply again with only the corrected JSON, keeping everything that was already right.',
    },
  ];
}

/** OpenAI's json_schema `name` must match ^[a-zA-Z0-9_-]{1,64}$. */
export function schemaName(task: string): string {
  const name = task.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
  return name.length > 0 ? name : 'answer';
}
