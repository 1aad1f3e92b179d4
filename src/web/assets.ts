// The web view's static files, built once at start and held in memory: the client script bundled by esbuild from
// client/app.ts (no CDN, nothing fetched), the stylesheet, and the font the pictures are measured with (so the
// SVG's boxes fit their text in any browser).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { fontSetup } from '../render/font.ts';

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
