// `/town new`, `/town reset` and `/town import` on Discord (the operations are src/app/operations.ts'): a town file
// is a shipped town (a choice) or an attachment, an export is an attachment; the swap is the registry's, then the
// guild's channels follow the new town (provisioned as /town setup does). The operation asks first: its question
// is shown privately with Confirm / Cancel buttons, and only the admin who asked can press them.

import { randomUUID } from 'node:crypto';
import {
  ActionRowBuilder,
  ButtonBuilder,
  type ButtonInteraction,
  ButtonStyle,
  type InteractionEditReplyOptions,
  PermissionFlagsBits,
} from 'discord.js';
import { type Operation, type OperationResult, runOperation, type TownLifecycle } from '../app/operations.ts';
import { UserError } from '../errors.ts';
import { parseTownFile } from '../town/file.ts';
import { loadTownFile } from '../town/file-io.ts';
import { SHIPPED_TOWNS_DIR, shippedTowns } from '../town/registry.ts';
import type { TownService } from '../town/service.ts';
import type { CommandContext, ComponentHandler } from './types.ts';
import { clipText, plain, speakerOf, townFor } from './util.ts';

/** Largest town file or export read from an attachment (Discord's upload limit is 10-500 MB by server tier). */
export const ATTACHMENT_READ_MAX = 25 * 1024 * 1024;
/** How long the Confirm button works. */
export const CONFIRM_TTL_MS = 5 * 60_000;

/** The text of an attached file, refused past ATTACHMENT_READ_MAX. */
async function attachmentText(url: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url);
  } catch (e) {
    throw new UserError(
      'bot/attachment_unreadable',
      `I could not download the attachment (${(e as Error).message}). Nothing changed.`,
    );
  }
  if (!res.ok)
    throw new UserError(
      'bot/attachment_unreadable',
      `I could not download the attachment (HTTP ${res.status}). Nothing changed.`,
    );
  const size = Number(res.headers.get('content-length') ?? 0);
  const tooBig = () =>
    new UserError(
      'bot/attachment_too_big',
      `The attachment is over ${ATTACHMENT_READ_MAX / 1048576} MB; load it on the bot's machine with \`npm run town -- import FILE\` instead. Nothing changed.`,
    );
  if (size > ATTACHMENT_READ_MAX) throw tooBig();
  const buf = Buffer.from(await res.arrayBuffer());
  if (buf.length > ATTACHMENT_READ_MAX) throw tooBig();
  return buf.toString('utf8');
}

/** The attachment's file name, from its URL (for messages and to tell YAML from JSON). */
function fileNameOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? 'the attached file');
  } catch {
    return 'the attached file';
  }
}

/** The lifecycle of a guild's town for the operations. */
export function discordLifecycle(guildId: string, ctx: CommandContext, current: TownService): TownLifecycle {
  const towns = ctx.towns;
  return {
    async townFile({ town, file }) {
      if (file) return parseTownFile(await attachmentText(file), fileNameOf(file));
      if (town) {
        // Only the shipped towns: a name never reaches the bot's file system as a path.
        const shipped = shippedTowns().find((n) => n.toLowerCase() === town.toLowerCase());
        if (!shipped)
          throw new UserError(
            'town/file_not_found',
            `No shipped town is called "${town}" (shipped: ${shippedTowns().join(', ')}). Attach a town file instead.`,
          );
        return loadTownFile(`${SHIPPED_TOWNS_DIR}${shipped}.yaml`);
      }
      if (!towns.defaultTownFile) throw new UserError('town/no_default', 'Name a town or attach a town file.');
      return towns.defaultTownFile();
    },
    async originFile() {
      if (!towns.originOf) throw new UserError('town/origin_unknown', 'This bot cannot reset towns.');
      return towns.originOf(current);
    },
    exportText: attachmentText,
    async replace(source) {
      if (!ctx.replaceTown) throw new UserError('town/no_replace', 'This bot cannot replace towns.');
      return ctx.replaceTown(guildId, source);
    },
  };
}

interface Pending {
  o: Operation;
  args: Record<string, unknown>;
  townName: string;
  userId: string;
  guildId: string;
  expires: number;
}

const pending = new Map<string, Pending>();

/** The private question with its buttons; the prepared arguments wait here (attachments are only URLs). */
export function confirmMessage(
  i: { user: { id: string }; guildId: string | null },
  o: Operation,
  r: OperationResult,
): InteractionEditReplyOptions {
  const c = r.confirm!;
  const now = Date.now();
  for (const [k, p] of pending) if (p.expires < now) pending.delete(k);
  const key = randomUUID().slice(0, 18);
  pending.set(key, {
    o,
    args: c.args,
    townName: c.townName,
    userId: i.user.id,
    guildId: i.guildId ?? '',
    expires: now + CONFIRM_TTL_MS,
  });
  const label = `/${o.path.join(' ')}`;
  return {
    content: clipText(
      [...r.lines, `Press **Confirm** to go ahead (or run ${label} again with confirm:${c.townName}).`]
        .map(plain)
        .join('\n'),
      2000,
    ),
    components: [
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(`townconfirm:${key}:yes`)
          .setLabel(`Confirm: replace ${c.townName}`.slice(0, 80))
          .setStyle(ButtonStyle.Danger),
        new ButtonBuilder().setCustomId(`townconfirm:${key}:no`).setLabel('Cancel').setStyle(ButtonStyle.Secondary),
      ),
    ],
    allowedMentions: { parse: [] },
  };
}

export const townConfirmComponents: ComponentHandler = {
  prefix: 'townconfirm',
  async button(i: ButtonInteraction, ctx: CommandContext) {
    const [, key = '', answer] = i.customId.split(':');
    const p = pending.get(key);
    if (!p || p.expires < Date.now() || p.guildId !== i.guildId) {
      pending.delete(key);
      await i.update({ content: 'This question has expired: run the command again. Nothing changed.', components: [] });
      return;
    }
    if (p.userId !== i.user.id) {
      await i.reply({ content: 'Only the admin who asked can answer this.', flags: 64 });
      return;
    }
    pending.delete(key);
    if (answer !== 'yes') {
      await i.update({ content: `Cancelled: ${plain(p.townName)} stays as it is.`, components: [] });
      return;
    }
    if (!i.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) {
      await i.update({ content: 'Only people with the Manage Server permission can do this.', components: [] });
      return;
    }
    await i.update({ content: `⏳ Replacing ${plain(p.townName)}…`, components: [] });
    try {
      const town = await townFor(i, ctx);
      const r = await runOperation(
        p.o,
        { town, speaker: speakerOf(i), lifecycle: discordLifecycle(p.guildId, ctx, town) },
        { ...p.args, confirm: p.townName },
      );
      await i.editReply({ content: clipText(plain(r.lines.join('\n')), 2000), components: [] });
    } catch (e) {
      await i.editReply({ content: `${plain(p.townName)} was not replaced.`, components: [] }).catch(() => undefined);
      throw e;
    }
  },
};
