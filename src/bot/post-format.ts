// A post as Discord shows it: its text, the webhook username it is posted under, and the nonce that makes a
// retried bot message return the first one.
import type { PendingPost } from './ports.ts';

/** Text of a post as shown in Discord. */
export function formatPost(post: PendingPost): string {
  const emoji = post.emoji?.trim();
  const text = post.text.trim();
  return emoji && !text.startsWith(emoji) ? `${emoji} ${text}` : text;
}

/** Webhook usernames: 1-80 characters, and Discord refuses "discord", "clyde", "everyone" and "here". */
export function webhookUsername(name: string): string {
  let n = name
    .replace(/[\n\r\t]/g, ' ')
    .trim()
    .replace(/discord/gi, 'Disc0rd')
    .replace(/clyde/gi, 'Clyd3');
  if (/^(everyone|here)$/i.test(n)) n = `${n}.`;
  n = [...n].slice(0, 80).join('');
  return n || 'Resident';
}

/** Nonces are at most 25 characters: a hash of the post id plus the chunk index. */
export function nonceFor(postId: string, chunk: number): string {
  let h = 0xcbf29ce484222325n;
  for (const ch of postId) h = BigInt.asUintN(64, (h ^ BigInt(ch.codePointAt(0)!)) * 0x100000001b3n);
  return `o${h.toString(36)}.${chunk}`.slice(0, 25);
}
