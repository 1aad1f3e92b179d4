// The town core does not know the simulation or the evaluation (issue 20: no folder loops): nothing in src/town
// imports src/eval, while src/eval reads the town.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', 'src');

function importsOf(folder: string): { file: string; from: string }[] {
  const dir = join(SRC, folder);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .flatMap((file) =>
      [...readFileSync(join(dir, file), 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => ({
        file,
        from: m[1] as string,
      })),
    );
}

describe('folder imports', () => {
  it('GIVEN src/town WHEN its imports are read THEN none reaches src/eval', () => {
    const town = importsOf('town');
    expect(town.length).toBeGreaterThan(50);
    expect(town.filter((i) => /(^|\/)eval\//.test(i.from))).toEqual([]);
  });

  it('GIVEN src/eval WHEN its imports are read THEN it reads the town (the dependency goes one way)', () => {
    expect(importsOf('eval').some((i) => i.from.startsWith('../town/'))).toBe(true);
  });
});
