// One zod schema for the environment -> one typed Config. `.env` is loaded when present.
// Every bad variable is reported by name in one message; nothing starts half-way.
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import cron from 'node-cron';
import { z } from 'zod';
import { PLAIN_ISSUES_AFTER_PATH } from './core/validation-text.ts';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const int = (def: number, min: number, max: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(def));

export const EnvSchema = z
  .object({
    DISCORD_TOKEN: optionalString,
    DISCORD_APPLICATION_ID: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\d{15,22}$/, 'must be a snowflake id')
        .optional(),
    ),
    DISCORD_DEV_GUILD_ID: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\d{15,22}$/, 'must be a snowflake id')
        .optional(),
    ),
    DISCORD_API_URL: z.preprocess(emptyToUndefined, z.url().default('https://discord.com/api')),

    MODEL_PROVIDER: z.preprocess(
      emptyToUndefined,
      z
        .enum(['auto', 'openai', 'compatible', 'offline'], {
          message: 'must be one of auto, openai, compatible, offline',
        })
        .default('auto'),
    ),
    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    OPENAI_CHAT_MODEL: z.preprocess(emptyToUndefined, z.string().default('gpt-4o-mini')),
    OPENAI_EMBEDDING_MODEL: z.preprocess(emptyToUndefined, z.string().default('text-embedding-3-small')),
    OPENAI_EMBEDDING_DIMENSIONS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(16).max(4096).optional()),
    OPENAI_STRUCTURED_MODE: z.preprocess(
      emptyToUndefined,
      z.enum(['json_schema', 'json_object'], { message: 'must be json_schema or json_object' }).default('json_schema'),
    ),
    LLM_TIMEOUT_MS: int(60_000, 1_000, 600_000),
    // The most model requests in flight per gateway; the adaptive limit starts at 4 and grows towards it while the
    // provider keeps up, halving on 429s (src/llm/adaptive-limit.ts). LLM_ADAPTIVE_CONCURRENCY=false: always this many.
    LLM_CONCURRENCY: int(64, 1, 256),
    LLM_ADAPTIVE_CONCURRENCY: z.preprocess(
      emptyToUndefined,
      z.enum(['true', 'false'], { message: 'must be true or false' }).default('true'),
    ),
    LLM_MAX_ATTEMPTS: int(4, 1, 10),
    // Billed tokens (prompt, every retry and repair included, + completion) per town per UTC day; 0 = no limit.
    DAILY_TOKEN_BUDGET: int(2_000_000, 0, 1_000_000_000),

    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default('file:./data/town.db')
        .refine((u) => /^file:.+/.test(u) || /^postgres(ql)?:\/\/[^/]+/i.test(u), {
          message:
            'must be a SQLite file URL such as file:./data/town.db or a PostgreSQL URL such as postgresql://user:password@host:5432/smalltown',
        }),
    ),
    TOWN_FILE: optionalString,
    TICK_CRON: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((e) => cron.validate(e), { message: 'must be a valid cron expression, e.g. "*/10 * * * *"' })
        .optional(),
    ),
    MINUTES_PER_TICK: int(10, 1, 240),
    // Scale-out (PostgreSQL only): workers, shards, ops endpoints.
    // Towns one worker ticks at once: 8 lets one worker tick 100 ten-resident towns well inside the real-model pace
    // (bench scalePace, README "Scaling out").
    WORKER_CONCURRENCY: int(8, 1, 256),
    WORKER_MAX_TOWNS: int(50, 1, 100_000),
    // 0: no memory budget (WORKER_MAX_TOWNS alone bounds the towns kept loaded)
    WORKER_MAX_MB: int(0, 0, 1_000_000),
    WORKER_SCHEDULE: z.preprocess(
      emptyToUndefined,
      z.enum(['true', 'false'], { message: 'must be true or false' }).default('true'),
    ),
    SHARD_COUNT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default('auto')
        .refine((v) => v === 'auto' || /^[1-9]\d{0,3}$/.test(v), {
          message: 'must be auto or a whole number of shards',
        }),
    ),
    METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
    // The read-only web view (src/web): a port (or off); on by default for the console only.
    WEB_PORT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(off|\d{1,5})$/, 'must be a port number (0-65535) or off')
        .refine((v) => v === 'off' || Number(v) <= 65535, { message: 'must be a port number (0-65535) or off' })
        .optional(),
    ),
    WEB_HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
    WEB_PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    WEB_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    WEB_LINK_HOURS: int(24, 1, 24 * 30),
    // Names the proxies (never everyone): whoever else connects could forge X-Forwarded-For and take the rate
    // limit and the stream slots of every client (issue 34).
    WEB_TRUST_PROXY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default('false')
        .refine((v) => parseTrustProxy(v) !== null, {
          message:
            'must be false, a hop count (1 for one proxy in front) or the proxies’ addresses (e.g. 127.0.0.1 or 10.0.0.0/8, comma-separated); true would trust every client’s X-Forwarded-For',
        }),
    ),
    // discord: `npm start` must be the bot (the Docker image sets it), so a missing token stops it with a message.
    FRONT_END: z.preprocess(emptyToUndefined, z.enum(['auto', 'discord']).default('auto')),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.MODEL_PROVIDER === 'openai' && !env.OPENAI_API_KEY)
      ctx.addIssue({ code: 'custom', path: ['OPENAI_API_KEY'], message: 'is required when MODEL_PROVIDER=openai' });
    if (env.MODEL_PROVIDER === 'compatible' && !env.OPENAI_BASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['OPENAI_BASE_URL'],
        message: 'is required when MODEL_PROVIDER=compatible',
      });
    if (env.DISCORD_TOKEN && env.WEB_PORT && env.WEB_PORT !== 'off' && !env.WEB_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_SECRET'],
        message: 'is required when the bot serves the web view (WEB_PORT): 32 or more random characters',
      });
    if (env.DISCORD_TOKEN && env.WEB_PORT && env.WEB_PORT !== 'off' && !env.WEB_PUBLIC_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_PUBLIC_URL'],
        message:
          'is required when the bot serves the web view (WEB_PORT): the address members open, e.g. https://town.example.org (without it their links would point at this machine’s loopback)',
      });
    if (env.TOWN_FILE && !existsSync(env.TOWN_FILE))
      ctx.addIssue({ code: 'custom', path: ['TOWN_FILE'], message: `file not found: ${env.TOWN_FILE}` });
  });

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  discord: { token?: string; applicationId?: string; devGuildId?: string; apiUrl: string };
  /** auto: Discord with a token, else the console; discord: the bot or nothing (containers). */
  frontEnd: 'auto' | 'discord';
  model: {
    provider: 'openai' | 'compatible' | 'offline';
    apiKey?: string;
    baseURL?: string;
    chatModel: string;
    embeddingModel: string;
    embeddingDimensions?: number;
    structuredMode: 'json_schema' | 'json_object';
    timeoutMs: number;
    /** Ceiling of requests in flight (adaptive) or the fixed number (adaptiveConcurrency false). */
    concurrency: number;
    adaptiveConcurrency: boolean;
    maxAttempts: number;
    dailyTokenBudget: number;
  };
  databaseUrl: string;
  townFile?: string;
  tickCron: string;
  minutesPerTick: number;
  logLevel: Env['LOG_LEVEL'];
  scale: {
    /** Towns one worker ticks at once. */
    workerConcurrency: number;
    /** Towns one worker keeps loaded; past it the least recently ticked is let go (loaded again when needed). */
    workerMaxTowns: number;
    /** Resident memory (MB, measured RSS) past which a worker lets its least recently ticked towns go; 0: none. */
    workerMaxMb: number;
    /** Whether each worker also enqueues ticks (any number of schedulers may run). */
    workerSchedule: boolean;
    shardCount: 'auto' | number;
    /** Port of /healthz and /metrics; none: not served. */
    metricsPort?: number;
  };
  /** The read-only web view (src/web/README.md). */
  web: {
    /** null: off. Unset, the console serves on WEB_DEFAULT_PORT and the bot not at all. */
    port: number | null;
    /** WEB_PORT was set (the bot serves the web view only then). */
    explicit: boolean;
    host: string;
    publicUrl?: string;
    /** HMAC secret of the watch links; the console makes a random one per run when unset. */
    secret?: string;
    linkTtlMs: number;
    /** Behind a reverse proxy: the proxies whose X-Forwarded-For is believed (addresses, or a hop count). */
    trustProxy: TrustProxy;
  };
}

