// The Dockerfile and docker-compose.yml as people deploy them, checked without a Docker daemon: linted by tools from
// npm (dockerfile-utils, the Dockerfile validator of VS Code's Docker extension; dclint, the compose-spec schema plus
// best practices), and read for what a deployment needs: a pinned base, a health check, a data volume, .env reaching
// every process, the web view published, deploy-commands runnable.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = resolve(import.meta.dirname, '../..');
const read = (f: string) => readFileSync(resolve(root, f), 'utf8');
const dockerfile = read('Dockerfile');

type Service = {
  command?: string[];
  env_file?: { path: string; required?: boolean }[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  profiles?: string[];
  healthcheck?: { test: string[] };
};
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};

describe('Dockerfile', () => {
  it('passes the Dockerfile validator with no finding', () => {
    expect(validate(dockerfile)).toEqual([]);
    // The validator does find things: an out-of-range port and a malformed duration are reported.
    expect(validate('FROM node:22\nEXPOSE 99999\nHEALTHCHECK --interval=x CMD true\n').length).toBeGreaterThan(0);
  });

  it('builds on the exact Node CI runs, not a moving tag', () => {
    const ci = /^NODE_LTS=(\S+)$/m.exec(read('.ci/run'))?.[1];
    expect(ci).toMatch(/^\d+\.\d+\.\d+$/);
    expect(dockerfile).toContain(`ARG NODE_VERSION=${ci}`);
    const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Dockerfile and compose syntax, not a template
    expect(froms).toEqual(['node:${NODE_VERSION}-bookworm-slim', 'node:${NODE_VERSION}-bookworm-slim']);
  });

  it('declares the data volume, the web port and a health check on /healthz', () => {
    expect(dockerfile).toMatch(/^VOLUME \["\/app\/data"\]$/m);
    expect(dockerfile).toMatch(/^EXPOSE .*\b8787\b/m);
    expect(dockerfile).toMatch(/METRICS_PORT=9100/);
    const health = /^HEALTHCHECK ((?:[^\n]*\\\n)*[^\n]*)$/m.exec(dockerfile)?.[1] ?? '';
    expect(health).toMatch(/--start-period=\d+s/);
    expect(health).toMatch(/CMD \["node", "-e", ".*METRICS_PORT.*\/healthz/);
    // The volume's folder is the node user's before VOLUME, so a fresh named volume is writable by the bot.
    expect(dockerfile.indexOf('chown -R node:node data')).toBeLessThan(dockerfile.indexOf('VOLUME'));
  });
});

describe('the HEALTHCHECK command', () => {
  it('exits 0 while /healthz answers 200 on METRICS_PORT, 1 on a 503 or when nothing listens', async () => {
    const cmd = JSON.parse(/^HEALTHCHECK [\s\S]*?CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
    expect(cmd.slice(0, 2)).toEqual(['node', '-e']);
    let status = 200;
    const server = createServer((req, res) => {
      res.writeHead(req.url === '/healthz' ? status : 404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const check = (env: Record<string, string>) =>
      new Promise<number>((done) =>
        execFile(process.execPath, cmd.slice(1), { env: { ...process.env, ...env } }, (e) =>
          done(e ? Number((e as { code?: number }).code) : 0),
        ),
      );
    try {
      expect(await check({ METRICS_PORT: String(port) })).toBe(0);
      status = 503;
      expect(await check({ METRICS_PORT: String(port) })).toBe(1);
    } finally {
      await new Promise((r) => server.close(r));
    }
    expect(await check({ METRICS_PORT: String(port) })).toBe(1);
  });
});

describe('docker-compose.yml', () => {
  const app = ['migrate', 'deploy-commands', 'bot', 'worker'];

  it('passes dclint (the compose-spec schema and its rules) with no error', async () => {
    const bin = resolve(createRequire(import.meta.url).resolve('dclint/package.json'), '..', 'bin', 'dclint.cjs');
    const r = await new Promise<{ code: number; out: string }>((done) =>
      // (no colours: under CI=true the summary's "0 errors" comes wrapped in escape codes)
      execFile(
        process.execPath,
        [bin, 'docker-compose.yml'],
        { cwd: root, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
        (e, out, err) =>
          done({
            code: e ? Number((e as { code?: number }).code ?? 1) : 0,
            out: (out + err).replace(/\u001b\[[0-9;]*m/g, ''),
          }),
      ),
    );
    expect(r.out).toMatch(/\b0 errors\b/);
    expect(r.code).toBe(0);
  }, 30_000);

  it('every process reads .env, and compose sets nothing to empty over it', () => {
    for (const name of app) {
      const s = compose.services[name]!;
      expect(s.env_file, name).toEqual([{ path: '.env', required: false }]);
      for (const [k, v] of Object.entries(s.environment ?? {}))
        expect(String(v), `${name}.${k} would hide .env's value`).not.toMatch(/\$\{\w+:-\}/);
    }
    // The model and web settings come from .env, not from a list here that forgets some.
    for (const k of ['OPENAI_API_KEY', 'OPENAI_CHAT_MODEL', 'MODEL_PROVIDER', 'DAILY_TOKEN_BUDGET', 'WEB_SECRET'])
      expect(compose.services.bot!.environment).not.toHaveProperty(k);
  });

  it('the bot needs DISCORD_TOKEN (a message naming the fix), publishes the web view and keeps /app/data', () => {
    const bot = compose.services.bot!;
    expect(bot.environment?.DISCORD_TOKEN).toMatch(/^\$\{DISCORD_TOKEN:\?set DISCORD_TOKEN in \.env .+\}$/);
    expect(bot.environment?.WEB_HOST).toBe('0.0.0.0');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Dockerfile and compose syntax, not a template
    expect(bot.environment?.WEB_PORT).toBe('${WEB_PORT:+8787}');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Dockerfile and compose syntax, not a template
    expect(bot.ports).toEqual(['127.0.0.1:${WEB_PORT:-8787}:8787']);
    expect(bot.volumes).toEqual(['data:/app/data']);
    expect(compose.volumes).toHaveProperty('data');
  });

  it('deploy-commands is an admin step (a profile) that runs the real script; every command names a file that exists', () => {
    const deploy = compose.services['deploy-commands']!;
    expect(deploy.profiles).toEqual(['admin']);
    expect(deploy.environment?.DISCORD_TOKEN).toMatch(/^\$\{DISCORD_TOKEN:\?/);
    for (const name of app) {
      const file = compose.services[name]!.command?.find((a) => /\.(ts|mjs)$/.test(a));
      if (file) expect(existsSync(resolve(root, file)), `${name}: ${file}`).toBe(true);
    }
    expect(deploy.command).toEqual(['node', '--import', 'tsx', 'src/bot/deploy-commands.ts']);
  });

  it('the README documents deploy-commands, backups and restores under Docker', () => {
    const readme = read('README.md');
    const docker = readme.slice(readme.indexOf('## Docker'), readme.indexOf('## Simulation and evaluation'));
    expect(docker).toContain('docker compose run --rm deploy-commands');
    expect(docker).toContain('node --import tsx src/bot/deploy-commands.ts');
    expect(docker).toMatch(/src\/cli\/town\.ts backup data\//);
    expect(docker).toMatch(/src\/cli\/town\.ts restore data\//);
    expect(docker).toMatch(/pg_dump .*smalltown/);
    expect(docker).toMatch(/pg_restore .*smalltown/);
  });
});
