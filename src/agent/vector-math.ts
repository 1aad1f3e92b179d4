// Float32 vector arithmetic shared by retrieval (exact cosines) and the vector index, and the growth of the typed
// arrays that hold a stream's rows (columns, codes).

export function dot(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    s0 += a[i]! * b[i]!;
    s1 += a[i + 1]! * b[i + 1]!;
    s2 += a[i + 2]! * b[i + 2]!;
    s3 += a[i + 3]! * b[i + 3]!;
  }
  for (; i < n; i++) s0 += a[i]! * b[i]!;
  return s0 + s1 + s2 + s3;
}

export function norm(v: Float32Array): number {
  return Math.sqrt(dot(v, v));
}

/** A unit-length copy (a zero vector stays zero). */
export function unit(v: Float32Array): Float32Array {
  const n = norm(v);
  const out = new Float32Array(v.length);
  if (n === 0) return out;
  const inv = 1 / n;
  for (let i = 0; i < v.length; i++) out[i] = v[i]! * inv;
  return out;
}

type RowArray = Float64Array | Float32Array | Int8Array | Uint8Array;

/** A copy of `a` with room for `length` elements (the new tail is zero); used to grow row arrays by doubling. */
export function grown<T extends RowArray>(a: T, length: number): T {
  const out = new (a.constructor as new (n: number) => T)(length);
  out.set(a);
  return out;
}
