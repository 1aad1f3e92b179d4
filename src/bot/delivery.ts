// Delivers a town's outbox to Discord: in order per channel, split at 2,000 characters, exactly once.
// - Residents post through the channel's webhook under their own name (and avatar); the narrator (digest,
//   announcements) posts as the bot with an enforced nonce, so a retried request returns the first message.
// - Webhook executions have no nonce, so before resending after an ambiguous failure (5xx, reset connection,
//   timeout) or after a restart, we look in the channel for the chunk, after the last message we know we delivered.
// - A post is marked delivered right after its last chunk lands; a 429 waits `retry_after`; a deleted webhook is
//   recreated and a deleted channel re-provisioned. While Discord is unreachable the town keeps running (delivery is
//   a separate loop) and the backlog drains in order when it comes back.
// - One deliverer per town across processes: with `claim`, a round starts and each chunk is sent only while this
//   process holds the town's lease; otherwise the round ends as a standby round and sends nothing.

import { CoolDown, Held, NotOurs, RoundAborted } from './delivery-errors.ts';
import {
  DELIVERY_SETTINGS,
  type DelivererDeps,
  type DeliveryReport,
  type DeliverySettings,
  type DeliveryTarget,
  type HeldChannel,
} from './delivery-target.ts';
import { type ApiMessage, classifyFailure } from './discord-api.ts';
import { findEarlierDelivery } from './earlier-delivery.ts';
import type { PendingPost } from './ports.ts';
import { formatPost, nonceFor, webhookUsername } from './post-format.ts';
import { ensureWebhook, missingPermissionText } from './provision.ts';
import { splitMessage } from './split.ts';
import { ConversationThreads, type TalkPlace } from './threads.ts';

export {
  DELIVERY_SETTINGS,
  type DelivererDeps,
  type DeliveryReport,
  type DeliverySettings,
  type DeliveryTarget,
  type HeldChannel,
} from './delivery-target.ts';
export { formatPost, nonceFor, webhookUsername } from './post-format.ts';

export class OutboxDeliverer {
  private readonly s: DeliverySettings;
  private readonly sleep: (ms: number) => Promise<void>;
  /** Last message id we delivered per channel (the cursor after which a lost delivery would show). */
  private readonly cursor = new Map<string, string>();
  /** Channels whose last send may have landed without us knowing (ambiguous failure, or never checked since start). */
  private readonly verified = new Set<string>();
  /** Held channels by `townId:location`. */
  private readonly heldChannels = new Map<string, HeldChannel>();
  /** Until when a channel waits out its 429, by `townId:location`. */
  private readonly coolDown = new Map<string, number>();
  private readonly now: () => number;
  /** Which conversations went into a thread (and which one). */
  private readonly threads = new ConversationThreads();

  /** The town's channels that wait for a permission. */
  holds(townId: string): HeldChannel[] {
    return [...this.heldChannels.values()].filter((h) => h.townId === townId);
  }

  /** Retries the town's held channels at the next round (an admin fixed permissions, or asked to). */
  release(townId: string): number {
    let n = 0;
    for (const [key, h] of this.heldChannels)
      if (h.townId === townId) {
        this.heldChannels.delete(key);
        n++;
      }
    return n;
  }

  /**
   * Drops what we remember about these channels (cursor, checked): another process may have delivered to them since,
   * so the next send looks in the channel first, after the last delivery the outbox records.
   */
  forget(channelIds: Iterable<string>): void {
    for (const id of channelIds) {
      this.cursor.delete(id);
      this.verified.delete(id);
    }
    this.threads.forget();
  }

  constructor(private readonly deps: DelivererDeps) {
    this.s = { ...DELIVERY_SETTINGS, ...deps.settings };
    this.sleep = deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.now = deps.now ?? Date.now;
  }

