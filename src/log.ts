// pino logger: pretty in a terminal, JSON otherwise. Secrets are redacted by key name wherever they appear.
import pino, { type Logger } from 'pino';

export type { Logger } from 'pino';

const REDACT = ['token', 'apiKey', 'authorization', 'OPENAI_API_KEY', 'DISCORD_TOKEN', 'webhookToken', '*.token', '*.apiKey', '*.authorization', '*.webhookToken', 'headers.authorization'];

export function createLogger(opts: { level?: string; pretty?: boolean; destination?: NodeJS.WritableStream } = {}): Logger {
  const pretty = opts.pretty ?? Boolean(process.stdout.isTTY);
  const base = { level: opts.level ?? 'info', redact: { paths: REDACT, censor: '[redacted]' } };
  if (opts.destination) return pino(base, opts.destination as pino.DestinationStream);
  if (pretty) {
    return pino({
      ...base,
      transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname', destination: 2 } },
    });
  }
  return pino(base, pino.destination(2));
}
