// `npm run town -- validate bad.json` prints the file's problems as a list and exits 1: no TownFileError stack.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTownCommand } from '../../src/cli/town.ts';

const dir = mkdtempSync(join(tmpdir(), 'validate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('town validate', () => {
  it('GIVEN a bad town file WHEN it is validated THEN its problems are listed, without a stack, exit 1', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{"name": 5, "residents": "x"}\n');
    let out = '';
    const code = await runTownCommand(['validate', file], (s) => {
      out += s;
    });
    expect(code).toBe(1);
    expect(out).toBe(
      [
        `Town file ${file} is invalid:`,
        '  - line 1: name: the value should be text.',
        '  - line 1: start: the value is missing.',
        '  - line 1: locations: the value is missing.',
        '  - line 1: residents: the value should be a list.',
        '',
      ].join('\n'),
    );
    expect(out).not.toMatch(/ at |TownFileError/);
  });
});
