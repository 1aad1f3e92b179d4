// The docs' defaults come from the code (issue 24: docs/town-file.md gave leaseMs 120000 where the code used 30000).
// Every default a document states is read out of it and compared with the value the code uses; every setting the code
// has is in the document.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from '../../src/config.ts';
import { DEFAULT_TOWN_SETTINGS } from '../../src/town/settings.ts';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** `| key | default | meaning |` rows of the table under `## heading`. */
function tableRows(markdown: string, heading: string): Map<string, string> {
  const section = markdown.split(/^## /m).find((s) => s.startsWith(heading)) ?? '';
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const m = line.match(/^\| `([A-Za-z]+)` \| ([^|]+) \|/);
    if (m) rows.set(m[1] as string, (m[2] as string).trim().replace(/^`(.*)`$/, '$1'));
  }
  return rows;
}

describe("the documents' defaults are the code's", () => {
  it('docs/town-file.md: every town setting with the default src/town/settings.ts uses', () => {
    const doc = read('docs/town-file.md');
    const rows = tableRows(doc, 'Settings');
    const { minutesPerTick, ...settings } = DEFAULT_TOWN_SETTINGS;
    expect([...rows.keys()].sort()).toEqual(Object.keys(settings).sort());
    for (const [key, value] of Object.entries(settings)) expect(rows.get(key), key).toBe(String(value));
    // minutesPerTick is a top-level key of the file, with its default in the text.
    expect(doc).toMatch(new RegExp(`\\| \`minutesPerTick\` \\|[^\\n]*\\(default ${minutesPerTick}\\)`));
  });

  it(".env.example: every value it fills in is the configuration's default", () => {
    const defaults = EnvSchema.parse({}) as Record<string, unknown>;
    const filled = read('.env.example')
      .split('\n')
      .map((l) => l.match(/^([A-Z][A-Z0-9_]*)=(.+)$/))
      .filter((m): m is RegExpMatchArray => m !== null);
    expect(filled.length).toBeGreaterThan(10);
    for (const [, key, value] of filled) {
      expect(Object.keys(EnvSchema.shape), `${key} is not a setting`).toContain(key);
      expect(String(defaults[key as string]), key).toBe(value);
    }
  });

  it("README: the worker and model concurrency defaults it measures with are the configuration's", () => {
    const defaults = EnvSchema.parse({}) as Record<string, unknown>;
    const m = read('README.md').match(/With the defaults \(`WORKER_CONCURRENCY=(\d+)`, `LLM_CONCURRENCY=(\d+)`/);
    expect(m, 'README "Scaling out" states the defaults').not.toBeNull();
    expect(m?.[1]).toBe(String(defaults.WORKER_CONCURRENCY));
    expect(m?.[2]).toBe(String(defaults.LLM_CONCURRENCY));
    const rateLimits = read('README.md').match(/`LLM_CONCURRENCY` \(default (\d+)\) is its ceiling/);
    expect(rateLimits?.[1]).toBe(String(defaults.LLM_CONCURRENCY));
  });
});