  /**
   * Delivers what is pending for one town: one queue per location, in order within it; a channel waiting out a
   * long 429 or held for a permission is set aside so the others go on. A queue stops at its first failure.
   */
  async drain(target: DeliveryTarget): Promise<DeliveryReport> {
    const report: DeliveryReport = {
      delivered: 0,
      skipped: 0,
      held: [],
      cooling: [],
      coolingMs: 0,
      blocked: [],
      retryInMs: 0,
      standby: false,
    };
    const cool = (location: string, ms: number) => {
      report.cooling.push(location);
      report.coolingMs = report.coolingMs === 0 ? ms : Math.min(report.coolingMs, ms);
    };
    if (target.claim && !(await target.claim())) return { ...report, standby: true };
    const posts = await target.outbox.pending(this.s.batchSize);
    const byLocation = new Map<string, PendingPost[]>();
    for (const p of posts) {
      const list = byLocation.get(p.location) ?? [];
      list.push(p);
      byLocation.set(p.location, list);
    }
    await this.threads.load(target.townId, target.outbox, posts);
    if (posts.length >= this.s.batchSize) this.threads.deferCutTalks(target.townId, byLocation);
    const drainLocation = async (location: string, list: PendingPost[]) => {
      const key = `${target.townId}:${location}`;
      const hold = this.heldChannels.get(key);
      if (hold && this.now() < hold.retryAt) {
        report.held.push(location);
        return;
      }
      this.heldChannels.delete(key);
      const until = this.coolDown.get(key) ?? 0;
      if (until > this.now()) {
        cool(location, until - this.now());
        return;
      }
      this.coolDown.delete(key);
      await this.confirmThreads(target, location, list);
      for (let i = 0; i < list.length; i++) {
        const post = list[i]!;
        try {
          const outcome = await this.deliverPost(
            target,
            post,
            this.threads.place(target.townId, list, i, this.s.conversationThreadLines),
          );
          if (outcome === 'skipped') report.skipped++;
          else report.delivered++;
        } catch (e) {
          if (e instanceof NotOurs) {
            report.standby = true;
            return;
          }
          if (e instanceof Held) {
            const first = !hold;
            this.heldChannels.set(key, e.hold);
            report.held.push(location);
            const where = { townId: target.townId, location, channelId: e.hold.channelId, postId: post.id };
            if (first) this.deps.log.error({ ...where, permission: e.hold.permission }, e.hold.message);
            else this.deps.log.warn(where, 'channel still held for a missing permission');
            return;
          }
          if (e instanceof CoolDown) {
            this.coolDown.set(key, this.now() + e.waitMs);
            cool(location, e.waitMs);
            return;
          }
          if (!(e instanceof RoundAborted)) throw e;
          report.blocked.push(location);
          report.retryInMs = Math.max(report.retryInMs, e.retryInMs);
          return;
        }
        if (report.standby) return;
      }
    };
    // One after the other: a queue never sleeps long (a 429 longer than inlineRateLimitWaitMs parks its channel, a
    // missing permission holds it), so a channel in trouble costs the others at most a short wait.
    for (const [location, list] of byLocation) {
      await drainLocation(location, list);
      if (report.standby) break;
    }
    return report;
  }

  /** Threads whose start a restart left unconfirmed (their opening line delivered): started now, or the channel. */
  private async confirmThreads(target: DeliveryTarget, location: string, list: PendingPost[]) {
    const keys = this.threads.unconfirmedIn(target.townId, list);
    if (keys.length === 0) return;
    const binding = await target.channelFor(location).catch(() => null);
    for (const key of keys) {
      if (binding) await this.threads.confirm(this.deps.api, binding.channelId, key);
      else this.threads.inline(key);
    }
  }

  /** Starts the conversation's thread from its opening line's message; refused or failing, the talk stays inline. */
  private async openThread(
    target: DeliveryTarget,
    post: PendingPost,
    channelId: string,
    messageId: string,
    talk: TalkPlace,
  ) {
    try {
      const thread = await this.deps.api.startThread(channelId, messageId, talk.opens!);
      this.threads.started(talk.key, thread.id);
      this.verified.add(thread.id);
    } catch (e) {
      const f = classifyFailure(e);
      this.threads.inline(talk.key);
      this.deps.log.warn(
        { townId: target.townId, postId: post.id, location: post.location, failure: f.kind },
        'could not start a thread for a long conversation; it goes on in the channel',
      );
    }
  }

