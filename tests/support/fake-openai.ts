// A local OpenAI-compatible HTTP server for tests: scripted replies, recorded requests, injectable faults.
// The real `openai` SDK talks to it over loopback: new OpenAI({ baseURL: fake.baseURL, apiKey: 'x', maxRetries: 0 }).
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { FakeRateLimiter, type FakeRateLimits } from './fake-rate-limit.ts';

export interface RecordedRequest {
  method: string;
  /** Path without query, e.g. /v1/chat/completions. */
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The JSON body, or undefined when it was not JSON. */
  body: unknown;
  /** Milliseconds since the server started (wall clock), for ordering and spacing assertions. */
  at: number;
}

/** The parts of a chat request tests look at. */
export interface ChatRequestBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  response_format?: {
    type: string;
    json_schema?: { name?: string; schema?: Record<string, unknown>; strict?: boolean };
  };
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
}

export interface EmbeddingsRequestBody {
  model: string;
  input: string | string[];
  dimensions?: number;
  encoding_format?: 'float' | 'base64';
}

export type FakeResponse =
  | { type: 'json'; status?: number; body: unknown; headers?: Record<string, string> }
  /** Any text as the body (e.g. malformed JSON) with a JSON content type. */
  | { type: 'raw'; status?: number; body: string; headers?: Record<string, string> }
  /** Never answers; the request stays open until the client gives up or the server closes. */
  | { type: 'hang' }
  /** Drops the connection without an answer (a network error for the client). */
  | { type: 'reset' };

export type FakeHandler = (req: RecordedRequest) => FakeResponse | Promise<FakeResponse>;

export interface ChatReplyOptions {
  promptTokens?: number;
  completionTokens?: number;
  model?: string;
  finishReason?: 'stop' | 'length' | 'content_filter';
  refusal?: string;
  /** Leave `usage` out, as some compatible servers do. */
  omitUsage?: boolean;
}

/** Builders for scripted responses. */
export const reply = {
  /** A chat completion whose message content is `content` (objects are JSON-encoded). */
  chat(content: string | object, opts: ChatReplyOptions = {}): FakeResponse {
    const text = typeof content === 'string' ? content : JSON.stringify(content);
    const promptTokens = opts.promptTokens ?? 20;
    const completionTokens = opts.completionTokens ?? 10;
    return {
      type: 'json',
      body: {
        id: `chatcmpl-fake-${createHash('sha256').update(text).digest('hex').slice(0, 12)}`,
        object: 'chat.completion',
        created: 1_700_000_000,
        model: opts.model ?? 'fake-model',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: opts.refusal ? null : text, refusal: opts.refusal ?? null },
            finish_reason: opts.finishReason ?? 'stop',
            logprobs: null,
          },
        ],
        ...(opts.omitUsage
          ? {}
          : {
              usage: {
                prompt_tokens: promptTokens,
                completion_tokens: completionTokens,
                total_tokens: promptTokens + completionTokens,
              },
            }),
      },
    };
  },
  /** 429 with `retry-after` (seconds) and/or `retry-after-ms`. */
  rateLimited(opts: { retryAfterSeconds?: number; retryAfterMs?: number; code?: string } = {}): FakeResponse {
    const headers: Record<string, string> = {};
    if (opts.retryAfterSeconds !== undefined) headers['retry-after'] = String(opts.retryAfterSeconds);
    if (opts.retryAfterMs !== undefined) headers['retry-after-ms'] = String(opts.retryAfterMs);
    return reply.error(429, 'Rate limit reached (fake)', opts.code ?? 'rate_limit_exceeded', headers);
  },
  serverError(status = 500): FakeResponse {
    return reply.error(status, 'The server had an error while processing your request (fake)', null);
  },
  error(
    status: number,
    message: string,
    code: string | null = null,
    headers: Record<string, string> = {},
  ): FakeResponse {
    return {
      type: 'json',
      status,
      headers,
      body: { error: { message, type: status === 429 ? 'requests' : 'invalid_request_error', param: null, code } },
    };
  },
  hang(): FakeResponse {
    return { type: 'hang' };
  },
  /** A 200 whose body is not valid JSON (a truncated or garbled response). */
  malformedBody(): FakeResponse {
    return { type: 'raw', body: '{"id": "chatcmpl-broken", "choices": [{"message": {"content": "{' };
  },
  reset(): FakeResponse {
    return { type: 'reset' };
  },
};

