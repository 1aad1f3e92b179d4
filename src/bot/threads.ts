// Long conversations move into a thread named after their topic. A conversation's lines are known by the town's
// conversation id on each post (a talk carried on in a later tick keeps it: src/town/tick-converse.ts); rows written
// before the id existed fall back to "the place's consecutive dialogue posts at one simulated time".
// - A talk whose lines known at its first line are more than `threadAfterLines` (8): that line posts in the channel,
//   a public thread starts from it, and the rest goes into the thread (also the lines carried on in later ticks).
// - A talk that becomes long only once carried on: its first lines stay in the channel; the line that crosses the
//   limit (the 9th) posts in the channel, the thread starts from it, and the lines after it go into the thread.
// - Where a conversation's lines went is read back from the outbox's delivery marks (`threadId`, `opens`), so a
//   restart finds the thread again. A thread refused, deleted or locked: the rest of the talk stays in the channel.
import type { DiscordApi } from './discord-api.ts';
import type { DeliveredLine, OutboxPort, PendingPost } from './ports.ts';

/** Discord API: a thread's name is 1..100 characters. */
export const THREAD_NAME_MAX = 100;
/** Discord: "A thread has already been created for this message" (the thread took the message's id). */
const THREAD_ALREADY_CREATED = 160004;
/** Conversations remembered per deliverer (carried-on talks are read back from the outbox when forgotten). */
const REMEMBERED = 500;

/** The key of the conversation a post belongs to (null: not a conversation line). */
export function conversationKey(townId: string, post: PendingPost): string | null {
  if (post.kind !== 'dialogue') return null;
  if (post.conversationId) return `${townId}:talk:${post.conversationId}`;
  if (post.simTime === undefined) return null;
  return `${townId}:${post.location}:${post.simTime}`;
}

