// Small helpers for SVG built as text, and the one place that turns an SVG into PNG bytes (resvg, no downloads).
import { type ResvgRenderOptions, renderAsync } from '@resvg/resvg-js';
import { fontSetup, textMeasure } from './font.ts';

/** Escapes text for SVG content and attribute values. Control characters are dropped (invalid in XML). */
export function esc(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Cuts text to `max` characters (code points), with an ellipsis. */
export function clip(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, Math.max(1, max - 1)).join('')}…`;
}

/** Cuts text to fit `maxWidth` pixels at `size` (measured with the renderer's font), with an ellipsis. */
export function clipToWidth(text: string, maxWidth: number, size: number, bold = false): string {
  const m = textMeasure();
  const clean = text.replace(/\s+/g, ' ').trim();
  if (m.width(clean, size, bold) <= maxWidth) return clean;
  const chars = [...clean];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (m.width(`${chars.slice(0, mid).join('').trimEnd()}…`, size, bold) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '…' : `${chars.slice(0, lo).join('').trimEnd()}…`;
}

/** Breaks text at spaces into lines of at most `maxWidth` pixels at `size` (a word longer than that gets a line). */
export function wrapToWidth(text: string, maxWidth: number, size: number, bold = false): string[] {
  const m = textMeasure();
  const lines: string[] = [];
  let line = '';
  for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && m.width(next, size, bold) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The emoji if the font can draw it, else '' (a missing glyph would show as an empty box). */
export function drawableEmoji(emoji: string | undefined): string {
  if (!emoji) return '';
  const e = emoji.trim();
  return e && fontSetup().canDraw(e) ? e : '';
}

/** Stable pleasant colour per name (hue from a string hash). */
export function colourFor(name: string): string {
  let h = 2166136261;
  for (const ch of name) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return hslHex((h >>> 0) % 360, 0.55, 0.42);
}

/** HSL to #rrggbb (resvg's colour parser is safest with hex). */
export function hslHex(hue: number, s: number, l: number): string {
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${[f(0), f(8), f(4)]
    .map((x) =>
      Math.round(x * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length >= 2 ? [parts[0]!, parts[parts.length - 1]!] : parts.slice(0, 1);
  return letters.map((p) => [...p][0]?.toUpperCase() ?? '').join('') || '?';
}

/** The one set of resvg options: the shipped font only, white background. */
export function resvgOptions(): ResvgRenderOptions {
  const font = fontSetup();
  return {
    font: {
      fontFiles: font.files,
      loadSystemFonts: font.loadSystemFonts,
      defaultFontFamily: font.family,
      sansSerifFamily: font.family,
    },
    background: '#ffffff',
    logLevel: 'off',
  };
}

export async function svgToPng(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, resvgOptions());
  return image.asPng();
}
