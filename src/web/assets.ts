// The web view's static files, built once at start and held in memory: the client script bundled by esbuild from
// client/app.ts (no CDN, nothing fetched), the stylesheet, and the font the pictures are measured with (so the
// SVG's boxes fit their text in any browser).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { fontSetup } from '../render/font.ts';
import { svgToPng } from '../render/svg.ts';

/** The site's icon: a little house on a green field (the tab, bookmarks; /favicon.ico is its PNG). */
export const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><rect width="64" height="64" rx="14" fill="#3f6212"/><path d="M14 34 L32 17 L50 34 Z" fill="#fde68a"/><rect x="19" y="33" width="26" height="18" fill="#fef3c7"/><rect x="28" y="39" width="8" height="12" fill="#92400e"/></svg>`;

export interface Asset {
  type: string;
  body: Buffer;
}

export async function buildAssets(): Promise<Map<string, Asset>> {
  const dir = join(import.meta.dirname, 'client');
  const js = await build({
    entryPoints: [join(dir, 'app.ts')],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: ['es2020'],
    logLevel: 'silent',
  });
  const assets = new Map<string, Asset>([
    ['app.js', { type: 'text/javascript; charset=utf-8', body: Buffer.from(js.outputFiles[0]!.contents) }],
    ['app.css', { type: 'text/css; charset=utf-8', body: readFileSync(join(dir, 'app.css')) }],
  ]);
  assets.set('icon.svg', { type: 'image/svg+xml', body: Buffer.from(ICON_SVG) });
  assets.set('favicon.png', { type: 'image/png', body: await svgToPng(ICON_SVG) });
  const files = fontSetup().files;
  const regular = files.find((f) => !/bold/i.test(f));
  const bold = files.find((f) => /bold/i.test(f) && !/oblique|italic/i.test(f));
  for (const [name, file] of [
    ['font-regular.ttf', regular],
    ['font-bold.ttf', bold ?? regular],
  ] as const)
    if (file) assets.set(name, { type: 'font/ttf', body: readFileSync(file) });
  return assets;
}
