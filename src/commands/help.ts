// /help: every command in one message (Discord's limit is 2,000 characters), generated from the operation tables
// (src/app/operations.ts, src/app/game-operations.ts), so a command added there shows up here. Discord's own words
// (location channels, Manage Server) are the only hand-written lines. The same text (shortened) answers DMs.
import { InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { gameOperations } from '../app/game-operations.ts';
import { OPERATIONS, type Operation } from '../app/operations.ts';
import { LOOK_OPERATIONS } from './look.ts';
import type { SlashCommand } from './types.ts';
import { answer } from './util.ts';

/** An operation's options as Discord shows them: `name` required, `[name]` optional. */
function options(o: Pick<Operation, 'args'>): string[] {
  const shape = o.args.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
  return Object.entries(shape).map(([k, v]) => (v.safeParse(undefined).success ? `[${k}]` : k));
}

/** `/town step [ticks]`: the command words (or `words`) and the options. */
function slashUsage(o: Pick<Operation, 'args' | 'path'>, words: readonly string[] = o.path): string {
  return `\`/${[...words, ...options(o)].join(' ')}\``;
}

const all = Object.values(OPERATIONS) as Operation[];
/** The members' views (/map, /relationships, /clock) stand for their /town twins in the members' list. */
const looked = new Set<Operation>(LOOK_OPERATIONS.map((l) => l.op));
const say = all.find((o) => o.discord === 'message');

/** Operations of one command (`/persona set` · `/persona show`) on one line, with the first one's summary. */
function grouped(ops: Operation[]): string[] {
  const byCommand = new Map<string, Operation[]>();
  for (const o of ops) byCommand.set(o.path[0], [...(byCommand.get(o.path[0]) ?? []), o]);
  return [...byCommand.values()].map((list) =>
    list.length === 1
      ? `• ${slashUsage(list[0]!)} — ${list[0]!.summary}`
      : `• ${list.map((o) => slashUsage(o)).join(' · ')}`,
  );
}

const gameLobbies = gameOperations().filter((o) => o.reply === 'lobby');
const gameMoves = gameOperations().filter((o) => o.reply !== 'lobby');

export const HELP_TEXT = [
  '**Smalltown**: a town of generative agents living in this server. Each place has a channel; residents post there under their own names.',
  '',
  '**Talk and look around**',
  ...(say ? [`• Write in a location channel — ${say.summary.replace(/^Speak in a location: /, '')}.`] : []),
  ...LOOK_OPERATIONS.map((l) => `• ${slashUsage(l.op, [l.name])} — ${l.op.summary}`),
  // /web is every member's /town watch (the /town command is shown to Manage Server holders by default)
  `• ${slashUsage(OPERATIONS.townWatch, ['web'])} or ${slashUsage(OPERATIONS.townWatch)} — ${OPERATIONS.townWatch.summary}`,
  ...grouped(all.filter((o) => !o.admin && !looked.has(o) && o !== say && o.path[0] !== 'town')),
  '',
  `**Play** (${gameLobbies.length} games; bots fill empty seats)`,
  `• ${gameLobbies.map((o) => `\`/game ${o.path[1]}\``).join(' · ')}`,
  `• then ${gameMoves
    .filter((o) => !['leaderboard', 'status', 'word'].includes(o.path[1]!))
    .map((o) => `\`${o.path[1]}\``)
    .join(' · ')}; \`/game status\` · \`/game word\` · \`/game leaderboard\``,
  '',
  '**Admins** (Manage Server)',
  '• `/town setup` — create the town and its channels (safe to rerun)',
  `• ${all
    .filter((o) => o.admin && o.path[0] === 'town')
    .map((o) => `\`/town ${o.path[1]}\``)
    .join(' · ')}`,
  ...grouped(all.filter((o) => o.admin && o.path[0] !== 'town')),
].join('\n');

export const DM_HELP_TEXT = [
  'Hi! I run a town of generative agents inside Discord servers, so there is nothing to do here in DMs.',
  'In a server with a town: write in a location channel to talk to the residents, or try `/help`, `/map`, `/clock`, `/persona set`, `/whisper`, `/interview`.',
  'An admin starts a town with `/town setup`.',
].join('\n');

export const help: SlashCommand = {
  data: new SlashCommandBuilder()
    .setName('help')
    .setDescription('What every command does, in one message')
    .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM),
  async execute(i) {
    await answer(i, HELP_TEXT);
  },
};
