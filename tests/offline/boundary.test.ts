// The offline stand-in's boundary, read from the import lines: the real path never imports src/offline (it reaches
// the stand-in only as a LanguageModel), and the stand-in reads the agent's prompt module, never the mind.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

/** Composition roots: they wire the stand-in in (src/app/model-stack.ts builds main's and the worker's models). */
const ROOTS = ['src/main.ts', 'src/cli/', 'src/worker/', 'src/app/model-stack.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => !f.includes(`${join('', 'generated', '')}`));
}

/** Repository-relative paths of the local modules a file imports (static and dynamic). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1] as string);
  return specs.map((s) => relative(ROOT, resolve(dirname(file), s)));
}

const rel = (f: string) => relative(ROOT, f);

/** "file -> import" for every import of `files` that `bad` refuses. */
function offenders(files: string[], bad: (imported: string) => boolean): string[] {
  return files.flatMap((f) =>
    importsOf(f)
      .filter(bad)
      .map((i) => `${rel(f)} -> ${i}`),
  );
}

const intoOffline = (i: string) => i.startsWith('src/offline/');

describe('offline stand-in boundary', () => {
  it('nothing on the real path imports src/offline', () => {
    const realPath = sourceFiles(SRC).filter(
      (f) => !rel(f).startsWith('src/offline/') && !ROOTS.some((r) => rel(f).startsWith(r)),
    );
    expect(offenders(realPath, intoOffline)).toEqual([]);
  });

  it('llm, games, agent and town never import src/offline', () => {
    const core = ['llm', 'games', 'agent', 'town'].flatMap((d) => sourceFiles(join(SRC, d)));
    expect(offenders(core, intoOffline)).toEqual([]);
  });

  it('src/offline reads only the prompt module of the agent, not the mind', () => {
    const mind = (i: string) => i.startsWith('src/agent/') && !i.startsWith('src/agent/prompts/');
    expect(offenders(sourceFiles(join(SRC, 'offline')), mind)).toEqual([]);
  });
});
