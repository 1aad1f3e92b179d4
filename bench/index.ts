// `npm run bench [-- --json] [-- --only name,name] [-- --smallville DIR]`: runs every benchmark and prints its
// figures (human-readable), or one JSON object keyed by benchmark with --json. Benches report; they assert nothing.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface BenchModule {
  run(opts: Record<string, unknown>): Promise<Record<string, unknown>>;
  format?(result: Record<string, unknown>): string;
}

// name -> file in bench/ (each exports run(opts) and optionally format(result)).
const BENCHES: [string, string][] = [
  ['retrieval', 'agent-retrieval.ts'],
  ['agentDay', 'agent-day.ts'],
  ['tick', 'town-tick.ts'],
  ['parallel', 'town-parallel.ts'],
  ['townDay', 'town-day.ts'],
  ['cost', 'cost.ts'],
  ['games', 'games.ts'],
  ['ack', 'ack.ts'],
  ['longrun', 'longrun.ts'],
  ['scaleOut', 'scale-out.ts'],
  ['web', 'web.ts'],
];

function parseArgs(argv: string[]) {
  const opts: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (!a.startsWith('--')) continue;
    const key = a.slice(2);
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      opts[key] = next;
      i++;
    } else opts[key] = true;
  }
  return opts;
}

const args = parseArgs(process.argv.slice(2));
if (args.help || args.h) {
  process.stdout.write(`Usage: npm run bench [-- --json] [-- --only ${BENCHES.map(([n]) => n).join(',')}] [-- --smallville DIR]

Runs the benchmarks and prints their figures (speed, model calls, tokens, cost); benchmarks report, they assert
nothing. Each section is "## name (seconds it took)" followed by that benchmark's figures.
  --only a,b        run only these benchmarks
  --json            one JSON object keyed by benchmark instead of the text
  --smallville DIR  the original Smallville files, for the benchmarks that can use them
  cost: --profiles offline,calibrated,chatty  --towns willowbrook,smallville  --rates talk=0.3,...  --readme
                    (--readme rewrites README's cost table from the run)
`);
  process.exit(0);
}
const here = dirname(fileURLToPath(import.meta.url));
const only = typeof args.only === 'string' ? new Set(args.only.split(',')) : null;
const results: Record<string, unknown> = {};

for (const [name, file] of BENCHES) {
  if (only && !only.has(name)) continue;
  const path = join(here, file);
  if (!existsSync(path)) {
    results[name] = { skipped: `bench/${file} not present` };
    continue;
  }
  const mod = (await import(path)) as BenchModule;
  const started = performance.now();
  if (!args.json) process.stderr.write(`running ${name}...\n`);
  const r = await mod.run({ ...args, name });
  results[name] = r;
  if (!args.json) {
    console.log(`\n## ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    console.log(mod.format ? mod.format(r) : JSON.stringify(r, null, 2));
  }
}
if (args.json) console.log(JSON.stringify(results, null, 2));
