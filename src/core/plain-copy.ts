// Deep copies of plain data: what the town state and residents' minds are (they are stored as JSON). The session
// copies the state for every change and tick; structuredClone's serialise-and-rebuild took 1 ms of a 140 KB state
// where this walk takes 0.15 ms. Anything that is not plain data (a Map, a Date, a class instance) is refused, so
// a wrong use fails loudly instead of copying it wrongly.

/** A deep copy of objects, arrays and primitives (undefined values and keys included). Throws on anything else. */
export function copyPlain<T>(value: T): T {
  return copy(value, '') as T;
}

function copy(v: unknown, path: string): unknown {
  if (v === null || typeof v !== 'object') {
    if (typeof v === 'function' || typeof v === 'symbol')
      throw new TypeError(`not plain data at ${path || 'the root'}`);
    return v;
  }
  if (Array.isArray(v)) {
    const out = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) out[i] = copy(v[i], path);
    return out;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null)
    throw new TypeError(`not plain data at ${path || 'the root'} (${proto?.constructor?.name ?? 'unknown'})`);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) out[k] = copy((v as Record<string, unknown>)[k], k);
  return out;
}
