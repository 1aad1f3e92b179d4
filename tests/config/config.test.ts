import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('configuration', () => {
  it('GIVEN an empty environment THEN it runs offline on the embedded database with the documented defaults', () => {
    const c = loadConfig({});
    expect(c.model.provider).toBe('offline');
    expect(c.databaseUrl).toBe('file:./data/town.db');
    expect(c.minutesPerTick).toBe(10);
    expect(c.tickCron).toBe('* * * * *');
    expect(c.discord.token).toBeUndefined();
    expect(c.discord.apiUrl).toBe('https://discord.com/api');
  });

  it('GIVEN a paid model THEN the default pace is real time (a 10-minute tick every 10 minutes); TICK_CRON wins', () => {
    expect(loadConfig({ OPENAI_API_KEY: 'sk-x' }).tickCron).toBe('*/10 * * * *');
    expect(loadConfig({ OPENAI_API_KEY: 'sk-x', TICK_CRON: '*/5 * * * *' }).tickCron).toBe('*/5 * * * *');
    expect(() => loadConfig({ TICK_CRON: 'every minute' })).toThrow(/TICK_CRON/);
  });

  it('the web view: on for the console by default on loopback, off or moved by WEB_PORT, a secret required for a bot', () => {
    expect(loadConfig({}).web).toMatchObject({ port: 8787, explicit: false, host: '127.0.0.1', trustProxy: false });
    expect(loadConfig({ WEB_PORT: 'off' }).web.port).toBeNull();
    expect(loadConfig({ WEB_PORT: '9000', WEB_LINK_HOURS: '2' }).web).toMatchObject({
      port: 9000,
      explicit: true,
      linkTtlMs: 7_200_000,
    });
    expect(() => loadConfig({ WEB_PORT: 'eighty' })).toThrow(/WEB_PORT: must be a port number \(0-65535\) or off/);
    expect(() => loadConfig({ WEB_PORT: '70000' })).toThrow(/WEB_PORT/);
    expect(() => loadConfig({ DISCORD_TOKEN: 't', WEB_PORT: '8080' })).toThrow(/WEB_SECRET: is required/);
    expect(() => loadConfig({ WEB_SECRET: 'short' })).toThrow(/WEB_SECRET: must be at least 32 characters/);
    const bot = { DISCORD_TOKEN: 't', WEB_PORT: '8080', WEB_SECRET: 's'.repeat(32) };
    // A bot would hand members http://127.0.0.1 links: it refuses to start and says what to set.
    expect(() => loadConfig(bot)).toThrow(/WEB_PUBLIC_URL: is required when the bot serves the web view/);
    expect(loadConfig({ ...bot, WEB_PUBLIC_URL: 'https://town.example.org' }).web.secret).toBe('s'.repeat(32));
  });

  it('WEB_TRUST_PROXY names the proxies (addresses or a hop count), never everyone', () => {
    expect(loadConfig({ WEB_TRUST_PROXY: '127.0.0.1' }).web.trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ WEB_TRUST_PROXY: '10.0.0.0/8, ::1' }).web.trustProxy).toEqual(['10.0.0.0/8', '::1']);
    expect(loadConfig({ WEB_TRUST_PROXY: '1' }).web.trustProxy).toBe(1);
    expect(loadConfig({ WEB_TRUST_PROXY: 'false' }).web.trustProxy).toBe(false);
    for (const bad of ['true', 'everyone', '10.0.0.0/99', '0', '1.2.3'])
      expect(() => loadConfig({ WEB_TRUST_PROXY: bad }), bad).toThrow(/WEB_TRUST_PROXY: must be false, a hop count/);
  });

  it('picks OpenAI with a key and a compatible server with a base URL', () => {
    expect(loadConfig({ OPENAI_API_KEY: 'sk-x' }).model.provider).toBe('openai');
    expect(loadConfig({ OPENAI_BASE_URL: 'http://localhost:11434/v1' }).model.provider).toBe('compatible');
    expect(loadConfig({ OPENAI_API_KEY: 'sk-x', MODEL_PROVIDER: 'offline' }).model.provider).toBe('offline');
  });

  it('GIVEN several bad variables THEN one error names each of them', () => {
    let err: unknown;
    try {
      loadConfig({ DATABASE_URL: 'nonsense', MINUTES_PER_TICK: '-5', MODEL_PROVIDER: 'skynet', TICK_CRON: 'often' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as ConfigError).message;
    for (const name of ['DATABASE_URL', 'MINUTES_PER_TICK', 'MODEL_PROVIDER', 'TICK_CRON']) expect(msg).toContain(name);
    expect((err as ConfigError).problems).toHaveLength(4);
  });

  it('empty strings count as unset (a copied .env.example is valid)', () => {
    const c = loadConfig({ DISCORD_TOKEN: '', OPENAI_API_KEY: '', OPENAI_EMBEDDING_DIMENSIONS: '', TOWN_FILE: '' });
    expect(c.model.provider).toBe('offline');
    expect(c.model.embeddingDimensions).toBeUndefined();
  });

  it('requires a key when the OpenAI provider is forced', () => {
    expect(() => loadConfig({ MODEL_PROVIDER: 'openai' })).toThrow(/OPENAI_API_KEY/);
  });

  it('GIVEN LLM_CONCURRENCY THEN it is the ceiling of the adaptive limit; LLM_ADAPTIVE_CONCURRENCY=false makes it fixed', () => {
    const d = loadConfig({});
    expect(d.model.concurrency).toBe(64);
    expect(d.model.adaptiveConcurrency).toBe(true);
    // an existing setting keeps meaning "never more than this many"
    expect(loadConfig({ LLM_CONCURRENCY: '4' }).model).toMatchObject({ concurrency: 4, adaptiveConcurrency: true });
    expect(loadConfig({ LLM_CONCURRENCY: '8', LLM_ADAPTIVE_CONCURRENCY: 'false' }).model).toMatchObject({
      concurrency: 8,
      adaptiveConcurrency: false,
    });
    expect(() => loadConfig({ LLM_ADAPTIVE_CONCURRENCY: 'maybe' })).toThrow(
      /LLM_ADAPTIVE_CONCURRENCY: must be true or false/,
    );
  });
});
