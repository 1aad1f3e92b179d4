// The check that runs first in every npm script: the Node package.json's engines accept, and a native SQLite driver
// built for another Node named as that (with the fix), never as a damaged database.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINES, nativeBuildProblem, nodeVersionProblem, satisfies } from '../../scripts/node-check.mjs';

const root = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};

// What Node prints when a native module was built for Node 20 and Node 22 loads it (line breaks as Node has them).
const ABI_ERROR = new Error(
  "The module '/app/node_modules/better-sqlite3/build/Release/better_sqlite3.node'\nwas compiled against a different " +
    'Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js requires\nNODE_MODULE_VERSION 127. ' +
    'Please try re-compiling or re-installing\nthe module (for instance, using `npm rebuild` or `npm install`).',
);

describe('node-check', () => {
  it("reads package.json's engines and accepts exactly that range", () => {
    expect(ENGINES).toBe(pkg.engines.node);
    expect(satisfies('22.23.3', ENGINES)).toBe(true);
    expect(satisfies('v24.1.0', ENGINES)).toBe(true);
    expect(satisfies('22.11.0', ENGINES)).toBe(false);
    expect(satisfies('20.20.2', ENGINES)).toBe(false);
    expect(satisfies('23.5.0', ENGINES)).toBe(false);
    expect(nodeVersionProblem(process.versions.node)).toBeUndefined();
    const msg = nodeVersionProblem('20.20.2');
    expect(msg).toContain(`smalltown needs Node ${ENGINES}`);
    expect(msg).toContain('this is Node v20.20.2');
    expect(msg).toMatch(/Install Node 22 LTS.*then run `npm ci` again/s);
  });

  it('names a driver built for another Node, and a nodedir holding the wrong headers, with the command that fixes it', () => {
    expect(nativeBuildProblem(new Error('SQLITE_CORRUPT: database disk image is malformed'))).toBeUndefined();
    const msg = nativeBuildProblem(ABI_ERROR, undefined);
    expect(msg).toMatch(/^The SQLite driver better-sqlite3 in node_modules was built for Node 20, but this is Node v/);
    expect(msg).toContain('`npm rebuild better-sqlite3`');
    expect(msg).toContain('Your database is not damaged');
    // A nodedir whose headers are not this Node's is named as the cause.
    const withDir = nativeBuildProblem(ABI_ERROR, resolve(root, 'no-such-node-dir'));
    expect(withDir).toMatch(/npm's nodedir setting points at .*no-such-node-dir: build against this Node's/);
  });

  it('runs first in every npm script, and passes on the Node running these tests', async () => {
    for (const [name, cmd] of Object.entries(pkg.scripts))
      expect(cmd.startsWith('node scripts/node-check.mjs && '), name).toBe(true);
    const code = await new Promise<number>((done) =>
      execFile(process.execPath, ['scripts/node-check.mjs'], { cwd: root }, (e) =>
        done(e ? Number((e as { code?: number }).code) : 0),
      ),
    );
    expect(code).toBe(0);
  });
});
