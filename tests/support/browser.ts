// A headless Chromium that `npm ci` brings: the chrome-headless-shell build shipped inside the npm package
// @sparticuz/chromium (Brotli-compressed, with the NSS libraries and SwiftShader it links against), unpacked once into
// node_modules/.cache and driven by playwright-core. Nothing is downloaded at run time and no system browser is needed;
// CHROMIUM_PATH (or an explicit path) still picks another Chromium, e.g. Debian's /usr/bin/chromium.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';

const require = createRequire(import.meta.url);

/** Where the packaged Chromium is unpacked: one folder per package version, inside the project's node_modules. */
function packagedChromiumDir(): { pkgDir: string; dir: string } {
  // The package exports only its entry (build/index.js); its folder is two levels up from there.
  const pkgDir = resolve(dirname(require.resolve('@sparticuz/chromium')), '..');
  const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  const dir = resolve(pkgDir, '..', '..', '.cache', `sparticuz-chromium-${version}`);
  return { pkgDir, dir };
}

/** Unpacks a tar archive (ustar, as the package ships) into `into`; only regular files and folders occur there. */
function untar(tar: Buffer, into: string): void {
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const field = (from: number, len: number) =>
      header
        .subarray(from, from + len)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const name = (field(345, 155) ? `${field(345, 155)}/` : '') + field(0, 100);
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1);
    const target = join(into, name);
    if (!target.startsWith(into)) throw new Error(`unsafe path in the packaged Chromium: ${name}`);
    if (type === '5') mkdirSync(target, { recursive: true });
    else if (type === '0' || type === '') {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, tar.subarray(at + 512, at + 512 + size), { mode: 0o755 });
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
}

/**
 * The packaged Chromium's executable, unpacked on first use (about 3 s; 200 MB on disk). Unpacked into a private
 * folder and renamed into place, so test files that start at the same moment never see half a browser.
 */
export function packagedChromium(): { executablePath: string; env: Record<string, string> } {
  const { pkgDir, dir } = packagedChromiumDir();
  const executablePath = join(dir, 'chromium');
  if (!existsSync(executablePath)) {
    const tmp = `${dir}.tmp-${process.pid}`;
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    const bin = (name: string) => brotliDecompressSync(readFileSync(join(pkgDir, 'bin', name)));
    writeFileSync(join(tmp, 'chromium'), bin('chromium.br'), { mode: 0o755 });
    untar(bin('al2023.tar.br'), tmp); // lib/: NSS and expat, which the browser links against
    untar(bin('swiftshader.tar.br'), tmp); // software GL beside the executable, where Chromium looks for it
    untar(bin('fonts.tar.br'), tmp); // fonts/: Open Sans, for a machine without any font
    // The machine's own fonts first (DejaVu on Debian), then the package's; a machine without fontconfig still has one.
    writeFileSync(
      join(tmp, 'fonts.conf'),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
        `  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n  <dir>${join(dir, 'fonts')}</dir>\n` +
        `  <cachedir>${join(dir, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
    );
    try {
      renameSync(tmp, dir);
    } catch (err) {
      rmSync(tmp, { recursive: true, force: true });
      if (!existsSync(executablePath)) throw err; // another process won the race only if the browser is there
    }
  }
  const libs = [join(dir, 'lib'), dir, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  return { executablePath, env: { LD_LIBRARY_PATH: libs, FONTCONFIG_FILE: join(dir, 'fonts.conf') } };
}

/** The Chromium a run uses: CHROMIUM_PATH when set, else the packaged one. */
export const CHROMIUM: string | undefined = process.env.CHROMIUM_PATH || undefined;

/** Launches headless Chromium (default: CHROMIUM_PATH, else the packaged one); the tests, the web bench and the screenshot script share it. */
export function launchChromium(executablePath: string | undefined = CHROMIUM): Promise<Browser> {
  const packaged = executablePath ? undefined : packagedChromium();
  return chromium.launch({
    executablePath: executablePath ?? packaged?.executablePath,
    env: packaged ? { ...process.env, ...packaged.env } : undefined,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--no-zygote',
      '--disable-gpu',
      '--use-gl=angle',
      '--use-angle=swiftshader',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
