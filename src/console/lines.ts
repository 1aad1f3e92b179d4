// The console's lines: /help, the prompt, the longest line read, and splitting a typed line into words (quoted
// phrases kept together). Pure text functions; src/console/dispatch.ts runs them.
import { usageOf } from '../app/operations.ts';
import { formatClock } from '../core/time.ts';
import { USER_TEXT_MAX_CHARS } from '../core/user-text.ts';
import { isSpace } from '../core/whitespace.ts';
import { CONSOLE_TABLE } from './commands.ts';
import { filterLabel, type PostFilter } from './filters.ts';
import { HELP_TOPICS, TOPIC_WORDS } from './help-topics.ts';

export { HELP_TOPICS } from './help-topics.ts';

const helpRow = (usage: string, what: string) => `  ${usage.length < 40 ? usage.padEnd(40) : `${usage}  `}${what}`;

/** /help all: every command of the console's list (src/console/commands.ts) but the games' (`/help game` lists those). */
export const CONSOLE_HELP = [
  'Commands:',
  helpRow('<text>', 'speak in your current location (/say <location> <text>: elsewhere, and go there)'),
  ...CONSOLE_TABLE.filter((e) => e.from !== 'game').map(({ from, op: o }) =>
    helpRow(usageOf(o), `${o.summary}${from === 'town' && o.admin ? ' (admin on Discord)' : ''}`),
  ),
  '  Pictures (/town map, /town relationships) print as text and are written as PNG files (path printed).',
  '  e.g. /persona set Sam, a reporter for the local paper   /town object maple-row stove is burning',
  'Tab completes commands, residents and places; up-arrow recalls earlier lines.',
];

const row = (word: string, sub?: string) => {
  const e = CONSOLE_TABLE.find((x) => x.from !== 'game' && x.op.path[0] === word && x.op.path[1] === sub);
  return e ? helpRow(usageOf(e.op), e.op.summary) : null;
};

/** /help alone: what a newcomer needs first, in a screenful, and the topics for the rest. */
export const CONSOLE_HELP_SHORT = [
  'Type a line to speak where you are: the residents there hear you and may answer.',
  ...[
    row('go'),
    row('resident', 'list'),
    row('interview'),
    row('whisper'),
    row('persona', 'set'),
    row('map'),
    row('status'),
    row('town', 'step'),
    row('quit'),
  ].filter((l): l is string => l !== null),
  helpRow('/game chameleon', 'play a game here with bots (/help game for all five)'),
  `More: ${HELP_TOPICS.map((t) => `/help ${t}`).join(' · ')}.`,
  'Tab completes commands, residents and places; up-arrow recalls earlier lines.',
];

/** /help TOPIC's lines (`games`: the games' help the console was given), or null for a topic it does not know. */
export function helpTopic(topic: string, gameLines: readonly string[]): string[] | null {
  const t = topic.toLowerCase().replace(/^\//, '');
  if (t === 'all') return [...CONSOLE_HELP, ...gameLines];
  if (t === 'game' || t === 'games') return gameLines.length > 0 ? [...gameLines] : ['No games in this console.'];
  const words = TOPIC_WORDS[t] ?? (TOPIC_WORDS[`${t.replace(/s$/, '')}`] as readonly string[] | undefined);
  if (!words) return null;
  return CONSOLE_TABLE.filter((e) => e.from !== 'game' && words.includes(e.op.path[0] ?? '')).map(({ from, op: o }) =>
    helpRow(usageOf(o), `${o.summary}${from === 'town' && o.admin ? ' (admin on Discord)' : ''}`),
  );
}

/**
 * Longest console line read: the longest text a person may send (USER_TEXT_MAX_CHARS) plus room for a command, a
 * resident and a location name. Checked before any parsing, so a 1 MB line costs one length check.
 */
export const CONSOLE_LINE_MAX = USER_TEXT_MAX_CHARS + 200;

/** The line is too long to read: the message says how long it was and the limit. */
export function lineTooLong(line: string): string | null {
  return line.length > CONSOLE_LINE_MAX
    ? `That line is ${line.length} characters long; the limit is ${CONSOLE_LINE_MAX}. Nothing was done.`
    : null;
}

export function errorText(e: unknown): string {
  return clipLine(e instanceof Error ? e.message : String(e));
}

/** One line of at most 300 characters (error messages can carry paths and statements). */
export function clipLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/** The text of `line` after its first `n` words (the slash command and subcommand), as typed. */
export function afterWords(line: string, n: number): string {
  let i = line.startsWith('/') ? 1 : 0;
  for (let k = 0; k < n; k++) {
    while (i < line.length && isSpace(line.charCodeAt(i))) i++;
    while (i < line.length && !isSpace(line.charCodeAt(i))) i++;
  }
  return line.slice(i).trim();
}

/**
 * Splits on spaces, keeping "quoted phrases" together (quotes removed); a quote with no closing one is part of its
 * word. A scan: each character is looked at a bounded number of times (only the last quote of a kind can be
 * unclosed), so a megabyte of quotes costs what a megabyte of letters does.
 */
export function tokenize(line: string): string[] {
  const out: string[] = [];
  const n = line.length;
  for (let i = 0; i < n; ) {
    const c = line.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === 34 || c === 39) {
      const end = line.indexOf(line[i]!, i + 1);
      if (end >= 0) {
        out.push(line.slice(i + 1, end));
        i = end + 1;
        continue;
      }
    }
    let j = i + 1;
    while (j < n && !isSpace(line.charCodeAt(j))) j++;
    out.push(line.slice(i, j));
    i = j;
  }
  return out;
}

const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * The prompt: `[Fri 9:40 am · #copper-kettle · following Rosa Delgado] > `; while a game waits on you, the turn and
 * its time left come first, so the bottom line says it however many posts print above: `[YOUR TURN /game clue 1:45 · …`.
 */
export function consolePrompt(
  simTime: number,
  here: string,
  filter: PostFilter,
  paused = false,
  turn: { move: string; secondsLeft: number } | null = null,
): string {
  const d = new Date(simTime);
  const parts = [
    `${WEEKDAY_SHORT[d.getUTCDay()]} ${formatClock(d.getUTCHours() * 60 + d.getUTCMinutes())}`,
    `#${here}`,
  ];
  const label = filterLabel(filter);
  if (label) parts.push(label);
  if (paused) parts.push('paused');
  if (turn) {
    const left = `${Math.floor(turn.secondsLeft / 60)}:${String(turn.secondsLeft % 60).padStart(2, '0')}`;
    parts.unshift(`YOUR TURN ${turn.move} ${left}`);
  }
  return `[${parts.join(' · ')}] > `;
}
