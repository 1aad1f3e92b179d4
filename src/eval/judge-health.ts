// A model judge's calls, counted (issue 23): every verdict batch and every ranking the model was asked for ends
// ok, timed out, off-schema (an answer that does not fit what was asked, after the gateway's repair) or failed
// otherwise. Past a threshold the report says the judge is unreliable and shows no figure from it.
import { isLlmError } from '../llm/port.ts';

export type JudgeCallOutcome = 'ok' | 'timeout' | 'off-schema' | 'failed';

/** Share of a judge's calls that may time out, answer off-schema or fail before the judge is unreliable. */
export const JUDGE_FAILURE_SHARE = 0.1;
/** Fewer failed calls than this never make a judge unreliable (one timeout in three calls is bad luck). */
export const JUDGE_FAILURE_MIN = 2;

export function outcomeOf(e: unknown): JudgeCallOutcome {
  if (isLlmError(e, 'llm/timeout')) return 'timeout';
  if (isLlmError(e, 'llm/schema_invalid')) return 'off-schema';
  if (e instanceof Error && e.name === 'ZodError') return 'off-schema';
  return 'failed';
}

export class JudgeHealth {
  calls = 0;
  timeouts = 0;
  offSchema = 0;
  failed = 0;

  record(outcome: JudgeCallOutcome): void {
    this.calls++;
    if (outcome === 'timeout') this.timeouts++;
    else if (outcome === 'off-schema') this.offSchema++;
    else if (outcome === 'failed') this.failed++;
  }

  recordError(e: unknown): void {
    this.record(outcomeOf(e));
  }

  get failures(): number {
    return this.timeouts + this.offSchema + this.failed;
  }

  /** Past the threshold: at least JUDGE_FAILURE_MIN failed calls and more than JUDGE_FAILURE_SHARE of all. */
  get pastThreshold(): boolean {
    return this.failures >= JUDGE_FAILURE_MIN && this.failures > JUDGE_FAILURE_SHARE * this.calls;
  }

  /** "3 of 20 calls failed (2 timed out, 1 off-schema, 0 other)". */
  describe(): string {
    return `${this.failures} of ${this.calls} calls failed (${this.timeouts} timed out, ${this.offSchema} off-schema, ${this.failed} other)`;
  }

  snapshot(): { calls: number; timeouts: number; offSchema: number; failed: number } {
    return { calls: this.calls, timeouts: this.timeouts, offSchema: this.offSchema, failed: this.failed };
  }
}
