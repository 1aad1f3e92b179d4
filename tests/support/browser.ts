// Debian's headless Chromium (package `chromium`, installed by .ci/run; never a downloaded browser) driven by
// playwright-core, with the flags this sandbox needs (no background networking); playwright gives each launch a fresh profile.
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches Chromium (default: CHROMIUM_PATH or Debian's); the tests, the web bench and the screenshot script share it. */
export function launchChromium(executablePath: string = CHROMIUM): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
