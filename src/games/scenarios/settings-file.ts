// Reading a settings or word-list file whole before anything is parsed: a size limit (a pasted log or a wrong file
// is refused before it is read into memory), strict UTF-8 (a stray byte would otherwise turn "listener" into
// "list\uFFFDner" silently), then JSON. Each reader wraps the reason into its own error naming the file.
import { readFileSync, statSync } from 'node:fs';

export const SETTINGS_FILE_LIMITS = {
  // MAgIC's settings files are under 1 KB and our largest data file (associations.json) about 47 KB: 1 MB is far
  // above any real one and far below what would hurt to read.
  maxBytes: 1_000_000,
} as const;

/** The file's JSON, or why it cannot be used (the caller names the file). */
export function readSettingsJson(file: string): { data: unknown } | { error: string } {
  let size: number;
  try {
    size = statSync(file).size;
  } catch (e) {
    return { error: `cannot read (${(e as Error).message})` };
  }
  if (size > SETTINGS_FILE_LIMITS.maxBytes)
    return { error: `${size} bytes is too large for a settings file (at most ${SETTINGS_FILE_LIMITS.maxBytes})` };
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    return { error: `cannot read (${(e as Error).message})` };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { error: `not UTF-8 text (at byte ${firstBadByte(bytes)}); save it as UTF-8` };
  }
  try {
    return { data: JSON.parse(text.replace(/^\uFEFF/, '')) };
  } catch (e) {
    return { error: `not JSON (${(e as Error).message})` };
  }
}

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
function firstBadByte(bytes: Buffer): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i] as number;
    const len = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (len === 0) return i;
    for (let k = 1; k < len; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    i += len;
  }
  return bytes.length;
}
