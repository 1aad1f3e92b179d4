// The per-row columns a memory stream's ranking reads (stream-rank.ts): last access time, importance and kind
// code, as typed arrays that grow by doubling, so a search scans contiguous numbers instead of memory objects.
import { KIND_CODE } from './stream-rank.ts';
import type { Memory } from './types.ts';
import { grown } from './vector-math.ts';

export class StreamColumns {
  lastAccess = new Float64Array(0);
  importance = new Float32Array(0);
  kindCode = new Uint8Array(0);
  capacity = 0;

  /** Writes row `row` from its memory, growing the columns when it is past their end. */
  set(row: number, m: Memory): void {
    if (row >= this.capacity) {
      const cap = Math.max(64, this.capacity * 2, row + 1);
      this.lastAccess = grown(this.lastAccess, cap);
      this.importance = grown(this.importance, cap);
      this.kindCode = grown(this.kindCode, cap);
      this.capacity = cap;
    }
    this.lastAccess[row] = m.lastAccessAt;
    this.importance[row] = m.importance;
    this.kindCode[row] = KIND_CODE.get(m.kind) ?? 0;
  }

  /** Copies row `from` to row `to` (rows closing a gap after a compaction). */
  move(from: number, to: number): void {
    this.lastAccess[to] = this.lastAccess[from]!;
    this.importance[to] = this.importance[from]!;
    this.kindCode[to] = this.kindCode[from]!;
  }
}
