// /help: every command in one screen. The same text (shortened) answers direct messages.
import { SlashCommandBuilder } from 'discord.js';
import { OPERATIONS, type Operation } from '../app/operations.ts';
import type { SlashCommand } from './types.ts';
import { answer } from './util.ts';

/** An operation as Discord shows it: `/town step [ticks]` (optional options in brackets). */
function slashUsage(o: Operation): string {
  const shape = o.args.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
  const opts = Object.entries(shape).map(([k, v]) => (v.safeParse(undefined).success ? `[${k}]` : k));
  return `\`/${[...o.path, ...opts].join(' ')}\``;
}

const line = (o: Operation) => `• ${slashUsage(o)} — ${o.summary}`;
/** Slash commands only: an operation Discord runs from plain messages (say) is the first line of the list. */
const ops = (Object.values(OPERATIONS) as Operation[]).filter((o) => o.discord !== 'message');

/** The commands come from the operation table (src/app/operations.ts); the rest is Discord's own. */
export const HELP_TEXT = [
  '**Smalltown** — a town of generative agents living in this server. Each place has a channel; residents post there under their own names.',
  '',
  '**Talk to the town and look around**',
  `• Write in a location channel: residents present hear you and may answer (address one by name and they almost always do). (\`/say\` in the console.)`,
  ...ops.filter((o) => !o.admin).map(line),
  '• `/interview … public:true` shows the interview to the channel.',
  '',
  '**Play**',
  '• `/game chameleon` · `/game undercover` — social-deduction games with residents and bots · `/game leaderboard`',
  '',
  '**Admins** (Manage Server)',
  '• `/town setup` — create the town and its channels (safe to rerun)',
  ...ops.filter((o) => o.admin).map(line),
].join('\n');

export const DM_HELP_TEXT = [
  'Hi! I run a town of generative agents inside Discord servers, so there is nothing to do here in DMs.',
  'In a server with a town: write in a location channel to talk to the residents, or try `/help`, `/persona set`, `/whisper`, `/interview`, `/town map`.',
  'An admin starts a town with `/town setup`.',
].join('\n');

export const help: SlashCommand = {
  data: new SlashCommandBuilder().setName('help').setDescription('What every command does, in one screen'),
  async execute(i) {
    await answer(i, HELP_TEXT);
  },
};
