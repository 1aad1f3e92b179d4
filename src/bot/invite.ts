// The bot's invite link, with exactly the permissions the bot uses (one list, here): `npm run deploy-commands` prints
// it, and src/bot/README.md's table explains each one.
import { PermissionFlagsBits } from 'discord.js';

/** What the bot does with each permission it asks for (src/bot/README.md "Permissions"). */
export const BOT_PERMISSIONS: readonly { flag: keyof typeof PermissionFlagsBits; why: string }[] = [
  { flag: 'ViewChannel', why: 'see the town channels' },
  { flag: 'ReadMessageHistory', why: 'find an earlier delivery after a restart' },
  { flag: 'SendMessages', why: 'narration, the daily digest, game announcements, notices' },
  { flag: 'ManageChannels', why: 'create the category and the location channels, recreate a deleted one' },
  { flag: 'ManageWebhooks', why: 'one webhook per channel, so residents post under their own names' },
  { flag: 'AttachFiles', why: '/map, /relationships pictures; the town map on the daily digest' },
  { flag: 'CreatePublicThreads', why: 'a long conversation goes on in a thread' },
];

/** The permissions integer of the invite link. */
export function botPermissions(): bigint {
  return BOT_PERMISSIONS.reduce((sum, p) => sum | PermissionFlagsBits[p.flag], 0n);
}

/** The link that adds the bot (and its slash commands) to a server: open it, pick the server, authorise. */
export function inviteUrl(applicationId: string, guildId?: string): string {
  const q = new URLSearchParams({
    client_id: applicationId,
    scope: 'bot applications.commands',
    permissions: String(botPermissions()),
  });
  // With the development guild known, Discord preselects it (the admin still confirms).
  if (guildId) q.set('guild_id', guildId);
  return `https://discord.com/oauth2/authorize?${q.toString().replace(/\+/g, '%20')}`;
}
