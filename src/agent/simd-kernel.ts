// A tiny hand-assembled WebAssembly SIMD kernel: dot products of one query against every row of a 4-bit
// quantised matrix. JS has no SIMD and scans Float32Arrays at ~1-2 ns per multiply-add; this kernel reads
// 8x fewer bytes and does 32 multiply-adds in a handful of instructions. Used by vector-index.ts for the
// approximate first pass of retrieval; exact cosine re-ranks the few candidates it cannot rule out.
//
// Row layout (4-bit codes, offset by 8 so 0..15): 16-byte blocks of 32 dimensions. Read as eight i16 lanes,
// lane L of block b holds four nibbles: bits 0-3 = dim 32b+L, 4-7 = dim 32b+8+L, 8-11 = dim 32b+16+L,
// 12-15 = dim 32b+24+L. The query is i16, in plain dimension order, so `i32x4.dot_i16x8_s` of a shifted and
// masked block with 8 consecutive query values yields the products directly (no unpacking shuffles).

/** Minimal typings of the WebAssembly global (our lib setting ships no DOM/wasm typings). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (
    module: object,
    imports: Record<string, Record<string, unknown>>,
  ) => { exports: Record<string, unknown> };
  Memory: new (desc: { initial: number; maximum?: number }) => WasmMemory;
}
const Wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

export const WASM_PAGE = 65536;
/** Rows are padded to a multiple of this many dimensions (two 16-byte blocks per loop iteration). */
export const KERNEL_DIM_ALIGN = 64;
/** Bytes read ahead of the row pointer as a software prefetch; the memory must extend this far past the matrix. */
export const KERNEL_PREFETCH_BYTES = 384;

/**
 * out[i] = sum_j q[j] * code_j(row i) for rows [0, KERNEL_STREAMS * per), codes 0..15 as stored (the caller
 * removes the offset of 8). Rows past the caller's count must exist (capacity is a multiple of KERNEL_STREAMS).
 */
export type DotKernel = (qPtr: number, matPtr: number, outPtr: number, per: number, rowBytes: number) => void;

