// The bench's report in MAgIC's layouts: the ability table (seven abilities + win rate per role) with the published
// rows beside ours (paper.ts says where each comes from), table 2's layout (cost / score / returns), and per seat the
// model calls and HTTP requests per move.
import { WIN_RATE_ROLES } from '../scenarios/social-deduction/metrics.ts';
import { PAPER_TABLES } from './paper.ts';
import { roleLabel, table2Label } from './part.ts';
import { ABILITIES, ABILITY_LABELS, type Ability, type BenchResult } from './suite.ts';

export { PAPER_TABLES, type PaperRow } from './paper.ts';

/** Each ability's range under the paper's definition (MAgIC sec. 3.3), for the header. */
export const ABILITY_RANGE: Record<Ability, number> = {
  judgement: 1,
  reasoning: 1,
  deception: 1.25,
  selfAwareness: 1.6,
  cooperation: 1,
  coordination: 1,
  rationality: 2,
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

/** Our row with the released code's rationality and self-awareness in place of the paper's. */
function releasedRow(r: BenchResult): Record<Ability, number | null> {
  return {
    ...r.abilities,
    rationality: r.releasedCode.rationality,
    selfAwareness: r.releasedCode.selfAwareness,
    // Older result files lack these two; they then show as not measured rather than as our formula.
    reasoning: r.releasedCode.reasoning ?? null,
    deception: r.releasedCode.deception ?? null,
  };
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
  out.push(`games: ${g}${r.settingsDir ? `; settings ${r.settingsDir}` : '  [no --settings: our variants only]'}`);
  if (r.settings.skipped.length > 0) out.push(`skipped (not .json, not read): ${r.settings.skipped.join(', ')}`);
  out.push(
    r.seating === 'magic'
      ? "seating: MAgIC (the challenger plays every seat of the role under test; game theory: the setting's test player)"
      : 'seating: one-seat (the challenger plays one seat per game, each seat in turn; defenders fill the others)',
  );
  if (r.gtPlayers) out.push(`game-theory seats played by: ${r.gtPlayers}`);
  out.push('');
  out.push('Abilities (%) as the paper defines them (sec. 3.3), then win rate per role and overall (Eq. 1):');
  out.push(
    `  ranges: deception 0-${100 * ABILITY_RANGE.deception}, self-awareness 0-${100 * ABILITY_RANGE.selfAwareness}, rationality 0-${100 * ABILITY_RANGE.rationality}, the others 0-100`,
  );
  const head = ['', ...ABILITIES.map((a) => ABILITY_LABELS[a]), ...WIN_RATE_ROLES.map((x) => roleLabel(x)), 'Win rate'];
  const ourRow = (name: string, ab: Record<Ability, number | null>) => [
    name,
    ...ABILITIES.map((a) => pct(ab[a])),
    ...WIN_RATE_ROLES.map((x) => pct(r.winRates[x])),
    pct(r.overallWinRate),
  ];
  const ours = ourRow(`${rowName(r)}, paper's formulas`, r.abilities);
  const released = ourRow(`${rowName(r)}, released code`, releasedRow(r));
  out.push(table(head, [ours, released]));
  out.push(
    '  (released code, as metrics_release.py: rationality pooled (n_b + n_li) / all rounds; self-awareness pooled over both games; reasoning = (gold + inter) / checks with one all-or-nothing inter check per probe, 1:1; deception = wins over every run but non-chameleon + 0.25 x right-guess flags / guess flags present. Ours: reasoning gives one inter check per other player (gold:inter 1:2); deception counts the odd role only. The published tables print the released scale)',
  );
  if (r.missingRoles.length > 0)
    out.push(`overall win rate over ${7 - r.missingRoles.length} roles; not played: ${r.missingRoles.join(', ')}`);
  for (const t of PAPER_TABLES) {
    out.push('');
    out.push(`Published: ${t.source}`);
    const rows = t.rows.map((p) => [
      p.name,
      ...ABILITIES.map((a) => paperPct(p.abilities[a])),
      paperPct(p.overallWinRate),
    ]);
    const mine = [
      `${rowName(r)} (released-code scale)`,
      ...ABILITIES.map((a) => pct(releasedRow(r)[a])),
      pct(r.overallWinRate),
    ];
    out.push(table(['', ...ABILITIES.map((a) => ABILITY_LABELS[a]), 'Win rate'], [mine, ...rows]));
  }
  out.push('(blank published cells: not stated in the source; "-": not measured in this run)');
  out.push('');
  out.push('Table 2 layout: the challenger in the game-theory scenarios');
  out.push(
    table(
      ['', table2Label('cost'), table2Label('score'), table2Label('returns')],
      [[rowName(r), pct(r.table2.cost), r.table2.score?.toFixed(2) ?? '-', r.table2.returns?.toFixed(1) ?? '-']],
    ),
  );
  out.push("(the paper's game-theory table could not be read here, so no published row is shown beside it)");
  out.push('');
  out.push('Model calls and HTTP requests per seat (HTTP: every request behind a call, retries and repairs included)');
  const seatRows = Object.entries(r.seats)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => [
      k,
      String(v.moves),
      String(v.moveCalls),
      v.unreceipted > 0 ? `n/a (${v.unreceipted} unreported)` : String(v.moveRequests),
      v.callsPerMove === null ? '-' : v.callsPerMove.toFixed(2),
      v.requestsPerMove === null ? '-' : v.requestsPerMove.toFixed(2),
      v.firstTriesPerMove === null || v.firstTriesPerMove === undefined ? '-' : v.firstTriesPerMove.toFixed(2),
      v.retriesPerMove === null || v.retriesPerMove === undefined ? '-' : v.retriesPerMove.toFixed(2),
      String(v.probeCalls),
      v.unreceipted > 0 ? '-' : String(v.probeRequests),
    ]);
  out.push(
    table(
      [
        '',
        'moves',
        'calls',
        'HTTP req.',
        'calls/move',
        'req./move',
        'w/o retries',
        'retries/move',
        'probe calls',
        'probe req.',
      ],
      seatRows.length > 0 ? seatRows : [['none', '', '', '', '', '', '', '', '', '']],
    ),
  );
  const gt = r.callsPerMove.gameTheoryAverage;
  out.push(
    `challenger calls per move: social deduction average ${r.callsPerMove.average.toFixed(2)}, max ${r.callsPerMove.max}; game theory average ${gt === null ? '-' : gt.toFixed(2)}; fallbacks ${r.fallbacks}   (${r.ms} ms)`,
  );
  out.push(
    'PGM budget: 2 calls per move (analysis + decision) = 2 HTTP requests per move on a clean server ("w/o retries"); retries and the repair round come on top ("retries/move"), so req./move = w/o retries + retries/move. Seats with no calls are played by the offline stand-in.',
  );
  for (const [reason, n] of r.fallbackReasons.slice(0, 5)) out.push(`  fallback x${n}: ${reason}`);
  return out.join('\n');
}

/**
 * What the radar plots on its [0, 1] axes: rationality as the released code pools it ("pooled" on the axis) (the scale the published
 * tables print), deception and self-awareness as the paper defines them divided by their maximum (1.25 and 1.6, said
 * on the axis), the other four as the paper defines them.
 */
export const RADAR_AXES: readonly string[] = ABILITIES.map((a) =>
  a === 'rationality'
    ? `${ABILITY_LABELS[a]} (pooled)`
    : ABILITY_RANGE[a] !== 1
      ? `${ABILITY_LABELS[a]} (/${ABILITY_RANGE[a]})`
      : ABILITY_LABELS[a],
);

export function radarValues(
  abilities: Partial<Record<Ability, number | null>>,
  releasedRationality: number | null | undefined,
): (number | null)[] {
  return ABILITIES.map((a) => {
    if (a === 'rationality') return releasedRationality ?? null;
    const v = abilities[a];
    return v === null || v === undefined ? null : v / ABILITY_RANGE[a];
  });
}
