// Runs first in every npm script (package.json) and after `npm ci` (postinstall): the Node running smalltown is one
// that package.json's engines accept, and the native SQLite driver (better-sqlite3) in node_modules was built for it.
// Plain JavaScript that Node 14 and later parse, so an old Node prints this message instead of a syntax error.
// Exit 1 with the fix; nothing else runs. src/db/health.ts uses nativeBuildProblem for the same failure at start-up.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** package.json's engines.node, the one statement of which Node versions are supported. */
export const ENGINES = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;

/** Node's module ABI version -> its major version, to name the Node a native module was built for. */
const ABI_TO_NODE = { 93: 16, 108: 18, 115: 20, 120: 21, 127: 22, 131: 23, 137: 24, 141: 25 };

function parse(v) {
  const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(v.trim());
  return m ? [Number(m[1]), Number(m[2] || 0), Number(m[3] || 0)] : undefined;
}
function cmp(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** Whether `version` is in `range`: alternatives joined by `||`, each `^X.Y.Z` or `>=X.Y.Z` (what engines uses). */
export function satisfies(version, range) {
  const v = parse(version);
  if (!v) return false;
  return range.split('||').some((alt) => {
    const a = alt.trim();
    const r = parse(a.replace(/^(\^|>=)/, ''));
    if (!r) return false;
    if (a.startsWith('^')) return v[0] === r[0] && cmp(v, r) >= 0;
    if (a.startsWith('>=')) return cmp(v, r) >= 0;
    return cmp(v, r) === 0;
  });
}

/** The message for an unsupported Node, or undefined when `version` is supported. */
export function nodeVersionProblem(version = process.versions.node, range = ENGINES) {
  if (satisfies(version, range)) return undefined;
  return (
    `smalltown needs Node ${range} (package.json "engines"); this is Node v${version.replace(/^v/, '')} ` +
    `(${process.execPath}).\n` +
    'Install Node 22 LTS (`nvm install 22`, or the official binary as README "No Node 22 here?" shows), put it ' +
    'first on PATH, then run `npm ci` again so the native SQLite driver is built for it.'
  );
}

function headersMajor(nodedir) {
  try {
    const h = readFileSync(join(nodedir, 'include', 'node', 'node_version.h'), 'utf8');
    const m = /#define NODE_MAJOR_VERSION (\d+)/.exec(h);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The message for a native module built for another Node (or not built at all), or undefined when `err` is not that.
 * `nodedir` is npm's nodedir setting when one is in force: a nodedir holding another Node's headers is the usual cause.
 */
export function nativeBuildProblem(err, nodedir = process.env.npm_config_nodedir) {
  const msg = String(err?.message || err);
  const abi =
    /NODE_MODULE_VERSION\s+(\d+)\.\s+This\s+version\s+of\s+Node\.js\s+requires\s+NODE_MODULE_VERSION\s+(\d+)/.exec(msg);
  const missing =
    /Could not locate the bindings file|better_sqlite3\.node.*(No such file|cannot open shared object)/s.test(msg);
  if (!abi && !missing) return undefined;
  const thisNode = `Node v${process.versions.node}`;
  const built = abi
    ? `was built for Node ${ABI_TO_NODE[abi[1]] || `with module version ${abi[1]}`}, but this is ${thisNode} (module version ${abi[2]})`
    : `has no build for ${thisNode} (its install step did not run or failed)`;
  const here = dirname(dirname(process.execPath));
  const headers = nodedir ? headersMajor(nodedir) : undefined;
  const nodedirLine =
    nodedir && headers !== Number(process.versions.node.split('.')[0])
      ? `npm's nodedir setting points at ${nodedir}${headers ? ` (Node ${headers}'s headers)` : ''}: build against this Node's ` +
        `instead: \`npm_config_nodedir=${existsSync(join(here, 'include', 'node')) ? here : 'THIS_NODE_DIR'} npm rebuild better-sqlite3\` ` +
        '(or remove nodedir from ~/.npmrc).\n'
      : '';
  return (
    `The SQLite driver better-sqlite3 in node_modules ${built}.\n` +
    nodedirLine +
    'Rebuild it with the Node that runs smalltown: `npm rebuild better-sqlite3` (or `rm -rf node_modules && npm ci`). ' +
    'Your database is not damaged and was not touched.'
  );
}

/** Loads the native driver once; the message when it cannot be loaded, else undefined. */
export function nativeDriverProblem() {
  const require = createRequire(join(root, 'package.json'));
  try {
    const Database = require('better-sqlite3');
    new Database(':memory:').close();
    return undefined;
  } catch (e) {
    if (e?.code === 'MODULE_NOT_FOUND' && /better-sqlite3/.test(e.message))
      return 'node_modules has no better-sqlite3: run `npm ci` first.';
    return nativeBuildProblem(e) || `The SQLite driver better-sqlite3 cannot be loaded: ${e?.message}`;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const problem = nodeVersionProblem() || nativeDriverProblem();
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}