/** WEB_TRUST_PROXY read: false, a hop count, or the proxies' addresses (IPs or CIDR ranges). */
export type TrustProxy = false | number | string[];

/** WEB_TRUST_PROXY's value, or null when it is not one (`true` included: it would trust everyone). */
export function parseTrustProxy(text: string): TrustProxy | null {
  const v = text.trim();
  if (v === 'false') return false;
  if (/^[1-9]$/.test(v)) return Number(v);
  const parts = v.split(',').map((p) => p.trim());
  const ok = parts.every((p) => {
    const [addr = '', bits, ...rest] = p.split('/');
    if (rest.length > 0 || isIP(addr) === 0) return false;
    if (bits === undefined) return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(addr) === 4 ? 32 : 128);
  });
  return ok && parts.length > 0 ? parts : null;
}

/** The console's web view port when WEB_PORT is not set. */
export const WEB_DEFAULT_PORT = 8787;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example for every variable and its default.`,
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * The pace when TICK_CRON is not set. With a paid model, a tick every 10 minutes (of MINUTES_PER_TICK = 10
 * simulated minutes): the town lives in real time, one simulated day per real day, which the default budget covers
 * for a 25-resident town (README "Models and cost"). The offline model costs nothing: a tick every minute.
 */
export function defaultTickCron(provider: Config['model']['provider']): string {
  return provider === 'offline' ? '* * * * *' : '*/10 * * * *';
}

/** Parses an environment (process.env by default). Throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const r = EnvSchema.safeParse(env, PLAIN_ISSUES_AFTER_PATH);
  if (!r.success) {
    const problems = r.error.issues.map((i) => `${String(i.path[0] ?? '?')}: ${i.message}`);
    throw new ConfigError([...new Set(problems)]);
  }
  const e = r.data;
  // auto: a key or a base URL means a real model; neither means the built-in offline model.
  const provider =
    e.MODEL_PROVIDER !== 'auto'
      ? e.MODEL_PROVIDER
      : e.OPENAI_BASE_URL && !/api\.openai\.com/.test(e.OPENAI_BASE_URL)
        ? 'compatible'
        : e.OPENAI_API_KEY
          ? 'openai'
          : 'offline';
  return {
    discord: {
      token: e.DISCORD_TOKEN,
      applicationId: e.DISCORD_APPLICATION_ID,
      devGuildId: e.DISCORD_DEV_GUILD_ID,
      apiUrl: e.DISCORD_API_URL.replace(/\/$/, ''),
    },
    frontEnd: e.FRONT_END,
    model: {
      provider,
      apiKey: e.OPENAI_API_KEY,
      baseURL: e.OPENAI_BASE_URL,
      chatModel: e.OPENAI_CHAT_MODEL,
      embeddingModel: e.OPENAI_EMBEDDING_MODEL,
      embeddingDimensions: e.OPENAI_EMBEDDING_DIMENSIONS,
      structuredMode: e.OPENAI_STRUCTURED_MODE,
      timeoutMs: e.LLM_TIMEOUT_MS,
      concurrency: e.LLM_CONCURRENCY,
      adaptiveConcurrency: e.LLM_ADAPTIVE_CONCURRENCY === 'true',
      maxAttempts: e.LLM_MAX_ATTEMPTS,
      dailyTokenBudget: e.DAILY_TOKEN_BUDGET,
    },
    databaseUrl: e.DATABASE_URL,
    townFile: e.TOWN_FILE,
    tickCron: e.TICK_CRON ?? defaultTickCron(provider),
    minutesPerTick: e.MINUTES_PER_TICK,
    logLevel: e.LOG_LEVEL,
    scale: {
      workerConcurrency: e.WORKER_CONCURRENCY,
      workerMaxTowns: e.WORKER_MAX_TOWNS,
      workerMaxMb: e.WORKER_MAX_MB,
      workerSchedule: e.WORKER_SCHEDULE === 'true',
      shardCount: e.SHARD_COUNT === 'auto' ? 'auto' : Number(e.SHARD_COUNT),
      ...(e.METRICS_PORT !== undefined ? { metricsPort: e.METRICS_PORT } : {}),
    },
    web: {
      port: e.WEB_PORT === 'off' ? null : e.WEB_PORT !== undefined ? Number(e.WEB_PORT) : WEB_DEFAULT_PORT,
      explicit: e.WEB_PORT !== undefined && e.WEB_PORT !== 'off',
      host: e.WEB_HOST,
      ...(e.WEB_PUBLIC_URL ? { publicUrl: e.WEB_PUBLIC_URL } : {}),
      ...(e.WEB_SECRET ? { secret: e.WEB_SECRET } : {}),
      linkTtlMs: e.WEB_LINK_HOURS * 3_600_000,
      trustProxy: parseTrustProxy(e.WEB_TRUST_PROXY) ?? false,
    },
  };
}

/** Loads `.env` from the working directory into process.env when present (real environment wins). */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
