// Routes interactions to commands (by name) and components (by custom id prefix). Around every command:
// guild-only check, admin re-check (Manage Server), per-user rate limit for commands that spend model calls,
// deferral before anything slow (Discord's 3-second rule), and error handling as the discord.js guide does it:
// a UserError is shown plainly and ephemerally; anything else is logged with the interaction id and the person
// gets a short apology, never a stack trace.
import {
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  MessageFlags,
  PermissionFlagsBits,
  type RepliableInteraction,
} from 'discord.js';
import { HELP_TEXT } from '../commands/help.ts';
import type { CommandSet } from '../commands/index.ts';
import type { CommandContext, SlashCommand } from '../commands/types.ts';
import { clipText, deferKind, rememberDefer } from '../commands/util.ts';
import { diskFullError } from '../core/disk-full.ts';
import { isUserError } from '../errors.ts';
import { isLlmError } from '../llm/port.ts';
import { isMissingPermission } from './discord-api.ts';
import { answersForGuild } from './lease-gate.ts';
import type { Log } from './ports.ts';
import { RATE_LIMIT_SETTINGS, SlidingWindowLimiter } from './rate-limit.ts';

export const APOLOGY = 'Sorry, something went wrong on my side. It has been logged';
export const STALE_OPTIONS =
  'That command arrived with missing or unexpected options — Discord may still be showing an older version of it. Please try again in a minute.';

/**
 * Discord caps the text of all of a command's options together at 6,000 characters. A crafted client can send more;
 * anything longer is refused here, before a command (or an autocomplete) reads it. Each command's own limits
 * (persona name, message length) still apply after this.
 */
export const SLASH_OPTIONS_MAX_CHARS = 6000;

/** Total characters of the string options (nested under subcommands), counted without copying them. */
export function optionChars(options: readonly { value?: unknown; options?: readonly unknown[] }[] | undefined): number {
  let n = 0;
  for (const o of options ?? []) {
    if (typeof o.value === 'string') n += o.value.length;
    if (o.options) n += optionChars(o.options as { value?: unknown }[]);
  }
  return n;
}

/** Total characters typed into a modal's text inputs. */
function modalChars(i: { fields: { fields: { values(): Iterable<unknown> } } }): number {
  let n = 0;
  for (const f of i.fields.fields.values()) {
    const v = (f as { value?: unknown }).value;
    if (typeof v === 'string') n += v.length;
  }
  return n;
}

export function optionsTooLong(chars: number): string {
  return `That command's text is ${chars} characters long; Discord's limit is ${SLASH_OPTIONS_MAX_CHARS}. Nothing was done.`;
}

/**
 * The interaction belongs to another process on the same database: it holds the town's lease (a race the lease
 * gate cannot see, e.g. two processes creating a guild's town in one `/town setup`), or it acknowledged the
 * interaction first (Discord's 40060). That process answers; a second answer would only confuse.
 */
function answeredElsewhere(e: unknown): boolean {
  if (isUserError(e) && e.code === 'town/leased') return true;
  return (e as { code?: unknown } | null)?.code === 40060;
}

/** discord.js option accessor errors (required option missing, wrong type, no subcommand). */
function isStaleOptions(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('CommandInteractionOption');
}

export class InteractionRouter {
  private readonly commands = new Map<string, SlashCommand>();
  private readonly limiter: SlidingWindowLimiter;

  constructor(
    private readonly set: CommandSet,
    private readonly ctx: CommandContext,
    private readonly log: Log,
    opts: { now?: () => number } = {},
  ) {
    for (const c of set.commands) this.commands.set(c.data.name, c);
    this.limiter = new SlidingWindowLimiter(
      RATE_LIMIT_SETTINGS.commands.max,
      RATE_LIMIT_SETTINGS.commands.windowMs,
      opts.now,
    );
  }

  /** Never throws: every failure ends in an answer to the person (when still possible) and a log line. */
  async handle(i: Interaction): Promise<void> {
    try {
      // Another process on the same database holds this guild's town: it answers (one answer per interaction).
      if (i.guildId && !(await answersForGuild(this.ctx, i.guildId, this.log))) return;
      if (i.isAutocomplete()) return await this.autocomplete(i);
      if (i.isChatInputCommand()) return await this.command(i);
      if (i.isButton() || i.isStringSelectMenu() || i.isModalSubmit()) {
        const chars = i.isModalSubmit() ? modalChars(i) : 0;
        if (chars > SLASH_OPTIONS_MAX_CHARS) {
          await this.tell(i, optionsTooLong(chars));
          return;
        }
        const prefix = i.customId.split(':')[0] ?? '';
        const h = this.set.components.find((c) => c.prefix === prefix);
        if (!h) {
          await this.tell(i, 'This button belongs to something that no longer exists.');
          return;
        }
        try {
          if (i.isButton() && h.button) await h.button(i, this.ctx);
          else if (i.isStringSelectMenu() && h.select) await h.select(i, this.ctx);
          else if (i.isModalSubmit() && h.modal) await h.modal(i, this.ctx);
          else await this.tell(i, 'This control is not handled.');
        } catch (e) {
          await this.fail(i, e, `component ${i.customId}`);
        }
      }
    } catch (e) {
      this.log.error({ err: e, interactionId: i.id }, 'interaction handler crashed');
    }
  }

  private async autocomplete(i: AutocompleteInteraction): Promise<void> {
    const cmd = this.commands.get(i.commandName);
    try {
      if (!cmd?.autocomplete || !i.inGuild() || optionChars(i.options.data) > SLASH_OPTIONS_MAX_CHARS) {
        await i.respond([]);
        return;
      }
      await cmd.autocomplete(i, this.ctx);
    } catch (e) {
      this.log.warn({ err: e, interactionId: i.id, command: i.commandName }, 'autocomplete failed');
      if (!i.responded) await i.respond([]).catch(() => undefined);
    }
  }

