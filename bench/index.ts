// `npm run bench [-- --json] [-- --all | --only name,name] [-- OPTIONS]` (--help lists them; unknown ones are
// refused): runs the everyday benchmarks (or all, or the named ones) and prints their figures (human-readable), or
// one JSON object keyed by benchmark with --json. Benches report; they assert nothing.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProgress } from '../src/cli/progress.ts';
import { nearestWord } from '../src/core/edit-distance.ts';

interface BenchModule {
  run(opts: Record<string, unknown>): Promise<Record<string, unknown>>;
  format?(result: Record<string, unknown>): string;
}

// name -> file in bench/ (each exports run(opts) and optionally format(result)), the seconds it took on a 2-core
// machine with its defaults (the progress bar's unit, so its ETA is in real seconds), and whether it is in the
// everyday run (`npm run bench` alone: about two minutes). The long ones run with --all or by name (--only).
const BENCHES: { name: string; file: string; seconds: number; everyday: boolean }[] = [
  { name: 'retrieval', file: 'agent-retrieval.ts', seconds: 19, everyday: true },
  { name: 'agentDay', file: 'agent-day.ts', seconds: 2, everyday: true },
  { name: 'tick', file: 'town-tick.ts', seconds: 12, everyday: true },
  { name: 'parallel', file: 'town-parallel.ts', seconds: 14, everyday: true },
  { name: 'townDay', file: 'town-day.ts', seconds: 5, everyday: true },
  { name: 'cost', file: 'cost.ts', seconds: 33, everyday: true },
  { name: 'games', file: 'games.ts', seconds: 8, everyday: true },
  { name: 'ack', file: 'ack.ts', seconds: 11, everyday: true },
  { name: 'web', file: 'web.ts', seconds: 49, everyday: false },
  { name: 'longrun', file: 'longrun.ts', seconds: 900, everyday: false },
  { name: 'scaleOut', file: 'scale-out.ts', seconds: 480, everyday: false },
  { name: 'killLoop', file: 'kill-loop.ts', seconds: 240, everyday: false },
  { name: 'scalePace', file: 'scale-pace.ts', seconds: 300, everyday: false },
];
const EVERYDAY = BENCHES.filter((b) => b.everyday).map((b) => b.name);
const LONG = BENCHES.filter((b) => !b.everyday).map((b) => b.name);

/** Every option a benchmark reads, with what it does; anything else is refused before a run starts. */
const OPTIONS: Record<string, { value?: string; help: string }> = {
  only: { value: 'a,b', help: 'run only these benchmarks (any of them, the long ones too)' },
  all: { help: 'every benchmark, the long ones too (half an hour or more)' },
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

Runs the everyday benchmarks and prints their figures (speed, model calls, tokens, cost); benchmarks report, they
assert nothing. Each section is "## name (seconds it took)" followed by that benchmark's figures; progress goes to
stderr (a bar with the time left on a terminal, a line every 30 s when piped).

  everyday (about two minutes):         ${EVERYDAY.join(', ')}
  long (--all, or by name with --only): ${LONG.join(', ')}

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
    if (!spec) {
      const near = nearestWord(
        `--${key}`,
        Object.keys(OPTIONS).map((k) => `--${k}`),
      );
      fail(`unknown option --${key}${near ? `. Did you mean ${near}?` : ''}`);
    }
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
const known = new Set(BENCHES.map((b) => b.name));
const only = typeof args.only === 'string' ? new Set(args.only.split(',')) : null;
const unknownBench = [...(only ?? [])].filter((n) => !known.has(n));
if (unknownBench.length > 0) {
  const near = unknownBench.map((n) => nearestWord(n, [...known])).filter(Boolean);
  process.stderr.write(
    `--only: no benchmark named ${unknownBench.join(', ')}${near.length ? ` (did you mean ${near.join(', ')}?)` : ''}; there are ${[...known].join(', ')}\n`,
  );
  process.exit(2);
}
if (only && args.all) {
  process.stderr.write('--all and --only choose differently: give one of them\n');
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const results: Record<string, unknown> = {};
const chosen = BENCHES.filter((b) => (only ? only.has(b.name) : args.all || b.everyday));
// The bar counts expected seconds, advanced each second while a benchmark runs (up to 95% of its share), so its
// rate is the machine's real pace and its ETA is true in seconds, also through one long benchmark.
const total = chosen.reduce((sum, b) => sum + b.seconds, 0);
const bar = startProgress('bench', total, { quiet: Boolean(args.json) });
let doneShare = 0;

for (const [k, b] of chosen.entries()) {
  const path = join(here, b.file);
  if (!existsSync(path)) {
    results[b.name] = { skipped: `bench/${b.file} not present` };
    doneShare += b.seconds;
    continue;
  }
  const mod = (await import(path)) as BenchModule;
  const started = performance.now();
  const note = `${b.name} (${k + 1} of ${chosen.length})`;
  bar.update(doneShare, `running ${note}`);
  const ticking = setInterval(() => {
    const elapsed = (performance.now() - started) / 1000;
    bar.update(doneShare + Math.min(Math.floor(elapsed), Math.floor(b.seconds * 0.95)));
  }, 1000);
  ticking.unref();
  let r: Record<string, unknown>;
  try {
    r = await mod.run({ ...args, name: b.name });
  } finally {
    clearInterval(ticking);
  }
  results[b.name] = r;
  doneShare += b.seconds;
  bar.update(doneShare, `${note} done`);
  if (!args.json) {
    bar.log(`\n## ${b.name} (${((performance.now() - started) / 1000).toFixed(1)} s)`, process.stdout);
    bar.log(mod.format ? mod.format(r) : JSON.stringify(r, null, 2), process.stdout);
  }
}
bar.stop();
if (args.json) console.log(JSON.stringify(results, null, 2));
