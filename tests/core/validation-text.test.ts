// No raw validation text reaches a person (issue 24): every operation of every front end, given missing or mistyped
// arguments, answers with a sentence that names the argument and the usage, never zod's default wording; a schema's
// own message is kept; town files and town exports name the path and say what is wrong in plain words.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GAME_OPERATIONS } from '../../src/app/game-operations.ts';
import { OPERATIONS, type Operation, runOperation } from '../../src/app/operations.ts';
import { loadConfig } from '../../src/config.ts';
import { PLAIN_ISSUES } from '../../src/core/validation-text.ts';
import { isUserError } from '../../src/errors.ts';
import { validateTownFile } from '../../src/town/file.ts';
import { EXPORT_FORMAT, parseTownExport } from '../../src/town/town-export.ts';

/** zod 4's English defaults (zod/v4/locales/en.js). */
const ZOD_DEFAULT =
  /Invalid (input|option|string|number|key|value|discriminator)|Too (small|big)|Unrecognized key|expected .*, received/;

async function answerTo(o: Operation, raw: Record<string, unknown>): Promise<string | null> {
  if (o.args.safeParse(raw).success) return null;
  try {
    await runOperation(o, {} as never, raw);
  } catch (e) {
    if (!isUserError(e)) throw e;
    return e.message;
  }
  throw new Error(`${o.path.join(' ')} ran with arguments its schema refuses`);
}

describe('argument problems in plain words', () => {
  const all = [...Object.values(OPERATIONS), ...Object.values(GAME_OPERATIONS)] as Operation[];

  it('GIVEN each operation WHEN an argument is missing or of the wrong type THEN the answer names it, never zod', async () => {
    let answered = 0;
    for (const o of all) {
      const shape = o.args.shape as Record<string, z.ZodType>;
      const cases: Record<string, unknown>[] = [{}];
      for (const key of Object.keys(shape)) cases.push({ [key]: { not: 'a value' } }, { [key]: 123456789 });
      for (const raw of cases) {
        const text = await answerTo(o, raw);
        if (text === null) continue;
        answered++;
        expect(text, `${o.path.join(' ')} ${JSON.stringify(raw)}`).not.toMatch(ZOD_DEFAULT);
        expect(text).toContain('Usage: /');
      }
    }
    // The case that reached Discord: a required text option that arrived empty.
    expect(await answerTo(OPERATIONS.say as unknown as Operation, { location: 'cafe' })).toMatch(
      /^text is missing\. Usage: \/say /,
    );
    expect(answered).toBeGreaterThan(40);
  });

  it('keeps a schema message of its own and turns the defaults into sentences', () => {
    const s = z.object({
      ticks: z.number().int().min(1, 'Step runs 1 to 24 ticks.').max(24),
      name: z.string().min(1),
      side: z.enum(['red', 'blue']),
      words: z.array(z.string()).max(2),
    });
    const messages = (raw: unknown) => s.safeParse(raw, PLAIN_ISSUES).error?.issues.map((i) => i.message);
    expect(messages({ ticks: 0, name: '', side: 'green', words: ['a', 'b', 'c'] })).toEqual([
      'Step runs 1 to 24 ticks.',
      'name is empty.',
      'side must be one of: red, blue.',
      'words is too long: at most 2 items.',
    ]);
    expect(messages({ ticks: 99, name: 3 })).toEqual([
      'ticks must be at most 24.',
      'name should be text.',
      'side is missing.',
      'words is missing.',
    ]);
  });

  it('town files and town exports say what is wrong at which path', () => {
    let text = '';
    try {
      validateTownFile({ name: 'T', start: '2024-01-01 08:00', locations: [{ id: 'cafe' }], residents: [] });
    } catch (e) {
      text = (e as Error).message;
    }
    expect(text).toMatch(/locations\[0\]\.name: the value is missing\./);
    expect(text).not.toMatch(ZOD_DEFAULT);
    let imported = '';
    try {
      parseTownExport(`{"format":"${EXPORT_FORMAT}","version":1}\n{"memory":{"text":5}}\n`);
    } catch (e) {
      imported = (e as Error).message;
    }
    expect(imported).toMatch(/^The town file is not valid at line/);
    expect(imported).not.toMatch(ZOD_DEFAULT);
  });

  it('a bad environment variable is named with what it should be', () => {
    let text = '';
    try {
      loadConfig({ LLM_CONCURRENCY: 'abc', DISCORD_API_URL: 'nope' });
    } catch (e) {
      text = (e as Error).message;
    }
    expect(text).toContain('LLM_CONCURRENCY: the value should be a number.');
    expect(text).toContain('DISCORD_API_URL: the value is not a valid URL.');
    expect(text).not.toMatch(ZOD_DEFAULT);
  });
});
