// What MAgIC's bench reads from a scenario (Xu et al. 2024, sec. 3.3): each game module that the bench plays carries
// a `bench` part (its family's cases, its win-rate roles with their column labels, the abilities and the table-2
// cell its games measure); the suite and the report are generic over the registered parts and never name a scenario.
import type { GameTheoryMetrics, GtScenario } from '../scenarios/game-theory/index.ts';
import { gameKinds, gameModule } from '../scenarios/registry.ts';
import type { GameKind } from '../scenarios/social-deduction/kinds.ts';
import type { Metrics, WinRateRole } from '../scenarios/social-deduction/metrics.ts';
import type { Ability } from './suite.ts';

/** A run's metrics, as a part reads its figures from them. */
export interface BenchMetrics {
  social: Partial<Record<GameKind, Metrics>>;
  gt: GameTheoryMetrics | null;
}

/** Table 2's three cells (the challenger's agreed cost share, PD score, Public Good returns). */
export type Table2Cell = 'cost' | 'score' | 'returns';

interface BenchPartBase {
  /** This scenario's roles in MAgIC's overall win rate (Eq. 1), each with its short column label. */
  roles: { role: WinRateRole; label: string; winRate(m: BenchMetrics): number | null }[];
  /** The abilities this scenario's games measure, read from a run that played them. */
  abilities?(m: BenchMetrics): Partial<Record<Ability, number | null>>;
  /** Table 2's cell this scenario fills, with its column label. */
  table2?: { cell: Table2Cell; label: string; value(m: BenchMetrics): number | null };
}

/** A social-deduction scenario's part: its cases are its family's; self-awareness weighs it (0.6 x Chameleon + Undercover). */
export interface SocialBenchPart extends BenchPartBase {
  family: 'social';
  game: GameKind;
  selfAwarenessWeight: number;
}

export interface GtBenchPart extends BenchPartBase {
  family: 'game theory';
  game: GtScenario;
}

export type BenchPart = SocialBenchPart | GtBenchPart;

/** The scenarios the bench plays: every registered game with a bench part, in menu order. */
export function benchScenarios(): (GameKind | GtScenario)[] {
  return gameKinds().flatMap((k) => {
    const part = gameModule(k).bench;
    return part ? [part.game] : [];
  });
}

/** The bench part of a scenario the bench plays; throws for one without (callers list benchScenarios()). */
export function benchPart(kind: string): BenchPart {
  const part = gameModule(kind).bench;
  if (!part) throw new Error(`game "${kind}" has no bench part (the bench plays: ${benchScenarios().join(', ')})`);
  return part;
}

/** Every registered part (the report's columns and the suite's weights). */
export function benchParts(): BenchPart[] {
  return benchScenarios().map(benchPart);
}

/** A win-rate role's column label ("Cham."), from the part that has it. */
export function roleLabel(role: WinRateRole): string {
  for (const p of benchParts()) for (const r of p.roles) if (r.role === role) return r.label;
  return role;
}

/** Table 2's column label for a cell, from the part that fills it. */
export function table2Label(cell: Table2Cell): string {
  return benchParts().find((p) => p.table2?.cell === cell)?.table2?.label ?? cell;
}