  /** The target's files for a narrator post (the digest's map); none if making them fails. */
  private async attachments(target: DeliveryTarget, post: PendingPost): Promise<{ name: string; data: Buffer }[]> {
    if (!target.attachmentsFor) return [];
    try {
      return await target.attachmentsFor(post);
    } catch (e) {
      this.deps.log.warn({ townId: target.townId, postId: post.id, err: e }, 'could not make the post’s attachment');
      return [];
    }
  }

  private async deliverPost(
    target: DeliveryTarget,
    post: PendingPost,
    talk?: TalkPlace,
  ): Promise<'delivered' | 'skipped'> {
    const log = this.deps.log;
    let binding = await target.channelFor(post.location);
    if (!binding) {
      // The town has no channel for it (e.g. a location removed from the town): nothing to show it in.
      await target.outbox.markDelivered(post, JSON.stringify({ skipped: 'no channel' }));
      log.warn({ townId: target.townId, postId: post.id, location: post.location }, 'no channel for outbox post');
      return 'skipped';
    }
    const chunks = splitMessage(formatPost(post), this.s.maxLength);
    if (chunks.length === 0) {
      await target.outbox.markDelivered(post, JSON.stringify({ skipped: 'empty' }));
      return 'skipped';
    }
    const asResident = post.speakerName !== null && post.speakerName.trim() !== '';
    const username = asResident ? webhookUsername(post.speakerName!) : null;
    const avatar = asResident && post.speakerId ? target.avatarFor?.(post.speakerId) : undefined;
    /** The conversation's thread this post goes into (undefined: the channel). */
    let threadId = username ? talk?.threadId : undefined;
    const ids: string[] = [];
    /** The permission the call in progress needs (named to the admin when Discord refuses it). */
    let needs = 'View Channels';
    for (let i = 0; i < chunks.length; i++) {
      const chunk = chunks[i]!;
      let attempt = 0;
      for (;;) {
        attempt++;
        // Asked before every send (cheap: the lease is renewed only once half of it has run out).
        if (target.claim && !(await target.claim())) throw new NotOurs();
        /** Where the chunk shows: the conversation's thread or the channel. */
        const where = threadId ?? binding.channelId;
        try {
          if (!threadId && !this.cursor.has(binding.channelId) && target.lastDeliveredMessageId) {
            const last = await target.lastDeliveredMessageId(post.location, post.seq);
            if (last) this.cursor.set(binding.channelId, last);
          }
          let msg: ApiMessage | null = null;
          if (!this.verified.has(where)) {
            needs = 'Read Message History';
            msg = await findEarlierDelivery(
              {
                api: this.deps.api,
                botUserId: this.deps.botUserId,
                after: this.cursor.get(where),
                recentScan: this.s.recentScan,
                clockSkewMs: this.s.clockSkewMs,
              },
              where,
              post,
              chunk,
              username,
              ids,
            );
            this.verified.add(where);
            if (msg)
              log.info({ postId: post.id, messageId: msg.id }, 'outbox post was already delivered; not resending');
          }
          if (!msg) {
            if (username) {
              needs = 'Manage Webhooks';
              const hook = await ensureWebhook(this.deps.api, this.deps.store, binding, this.deps.appId);
              msg = await this.deps.api.executeWebhook(
                hook,
                { content: chunk, username, ...(avatar ? { avatar_url: avatar } : {}) },
                threadId,
              );
            } else {
              needs = 'Send Messages';
              const files = i === chunks.length - 1 ? await this.attachments(target, post) : [];
              if (files.length > 0) needs = 'Attach Files';
              msg = await this.deps.api.sendMessage(
                binding.channelId,
                { content: chunk, nonce: nonceFor(post.id, i) },
                files,
              );
            }
          }
          ids.push(msg.id);
          this.cursor.set(where, msg.id);
          break;
        } catch (e) {
          const f = classifyFailure(e);
          const at = { townId: target.townId, postId: post.id, location: post.location, attempt };
          if (threadId && (f.kind === 'permanent' || f.kind === 'missing_permission' || f.kind === 'unknown_channel')) {
            // the thread is gone, locked or refused: the rest of the talk goes on in the channel, nothing lost
            log.warn(
              { ...at, threadId, failure: f.kind },
              'conversation thread refused a line; posting in the channel',
            );
            if (talk) this.threads.inline(talk.key);
            threadId = undefined;
            continue;
          }
          if (f.kind === 'unknown_webhook') {
            log.warn(at, 'webhook was deleted; creating a new one');
            await this.deps.store.setWebhook(binding.townId, binding.location, null);
            binding.webhookId = null;
            binding.webhookToken = null;
          } else if (f.kind === 'unknown_channel') {
            log.warn(at, 'channel was deleted; recreating it');
            const repaired = await target.channelFor(post.location, { repair: true }).catch(() => null);
            if (!repaired || repaired.channelId === binding.channelId) {
              await this.fail(target, post, 'channel missing and could not be recreated', 5_000);
            }
            binding = repaired!;
          } else if (f.kind === 'rate_limited') {
            if (f.retryAfterMs > this.s.maxRateLimitWaitMs)
              await this.fail(target, post, 'rate limited', f.retryAfterMs);
            if (f.retryAfterMs > this.s.inlineRateLimitWaitMs) {
              log.debug({ ...at, retryAfterMs: f.retryAfterMs }, 'rate limited; parking this channel');
              throw new CoolDown(f.retryAfterMs);
            }
            log.debug({ ...at, retryAfterMs: f.retryAfterMs }, 'rate limited; waiting');
            await this.sleep(f.retryAfterMs);
          } else if (f.kind === 'transient') {
            if (f.ambiguous) this.verified.delete(where);
            const wait = Math.min(this.s.backoffMaxMs, this.s.backoffBaseMs * 2 ** (attempt - 1));
            log.debug({ ...at, error: f.message, wait }, 'delivery failed; retrying');
            if (attempt >= this.s.attemptsPerRound) await this.fail(target, post, f.message, wait);
            await this.sleep(wait);
          } else if (f.kind === 'missing_permission') {
            // An admin can fix this: keep the post (and the channel's order) and hold the channel until then.
            await target.outbox.recordFailure(post, `${f.status} ${f.message}`).catch(() => undefined);
            const now = this.now();
            throw new Held({
              townId: target.townId,
              location: post.location,
              channelId: binding.channelId,
              permission: /missing access/i.test(f.message) ? 'View Channels' : needs,
              message: missingPermissionText(
                /missing access/i.test(f.message) ? 'View Channels' : needs,
                `in <#${binding.channelId}>`,
              ),
              since: this.heldChannels.get(`${target.townId}:${post.location}`)?.since ?? now,
              retryAt: now + this.s.heldRetryMs,
            });
          } else {
            // A refusal that retrying cannot fix (bad request): skip after a few tries.
            await target.outbox.recordFailure(post, `${f.status} ${f.message}`);
            if (post.attempts + 1 >= this.s.maxPermanentFailures) {
              log.error({ ...at, error: f.message }, 'outbox post refused by Discord; skipping it');
              await target.outbox.markDelivered(post, JSON.stringify({ failed: f.message, messageIds: ids }));
              return 'skipped';
            }
            log.warn({ ...at, error: f.message }, 'outbox post refused by Discord');
            throw new RoundAborted(this.s.backoffMaxMs, f.message);
          }
          if (attempt > this.s.attemptsPerRound * 4)
            await this.fail(target, post, 'too many attempts', this.s.backoffMaxMs);
        }
      }
    }
    // the mark says where the line went (its thread, or that it opens one): a restart finds the talk's thread again
    const opens = username && talk?.opens && ids[0] ? talk.opens : undefined;
    await target.outbox.markDelivered(
      post,
      JSON.stringify({ messageIds: ids, ...(threadId ? { threadId } : {}), ...(opens ? { opens } : {}) }),
    );
    if (talk) this.threads.delivered(talk.key, threadId);
    if (opens) await this.openThread(target, post, binding.channelId, ids[0]!, talk!);
    return 'delivered';
  }

  private async fail(target: DeliveryTarget, post: PendingPost, error: string, retryInMs: number): Promise<never> {
    await target.outbox.recordFailure(post, error).catch(() => undefined);
    throw new RoundAborted(retryInMs, null);
  }
}
