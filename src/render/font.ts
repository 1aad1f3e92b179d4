// Fonts for the PNG renderer. resvg draws text only with fonts it is given, so we hand it DejaVu Sans (present on
// Debian/Ubuntu, the project's target) and fall back to whatever system fonts exist. The cmap reader tells which
// characters the chosen font can draw, so emoji it lacks are left out instead of showing as empty boxes.
import { existsSync, readFileSync } from 'node:fs';

/** Where DejaVu lives on common Linux distributions and Homebrew; SMALLTOWN_FONT names an extra file first. */
const CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf',
  '/usr/local/share/fonts/DejaVuSans.ttf',
  '/opt/homebrew/share/fonts/DejaVuSans.ttf',
];

export interface FontSetup {
  /** Files handed to resvg (regular and bold when found). */
  files: string[];
  /** Family name to ask for in the SVG. */
  family: string;
  /** Let resvg scan system fonts too (only when no known file was found: scanning costs time per render). */
  loadSystemFonts: boolean;
  /** True when the font can draw every code point of `text` (variation selectors and joiners ignored). */
  canDraw(text: string): boolean;
}

let cached: FontSetup | undefined;

export function fontSetup(): FontSetup {
  if (cached) return cached;
  const extra = process.env.SMALLTOWN_FONT;
  const regular = [extra, ...CANDIDATES].find((p): p is string => !!p && existsSync(p));
  if (!regular) {
    cached = { files: [], family: 'sans-serif', loadSystemFonts: true, canDraw: (t) => /^[\x20-\x7e]*$/.test(t) };
    return cached;
  }
  const bold = regular.replace(/DejaVuSans\.ttf$/, 'DejaVuSans-Bold.ttf');
  const files = bold !== regular && existsSync(bold) ? [regular, bold] : [regular];
  let coverage: (cp: number) => boolean = (cp) => cp < 0x250;
  try {
    coverage = readCmap(readFileSync(regular));
  } catch {
    // An unreadable cmap only costs emoji; text still renders.
  }
  const family = regular.includes('DejaVuSans') ? 'DejaVu Sans' : 'sans-serif';
  cached = {
    files,
    family,
    loadSystemFonts: false,
    canDraw: (text) => {
      for (const ch of text) {
        const cp = ch.codePointAt(0)!;
        if (cp === 0xfe0f || cp === 0xfe0e || cp === 0x200d) continue;
        if (!coverage(cp)) return false;
      }
      return true;
    },
  };
  return cached;
}

/** Reads a TrueType/OpenType cmap (formats 4 and 12) into a code point coverage test. */
export function readCmap(buf: Buffer): (cp: number) => boolean {
  const numTables = buf.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16;
    if (buf.toString('latin1', rec, rec + 4) === 'cmap') cmap = buf.readUInt32BE(rec + 8);
  }
  if (cmap < 0) throw new Error('no cmap table');
  const n = buf.readUInt16BE(cmap + 2);
  let best = -1;
  let bestFormat = 0;
  for (let i = 0; i < n; i++) {
    const rec = cmap + 4 + i * 8;
    const platform = buf.readUInt16BE(rec);
    const encoding = buf.readUInt16BE(rec + 2);
    const sub = cmap + buf.readUInt32BE(rec + 4);
    const format = buf.readUInt16BE(sub);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12 || (format === 4 && bestFormat !== 12)) {
      best = sub;
      bestFormat = format;
    }
  }
  if (best < 0) throw new Error('no unicode cmap');
  if (bestFormat === 12) {
    const groups = buf.readUInt32BE(best + 12);
    const ranges: [number, number][] = [];
    for (let i = 0; i < groups; i++) {
      const g = best + 16 + i * 12;
      ranges.push([buf.readUInt32BE(g), buf.readUInt32BE(g + 4)]);
    }
    return (cp) => ranges.some(([a, b]) => cp >= a && cp <= b);
  }
  const segX2 = buf.readUInt16BE(best + 6);
  const ends = best + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const rangeOffsets = deltas + segX2;
  return (cp) => {
    if (cp > 0xffff) return false;
    for (let i = 0; i < segX2 / 2; i++) {
      const end = buf.readUInt16BE(ends + i * 2);
      if (cp > end) continue;
      const start = buf.readUInt16BE(starts + i * 2);
      if (cp < start) return false;
      const delta = buf.readInt16BE(deltas + i * 2);
      const ro = buf.readUInt16BE(rangeOffsets + i * 2);
      if (ro === 0) return ((cp + delta) & 0xffff) !== 0;
      const glyphAt = rangeOffsets + i * 2 + ro + (cp - start) * 2;
      const glyph = buf.readUInt16BE(glyphAt);
      return glyph !== 0;
    }
    return false;
  };
}
