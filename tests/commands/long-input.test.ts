// One megabyte into every parser of user text: the console's line parser (tokenize, the /persona split, /game lines),
// the message splitter, and the slash option / modal paths of the real bot. Each answers with a clear limit message
// (or a bounded result) within 250 ms: lengths are checked before parsing and no pattern backtracks on user text.
// The /persona line with 60,000 spaces took ~14 s before the persona split stopped using a backtracking regex.
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLASH_OPTIONS_MAX_CHARS } from '../../src/bot/router.ts';
import { splitMessage } from '../../src/bot/split.ts';
import { CONSOLE_LINE_MAX, parsePersonaArgs, runConsole, tokenize } from '../../src/console/console.ts';
import { readGameLine } from '../../src/console/games.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { Harness } from '../support/bot-harness.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { scriptedKit } from '../support/town-scripted-mind.ts';

const MB = 1 << 20;
/** Shapes that make backtracking patterns explode: long runs of one separator, with or without an end. */
const HOSTILE: Record<string, string> = {
  spaces: `a${' '.repeat(MB)}b`,
  letters: 'x'.repeat(MB),
  commas: 'a, '.repeat(MB / 3),
  dashes: 'a - '.repeat(MB / 4),
  quotes: '"'.repeat(MB),
  halfQuotes: "'a ".repeat(MB / 3),
  newlines: 'a\n'.repeat(MB / 2),
};

/**
 * CPU milliseconds of a synchronous call, best of three: CPU time (not wall time) so that other processes on a busy
 * machine do not count, and the best run so that a garbage collection or the first compilation does not either.
 */
function cpuMs(fn: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 3; k++) {
    const t = process.cpuUsage();
    fn();
    const d = process.cpuUsage(t);
    best = Math.min(best, (d.user + d.system) / 1000);
  }
  return best;
}

/** A /game line read into an operation, or its refusal (a long or unknown line is refused with a message). */
function refusedOrRead(line: string): unknown {
  try {
    return readGameLine(line);
  } catch (e) {
    return e;
  }
}

describe('1 MB of user text', () => {
  // 250 ms: tokenizing 1 MB of "a - " makes 512K words in ~60 ms of CPU here, and process CPU time also counts the
  // collector's threads, which a parallel suite keeps busy (it went past 100 ms in CI runs); a backtracking pattern
  // on such input takes seconds, so the bound still tells the two apart.
  it('the pure parsers stay within 250 ms each', () => {
    for (const [shape, text] of Object.entries(HOSTILE)) {
      const cases: [string, () => unknown][] = [
        ['tokenize', () => tokenize(text)],
        ['persona', () => parsePersonaArgs(text)],
        ['game line', () => refusedOrRead(`/game clue ${text}`)],
        ['game sub', () => refusedOrRead(`/game ${text}`)],
        ['split', () => splitMessage(text, 2000)],
      ];
      for (const [what, fn] of cases) {
        const ms = cpuMs(fn);
        expect({ shape, what, fast: ms < 250 }).toEqual({ shape, what, fast: true });
      }
    }
    // The split keeps every chunk within Discord's limit and loses no text.
    const chunks = splitMessage(HOSTILE.commas!, 2000);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(2000);
    expect(chunks.join(' ').replace(/\s+/g, '')).toBe(HOSTILE.commas!.replace(/\s+/g, ''));
  });

  it('the persona split still reads "name, description" and "name - description"', () => {
    expect(parsePersonaArgs(' Sam, a reporter for the local paper ')).toEqual({
      name: 'Sam',
      description: 'a reporter for the local paper',
    });
    expect(parsePersonaArgs('Mary-Jane - a nurse')).toEqual({ name: 'Mary-Jane', description: 'a nurse' });
    expect(parsePersonaArgs('Dr. Who: a traveller')).toEqual({ name: 'Dr. Who', description: 'a traveller' });
    expect(parsePersonaArgs('Sam')).toEqual({ name: 'Sam', description: '' });
    expect(parsePersonaArgs(`a${' '.repeat(60_000)}b`)).toEqual({ name: `a${' '.repeat(60_000)}b`, description: '' });
  });

  it('the console refuses a 1 MB line before parsing it, answers each line quickly and keeps going', async () => {
    const { kit } = scriptedKit({});
    const service = await TownService.create(
      { store: new InMemoryTownStore(), kit: () => kit, owner: 'console' },
      { id: 'console', scope: 'console', file: tinyTown(), seed: 1 },
    );
    const lines = [
      `/persona set a${' '.repeat(60_000)}b`,
      `/persona set ${'x'.repeat(MB)}`,
      `/say cafe ${HOSTILE.quotes}`,
      HOSTILE.spaces,
      `/game clue ${HOSTILE.commas}`,
      '/persona show',
    ];
    const output = new PassThrough();
    let text = '';
    const stamps: number[] = [];
    output.on('data', (d) => {
      text += String(d);
      stamps.push(performance.now());
    });
    const start = performance.now();
    const r = await runConsole({
      service,
      input: Readable.from(lines.map((l) => `${l}\n`)),
      output,
      handlers: [(line) => refusedOrRead(line) !== null],
    });
    const ms = performance.now() - start;
    expect(r.exitCode).toBe(0);
    const refusals = text.match(/characters long; the limit is \d+\. Nothing was done\./g) ?? [];
    expect(refusals).toHaveLength(5);
    expect(text).toContain(`the limit is ${CONSOLE_LINE_MAX}`);
    expect(text).toContain('You have no persona here; residents see you as Guest');
    // Six lines, one of them ~1 MB each: well under 100 ms per line (reading the lines included).
    expect(ms).toBeLessThan(100 * lines.length);
    expect(await service.persona({ id: 'console', displayName: 'Guest' })).toBeNull();
    await service.close();
  });
});

describe('1 MB through Discord (a crafted client ignores option limits)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await Harness.start();
    await h.setup();
  });
  afterAll(async () => {
    await h.stop();
  });

  it('slash options and autocomplete over Discord’s 6,000 characters are refused before the command runs', async () => {
    const town = await h.town();
    const resident = town.residents()[0]!.name;
    const big = 'a '.repeat(MB / 2);
    const asks: { name: string; subcommand?: string; options: Record<string, string> }[] = [
      { name: 'persona', subcommand: 'set', options: { name: big, description: big } },
      { name: 'whisper', options: { resident, text: big } },
      { name: 'interview', options: { resident, question: `a${' '.repeat(MB)}b` } },
      { name: 'game', subcommand: 'clue', options: { text: big } },
    ];
    for (const a of asks) {
      const answer = await h.slash(h.alice, a.subcommand ? a : { name: a.name, options: a.options }).answer(5000);
      expect(answer.content).toMatch(
        new RegExp(`Discord's limit is ${SLASH_OPTIONS_MAX_CHARS}\\. Nothing was done\\.`),
      );
      expect(answer.flags & 64).toBe(64);
    }
    const auto = h.slash(h.alice, { name: 'whisper', options: { resident: big, text: 'hi' }, focused: 'resident' });
    expect((await auto.firstResponse()).type).toBe(8);
    expect(await town.persona({ id: h.alice.id, displayName: 'alice' })).toBeNull();
    expect(h.log.errors()).toEqual([]);
  }, 20_000);
});
