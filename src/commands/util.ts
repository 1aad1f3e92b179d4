// Helpers shared by the commands: find the guild's town, who is speaking, and answering an interaction whether or
// not it was deferred (long answers are split into follow-ups at Discord's 2,000 characters).
import {
  type AttachmentBuilder,
  type ChatInputCommandInteraction,
  type InteractionReplyOptions,
  MessageFlags,
  type RepliableInteraction,
} from 'discord.js';
import { splitMessage } from '../bot/split.ts';
import { plainName } from '../core/user-text.ts';
import { UserError } from '../errors.ts';
import type { Speaker, TownService } from '../town/service.ts';
import type { CommandContext } from './types.ts';

/** How an interaction was deferred: a reply (ephemeral or public) or an update of the component's message. */
export type DeferKind = 'ephemeral' | 'public' | 'update';
const deferredAs = new WeakMap<object, DeferKind>();

export function rememberDefer(i: RepliableInteraction, kind: DeferKind): void {
  deferredAs.set(i, kind);
}

export function deferKind(i: RepliableInteraction): DeferKind | undefined {
  return deferredAs.get(i);
}

/** The guild's town; a UserError in DMs or before `/town setup`. Only the interaction's own guild is consulted. */
export async function townFor(i: { guildId: string | null }, ctx: CommandContext): Promise<TownService> {
  if (!i.guildId) throw new UserError('bot/dm', 'Use this command in a server that has a town.');
  const town = await ctx.towns.get(i.guildId);
  if (!town)
    throw new UserError('bot/no_town', 'This server has no town yet. An admin can create one with `/town setup`.');
  return town;
}

export function speakerOf(i: RepliableInteraction): Speaker {
  const member = i.member as { displayName?: string; nick?: string | null } | null;
  const displayName =
    (member && 'displayName' in member && member.displayName) || member?.nick || i.user.globalName || i.user.username;
  return discordSpeaker(i.user.id, displayName);
}

/**
 * A Discord member as the town and the games see them: their display name without bidi overrides or zero-width
 * characters (a name that reads as someone else's), "A visitor" when nothing visible is left.
 */
export function discordSpeaker(id: string, displayName: string | null | undefined): Speaker {
  return { id, displayName: plainName(displayName ?? '').trim() || 'A visitor' };
}

export interface AnswerOptions {
  ephemeral?: boolean;
  files?: AttachmentBuilder[];
}

/** Deferred replies showing only progress so far: the answer replaces them (discord.js counts an edit as replied). */
const progressOnly = new WeakSet<RepliableInteraction>();

/** Shows progress in the deferred reply; the answer that follows edits the same message. */
export async function editProgress(i: RepliableInteraction, text: string): Promise<void> {
  progressOnly.add(i);
  await i.editReply({ content: text, allowedMentions: { parse: [] } });
}

/**
 * Answers with text (split at 2,000 characters): edits the deferred reply, or replies, then follows up with the
 * rest. A deferred reply keeps the ephemerality chosen when deferring.
 */
export async function answer(
  i: RepliableInteraction,
  text: string | string[],
  opts: AnswerOptions = {},
): Promise<void> {
  const chunks = (Array.isArray(text) ? text : [text]).flatMap((t) => splitMessage(t, 2000));
  if (chunks.length === 0) chunks.push('Done.');
  const kind = deferKind(i);
  const updating = i.deferred && kind === 'update';
  const ephemeral = i.deferred && !updating ? kind !== 'public' : (opts.ephemeral ?? true);
  const flags = ephemeral ? MessageFlags.Ephemeral : undefined;
  const first = chunks[0]!;
  const files = opts.files ?? [];
  if (i.deferred && (!i.replied || progressOnly.has(i)) && !updating) {
    progressOnly.delete(i);
    await i.editReply({ content: first, files, allowedMentions: { parse: [] } });
  } else if (i.replied || updating) {
    await i.followUp({ content: first, files, allowedMentions: { parse: [] }, ...(flags ? { flags } : {}) });
  } else {
    const payload: InteractionReplyOptions = { content: first, files, allowedMentions: { parse: [] } };
    if (flags) payload.flags = flags;
    await i.reply(payload);
  }
  for (const rest of chunks.slice(1)) {
    await i.followUp({ content: rest, allowedMentions: { parse: [] }, ...(flags ? { flags } : {}) });
  }
}

/** Reads a required string option, trimmed; UserError when empty (Discord clients can send whitespace). */
export function textOption(i: ChatInputCommandInteraction, name: string, what = name): string {
  const v = i.options.getString(name, true).trim();
  if (!v) throw new UserError('bot/empty_option', `The ${what} is empty.`);
  return v;
}

/** Discord-safe one-liner: strips mention syntax and markdown-breaking backticks from names users chose. */
export function plain(text: string): string {
  return text.replace(/@(everyone|here)/gi, '@\u200b$1').replace(/`/g, "'");
}

export function clipText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

/** A header and rows as code blocks, packed into messages of at most 2,000 characters (fences never split). */
export function codeBlocks(header: string, rows: string[], limit = 2000): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let head = `${header}\n`;
  const size = (lines: string[]) => head.length + 8 + lines.reduce((n, l) => n + l.length + 1, 0);
  for (const row of rows.map((r) => clipText(r, limit - header.length - 20))) {
    if (current.length > 0 && size([...current, row]) > limit) {
      out.push(`${head}\`\`\`\n${current.join('\n')}\n\`\`\``);
      current = [];
      head = '';
    }
    current.push(row);
  }
  if (current.length > 0) out.push(`${head}\`\`\`\n${current.join('\n')}\n\`\`\``);
  return out;
}
