// The circuit breaker in front of a provider: after repeated provider failures the gateway stops calling it,
// so the town carries on with its fallbacks instead of waiting on timeouts; it tries again after a backoff
// (doubling up to a ceiling) and closes on the first success. Pure state, driven by the gateway's clock.

export const circuitSettings = {
  // Five calls in a row failing on the provider (after their own retries) is an outage, not bad luck.
  failureThreshold: 5,
  // First pause 30 s, doubling up to 10 min between probes.
  baseOpenMs: 30_000,
  maxOpenMs: 600_000,
} as const;

export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitOptions {
  failureThreshold?: number;
  baseOpenMs?: number;
  maxOpenMs?: number;
}

export class CircuitBreaker {
  private consecutive = 0;
  private openedAt = 0;
  private openMs = 0;
  private trips = 0;
  private probing = false;
  state: CircuitState = 'closed';
  /** Last provider failure that counted, for the notice. */
  lastError = '';
  private readonly threshold: number;
  private readonly baseOpenMs: number;
  private readonly maxOpenMs: number;

  constructor(opts: CircuitOptions = {}) {
    this.threshold = opts.failureThreshold ?? circuitSettings.failureThreshold;
    this.baseOpenMs = opts.baseOpenMs ?? circuitSettings.baseOpenMs;
    this.maxOpenMs = opts.maxOpenMs ?? circuitSettings.maxOpenMs;
  }

  /** Provider failures in a row so far. */
  get failures(): number {
    return this.consecutive;
  }

  /** Whether a call may go to the provider now; while open, one probe passes once the pause is over. */
  allow(now: number): boolean {
    if (this.state === 'closed') return true;
    if (this.state === 'open' && now - this.openedAt >= this.openMs && !this.probing) {
      this.state = 'half-open';
      this.probing = true;
      return true;
    }
    return false;
  }

  /** Milliseconds until the next probe (0 when closed). */
  retryInMs(now: number): number {
    if (this.state === 'closed') return 0;
    return Math.max(0, this.openedAt + this.openMs - now);
  }

  /** A call reached the provider and got an answer: returns true when this closes an open circuit. */
  success(): boolean {
    const wasOpen = this.state !== 'closed';
    this.consecutive = 0;
    this.trips = 0;
    this.probing = false;
    this.state = 'closed';
    return wasOpen;
  }

  /** A call failed on the provider: returns the pause when this (re)opens the circuit, else undefined. */
  failure(now: number, message: string): number | undefined {
    this.lastError = message;
    this.consecutive++;
    const probeFailed = this.state === 'half-open';
    this.probing = false;
    if (!probeFailed && (this.state === 'open' || this.consecutive < this.threshold)) return undefined;
    this.openMs = Math.min(this.maxOpenMs, this.baseOpenMs * 2 ** this.trips);
    this.trips++;
    this.openedAt = now;
    this.state = 'open';
    return this.openMs;
  }
}
