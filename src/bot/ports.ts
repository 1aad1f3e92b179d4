// What the Discord front end needs from the rest of the system, as narrow interfaces (the channel store, a log,
// the town hall's name). The town and games modules know nothing about Discord; src/main.ts wires the stores in.
import type { Post } from '../town/types.ts';

/** One channel provisioned for a town location (or the town hall / the category), bound by channel id. */
export interface ChannelBindingRow {
  townId: string;
  /** Location id, TOWN_HALL, or CATEGORY_KEY for the category. */
  location: string;
  channelId: string;
  webhookId: string | null;
  webhookToken: string | null;
}

/** Reserved binding keys (location ids are slugs, so they cannot collide with a leading '#'). */
export const CATEGORY_KEY = '#category';
export const TOWN_HALL = 'town-hall';

export interface ChannelStore {
  list(townId: string): Promise<ChannelBindingRow[]>;
  get(townId: string, location: string): Promise<ChannelBindingRow | null>;
  /** The binding of a channel within one town (never across towns: guild isolation). */
  byChannel(townId: string, channelId: string): Promise<ChannelBindingRow | null>;
  /** Binds a location to a channel; a new channel id clears the stored webhook. */
  bind(townId: string, location: string, channelId: string): Promise<ChannelBindingRow>;
  setWebhook(townId: string, location: string, webhook: { id: string; token: string } | null): Promise<void>;
}

/** A post waiting in the town's outbox, in delivery order (seq): the fields delivery reads from the town's Post. */
export type PendingPost = Pick<
  Post,
  'id' | 'seq' | 'location' | 'speakerId' | 'speakerName' | 'emoji' | 'kind' | 'text' | 'attempts'
> & {
  /** Wall time the town wrote it, when known; bounds the search for an earlier delivery after a crash. */
  createdAt?: Date;
  /** Simulated time it was said at: an old row's conversation lines share it (src/bot/threads.ts). */
  simTime?: number;
  /** The town's conversation a dialogue line belongs to (kept by a talk carried on in a later tick). */
  conversationId?: string | null;
};

/** A line of a conversation as the outbox holds it: where delivery put it (its delivery mark), once delivered. */
export interface DeliveredLine {
  seq: number;
  text: string;
  delivered: boolean;
  deliveryRef: string | null;
}

export interface OutboxPort {
  /** Undelivered posts in seq order. */
  pending(limit: number): Promise<PendingPost[]>;
  /** Marks delivered; `ref` names the Discord message ids. Idempotent. */
  markDelivered(post: PendingPost, ref: string): Promise<void>;
  /** Records a failed attempt (counts attempts, keeps the last error). */
  recordFailure(post: PendingPost, error: string): Promise<void>;
  /** A conversation's lines in seq order (a restart finds its thread again); without it, only this process knows. */
  conversationLines?(conversationId: string): Promise<DeliveredLine[]>;
}

/** Minimal structured logger (pino's shape). */
export interface Log {
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export const silentLog: Log = { debug() {}, info() {}, warn() {}, error() {} };
