// Fonts for the PNG renderer. resvg draws text only with fonts it is given, so every picture (map, relationships,
// radar) is drawn with DejaVu Sans shipped as an npm dependency (`dejavu-fonts-ttf`: Bitstream Vera licence plus
// public-domain DejaVu changes, free to redistribute; see README "Licences"), never with system fonts: a server or
// container without fonts draws the same text. The cmap reader tells which characters the font can draw, so emoji
// it lacks are left out instead of showing as empty boxes.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface FontSetup {
  /** Files handed to resvg: the shipped regular and bold, then SMALLTOWN_FONT if set (a fallback for scripts). */
  files: string[];
  /** Family name to ask for in the SVG. */
  family: string;
  /** Always false: system fonts are never scanned (slower, and pictures would differ between machines). */
  loadSystemFonts: boolean;
  /** True when the font can draw every code point of `text` (variation selectors and joiners ignored). */
  canDraw(text: string): boolean;
}

/** The shipped DejaVu Sans files (regular, bold), resolved from the installed npm package. */
export function shippedFontFiles(): { regular: string; bold: string } {
  const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  return { regular: join(dir, 'DejaVuSans.ttf'), bold: join(dir, 'DejaVuSans-Bold.ttf') };
}

let cached: FontSetup | undefined;

export function fontSetup(): FontSetup {
  if (cached) return cached;
  const { regular, bold } = shippedFontFiles();
  if (!existsSync(regular)) throw new Error(`the shipped font is missing: ${regular} (run npm ci)`);
  const coverages = [readCmap(readFileSync(regular))];
  const files = [regular, bold];
  const extra = process.env.SMALLTOWN_FONT;
  if (extra && existsSync(extra)) {
    try {
      coverages.push(readCmap(readFileSync(extra)));
      files.push(extra);
    } catch {
      // Not a font we can read: ignore it rather than lose the pictures.
    }
  }
  cached = {
    files,
    family: 'DejaVu Sans',
    loadSystemFonts: false,
    canDraw: (text) => {
      for (const ch of text) {
        const cp = ch.codePointAt(0)!;
        if (cp === 0xfe0f || cp === 0xfe0e || cp === 0x200d) continue;
        if (!coverages.some((has) => has(cp))) return false;
      }
      return true;
    },
  };
  return cached;
}

/** Reads a TrueType/OpenType cmap (formats 4 and 12) into a code point coverage test. */
export function readCmap(buf: Buffer): (cp: number) => boolean {
  const glyph = readGlyphIndex(buf);
  return (cp) => glyph(cp) !== 0;
}

function tableOffset(buf: Buffer, tag: string): number {
  const numTables = buf.readUInt16BE(4);
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16;
    if (buf.toString('latin1', rec, rec + 4) === tag) return buf.readUInt32BE(rec + 8);
  }
  return -1;
}

/** Code point -> glyph id (0 = missing) from the cmap (formats 4 and 12). */
export function readGlyphIndex(buf: Buffer): (cp: number) => number {
  const cmap = tableOffset(buf, 'cmap');
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
    const ranges: [number, number, number][] = [];
    for (let i = 0; i < groups; i++) {
      const g = best + 16 + i * 12;
      ranges.push([buf.readUInt32BE(g), buf.readUInt32BE(g + 4), buf.readUInt32BE(g + 8)]);
    }
    return (cp) => {
      for (const [a, b, first] of ranges) if (cp >= a && cp <= b) return first + (cp - a);
      return 0;
    };
  }
  const segX2 = buf.readUInt16BE(best + 6);
  const ends = best + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const rangeOffsets = deltas + segX2;
  return (cp) => {
    if (cp > 0xffff) return 0;
    for (let i = 0; i < segX2 / 2; i++) {
      const end = buf.readUInt16BE(ends + i * 2);
      if (cp > end) continue;
      const start = buf.readUInt16BE(starts + i * 2);
      if (cp < start) return 0;
      const delta = buf.readInt16BE(deltas + i * 2);
      const ro = buf.readUInt16BE(rangeOffsets + i * 2);
      if (ro === 0) return (cp + delta) & 0xffff;
      const glyphAt = rangeOffsets + i * 2 + ro + (cp - start) * 2;
      const glyph = buf.readUInt16BE(glyphAt);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

/** Advance width of each code point in em units (1 = the font size), from the hhea/hmtx tables. */
export function readAdvances(buf: Buffer): (cp: number) => number {
  const glyph = readGlyphIndex(buf);
  const head = tableOffset(buf, 'head');
  const hhea = tableOffset(buf, 'hhea');
  const hmtx = tableOffset(buf, 'hmtx');
  if (head < 0 || hhea < 0 || hmtx < 0) throw new Error('no horizontal metrics');
  const unitsPerEm = buf.readUInt16BE(head + 18);
  const metrics = buf.readUInt16BE(hhea + 34);
  const advance = (g: number) => buf.readUInt16BE(hmtx + Math.min(g, metrics - 1) * 4) / unitsPerEm;
  return (cp) => advance(glyph(cp));
}

/** Measures rendered text widths with the font the renderer draws with (regular and bold). */
export interface TextMeasure {
  width(text: string, size: number, bold?: boolean): number;
}

let measureCache: TextMeasure | undefined;

/**
 * Text width in pixels for `size`-pixel text, from the same DejaVu files resvg renders with (an upper-bound
 * estimate of 0.7 em per character if they cannot be read, so layouts stay overlap-free if wider than needed).
 */
export function textMeasure(): TextMeasure {
  if (measureCache) return measureCache;
  const f = fontSetup();
  let regular: ((cp: number) => number) | undefined;
  let bold: ((cp: number) => number) | undefined;
  try {
    if (f.files[0]) regular = readAdvances(readFileSync(f.files[0]));
    if (f.files[1]) bold = readAdvances(readFileSync(f.files[1]));
  } catch {
    regular = undefined;
  }
  const em = (adv: ((cp: number) => number) | undefined, text: string) => {
    let w = 0;
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      if (cp === 0xfe0f || cp === 0xfe0e || cp === 0x200d) continue;
      const a = adv ? adv(cp) : 0.7;
      // A glyph the font lacks is drawn by a fallback at roughly one em.
      w += a > 0 ? a : 1;
    }
    return w;
  };
  measureCache = {
    width: (text, size, isBold = false) => em(isBold ? (bold ?? regular) : regular, text) * size,
  };
  return measureCache;
}
