// Vector helpers shared by embedders, the cache and the memory stream: normalisation, cosine, byte encoding.

/** Scales to unit length in place (a zero vector stays zero) and returns it. */
export function l2Normalize(v: Float32Array): Float32Array {
  let sq = 0;
  for (let i = 0; i < v.length; i++) sq += v[i]! * v[i]!;
  if (sq === 0) return v;
  const inv = 1 / Math.sqrt(sq);
  for (let i = 0; i < v.length; i++) v[i] = v[i]! * inv;
  return v;
}

/** Cosine similarity; 0 when either vector is zero or the lengths differ (vectors from different spaces). */
export function cosineSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  if (na === 0 || nb === 0) return 0;
  return dot / Math.sqrt(na * nb);
}

/** Float32 little-endian bytes, the storage format of every vector column. */
export function vectorToBytes(v: Float32Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(new ArrayBuffer(v.length * 4));
  const view = new DataView(out.buffer);
  for (let i = 0; i < v.length; i++) view.setFloat32(i * 4, v[i]!, true);
  return out;
}

export function bytesToVector(bytes: Uint8Array): Float32Array {
  if (bytes.byteLength % 4 !== 0)
    throw new RangeError(`vector bytes length ${bytes.byteLength} is not a multiple of 4`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}
