// Long conversations move into a thread: a conversation's lines are the place's consecutive dialogue posts written
// at one simulated time (one talk per tick and place, src/town/tick-converse.ts). Its first line posts in the
// channel, a public thread named after it starts from that message, and the rest of the talk goes into the thread.
import type { PendingPost } from './ports.ts';

/** Discord API: a thread's name is 1..100 characters. */
export const THREAD_NAME_MAX = 100;

/** The key of the conversation a post belongs to (null: not a conversation line). */
export function conversationKey(townId: string, post: PendingPost): string | null {
  if (post.kind !== 'dialogue' || post.simTime === undefined) return null;
  return `${townId}:${post.location}:${post.simTime}`;
}

/** How many lines of the conversation `list[i]` opens follow in this batch (itself included). */
export function conversationLength(townId: string, list: PendingPost[], i: number): number {
  const key = conversationKey(townId, list[i]!);
  if (!key) return 0;
  let n = 0;
  while (i + n < list.length && conversationKey(townId, list[i + n]!) === key) n++;
  return n;
}

/**
 * A thread's name from the talk's first line: plain text (no markdown, mentions or line breaks), clipped to
 * Discord's 100 characters at a word with an ellipsis.
 */
export function threadName(firstLine: string): string {
  const plain = firstLine
    .replace(/<[@#][!&]?\d+>/g, '')
    .replace(/[*_~`|>#[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length === 0) return 'Conversation';
  if (plain.length <= THREAD_NAME_MAX) return plain;
  const cut = plain.slice(0, THREAD_NAME_MAX - 1);
  const word = cut.lastIndexOf(' ');
  return `${(word > THREAD_NAME_MAX / 2 ? cut.slice(0, word) : cut).trimEnd()}…`;
}

/** Where a conversation line goes: `opens`, the thread's name to start after it; `threadId`, into that thread. */
export interface TalkPlace {
  key: string;
  opens?: string;
  threadId?: string;
}

/** Each conversation's thread (null: it stays in the channel), by conversationKey; the newest few hundred. */
export class ConversationThreads {
  private readonly byKey = new Map<string, string | null>();

  /** Whether `list[i]` opens a thread, goes into one, or stays in the channel (undefined). */
  place(townId: string, list: PendingPost[], i: number, threadAfterLines: number): TalkPlace | undefined {
    const key = conversationKey(townId, list[i]!);
    if (!key) return undefined;
    const known = this.byKey.get(key);
    if (known) return { key, threadId: known };
    if (known === null) return undefined;
    // its first line decides: a long talk gets a thread, a short one stays in the channel for good
    this.inline(key);
    if (conversationLength(townId, list, i) <= threadAfterLines) return undefined;
    return { key, opens: threadName(list[i]!.text) };
  }

  started(key: string, threadId: string): void {
    this.byKey.set(key, threadId);
  }

  /** The talk goes on in the channel (short, or its thread was refused). */
  inline(key: string): void {
    this.byKey.set(key, null);
    while (this.byKey.size > 500) this.byKey.delete(this.byKey.keys().next().value!);
  }

  /**
   * A conversation cut by a full batch's end may go on past it: it waits for the next round (which starts earlier,
   * so sees all of it) to decide whether it gets a thread; unless it is all the location has.
   */
  deferCutTalks(townId: string, byLocation: Map<string, PendingPost[]>): void {
    for (const list of byLocation.values()) {
      let from = list.length - 1;
      const key = conversationKey(townId, list[from]!);
      if (!key || this.byKey.has(key)) continue;
      while (from > 0 && conversationKey(townId, list[from - 1]!) === key) from--;
      if (from > 0) list.length = from;
    }
  }
}