/** The fake's deterministic embedding of a text (unit length), exposed so tests can predict vectors. */
export function fakeEmbedding(text: string, dimensions: number): Float32Array {
  const v = new Float32Array(dimensions);
  let block = createHash('sha256').update(text).digest();
  let sq = 0;
  for (let i = 0; i < dimensions; i++) {
    if (i > 0 && i % 32 === 0) block = createHash('sha256').update(block).digest();
    const x = (block[i % 32]! - 127.5) / 127.5;
    v[i] = x;
    sq += x * x;
  }
  const inv = sq > 0 ? 1 / Math.sqrt(sq) : 0;
  for (let i = 0; i < dimensions; i++) v[i] = v[i]! * inv;
  return v;
}

export interface FakeOpenAIOptions {
  /** Behave like a server without structured outputs: 400 on response_format json_schema. */
  rejectJsonSchema?: boolean;
  /** Size of the default embeddings (when `dimensions` is not requested). Default 8. */
  embeddingDimensions?: number;
  /** Model ids listed at /v1/models (and found at /v1/models/{id}); default ['fake-model']. */
  models?: string[];
  /** Rate limits as OpenAI enforces them (fake-rate-limit.ts) on chat and embeddings requests. */
  rateLimits?: FakeRateLimits;
}

export class FakeOpenAI {
  readonly requests: RecordedRequest[] = [];
  private readonly chatQueue: FakeResponse[] = [];
  private readonly embeddingQueue: FakeResponse[] = [];
  private chatHandler: FakeHandler | undefined;
  private embeddingHandler: FakeHandler | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly hanging = new Set<ServerResponse>();
  private readonly started = Date.now();
  private closed = false;
  baseURL = '';
  /** Set with `rateLimits`: what it let through and refused. */
  readonly limiter: FakeRateLimiter | undefined;

