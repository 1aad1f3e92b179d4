// Plain messages. In a location channel of the guild's own town, a person's message is something the residents
// present hear: the table's say operation (src/app/operations.ts), with the channel as its location (answered
// within one model round trip; the answers arrive through the outbox). A message in a thread of a location channel is
// said in that place (the residents' answers post in the channel). Elsewhere the bot
// stays quiet. DMs get a short help text. Notices (slow down, town paused, message refused) are replies that
// delete themselves, since plain messages cannot be answered ephemerally.
import type { Message } from 'discord.js';
import { OPERATIONS, runOperation } from '../app/operations.ts';
import { DM_HELP_TEXT } from '../commands/help.ts';
import type { CommandContext } from '../commands/types.ts';
import { discordSpeaker } from '../commands/util.ts';
import { diskFullError } from '../core/disk-full.ts';
import { isUserError } from '../errors.ts';
import { isLlmError } from '../llm/port.ts';
import { answersForGuild } from './lease-gate.ts';
import { CATEGORY_KEY, type Log, TOWN_HALL } from './ports.ts';
import { RATE_LIMIT_SETTINGS, SlidingWindowLimiter } from './rate-limit.ts';

export const MESSAGE_SETTINGS = {
  /** How long a notice stays before it deletes itself (long enough to read two lines). */
  noticeTtlMs: 15_000,
  /** DMs answered per user per window (a DM loop between bots must not become a flood). */
  dmReplies: { max: 1, windowMs: 60_000 },
} as const;

export class MessageHandler {
  private readonly limiter: SlidingWindowLimiter;
  private readonly noticeLimiter: SlidingWindowLimiter;
  private readonly dmLimiter: SlidingWindowLimiter;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly ctx: CommandContext,
    private readonly log: Log,
    opts: { now?: () => number; noticeTtlMs?: number } = {},
  ) {
    const m = RATE_LIMIT_SETTINGS.messages;
    this.limiter = new SlidingWindowLimiter(m.max, m.windowMs, opts.now);
    this.noticeLimiter = new SlidingWindowLimiter(1, m.windowMs, opts.now);
    this.dmLimiter = new SlidingWindowLimiter(
      MESSAGE_SETTINGS.dmReplies.max,
      MESSAGE_SETTINGS.dmReplies.windowMs,
      opts.now,
    );
    this.noticeTtlMs = opts.noticeTtlMs ?? MESSAGE_SETTINGS.noticeTtlMs;
  }

  private readonly noticeTtlMs: number;

  /** Never throws. */
  async handle(message: Message): Promise<void> {
    try {
      await this.handleInner(message);
    } catch (e) {
      this.log.error({ err: e, messageId: message.id, channelId: message.channelId }, 'message handling failed');
    }
  }

  private async handleInner(message: Message): Promise<void> {
    if (message.author.bot || message.webhookId || message.system) return;
    if (!message.inGuild()) {
      if (this.dmLimiter.check(message.author.id).ok) {
        await message.reply({ content: DM_HELP_TEXT, allowedMentions: { parse: [], repliedUser: false } });
      }
      return;
    }
    const town = await this.ctx.towns.get(message.guildId);
    if (!town) return;
    // The process holding the town's lease hears it; the others stay quiet (no second reply, no notice).
    if (!(await answersForGuild(this.ctx, message.guildId, this.log))) return;
    // A thread of a location channel (a long talk moved there, or one a person started) is that place too.
    const channel = message.channel;
    const placeChannelId = channel.isThread() ? (channel.parentId ?? message.channelId) : message.channelId;
    const binding = await this.ctx.bindingFor(town, placeChannelId);
    if (!binding || binding.location === TOWN_HALL || binding.location === CATEGORY_KEY) return;
    const text = message.content.trim();
    if (!text) return;
    const key = `${message.guildId}:${message.channelId}:${message.author.id}`;
    const rate = this.limiter.check(key);
    if (!rate.ok) {
      if (rate.notify)
        await this.notice(
          message,
          `Easy there — the residents need a moment to take that in. Please wait ${Math.ceil(rate.retryInMs / 1000)} s before writing again here.`,
        );
      return;
    }
    const member = message.member;
    const speaker = discordSpeaker(
      message.author.id,
      member?.displayName ?? message.author.globalName ?? message.author.username,
    );
    if (!town.status().paused) void message.channel.sendTyping().catch(() => undefined);
    try {
      // The say operation of the table (src/app/operations.ts): the channel is the location, the message the text.
      await runOperation(OPERATIONS.say, { town, speaker }, { location: binding.location, text });
      this.log.debug({ townId: town.id, location: binding.location }, 'person spoke');
      this.ctx.deliverSoon(town.id);
    } catch (caught) {
      const e = diskFullError(caught) ?? caught;
      if (isUserError(e) && e.code === 'town/leased') {
        // Another process took the town between the lease check and now: it hears the message; no notice here.
        this.log.debug({ townId: town.id }, 'another process holds this town');
      } else if (isUserError(e) && e.code === 'town/paused') {
        // One paused notice per person and channel per window, however much they write.
        if (this.noticeLimiter.check(`paused:${key}`).ok) await this.notice(message, e.message);
      } else if (isUserError(e)) {
        await this.notice(message, e.message);
      } else if (isLlmError(e, 'llm/budget_exhausted')) {
        await this.notice(message, "The town's model budget for today is spent; residents will answer again tomorrow.");
      } else {
        throw e;
      }
    }
  }

  /** A reply visible to the channel for a few seconds, mentioning nobody. */
  private async notice(message: Message, content: string): Promise<void> {
    const sent = await message
      .reply({ content, allowedMentions: { parse: [], repliedUser: false } })
      .catch((e: unknown) => {
        this.log.warn({ err: e, channelId: message.channelId }, 'could not send a notice');
        return null;
      });
    if (!sent) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      void sent.delete().catch(() => undefined);
    }, this.noticeTtlMs);
    t.unref();
    this.timers.add(t);
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
