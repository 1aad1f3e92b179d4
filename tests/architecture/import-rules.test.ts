// The folder rules of ARCHITECTURE.md, read from the code itself: every import (static, dynamic, re-export) of every
// source file is resolved to a folder of src/ and checked against the rules below. A new file that breaks a rule
// fails here with the file and the import.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sourceFiles(path);
    return /\.(ts|mts|mjs)$/.test(e.name) ? [path] : [];
  });
}

interface Edge {
  /** The importing file, relative to the repository (src/console/x.ts). */
  from: string;
  /** The imported module: a path relative to the repository for relative imports, else the package name. */
  to: string;
}

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function importsOf(file: string): Edge[] {
  const text = readFileSync(file, 'utf8');
  const from = relative(ROOT, file);
  const edges: Edge[] = [];
  for (const m of text.matchAll(SPECIFIER)) {
    const spec = m[1] ?? m[2] ?? m[3] ?? '';
    const to = spec.startsWith('.') ? relative(ROOT, resolve(dirname(file), spec)) : spec;
    edges.push({ from, to });
  }
  return edges;
}

const EDGES = sourceFiles(SRC).flatMap(importsOf);
const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);
const show = (edges: Edge[]) => edges.map((e) => `${e.from} -> ${e.to}`);

describe('import rules (ARCHITECTURE.md)', () => {
  it('reads imports: the scan sees the files and the edges it checks', () => {
    // a guard against a scan that silently finds nothing and so passes every rule
    expect(EDGES.length).toBeGreaterThan(500);
    expect(EDGES.some((e) => under(e.from, 'src/console') && under(e.to, 'src/app'))).toBe(true);
    expect(EDGES.some((e) => under(e.from, 'src/town') && under(e.to, 'src/agent'))).toBe(true);
  });

  it('the console reaches the town and the mind only through src/app', () => {
    const bad = EDGES.filter(
      (e) => under(e.from, 'src/console') && (under(e.to, 'src/town') || under(e.to, 'src/agent')),
    );
    expect(show(bad)).toEqual([]);
  });

  it('the web view reads the town only through src/app: never src/town, the mind, the database or Discord', () => {
    const bad = EDGES.filter(
      (e) =>
        under(e.from, 'src/web') &&
        (['src/town', 'src/agent', 'src/db', 'src/bot', 'src/commands', 'src/console', 'src/offline', 'src/llm'].some(
          (f) => under(e.to, f),
        ) ||
          /^discord\.js|^openai|^@prisma\/client/.test(e.to)),
    );
    expect(show(bad)).toEqual([]);
    expect(EDGES.some((e) => under(e.from, 'src/web') && under(e.to, 'src/app'))).toBe(true);
  });

  it('llm, games, agent and town never import the offline stand-in (only composition roots wire it in)', () => {
    const core = ['src/llm', 'src/games', 'src/agent', 'src/town', 'src/eval', 'src/db', 'src/render'];
    const bad = EDGES.filter((e) => core.some((f) => under(e.from, f)) && under(e.to, 'src/offline'));
    expect(show(bad)).toEqual([]);
  });

  it('the offline stand-in reads only the prompt types of the mind, never the mind itself', () => {
    const bad = EDGES.filter(
      (e) => under(e.from, 'src/offline') && under(e.to, 'src/agent') && !under(e.to, 'src/agent/prompts'),
    );
    expect(show(bad)).toEqual([]);
  });

  it('nothing on the real path imports the stand-in: only the composition roots wire it in', () => {
    // src/app/model-stack.ts builds main's and the worker's models; the CLIs and the worker are roots of their own
    const roots = ['src/main.ts', 'src/cli', 'src/worker', 'src/app/model-stack.ts'];
    const bad = EDGES.filter(
      (e) => !under(e.from, 'src/offline') && !roots.some((r) => under(e.from, r)) && under(e.to, 'src/offline'),
    );
    expect(show(bad)).toEqual([]);
  });

  it('the stand-in lives in src/offline and, per game, in its scenario folder; no other home', () => {
    // ARCHITECTURE.md: a game module owns its offline seat (src/games/scenarios/<kind>/offline*.ts).
    const stray = sourceFiles(SRC)
      .map((f) => relative(ROOT, f))
      .filter(
        (f) =>
          !under(f, 'src/offline') && !under(f, 'src/games/scenarios') && /(^|\/)offline[^/]*\.ts$|\/offline\//.test(f),
      );
    expect(stray).toEqual([]);
  });

  it("a scenario's offline seat is reached only through its module (the registry) and src/offline's wiring", () => {
    const seat = (to: string) => under(to, 'src/games/scenarios') && /\/offline[^/]*\.ts$/.test(to);
    const bad = EDGES.filter(
      (e) =>
        seat(e.to) &&
        !under(e.from, 'src/offline') &&
        !under(e.from, 'src/games/scenarios') &&
        // the module contract names the seat's type
        e.from !== 'src/games/module.ts',
    );
    expect(show(bad)).toEqual([]);
    // and the seats are wired in: src/offline reaches the games' seats only through the registry and the families
    expect(EDGES.some((e) => under(e.from, 'src/offline') && e.to === 'src/games/scenarios/registry.ts')).toBe(true);
  });

  it('the town never imports the simulation or its evaluation', () => {
    const bad = EDGES.filter((e) => under(e.from, 'src/town') && under(e.to, 'src/eval'));
    expect(show(bad)).toEqual([]);
  });

  it('no folder below the language-model gateway reaches back up into the mind', () => {
    const bad = EDGES.filter((e) => under(e.from, 'src/llm') && (under(e.to, 'src/agent') || under(e.to, 'src/town')));
    expect(show(bad)).toEqual([]);
  });

  it('agent, town and games import neither discord.js, the OpenAI SDK nor the generated Prisma client', () => {
    const bad = EDGES.filter(
      (e) =>
        ['src/agent', 'src/town', 'src/games'].some((f) => under(e.from, f)) &&
        (/^discord\.js|^openai|^@prisma\/client/.test(e.to) || e.to.includes('/generated')),
    );
    expect(show(bad)).toEqual([]);
  });
});