/** How many lines of `list[i]`'s conversation are in `list` from it on (itself included). */
export function conversationLength(townId: string, list: PendingPost[], i: number): number {
  const key = conversationKey(townId, list[i]!);
  if (!key) return 0;
  let n = 0;
  if (list[i]!.conversationId) {
    for (let k = i; k < list.length; k++) if (conversationKey(townId, list[k]!) === key) n++;
    return n;
  }
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

/** Where a conversation line goes: `opens`, the thread's name to start after it; `threadId`, into that thread;
 * neither, the channel. */
export interface TalkPlace {
  key: string;
  opens?: string;
  threadId?: string;
}

/** What is known of one conversation's delivery. */
interface Talk {
  /** Lines delivered so far. */
  lines: number;
  /** Its thread, once started. */
  threadId: string | null;
  /** Its thread was refused, failed or fell away (or, for an old row, it was short): the channel for good. */
  inline: boolean;
  /** The topic its thread is named after (its first line). */
  topic: string | null;
  /** A line delivered to open the thread whose start was not confirmed before a restart: start it (again). */
  unconfirmed?: { messageId: string };
}

/** The delivery mark's fields this module writes and reads back. */
interface Mark {
  messageIds?: string[];
  threadId?: string;
  opens?: string;
}

function parseMark(ref: string | null): Mark | null {
  if (!ref) return null;
  try {
    const m = JSON.parse(ref) as unknown;
    return m && typeof m === 'object' ? (m as Mark) : null;
  } catch {
    return null; // a mark written by another front end: not ours to read
  }
}

/** Where a conversation's lines went, from its posts' delivery marks in seq order. */
export function talkFromLines(lines: readonly DeliveredLine[]): Talk {
  const talk: Talk = { lines: 0, threadId: null, inline: false, topic: lines[0]?.text ?? null };
  for (const l of lines) {
    if (!l.delivered) continue;
    const m = parseMark(l.deliveryRef);
    if (!m?.messageIds) continue; // skipped (no channel, refused by Discord): not shown
    talk.lines++;
    if (m.threadId) {
      talk.threadId = m.threadId;
      delete talk.unconfirmed;
    } else if (talk.threadId || talk.unconfirmed) talk.inline = true; // after its thread (or opener): it fell away
    const first = m.messageIds[0];
    if (m.opens && !m.threadId && first && !talk.inline) talk.unconfirmed = { messageId: first };
  }
  if (talk.inline) {
    talk.threadId = null;
    delete talk.unconfirmed;
  }
  return talk;
}

/** Each conversation's thread (or the channel), by conversationKey; the newest few hundred. */
export class ConversationThreads {
  private readonly byKey = new Map<string, Talk>();

  private remember(key: string, talk: Talk): Talk {
    this.byKey.delete(key);
    this.byKey.set(key, talk);
    while (this.byKey.size > REMEMBERED) this.byKey.delete(this.byKey.keys().next().value!);
    return talk;
  }

  /** Forgets what it knows (another process may have delivered since): carried-on talks are read back. */
  forget(): void {
    this.byKey.clear();
  }

  /**
   * Reads back from the outbox where the conversations in `posts` went so far (those it does not know): a restart
   * or another process's delivery must find a talk's thread again. Without the outbox's help, nothing is known.
   */
  async load(townId: string, outbox: OutboxPort, posts: readonly PendingPost[]): Promise<void> {
    if (!outbox.conversationLines) return;
    const ids = new Set<string>();
    for (const p of posts) if (p.kind === 'dialogue' && p.conversationId) ids.add(p.conversationId);
    for (const id of ids) {
      const key = `${townId}:talk:${id}`;
      if (this.byKey.has(key)) continue;
      this.remember(key, talkFromLines(await outbox.conversationLines(id)));
    }
  }

  /** Whether `list[i]` opens a thread, goes into one, or goes to the channel (neither); undefined: not a talk's. */
  place(townId: string, list: PendingPost[], i: number, threadAfterLines: number): TalkPlace | undefined {
    const post = list[i]!;
    const key = conversationKey(townId, post);
    if (!key) return undefined;
    let talk = this.byKey.get(key);
    if (!talk) talk = this.remember(key, { lines: 0, threadId: null, inline: false, topic: post.text });
    if (talk.inline) return { key };
    if (talk.threadId) return { key, threadId: talk.threadId };
    const n = talk.lines + 1;
    const opens = { key, opens: threadName(talk.topic ?? post.text) };
    if (n === 1) {
      // its first line: a talk already long gets a thread; a short one stays (an old row's, for good)
      if (conversationLength(townId, list, i) > threadAfterLines) return opens;
      if (!post.conversationId) talk.inline = true;
      return { key };
    }
    // carried on: the line that makes it long opens the thread
    return n === threadAfterLines + 1 ? opens : { key };
  }

  /** A line was delivered (`threadId`: in that thread; none: in the channel). */
  delivered(key: string, threadId: string | undefined): void {
    const talk = this.byKey.get(key);
    if (!talk) return;
    talk.lines++;
    if (talk.threadId && !threadId) this.inline(key);
  }

  /** The thread started after its opening line. */
  started(key: string, threadId: string): void {
    const talk = this.byKey.get(key);
    if (!talk) return;
    talk.threadId = threadId;
    delete talk.unconfirmed;
  }

  /** The talk goes on in the channel for good (its thread was refused, or fell away). */
  inline(key: string): void {
    const talk = this.byKey.get(key);
    if (!talk) return;
    talk.inline = true;
    talk.threadId = null;
    delete talk.unconfirmed;
  }

  /**
   * A thread whose opening line was delivered before a restart, its start not confirmed: starts it now (Discord
   * refuses a second thread on a message, then it is the one that was started: a thread takes its message's id).
   * Fails: the talk stays in the channel.
   */
  async confirm(api: DiscordApi, channelId: string, key: string): Promise<void> {
    const talk = this.byKey.get(key);
    if (!talk?.unconfirmed) return;
    const { messageId } = talk.unconfirmed;
    try {
      this.started(key, (await api.startThread(channelId, messageId, threadName(talk.topic ?? ''))).id);
    } catch (e) {
      if ((e as { code?: unknown }).code === THREAD_ALREADY_CREATED) this.started(key, messageId);
      else this.inline(key);
    }
  }

  /** The conversations in `list` whose thread's start waits to be confirmed (after a restart). */
  unconfirmedIn(townId: string, list: readonly PendingPost[]): string[] {
    const keys = new Set<string>();
    for (const p of list) {
      const key = conversationKey(townId, p);
      if (key && this.byKey.get(key)?.unconfirmed) keys.add(key);
    }
    return [...keys];
  }

  /**
   * A conversation cut by a full batch's end may go on past it: when nothing of it was delivered yet, it waits for
   * the next round (which starts earlier, so sees all of it) to decide whether it gets a thread; unless it is all
   * the location has.
   */
  deferCutTalks(townId: string, byLocation: Map<string, PendingPost[]>): void {
    for (const list of byLocation.values()) {
      const key = conversationKey(townId, list[list.length - 1]!);
      if (!key) continue;
      const talk = this.byKey.get(key);
      if (talk && (talk.lines > 0 || talk.inline || talk.threadId)) continue;
      const from = list.findIndex((p) => conversationKey(townId, p) === key);
      if (from > 0) list.length = from;
    }
  }
}
