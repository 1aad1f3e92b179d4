// /town: set the town up in this server and run it (admin), replace it (new, reset, import: they ask to confirm
// with buttons), and look at it (map, relationships).
// Discord's default_member_permissions is per command, so /town is shown to Manage Server holders by default;
// server admins may open it to everyone (Server Settings -> Integrations): the admin subcommands are re-checked
// at execution, the map and the relationship graph are not.
import { InteractionContextType, PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import { OPERATIONS, type Operation } from '../app/operations.ts';
import { residentAutocomplete } from './autocomplete.ts';
import { executeOperation, withOperationOptions } from './operation-command.ts';
import { confirmMessage, discordLifecycle } from './town-lifecycle.ts';
import type { SlashCommand } from './types.ts';
import { answer, plain, townFor } from './util.ts';

/** The table's /town operations (setup is Discord's own: it makes the channels). */
export const TOWN_OPERATIONS: Operation[] = Object.values(OPERATIONS).filter((o) => o.path[0] === 'town');
/** The subcommands that replace the town (src/commands/town-lifecycle.ts). */
const LIFECYCLE = new Set(['new', 'reset', 'import']);
const ADMIN_SUBCOMMANDS = ['setup', ...TOWN_OPERATIONS.filter((o) => o.admin).map((o) => o.path[1]!)];

function townCommand() {
  const b = new SlashCommandBuilder()
    .setName('town')
    .setDescription('Set up, run and look at this server’s town')
    .setContexts(InteractionContextType.Guild)
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addSubcommand((s) =>
      s.setName('setup').setDescription('Create the town (if needed) and its channels; safe to run again'),
    );
  for (const o of TOWN_OPERATIONS)
    b.addSubcommand((s) => withOperationOptions(s.setName(o.path[1]!).setDescription(o.summary.slice(0, 100)), o));
  return b;
}

export const town: SlashCommand = {
  data: townCommand(),
  admin: ADMIN_SUBCOMMANDS,
  // Changes wait for the town's writer lock, which a tick holds for a model round trip: defer them all.
  defer(i) {
    const sub = i.options.getSubcommand(false);
    if (sub === 'status') return null;
    if (sub === 'map' || sub === 'relationships') return { ephemeral: false };
    return { ephemeral: true };
  },

  async execute(i, ctx) {
    const sub = i.options.getSubcommand();
    if (sub === 'setup') {
      if (!i.guildId) throw new Error('setup outside a guild');
      const existing = await ctx.towns.get(i.guildId);
      const t = existing ?? (await ctx.towns.getOrCreate(i.guildId));
      const r = await ctx.setupChannels(i.guildId, t);
      const st = t.status();
      await answer(
        i,
        [
          existing
            ? `**${plain(st.name)}** was already set up here; I checked its channels.`
            : `Welcome to **${plain(st.name)}**: ${st.residents} residents in ${st.locations} places.`,
          `Channels: ${r.created.length} created, ${r.kept.length} kept (category <#${r.categoryId}>). Residents post in their location's channel; the daily digest goes to #town-hall.`,
        ]
          .filter(Boolean)
          .join('\n'),
      );
      return;
    }
    const t = await townFor(i, ctx);
    const o = TOWN_OPERATIONS.find((x) => x.path[1] === sub);
    if (!o) {
      await answer(i, 'Unknown subcommand.');
      return;
    }
    const lifecycle = LIFECYCLE.has(sub) && i.guildId ? discordLifecycle(i.guildId, ctx, t) : undefined;
    const r = await executeOperation(
      i,
      ctx,
      t,
      o,
      sub === 'status' ? [heldText(ctx.deliveryHolds?.(t.id) ?? [])] : [],
      lifecycle,
    );
    if (r.confirm) await i.editReply(confirmMessage(i, o, r));
  },
  autocomplete: residentAutocomplete,
};

/** Held channels, one line each, naming the permission (the same words the delivery log uses). */
function heldText(holds: { channelId: string; permission: string }[]): string {
  return holds
    .map(
      (h) =>
        `⚠️ Posts for <#${h.channelId}> are held: I need the **${h.permission}** permission there. They are sent once it is given (or run \`/town setup\` to retry now).`,
    )
    .join('\n');
}
