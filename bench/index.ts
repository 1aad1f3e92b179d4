// `npm run bench [-- --json] [-- --only name,name] [-- OPTIONS]` (--help lists them; unknown ones are refused):
// runs every benchmark and prints its figures (human-readable), or one JSON object keyed by benchmark with --json.
// Benches report; they assert nothing.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProgress } from '../src/cli/progress.ts';

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
  ['killLoop', 'kill-loop.ts'],
  ['scalePace', 'scale-pace.ts'],
  ['web', 'web.ts'],
];

/** Every option a benchmark reads, with what it does; anything else is refused before a run starts. */
const OPTIONS: Record<string, { value?: string; help: string }> = {
  only: { value: 'a,b', help: 'run only these benchmarks' },
  json: { help: 'one JSON object keyed by benchmark instead of the text' },
  smallville: { value: 'DIR', help: 'the original Smallville files, for the benchmarks that can use them' },
  quick: { help: 'retrieval: the small sizes only' },
  sizes: { value: 'N,N', help: 'retrieval: memory stream sizes' },
  queries: { value: 'N', help: 'retrieval: queries per size' },
  hours: { value: 'H', help: 'tick, townDay, cost: simulated hours' },
  ticks: { value: 'N', help: 'parallel, ack: ticks to run' },
  latency: { value: 'MS', help: 'parallel, cost: model latency of the stand-in server; scalePace: every model call' },
  slots: { value: 'N', help: 'scalePace: schedule slots to run' },
  concurrency: { value: 'N', help: "scalePace: WORKER_CONCURRENCY (default: the configuration's)" },
  llmConcurrency: { value: 'N', help: "scalePace: LLM_CONCURRENCY, the ceiling (default: the configuration's)" },
  fixedLlm: { help: 'scalePace: LLM_ADAPTIVE_CONCURRENCY=false (always LLM_CONCURRENCY in flight)' },
  rpm: { value: 'N', help: 'scalePace: the model is a server over HTTP allowing N requests per minute (429 past it)' },
  burst: { value: 'S', help: 'scalePace with --rpm: seconds of requests its bucket holds (60)' },
  maxConcurrent: { value: 'N', help: 'scalePace: the model server allows N requests in progress' },
  maxMb: { value: 'MB', help: 'scalePace: WORKER_MAX_MB' },
  maxTowns: { value: 'N', help: 'scalePace: WORKER_MAX_TOWNS' },
  slowMs: { value: 'MS', help: 'ack: how slow a slow tick is' },
  slowTicks: { value: 'N', help: 'ack: how many ticks are slow' },
  profiles: { value: 'a,b', help: 'cost: offline,calibrated,chatty' },
  rates: { value: 'k=v,...', help: 'cost: behaviour rates of the realistic profiles, e.g. talk=0.3' },
  readme: { help: "cost: rewrite README's cost table from the run" },
  towns: { value: 'LIST|N', help: 'cost: willowbrook,smallville; scaleOut, scalePace, killLoop: number of towns' },
  residents: { value: 'N', help: 'killLoop: residents per town' },
  rssTowns: { value: 'N', help: 'scaleOut: town copies loaded to measure RSS per town' },
  rssDays: { value: 'N', help: 'scaleOut: simulated days of the older town measured (30)' },
  clients: { value: 'N,N', help: 'web: SSE clients per town to measure' },
  chromium: { value: 'PATH', help: 'web: the browser for the page-load figure' },
  seconds: { value: 'S', help: 'scaleOut: how long to run' },
  kills: { value: 'N', help: 'killLoop: worker kills (default 20)' },
  freezes: { value: 'N', help: 'killLoop: worker freezes (SIGSTOP, then SIGCONT; default 0)' },
  'freeze-ms': { value: 'MS', help: 'killLoop: how long each freeze lasts (default 30000)' },
  slotMs: { value: 'MS', help: 'killLoop: wall time of one schedule slot' },
  callMs: { value: 'MS', help: 'killLoop: latency of every model call' },
  commits: { value: 'N', help: 'scaleOut: commits per town' },
  scenario: { value: 'S', help: 'games: one MAgIC scenario' },
  bots: { value: 'K', help: 'games: vanilla | pgm' },
  seed: { value: 'S', help: 'games, killLoop: seed' },
  variants: { value: 'N', help: 'games: variants per scenario' },
  settings: { value: 'DIR', help: "games: MAgIC's released settings" },
  days: { value: 'N', help: 'longrun: simulated days (default 365, the year run)' },
  'budget-s': { value: 'S', help: 'longrun: wall-clock budget in seconds' },
  help: { help: 'this text' },
};

const USAGE = `Usage: npm run bench [-- OPTIONS]

Runs the benchmarks (${BENCHES.map(([n]) => n).join(', ')}) and prints their figures (speed, model calls,
tokens, cost); benchmarks report, they assert nothing. Each section is "## name (seconds it took)" followed by that
benchmark's figures; progress goes to stderr (a bar on a terminal, a line every 30 s when piped).

${Object.entries(OPTIONS)
  .map(([k, o]) => `  ${`--${k}${o.value ? ` ${o.value}` : ''}`.padEnd(20)}${o.help}`)
  .join('\n')}`;

/** --name value / --name / --name=value; an option not in OPTIONS or a stray word ends here with exit 2. */
function parseArgs(argv: string[]): Record<string, string | boolean> {
  const opts: Record<string, string | boolean> = {};
  const fail = (why: string): never => {
    process.stderr.write(`${why}\n\n${USAGE}\n`);
    process.exit(2);
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '-h') {
      opts.help = true;
      continue;
    }
    if (!a.startsWith('--')) fail(`unexpected argument "${a}" (options start with --)`);
    const [key, inline] = a.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const spec = OPTIONS[key];
    if (!spec) fail(`unknown option --${key}`);
    if (!spec?.value) {
      opts[key] = true;
      continue;
    }
    const next = inline ?? argv[++i];
    if (next === undefined || (inline === undefined && next.startsWith('--')))
      fail(`--${key} needs a value (${spec.value})`);
    opts[key] = next as string;
  }
  return opts;
}

const args = parseArgs(process.argv.slice(2));
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const known = new Set(BENCHES.map(([n]) => n));
const only = typeof args.only === 'string' ? new Set(args.only.split(',')) : null;
const unknownBench = [...(only ?? [])].filter((n) => !known.has(n));
if (unknownBench.length > 0) {
  process.stderr.write(`--only: no benchmark named ${unknownBench.join(', ')} (there are ${[...known].join(', ')})\n`);
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const results: Record<string, unknown> = {};
const chosen = BENCHES.filter(([name]) => !only || only.has(name));
const bar = startProgress('bench', chosen.length, { quiet: Boolean(args.json) });

for (const [k, [name, file]] of chosen.entries()) {
  const path = join(here, file);
  if (!existsSync(path)) {
    results[name] = { skipped: `bench/${file} not present` };
    continue;
  }
  const mod = (await import(path)) as BenchModule;
  const started = performance.now();
  bar.update(k, `running ${name}`);
  const r = await mod.run({ ...args, name });
  results[name] = r;
  bar.update(k + 1, `${name} done`);
  if (!args.json) {
    bar.log(`\n## ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`, process.stdout);
    bar.log(mod.format ? mod.format(r) : JSON.stringify(r, null, 2), process.stdout);
  }
}
bar.stop();
if (args.json) console.log(JSON.stringify(results, null, 2));
