// Per-user, per-channel message rate limit: a sliding window, so a person chatting with residents is never slowed
// but a flood (or a script) cannot make every resident answer every line. The polite notice is sent once per window.

export const RATE_LIMIT_SETTINGS = {
  /** Plain messages in a location channel: enough for a lively conversation (about one line every 5 s). */
  messages: { max: 6, windowMs: 30_000 },
  /** Slash commands that may call a model (/whisper, /interview): each costs model calls. */
  commands: { max: 5, windowMs: 60_000 },
} as const;

export type RateDecision = { ok: true } | { ok: false; notify: boolean; retryInMs: number };

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly notified = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  check(key: string): RateDecision {
    const t = this.now();
    const recent = (this.hits.get(key) ?? []).filter((at) => t - at < this.windowMs);
    if (recent.length >= this.max) {
      this.hits.set(key, recent);
      const last = this.notified.get(key);
      const notify = last === undefined || t - last >= this.windowMs;
      if (notify) this.notified.set(key, t);
      return { ok: false, notify, retryInMs: this.windowMs - (t - recent[0]!) };
    }
    recent.push(t);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.prune(t);
    return { ok: true };
  }

  /** Forgets keys with no recent hits (bounded memory on a busy bot). */
  private prune(t: number): void {
    for (const [k, v] of this.hits) if (v.every((at) => t - at >= this.windowMs)) this.hits.delete(k);
    for (const [k, at] of this.notified) if (t - at >= this.windowMs) this.notified.delete(k);
  }
}