// --- a few bytes of the binary format (WebAssembly core spec 5.x) ---
function uleb(n: number): number[] {
  const out: number[] = [];
  let v = n >>> 0;
  do {
    let b = v & 0x7f;
    v >>>= 7;
    if (v !== 0) b |= 0x80;
    out.push(b);
  } while (v !== 0);
  return out;
}
function sleb(n: number): number[] {
  const out: number[] = [];
  let v = n | 0;
  for (;;) {
    const b = v & 0x7f;
    v >>= 7;
    if ((v === 0 && (b & 0x40) === 0) || (v === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}
const name = (s: string): number[] => [...uleb(s.length), ...[...s].map((c) => c.charCodeAt(0))];
const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const section = (id: number, bytes: number[]): number[] => [id, ...uleb(bytes.length), ...bytes];

const I32 = 0x7f;
const V128 = 0x7b;
const get = (i: number) => [0x20, ...uleb(i)];
const set = (i: number) => [0x21, ...uleb(i)];
const tee = (i: number) => [0x22, ...uleb(i)];
const i32c = (n: number) => [0x41, ...sleb(n)];
const simd = (op: number, ...imm: number[]) => [0xfd, ...uleb(op), ...imm];
const load = (offset: number) => simd(0x00, 4, ...uleb(offset)); // v128.load align=16
const AND = simd(0x4e); // v128.and
const SHR_U16 = simd(0x8d); // i16x8.shr_u
const DOT = simd(0xba); // i32x4.dot_i16x8_s
const ADD32 = simd(0xae); // i32x4.add
const LANE = (l: number) => simd(0x1b, l); // i32x4.extract_lane
const v128const = (bytes: number[]) => simd(0x0c, ...bytes);

/** Row streams walked at once: rows [k * per, (k + 1) * per) for k < STREAMS. */
export const KERNEL_STREAMS = 4;

// dots4 params: 0 q, 1 mat, 2 out, 3 per (rows per stream), 4 rowBytes. It walks KERNEL_STREAMS row streams at
// once: independent sequential reads keep more cache misses in flight than one, which matters once the matrix
// no longer fits in cache (100k x 1536 on the dev machine: ~22 ms with one stream, ~17 with two, ~12 with four).
// locals: 5 rowEnd, 6 qp, 7 matEnd, 8 span (per * rowBytes) (i32); 9 mask, 10 v, 11.. one accumulator per stream
const Q = 0;
const MAT = 1;
const OUT = 2;
const PER = 3;
const ROWBYTES = 4;
const ROWEND = 5;
const QP = 6;
const MATEND = 7;
const SPAN = 8;
const MASK = 9;
const V = 10;
const ACC = (stream: number) => 11 + stream;

/** Address of the current row of a stream: mat + stream * span. */
function rowOf(stream: number): number[] {
  return stream === 0 ? get(MAT) : [...get(MAT), ...get(SPAN), ...i32c(stream), 0x6c, 0x6a];
}

/** [acc] -> [acc + dot(16 code bytes at row+off, 32 query values at qp+4*off)] */
function block(off: number, stream: number): number[] {
  // biome-ignore format: one line per nibble
  return [
    ...rowOf(stream), ...load(off), ...tee(V), ...get(MASK), ...AND, ...get(QP), ...load(4 * off), ...DOT, ...ADD32,
    ...get(V), ...i32c(4), ...SHR_U16, ...get(MASK), ...AND, ...get(QP), ...load(4 * off + 16), ...DOT, ...ADD32,
    ...get(V), ...i32c(8), ...SHR_U16, ...get(MASK), ...AND, ...get(QP), ...load(4 * off + 32), ...DOT, ...ADD32,
    ...get(V), ...i32c(12), ...SHR_U16, ...get(QP), ...load(4 * off + 48), ...DOT, ...ADD32,
  ];
}

/** out[stream * per] = horizontal sum of the stream's accumulator. */
function storeSum(stream: number): number[] {
  const a = ACC(stream);
  // biome-ignore format: assembly
  return [
    ...get(OUT), ...get(PER), ...i32c(4 * stream), 0x6c, 0x6a,
    ...get(a), ...LANE(0), ...get(a), ...LANE(1), 0x6a, ...get(a), ...LANE(2), 0x6a, ...get(a), ...LANE(3), 0x6a,
    0x36, 2, 0, // i32.store
  ];
}

const each = (f: (stream: number) => number[]): number[] =>
  Array.from({ length: KERNEL_STREAMS }, (_, k) => f(k)).flat();

function kernelBytes(): Uint8Array {
  const zero = v128const(new Array(16).fill(0));
  // biome-ignore format: assembly, one instruction group per line
  const body = [
    ...v128const(new Array(8).fill([0x0f, 0x00]).flat()), ...set(MASK),
    ...get(PER), ...get(ROWBYTES), 0x6c, ...set(SPAN),
    ...get(MAT), ...get(SPAN), 0x6a, ...set(MATEND),
    0x02, 0x40, // block $done
    0x03, 0x40, // loop $rows
    ...get(MAT), ...get(MATEND), 0x4f, 0x0d, 1, // br_if $done (mat >= matEnd)
    ...get(MAT), ...get(ROWBYTES), 0x6a, ...set(ROWEND),
    ...get(Q), ...set(QP),
    ...each((k) => [...zero, ...set(ACC(k))]),
    0x03, 0x40, // loop $cols
    ...each((k) => [...rowOf(k), ...load(KERNEL_PREFETCH_BYTES), 0x1a]), // touch a line ahead in each stream
    ...each((k) => [...get(ACC(k)), ...block(0, k), ...block(16, k), ...set(ACC(k))]),
    ...get(QP), ...i32c(128), 0x6a, ...set(QP),
    ...get(MAT), ...i32c(32), 0x6a, ...tee(MAT), ...get(ROWEND), 0x49, 0x0d, 0, // br_if $cols (mat < rowEnd)
    0x0b,
    ...each(storeSum),
    ...get(OUT), ...i32c(4), 0x6a, ...set(OUT),
    0x0c, 0, // br $rows
    0x0b, 0x0b, 0x0b,
  ];
  const locals = vec([
    [4, I32],
    [2 + KERNEL_STREAMS, V128],
  ]);
  const code = [...locals, ...body];
  // biome-ignore format: module layout
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vec([[0x60, ...vec([[I32], [I32], [I32], [I32], [I32]]), 0x00]])),
    ...section(2, vec([[...name('env'), ...name('memory'), 0x02, 0x00, 0x01]])),
    ...section(3, vec([[0x00]])),
    ...section(7, vec([[...name('dots4'), 0x00, 0x00]])),
    ...section(10, vec([[...uleb(code.length), ...code]])),
  ]);
}

let compiled: object | null | undefined;

/** The compiled module, or null when this runtime has no WebAssembly SIMD (callers then scan exactly in JS). */
function kernelModule(): object | null {
  if (compiled !== undefined) return compiled;
  try {
    const bytes = kernelBytes();
    compiled = Wasm?.validate(bytes) ? new Wasm.Module(bytes) : null;
  } catch {
    compiled = null;
  }
  return compiled;
}

export function simdAvailable(): boolean {
  return kernelModule() !== null;
}

/** A fresh memory with the kernel bound to it; null without WebAssembly SIMD. */
export function createKernel(initialPages: number): { memory: WasmMemory; dots4: DotKernel } | null {
  const mod = kernelModule();
  if (!mod || !Wasm) return null;
  const memory = new Wasm.Memory({ initial: initialPages });
  const instance = new Wasm.Instance(mod, { env: { memory } });
  return { memory, dots4: instance.exports.dots4 as DotKernel };
}
