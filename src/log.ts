// pino logger: pretty in a terminal, JSON otherwise (Discord bot in production), or readable single lines beside
// the console town (`format: 'line'`), so nothing prints raw JSON between residents' posts.
// Secrets are redacted by key name wherever they appear.
import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';

export type { Logger } from 'pino';

const REDACT = [
  'token',
  'apiKey',
  'authorization',
  'OPENAI_API_KEY',
  'DISCORD_TOKEN',
  'webhookToken',
  '*.token',
  '*.apiKey',
  '*.authorization',
  '*.webhookToken',
  'headers.authorization',
];

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const OMIT = new Set(['level', 'time', 'pid', 'hostname', 'msg']);

/** One pino JSON record as "HH:MM:SS warn message (key=value, ...)". */
export function formatLogLine(json: string): string {
  let rec: Record<string, unknown>;
  try {
    rec = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const time = typeof rec.time === 'number' ? new Date(rec.time).toISOString().slice(11, 19) : '';
  const level = LEVELS[rec.level as number] ?? String(rec.level);
  const extras = Object.entries(rec)
    .filter(([k]) => !OMIT.has(k))
    .map(([k, v]) => {
      if (k === 'err' && v && typeof v === 'object') return `error=${(v as { message?: string }).message ?? ''}`;
      return `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`;
    });
  return `${time} ${level} ${String(rec.msg ?? '')}${extras.length ? ` (${extras.join(', ')})` : ''}`;
}

function lineStream(out: NodeJS.WritableStream): Writable {
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) out.write(`${formatLogLine(line)}\n`);
      done();
    },
  });
}

export function createLogger(
  opts: {
    level?: string;
    pretty?: boolean;
    format?: 'json' | 'pretty' | 'line';
    destination?: NodeJS.WritableStream;
  } = {},
): Logger {
  const format = opts.format ?? ((opts.pretty ?? Boolean(process.stdout.isTTY)) ? 'pretty' : 'json');
  const base = { level: opts.level ?? 'info', redact: { paths: REDACT, censor: '[redacted]' } };
  if (format === 'line') return pino(base, lineStream(opts.destination ?? process.stderr));
  if (opts.destination) return pino(base, opts.destination as pino.DestinationStream);
  if (format === 'pretty') {
    return pino({
      ...base,
      transport: {
        target: 'pino-pretty',
        options: { colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname', destination: 2 },
      },
    });
  }
  return pino(base, pino.destination(2));
}
