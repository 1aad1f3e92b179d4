// /town: set the town up in this server and run it (admin), and look at it (map, relationships).
// Discord's default_member_permissions is per command, so /town is shown to Manage Server holders by default;
// server admins may open it to everyone (Server Settings -> Integrations): the admin subcommands are re-checked
// at execution, the map and the relationship graph are not.
import { AttachmentBuilder, PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import { renderTownPicture } from '../render/town-pictures.ts';
import { UserError } from '../errors.ts';
import { budgetLines } from '../llm/health.ts';
import type { TownService } from '../town/service.ts';
import { residentAutocomplete } from './autocomplete.ts';
import type { SlashCommand } from './types.ts';
import { answer, plain, speakerOf, textOption, townFor } from './util.ts';

const ADMIN_SUBCOMMANDS = ['setup', 'status', 'pause', 'resume', 'step', 'speed', 'object', 'budget'] as const;
/** Ticks one /town step may run (each tick can take a model round trip per resident). */
const MAX_STEP = 24;

export const town: SlashCommand = {
  data: new SlashCommandBuilder()
    .setName('town')
    .setDescription('Set up, run and look at this server’s town')
    .setDMPermission(false)
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addSubcommand((s) =>
      s.setName('setup').setDescription('Create the town (if needed) and its channels; safe to run again'),
    )
    .addSubcommand((s) => s.setName('status').setDescription('Clock, speed, residents, model budget'))
    .addSubcommand((s) => s.setName('pause').setDescription('Freeze the town'))
    .addSubcommand((s) => s.setName('resume').setDescription('Let the town run again'))
    .addSubcommand((s) =>
      s
        .setName('step')
        .setDescription('Run ticks right now (also while paused)')
        .addIntegerOption((o) =>
          o.setName('ticks').setDescription(`How many (1-${MAX_STEP})`).setMinValue(1).setMaxValue(MAX_STEP),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('speed')
        .setDescription('Ticks per scheduled run (0.1-100; 0.5 = every other run)')
        .addNumberOption((o) =>
          o
            .setName('ticks_per_run')
            .setDescription('Ticks per run')
            .setRequired(true)
            .setMinValue(0.1)
            .setMaxValue(100),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('object')
        .setDescription('Rewrite an object’s state in words, e.g. "the stove is burning"')
        .addStringOption((o) =>
          o.setName('location').setDescription('Where').setRequired(true).setAutocomplete(true).setMaxLength(100),
        )
        .addStringOption((o) => o.setName('object').setDescription('Which object').setRequired(true).setMaxLength(100))
        .addStringOption((o) =>
          o.setName('status').setDescription('Its new state').setRequired(true).setMaxLength(200),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('budget')
        .setDescription('Show or set the daily model token budget')
        .addIntegerOption((o) => o.setName('tokens').setDescription('New daily budget in tokens').setMinValue(0))
        .addBooleanOption((o) => o.setName('default').setDescription('Go back to the configured default')),
    )
    .addSubcommand((s) => s.setName('map').setDescription('A picture of the town: who is where, doing what'))
    .addSubcommand((s) =>
      s
        .setName('relationships')
        .setDescription('A picture of who is close to whom')
        .addStringOption((o) =>
          o.setName('resident').setDescription('Only this resident’s ties').setAutocomplete(true).setMaxLength(100),
        ),
    ),
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
    switch (sub) {
      case 'status':
        await answer(i, [await statusText(t), heldText(ctx.deliveryHolds?.(t.id) ?? [])].filter(Boolean).join('\n'));
        return;
      case 'pause':
        await t.pause();
        await answer(i, '⏸️ The town is paused. `/town resume` lets it run again; `/town step` runs single ticks.');
        return;
      case 'resume':
        await t.resume();
        await answer(i, '▶️ The town is running again.');
        return;
      case 'step': {
        const n = i.options.getInteger('ticks') ?? 1;
        // Discord enforces the option's range in its clients; a crafted request must not start 10,000 ticks.
        if (n < 1 || n > MAX_STEP) throw new UserError('bot/step', `Step runs 1 to ${MAX_STEP} ticks at a time.`);
        const results = await t.step(n);
        ctx.deliverSoon(t.id);
        const posts = results.reduce((a, r) => a + r.posts.length, 0);
        const conv = results.reduce((a, r) => a + r.conversations, 0);
        await answer(
          i,
          `Ran ${results.length} tick(s): it is now ${t.status().time}. ${posts} posts, ${conv} conversations.`,
        );
        return;
      }
      case 'speed': {
        const v = i.options.getNumber('ticks_per_run', true);
        await t.setSpeed(v);
        await answer(i, `Speed set to ${v} tick(s) per scheduled run.`);
        return;
      }
      case 'object': {
        const r = await t.setObject(
          textOption(i, 'location'),
          textOption(i, 'object'),
          textOption(i, 'status', 'new state'),
        );
        ctx.deliverSoon(t.id);
        await answer(
          i,
          `At ${plain(r.location)}, ${plain(r.object)} is now “${plain(r.status)}”. Residents there will notice.`,
        );
        return;
      }
      case 'budget': {
        const tokens = i.options.getInteger('tokens');
        const reset = i.options.getBoolean('default');
        if (reset) await t.setBudget(null);
        else if (tokens !== null) await t.setBudget(tokens);
        await answer(i, await budgetText(t));
        return;
      }
      case 'map': {
        const st = t.status();
        const png = await renderTownPicture(t, 'map');
        await answer(i, `**${plain(st.name)}** — ${st.time}`, {
          files: [new AttachmentBuilder(png, { name: 'town-map.png' })],
        });
        return;
      }
      case 'relationships': {
        const st = t.status();
        const mine = await t.persona(speakerOf(i));
        const resident = i.options.getString('resident')?.trim();
        const png = await renderTownPicture(t, 'relationships', {
          personas: mine ? [mine] : [],
          ...(resident ? { resident } : {}),
        });
        await answer(i, `Relationships in **${plain(st.name)}** (line weight: tie strength from their memories)`, {
          files: [new AttachmentBuilder(png, { name: 'town-relationships.png' })],
        });
        return;
      }
      default:
        await answer(i, 'Unknown subcommand.');
    }
  },
  autocomplete: residentAutocomplete,
};

async function budgetText(t: TownService): Promise<string> {
  const b = await t.budget();
  const own = t.status().dailyTokenBudget;
  const setting = own === null ? 'the configured default' : `${own.toLocaleString('en-US')} tokens (this town)`;
  if (!b) return `Daily budget: ${setting}. (Usage is not tracked by this model provider.)`;
  return budgetLines(b, setting).join('\n');
}

/** Held channels, one line each, naming the permission (the same words the delivery log uses). */
function heldText(holds: { channelId: string; permission: string }[]): string {
  return holds
    .map(
      (h) =>
        `⚠️ Posts for <#${h.channelId}> are held: I need the **${h.permission}** permission there. They are sent once it is given (or run \`/town setup\` to retry now).`,
    )
    .join('\n');
}

async function statusText(t: TownService): Promise<string> {
  const s = t.status();
  return [
    `**${plain(s.name)}** — ${s.time} · ${s.paused ? '⏸️ paused' : '▶️ running'}`,
    `Tick ${s.tick} · ${s.minutesPerTick} simulated minutes per tick · ${s.speed} tick(s) per run (schedule \`${s.cron}\`)`,
    `${s.residents} residents, ${s.locations} places, ${s.travelling} on the road · ${s.conversationsToday} conversations today`,
    `Reflections so far: ${s.stats.reflections} · failed town steps: ${s.stats.failures}`,
    s.model ? `Model: ${s.model}` : '',
    await budgetText(t),
  ]
    .filter(Boolean)
    .join('\n');
}
