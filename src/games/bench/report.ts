// The bench's report in MAgIC's layouts: table 4 (seven abilities + win rate per role) and table 2 (cost / score /
// returns), with the paper's figures beside ours. Paper figures come only from our notes on the paper
// (../shared/notes/papers.md and magic-game-theory.md); a figure the notes do not give is left blank, never guessed.
import { WIN_RATE_ROLES, type WinRateRole } from '../metrics.ts';
import { ABILITIES, ABILITY_LABELS, type Ability, type BenchResult } from './suite.ts';

/** A row of the paper's tables, in percent; only figures our notes state. */
export interface PaperRow {
  name: string;
  abilities: Partial<Record<Ability, number>>;
  overallWinRate?: number;
}

export const PAPER_ROWS: readonly PaperRow[] = [
  // Table 4 (win rate, judgement, deception) and sec. 5 / table 2 (coordination, rationality) for GPT-4.
  {
    name: 'paper GPT-4',
    abilities: { judgement: 83.8, deception: 75.0, coordination: 66.7, rationality: 78.1 },
    overallWinRate: 58.3,
  },
  { name: 'paper GPT-4 + PGM', abilities: { judgement: 87.5, deception: 75.0 }, overallWinRate: 63.5 },
  { name: 'paper GPT-3.5-turbo', abilities: { judgement: 52.5, deception: 77.5 }, overallWinRate: 39.3 },
];

const ROLE_LABELS: Record<WinRateRole, string> = {
  chameleon: 'Cham.',
  'non-chameleon': 'Non-ch.',
  undercover: 'Underc.',
  civilian: 'Civil.',
  'cost-sharing': 'Cost sh.',
  'prisoners-dilemma': 'PD',
  'public-good': 'Pub. good',
};

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '-' : (100 * v).toFixed(1));
const paperPct = (v: number | undefined) => (v === undefined ? '' : v.toFixed(1));

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The label of our row: challenger model and prompting, against whom. */
export function rowName(r: BenchResult): string {
  return `${r.challenger.model} (${r.challenger.kind})`;
}

export function formatBench(r: BenchResult): string {
  const out: string[] = [];
  out.push(
    `MAgIC bench: challenger ${r.challenger.model} [${r.challenger.provider}, ${r.challenger.kind}] vs defenders ${r.defender.model} [${r.defender.provider}, ${r.defender.kind}], seed ${r.seed}`,
  );
  if (r.pipelineCheck)
    out.push(
      'PIPELINE CHECK: the offline rules play at least one side. These figures check that the bench runs end to end; they do not rate a model.',
    );
  const g = Object.entries(r.games)
    .map(([s, n]) => `${s} ${n.released + n.variants} (${n.released} released, ${n.variants} ours)`)
    .join(', ');
  out.push(`games: ${g}${r.settingsDir ? '' : '  [no --settings: our variants only]'}`);
  if (r.gtPlayers) out.push(`game-theory seats played by: ${r.gtPlayers}`);
  out.push('');
  out.push('Table 4 layout (%): abilities, then win rate per role and overall (Eq. 1, mean over the 7 roles)');
  const head = [
    '',
    ...ABILITIES.map((a) => ABILITY_LABELS[a]),
    ...WIN_RATE_ROLES.map((x) => ROLE_LABELS[x]),
    'Win rate',
  ];
  const ours = [
    rowName(r),
    ...ABILITIES.map((a) => pct(r.abilities[a])),
    ...WIN_RATE_ROLES.map((x) => pct(r.winRates[x])),
    pct(r.overallWinRate),
  ];
  const paper = PAPER_ROWS.map((p) => [
    p.name,
    ...ABILITIES.map((a) => paperPct(p.abilities[a])),
    ...WIN_RATE_ROLES.map(() => ''),
    paperPct(p.overallWinRate),
  ]);
  out.push(table(head, [ours, ...paper]));
  if (r.missingRoles.length > 0)
    out.push(`overall win rate over ${7 - r.missingRoles.length} roles; not played: ${r.missingRoles.join(', ')}`);
  out.push('(blank paper cells: figure not in our notes on the paper; "-": not measured in this run)');
  out.push('');
  out.push('Table 2 layout: the challenger in the game-theory scenarios');
  out.push(
    table(
      ['', 'Cost (share of fee, %)', 'PD score', 'Public Good returns'],
      [[rowName(r), pct(r.table2.cost), r.table2.score?.toFixed(2) ?? '-', r.table2.returns?.toFixed(1) ?? '-']],
    ),
  );
  out.push('');
  const seats = Object.entries(r.requestsPerSeat)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  out.push(`model requests per seat (moves and probes, all games): ${seats || 'none'}`);
  const gt = r.callsPerMove.gameTheoryAverage;
  out.push(
    `challenger calls per move: social deduction average ${r.callsPerMove.average.toFixed(2)}, max ${r.callsPerMove.max}; game theory average ${gt === null ? '-' : gt.toFixed(2)}; reasoning-probe calls ${r.callsPerMove.probeCalls}; fallbacks ${r.fallbacks}   (${r.ms} ms)`,
  );
  for (const [reason, n] of r.fallbackReasons.slice(0, 5)) out.push(`  fallback x${n}: ${reason}`);
  return out.join('\n');
}
