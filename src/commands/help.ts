// /help: every command in one screen. The same text (shortened) answers direct messages.
import { SlashCommandBuilder } from 'discord.js';
import type { SlashCommand } from './types.ts';
import { answer } from './util.ts';

export const HELP_TEXT = [
  '**Smalltown** — a town of generative agents living in this server. Each place has a channel; residents post there under their own names.',
  '',
  '**Talk to the town**',
  '• Write in a location channel: residents present hear you and may answer (address one by name and they almost always do).',
  '• `/persona set name description` — who residents think you are · `/persona show` · `/persona clear`',
  '• `/whisper resident text` — become a resident’s inner voice; they take it as their own idea',
  '• `/interview resident question [public]` — ask a resident anything; they answer in character',
  '',
  '**Look around**',
  '• `/resident list` — everyone, where they are and what they are doing',
  '• `/resident info resident` — bio, whereabouts and today’s plan',
  '• `/town map` — a picture of the town · `/town relationships` — who knows whom',
  '',
  '**Play**',
  '• `/game chameleon` · `/game undercover` — social-deduction games with residents and bots · `/game leaderboard`',
  '',
  '**Admins** (Manage Server)',
  '• `/town setup` — create the town and its channels (safe to rerun) · `/town status`',
  '• `/town pause` · `/town resume` · `/town step [ticks]` · `/town speed ticks_per_run`',
  '• `/town object location object status` — e.g. “the stove is burning” · `/town budget [tokens]`',
  '• `/resident memories resident query` — what a resident recalls, with retrieval scores',
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
