// The console on a real terminal (a pty read by a headless xterm, tests/console/tty/pty.ts): keystrokes in, screen out. Editing with arrows, history across restarts,
// tab completion, /follow, mistyped commands refused, posts printed above the line being typed.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PtyScreen } from './tty/pty.ts';

const root = resolve(import.meta.dirname, '../..');
const harness = (history: string, games = false) => [
  '--import',
  'tsx',
  'tests/console/tty/harness.ts',
  history,
  ...(games ? ['games'] : []),
];
// The screen is read without trailing spaces: the prompt ends in '>' on screen until something is typed after it.
const PROMPT = '[Mon 8:00 am · #cafe] >';

let screens: PtyScreen[] = [];
afterEach(() => {
  for (const s of screens) s.kill();
  screens = [];
});

async function start(history: string, games = false, height = 40): Promise<PtyScreen> {
  const t = new PtyScreen(process.execPath, harness(history, games), { cwd: root, height });
  screens.push(t);
  await t.waitForText(PROMPT, 1, 20_000);
  return t;
}

/** The last line of the screen that starts with the prompt. */
const promptLine = (screen: string) =>
  screen
    .split('\n')
    .filter((l) => l.startsWith('['))
    .at(-1);

describe('console on a terminal (pty)', () => {
  it('edits with arrows, completes with tab, follows one resident and refuses mistyped commands', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-tty-'));
    const t = await start(join(dir, 'history'));

    // Arrow keys move the cursor inside the line: nothing like "^[[D" reaches the residents.
    // Each step waits for the screen, so keys never race the text typed before them on a loaded machine.
    t.type('hello thre');
    await t.waitForText(`${PROMPT} hello thre`);
    t.keys('Left', 'Left');
    t.type('e');
    await t.waitForText(`${PROMPT} hello there`);
    t.keys('End');
    t.type(' all');
    let s = await t.waitForText(`${PROMPT} hello there all`);
    t.keys('Enter');
    s = await t.waitForText('(you said it at #cafe; Ann Lee, Bo Park heard you)');
    expect(s).not.toContain('^[');

    // Tab completes the command, then a resident's name (with its space) from the town.
    t.type('/fol');
    t.keys('Tab');
    t.type('B');
    t.keys('Tab');
    await t.waitForText(`${PROMPT} /follow Bo Park`);
    t.keys('Enter');
    await t.waitForText('Following Bo Park');
    await t.waitForText('[Mon 8:00 am · #cafe · following Bo Park] >');

    // Only Bo's posts print while following; /all brings back everything.
    t.type('/town step 1');
    t.keys('Enter');
    s = await t.waitForText('Ran 1 tick(s)');
    expect(s).toContain('[#cafe] 🍵 Bo Park: sipping tea');
    expect(s).not.toContain('Ann Lee: sipping tea');
    expect(s).not.toContain('Cy Ray: sipping tea');
    t.type('/all');
    t.keys('Enter');
    t.type('/town step 1');
    t.keys('Enter');
    s = await t.waitForText('Ran 1 tick(s)', 2);
    expect(s).toContain('Ann Lee: sipping tea');
    expect(s).toContain('Cy Ray: sipping tea');

    // A command typed without its slash, or misspelt, is refused as one and not spoken.
    t.type('help');
    t.keys('Enter');
    await t.waitForText('"help" looks like a command, so nobody heard it. Did you mean /help?');
    t.type('town step 3');
    t.keys('Enter');
    await t.waitForText('Did you mean /town step 3?');
    t.type('/stauts');
    t.keys('Enter');
    await t.waitForText('Unknown command /stauts. Did you mean /status?');
    // The fresh prompt is drawn after the refusal: wait for it rather than read the screen between the two.
    s = await t.waitFor((x) => x.includes('Did you mean /status?') && promptLine(x) === '[Mon 8:20 am · #cafe] >');
    expect(s.match(/you said it at/g)?.length).toBe(1);
  }, 30_000);

  it('keeps history across restarts: up-arrow recalls the last session’s lines, oldest further up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-tty-'));
    const history = join(dir, 'history');
    const first = await start(history);
    first.type('/status');
    first.keys('Enter');
    await first.waitForText('Tick 0');
    first.type('/go park');
    first.keys('Enter');
    await first.waitForText('[Mon 8:00 am · #park] >');
    first.type(' my api_key is sk-not-a-real-one');
    first.keys('Enter');
    first.keys('C-d');
    await first.waitForText('EXITED 0');
    // Bounded plain lines, oldest first; the line that looks like a secret (and the space-led one) is not kept.
    expect(readFileSync(history, 'utf8')).toBe('/status\n/go park\n');

    const second = await start(history);
    second.keys('Up');
    await second.waitForText(`${PROMPT} /go park`);
    second.keys('Up');
    await second.waitForText(`${PROMPT} /status`);
    second.keys('Enter');
    await second.waitForText('Tick 0');
  }, 30_000);

  it('a post printed while someone types goes above the prompt, and the typed text stays intact', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-tty-'));
    const t = await start(join(dir, 'history'));
    t.type('half a sent');
    t.keys('Left', 'Left', 'Left', 'Left');
    await t.waitForText(`${PROMPT} half a sent`);
    // A tick in the background, as the cron runs one: its posts land while the line is half typed.
    const pid = Number(readFileSync(join(dir, 'history.pid'), 'utf8'));
    process.kill(pid, 'SIGUSR1');
    // By default an action elsewhere (Cy Ray's, at #house) does not print: src/console/filters.ts SHOW_TALK.
    // Wait for the redrawn prompt, not only for the post: on a loaded machine the screen can be read between the two.
    const s = await t.waitFor((x) => x.includes('Bo Park: sipping tea') && x.trimEnd().endsWith('> half a sent'));
    expect(s.split('\n').slice(-3)).toEqual([
      '[#cafe] 🍵 Ann Lee: sipping tea',
      '[#cafe] 🍵 Bo Park: sipping tea',
      '[Mon 8:10 am · #cafe] > half a sent',
    ]);
    // The cursor stayed where it was: typing goes on in the middle of the line.
    t.type('X');
    await t.waitForText('[Mon 8:10 am · #cafe] > half a Xsent');
  }, 30_000);

  it('Ctrl-C clears a half-typed line first; a second Ctrl-C on the empty line quits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-tty-'));
    const t = await start(join(dir, 'history'));
    t.type('hello there, half a thou');
    t.keys('Left', 'Left');
    await t.waitForText(`${PROMPT} hello there, half a thou`);
    t.keys('C-c');
    let s = await t.waitForText(`${PROMPT} hello there, half a thou^C`);
    s = await t.waitFor((x) => promptLine(x) === PROMPT);
    expect(s).not.toContain('EXITED');
    expect(s).not.toContain('you said it');
    // The console is still there: a line typed now is spoken as usual.
    t.type('good morning');
    t.keys('Enter');
    await t.waitForText('(you said it at #cafe');
    t.keys('C-c');
    s = await t.waitForText('EXITED 0');
    process.stdout.write(`--- terminal screen (Ctrl-C) ---\n${s}\n`);
  }, 30_000);

  it('a Chameleon turn stays on the prompt line, with its time left, while the town prints above it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-tty-'));
    // A common terminal's 24 rows.
    const t = await start(join(dir, 'history'), true, 24);
    t.type('/game chameleon bots 2');
    t.keys('Enter');
    await t.waitForText('/game start');
    t.type('/game start');
    t.keys('Enter');
    // The offline bots play at once; the table then waits for Guest's clue.
    let s = await t.waitFor((x) => /\[YOUR TURN \/game clue [12]:\d\d · Mon 8:00 am · #cafe\] >$/.test(x));
    expect(s).toContain('(You have 120 seconds.)');
    // The town runs meanwhile: twelve ticks print 24 lines, a screenful: the table's lines scroll away.
    const pid = Number(readFileSync(join(dir, 'history.pid'), 'utf8'));
    for (let i = 0; i < 12; i++) {
      process.kill(pid, 'SIGUSR1');
      await t.waitFor((x) => x.includes(`Mon ${formatTickClock(i + 1)}`));
    }
    s = await t.waitFor((x) => /\[YOUR TURN \/game clue [01]:\d\d · Mon 10:00 am · #cafe\] >$/.test(x));
    expect(s).not.toContain('(You have 120 seconds.)');
    const last = s.split('\n').at(-1)!;
    process.stdout.write(`--- terminal screen (a Chameleon turn while the town runs) ---\n${s}\n`);
    // Typing the clue on that line plays it; the bots clue, and the prompt carries the next turn: the vote.
    t.type('/game clue sweet');
    t.keys('Enter');
    s = await t.waitFor(
      (x) => x.includes('Guest: “sweet”') && /^\[YOUR TURN \/game vote \d:\d\d · /.test(x.split('\n').at(-1)!),
    );
    expect(last).toMatch(/^\[YOUR TURN \/game clue \d:\d\d/);
  }, 60_000);
});

/** The tiny town's clock after n ten-minute ticks from 8:00 am, as the prompt prints it. */
function formatTickClock(n: number): string {
  const minutes = 8 * 60 + n * 10;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')} am`;
}
