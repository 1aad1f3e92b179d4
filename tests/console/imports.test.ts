// The console reaches the town only through src/app (the operation tables and src/app/town-view.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '../../src/console');

describe('src/console imports', () => {
  it('no file imports src/town or src/agent', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const specifiers = [...readFileSync(join(dir, f), 'utf8').matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]);
      expect(
        specifiers.filter((s) => /^\.\.\/(town|agent)\//.test(s!)),
        f,
      ).toEqual([]);
    }
  });
});
