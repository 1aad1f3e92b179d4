// One cheap check at start-up with a configured provider: the server is reachable, the key is accepted, the model
// exists and a strict structured-output request goes through. On failure, one line naming the variable to fix.
// MODEL_PROVIDER=offline never gets here (nothing to check).
import OpenAI from 'openai';
import { z } from 'zod';
import { normaliseSdkError, OpenAIChatModel, type StructuredMode } from './openai-provider.ts';
import { isRetryable, ProviderCallError } from './provider.ts';

export interface StartupCheckOptions {
  provider: 'openai' | 'compatible';
  apiKey?: string;
  baseURL?: string;
  chatModel: string;
  structuredMode: StructuredMode;
  timeoutMs?: number;
  /** A ready SDK client (tests). */
  client?: OpenAI;
  /** Wait before retrying a transient failure (doubles); default 1 s. */
  retryDelayMs?: number;
}

export type StartupCheckResult = { ok: true } | { ok: false; message: string };

const probeSchema = z.object({ ok: z.boolean() });

function where(o: StartupCheckOptions): string {
  return o.baseURL ?? 'api.openai.com';
}

/** What to tell a person for a failure at each step; always names the variable that fixes it. */
function explain(o: StartupCheckOptions, step: 'models' | 'probe', e: unknown): string {
  const err = normaliseSdkError(e);
  const status = err instanceof ProviderCallError ? err.status : undefined;
  const detail = e instanceof Error ? e.message.replace(/\s+/g, ' ').slice(0, 160) : String(e);
  if (err instanceof ProviderCallError && (err.kind === 'network' || err.kind === 'timeout'))
    return `The model server at ${where(o)} cannot be reached (${detail}). Check OPENAI_BASE_URL, or set MODEL_PROVIDER=offline.`;
  if (status === 401 || status === 403)
    return `The model server at ${where(o)} rejected the API key (HTTP ${status}). Check OPENAI_API_KEY.`;
  if (status === 404 && step === 'probe')
    return `The model "${o.chatModel}" was not found at ${where(o)} (HTTP 404). Check OPENAI_CHAT_MODEL.`;
  if (status === 429)
    return `The model server at ${where(o)} refused the first request (HTTP 429: ${detail}). Check the account's quota for OPENAI_API_KEY.`;
  if (step === 'probe' && o.structuredMode === 'json_schema' && status === 400)
    return `The model server at ${where(o)} rejected a strict JSON-schema request (${detail}). Set OPENAI_STRUCTURED_MODE=json_object for servers without structured outputs, or choose another OPENAI_CHAT_MODEL.`;
  return `The model check against ${where(o)} failed${status ? ` (HTTP ${status})` : ''}: ${detail}. Check OPENAI_BASE_URL, OPENAI_API_KEY and OPENAI_CHAT_MODEL.`;
}

export async function checkModelAccess(o: StartupCheckOptions): Promise<StartupCheckResult> {
  const client =
    o.client ??
    new OpenAI({
      apiKey: o.apiKey || 'not-needed',
      ...(o.baseURL ? { baseURL: o.baseURL } : {}),
      timeout: o.timeoutMs ?? 15_000,
      maxRetries: 0,
    });
  // 1. The model list: reachability, the key, and (where the server lists models) that the model exists.
  try {
    const ids: string[] = [];
    for await (const m of client.models.list()) ids.push(m.id);
    if (ids.length > 0 && !ids.includes(o.chatModel)) {
      const some = ids.slice(0, 8).join(', ');
      return {
        ok: false,
        message: `The model "${o.chatModel}" is not offered by ${where(o)} (it lists ${some}${ids.length > 8 ? ', …' : ''}). Check OPENAI_CHAT_MODEL.`,
      };
    }
  } catch (e) {
    const err = normaliseSdkError(e);
    // Some compatible servers have no /models route; the probe below still checks the rest.
    if (!(err instanceof ProviderCallError && err.status === 404))
      return { ok: false, message: explain(o, 'models', e) };
  }
  // 2. One tiny structured call the way the town will make them (strict json_schema, or JSON mode).
  const chat = new OpenAIChatModel({
    provider: o.provider,
    apiKey: o.apiKey || 'not-needed',
    model: o.chatModel,
    structuredMode: o.structuredMode,
    client,
  });
  // A transient failure (5xx, 429, timeout) gets two more tries: a busy server must not stop the start.
  for (let attempt = 1; ; attempt++) {
    try {
      await chat.complete(
        {
          task: 'startup_check',
          schema: probeSchema,
          messages: [{ role: 'user', content: 'Reply with the JSON {"ok": true}.' }],
          maxTokens: 20,
        },
        { timeoutMs: o.timeoutMs ?? 15_000 },
      );
      return { ok: true };
    } catch (e) {
      const transient = e instanceof ProviderCallError && isRetryable(e.kind) && e.kind !== 'network';
      if (!transient || attempt >= 3) return { ok: false, message: explain(o, 'probe', e) };
      await new Promise((r) => setTimeout(r, (o.retryDelayMs ?? 1_000) * attempt));
    }
  }
}
