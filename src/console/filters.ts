// What the console prints as the town runs: everything (/all), one resident's posts (/follow), one place's
// (/watch), or only where you are (/quiet). Answers to you (replies) and system notices always print.
import type { Post } from '../app/town-view.ts';

export type PostFilter =
  | { kind: 'all' }
  | { kind: 'talk' }
  | { kind: 'follow'; id: string; name: string }
  | { kind: 'watch'; id: string }
  | { kind: 'quiet' };

export const SHOW_ALL: PostFilter = { kind: 'all' };

/**
 * The default, chosen on a measured day: the shipped town (offline model, seed 1, 144 ticks) posts 580 lines, 4 per
 * tick on average and 20 on the first; 389 of them (67%) are routine actions ("… is eating breakfast") in places
 * you are not. Without those, a day is 227 lines (1.6 per tick): every conversation, arrival, plan and the digest,
 * and everything where you are. /all prints every action too.
 */
export const SHOW_TALK: PostFilter = { kind: 'talk' };

/** Whether a post passes the filter; `here` is the location the user is in. */
export function admits(filter: PostFilter, post: Post, here: string): boolean {
  // The person's own line is on their screen already (it is kept for the web view's feed).
  if (post.kind === 'said') return false;
  if (post.kind === 'reply' || post.kind === 'system') return true;
  switch (filter.kind) {
    case 'all':
      return true;
    case 'talk':
      return post.kind !== 'action' || post.location === here;
    case 'follow':
      return post.speakerId === filter.id;
    case 'watch':
      return post.location === filter.id;
    case 'quiet':
      return post.location === here;
  }
}

/** The filter as the prompt shows it ('' for everything). */
export function filterLabel(filter: PostFilter): string {
  switch (filter.kind) {
    case 'all':
    case 'talk':
      return '';
    case 'follow':
      return `following ${filter.name}`;
    case 'watch':
      return `watching #${filter.id}`;
    case 'quiet':
      return 'quiet';
  }
}

/** The line printed when the filter changes. */
export function describeFilter(filter: PostFilter): string {
  switch (filter.kind) {
    case 'all':
      return 'Showing everything the town posts, every resident’s every action. /talk for the default.';
    case 'talk':
      return 'Showing conversations, comings and goings, plans and everything where you are (the default). /all adds every resident’s actions elsewhere.';
    case 'follow':
      return `Following ${filter.name}: only their posts print (and answers to you). /all shows everything again.`;
    case 'watch':
      return `Watching #${filter.id}: only posts there print (and answers to you). /all shows everything again.`;
    case 'quiet':
      return 'Quiet: only posts where you are print (and answers to you). /all shows everything again.';
  }
}