  constructor(
    private readonly server: Server,
    readonly options: FakeOpenAIOptions,
  ) {
    this.limiter = options.rateLimits ? new FakeRateLimiter(options.rateLimits) : undefined;
    server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = rawBody ? JSON.parse(rawBody) : undefined;
        } catch {
          body = undefined;
        }
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          path: (req.url ?? '/').split('?')[0]!,
          headers: req.headers,
          rawBody,
          body,
          at: Date.now() - this.started,
        };
        this.requests.push(recorded);
        const limited =
          this.limiter && recorded.method === 'POST' && /\/(chat\/completions|embeddings)$/.test(recorded.path);
        const gate = limited ? this.limiter!.enter(String((body as { model?: unknown })?.model ?? '')) : undefined;
        if (gate && !gate.admitted) return this.send(res, gate.response);
        if (gate) res.on('close', gate.leave);
        const extra = gate?.headers ?? {};
        this.route(recorded)
          .then((r) =>
            this.send(res, r.type === 'json' || r.type === 'raw' ? { ...r, headers: { ...extra, ...r.headers } } : r),
          )
          .catch((e: unknown) => this.send(res, reply.error(500, `fake handler threw: ${String(e)}`)));
      });
    });
  }

  /** Replies for the next chat requests, in order; then the handler (if any) answers. */
  queueChat(...responses: FakeResponse[]): this {
    this.chatQueue.push(...responses);
    return this;
  }

  queueEmbeddings(...responses: FakeResponse[]): this {
    this.embeddingQueue.push(...responses);
    return this;
  }

  onChat(handler: FakeHandler): this {
    this.chatHandler = handler;
    return this;
  }

  onEmbeddings(handler: FakeHandler): this {
    this.embeddingHandler = handler;
    return this;
  }

  chatRequests(): Array<RecordedRequest & { body: ChatRequestBody }> {
    return this.requests.filter((r) => r.path.endsWith('/chat/completions')) as Array<
      RecordedRequest & { body: ChatRequestBody }
    >;
  }

  embeddingRequests(): Array<RecordedRequest & { body: EmbeddingsRequestBody }> {
    return this.requests.filter((r) => r.path.endsWith('/embeddings')) as Array<
      RecordedRequest & { body: EmbeddingsRequestBody }
    >;
  }

  /** Requests still held open by a `hang` reply. */
  get hangingCount(): number {
    return this.hanging.size;
  }

  private async route(req: RecordedRequest): Promise<FakeResponse> {
    const models = this.options.models ?? ['fake-model'];
    const card = (id: string) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake' });
    if (req.method === 'GET' && req.path === '/v1/models') {
      return { type: 'json', body: { object: 'list', data: models.map(card) } };
    }
    if (req.method === 'GET' && req.path.startsWith('/v1/models/')) {
      const id = decodeURIComponent(req.path.slice('/v1/models/'.length));
      if (models.includes(id)) return { type: 'json', body: card(id) };
      return reply.error(404, `The model '${id}' does not exist or you do not have access to it.`, 'model_not_found');
    }
    if (req.method === 'POST' && req.path === '/v1/chat/completions') return this.chat(req);
    if (req.method === 'POST' && req.path === '/v1/embeddings') return this.embeddings(req);
    return reply.error(404, `fake-openai: no route ${req.method} ${req.path}`);
  }

  private async chat(req: RecordedRequest): Promise<FakeResponse> {
    const body = req.body as ChatRequestBody | undefined;
    if (!body || typeof body.model !== 'string' || !Array.isArray(body.messages)) {
      return reply.error(400, 'fake-openai: body needs model and messages');
    }
    const format = body.response_format?.type;
    if (format === 'json_schema') {
      if (this.options.rejectJsonSchema) {
        return reply.error(400, "response_format type 'json_schema' is not supported by this server", 'unsupported');
      }
      const js = body.response_format?.json_schema;
      if (!js?.name || !/^[a-zA-Z0-9_-]{1,64}$/.test(js.name) || typeof js.schema !== 'object') {
        return reply.error(400, "Invalid 'response_format.json_schema': needs a valid name and schema");
      }
    }
    // OpenAI's own rule for JSON mode: the word JSON must appear in the messages.
    if (format === 'json_object' && !body.messages.some((m) => /json/i.test(String(m.content)))) {
      return reply.error(
        400,
        "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
      );
    }
    const next = this.chatQueue.shift();
    if (next) return next;
    if (this.chatHandler) return this.chatHandler(req);
    return reply.error(400, 'fake-openai: no scripted chat reply (queueChat or onChat)');
  }

  private async embeddings(req: RecordedRequest): Promise<FakeResponse> {
    const next = this.embeddingQueue.shift();
    if (next) return next;
    if (this.embeddingHandler) return this.embeddingHandler(req);
    const body = req.body as EmbeddingsRequestBody | undefined;
    if (!body || typeof body.model !== 'string' || body.input === undefined) {
      return reply.error(400, 'fake-openai: body needs model and input');
    }
    const inputs = Array.isArray(body.input) ? body.input : [body.input];
    const dims = body.dimensions ?? this.options.embeddingDimensions ?? 8;
    const data = inputs.map((text, index) => {
      const v = fakeEmbedding(String(text), dims);
      const embedding =
        body.encoding_format === 'base64'
          ? Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64')
          : [...v];
      return { object: 'embedding', index, embedding };
    });
    const tokens = inputs.reduce((n, t) => n + String(t).split(/\s+/).filter(Boolean).length, 0);
    return {
      type: 'json',
      body: { object: 'list', model: body.model, data, usage: { prompt_tokens: tokens, total_tokens: tokens } },
    };
  }

  private send(res: ServerResponse, r: FakeResponse): void {
    if (res.destroyed || res.writableEnded) return;
    switch (r.type) {
      case 'hang':
        this.hanging.add(res);
        res.on('close', () => this.hanging.delete(res));
        return;
      case 'reset':
        res.socket?.destroy();
        return;
      case 'json':
      case 'raw': {
        const text = r.type === 'json' ? JSON.stringify(r.body) : r.body;
        res.writeHead(r.status ?? 200, { 'content-type': 'application/json', ...(r.headers ?? {}) });
        res.end(text);
        return;
      }
    }
  }

  /** Stops listening and drops every connection, hanging ones included; safe to call twice. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const res of this.hanging) res.destroy();
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

/** Starts a fake on 127.0.0.1 with a random free port. */
export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const server = createServer();
  // An idle connection stays open for the whole test, as a model server's does between requests: Node's default
  // (5 s) closes it while the client may be reusing it, a reset on loopback that no real server causes this often
  // (the "same seeds" and billing tests lost a request to it under load).
  server.keepAliveTimeout = 120_000;
  const fake = new FakeOpenAI(server, options);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  fake.baseURL = `http://127.0.0.1:${port}/v1`;
  return fake;
}