  private async command(i: ChatInputCommandInteraction): Promise<void> {
    const cmd = this.commands.get(i.commandName);
    if (!cmd) {
      await this.tell(i, 'I do not know that command (the bot may have been updated). Try `/help`.');
      return;
    }
    if (!i.inGuild() && cmd.data.name !== 'help') {
      await this.tell(i, `Use this in a server that has a town.\n\n${HELP_TEXT}`);
      return;
    }
    const chars = optionChars(i.options.data);
    if (chars > SLASH_OPTIONS_MAX_CHARS) {
      this.log.info({ interactionId: i.id, command: i.commandName, chars }, 'command options too long');
      await this.tell(i, optionsTooLong(chars));
      return;
    }
    const sub = i.options.getSubcommand(false);
    const label = sub ? `/${i.commandName} ${sub}` : `/${i.commandName}`;
    const adminOnly = cmd.admin === true || (sub !== null && Array.isArray(cmd.admin) && cmd.admin.includes(sub));
    if (adminOnly && !i.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) {
      this.log.info({ interactionId: i.id, userId: i.user.id, command: label }, 'admin command refused');
      await this.tell(i, `Only people with the Manage Server permission can use \`${label}\`.`);
      return;
    }
    if (cmd.rateLimited?.(i)) {
      const d = this.limiter.check(`${i.guildId}:${i.user.id}`);
      if (!d.ok) {
        await this.tell(
          i,
          `You're going a little fast — please wait ${Math.ceil(d.retryInMs / 1000)} s and try again.`,
        );
        return;
      }
    }
    try {
      const mode = cmd.defer?.(i) ?? null;
      if (mode) {
        rememberDefer(i, mode.ephemeral ? 'ephemeral' : 'public');
        await i.deferReply(mode.ephemeral ? { flags: MessageFlags.Ephemeral } : {});
      }
      await cmd.execute(i, this.ctx);
      if (i.deferred && !i.replied && (await this.stillLoading(i))) await i.editReply({ content: 'Done.' });
    } catch (e) {
      await this.fail(i, e, label);
    }
  }

  /** A deferred reply that was never edited would spin forever; commands always answer, but be safe. */
  private async stillLoading(i: ChatInputCommandInteraction): Promise<boolean> {
    try {
      const m = await i.fetchReply();
      return m.content === '' && m.attachments.size === 0 && m.embeds.length === 0;
    } catch {
      return false;
    }
  }

  private async fail(i: RepliableInteraction, e: unknown, label: string): Promise<void> {
    if (answeredElsewhere(e)) {
      // Another process on the same database holds the town (or acknowledged this interaction first): it answers.
      this.log.debug(
        { interactionId: i.id, command: label, error: (e as Error).message },
        'answered by another process',
      );
      return;
    }
    let text: string;
    // A full disk is told as what it is (nothing lost, it resumes), and logged once per outage, not as a bug.
    e = diskFullError(e) ?? e;
    if (isUserError(e)) {
      text = e.message;
      this.log.debug({ interactionId: i.id, command: label, code: e.code }, 'user error');
    } else if (isStaleOptions(e)) {
      // Options missing or of the wrong type: the person's client has an older version of the command.
      text = STALE_OPTIONS;
      this.log.warn({ interactionId: i.id, command: label, error: (e as Error).message }, 'malformed command options');
    } else if (isMissingPermission(e)) {
      // Discord refused one of the bot's own calls: say so, instead of an apology that hides what to fix.
      text = `Discord refused me a permission for \`${label}\` here (${(e as Error).message}). My role needs View Channels, Send Messages, Attach Files, Manage Channels and Manage Webhooks in the town's channels.`;
      this.log.warn({ interactionId: i.id, command: label, error: (e as Error).message }, 'missing permission');
    } else if (isLlmError(e, 'llm/budget_exhausted')) {
      text =
        "The town's model budget for today is spent. Residents rest until tomorrow (UTC), or an admin can raise it with `/town budget`.";
      this.log.warn({ interactionId: i.id, command: label }, 'model budget exhausted');
    } else {
      this.log.error(
        { err: e, interactionId: i.id, command: label, userId: i.user.id, guildId: i.guildId },
        'command failed',
      );
      text = `${APOLOGY} (ref ${i.id}).`;
    }
    await this.tell(i, text);
  }

  /** An ephemeral plain answer, whatever state the interaction is in. */
  private async tell(i: RepliableInteraction, content: string): Promise<void> {
    // Error texts can carry what a person typed or a long error: never more than Discord's 2,000 characters.
    const payload = { content: clipText(content, 2000), allowedMentions: { parse: [] as never[] } };
    try {
      const kind = deferKind(i);
      if (i.deferred && !i.replied && kind !== 'update') {
        if (kind === 'public') {
          // A public "thinking…" must not turn into a public error: remove it and answer privately.
          await i.deleteReply().catch(() => undefined);
          await i.followUp({ ...payload, flags: MessageFlags.Ephemeral });
        } else {
          await i.editReply(payload);
        }
      } else if (i.replied || i.deferred) {
        await i.followUp({ ...payload, flags: MessageFlags.Ephemeral });
      } else {
        await i.reply({ ...payload, flags: MessageFlags.Ephemeral });
      }
    } catch (e) {
      this.log.warn({ err: e, interactionId: i.id }, 'could not answer the interaction');
    }
  }
}
