// The judge an evaluation uses (issue 23): the rules offline (a pipeline check, its error measured on the corpus),
// or a configured model that is checked before it is believed: it answers the calibration items first
// (judge-calibration.ts), its calls are counted while it judges (judge-health.ts), and its status says whether its
// figures may be shown. simulate and eval both take their judge from here.
import type { LanguageModel } from '../llm/port.ts';
import { type CallTotals, combineTotals, MeteredModel } from '../town/metering.ts';
import { type CalibrationResult, calibrateJudge } from './judge-calibration.ts';
import { JudgeHealth } from './judge-health.ts';
import { type KnowledgeJudge, modelKnowledgeJudge, ruleKnowledgeJudge } from './knowledge-judge.ts';
import { type RankItem, type Ranking, rankAnswers } from './rank-judge.ts';

export interface JudgeStatus {
  by: 'model' | 'rules';
  /** The model's name, or 'rules'. */
  model: string;
  calibration?: CalibrationResult;
  /** The model's calls while judging (after calibration). */
  calls: ReturnType<JudgeHealth['snapshot']>;
  /** What the judge's model calls billed (issue 33): its calibration and its judging, apart from the town's. */
  usage?: { calibration: CallTotals; judging: CallTotals };
  /** False: the calibration failed or too many calls failed; no figure from this judge may be shown as a result. */
  reliable: boolean;
  /** Why it is unreliable, in words. */
  reasons: string[];
}

export interface Judge {
  readonly by: 'model' | 'rules';
  readonly knowledge: KnowledgeJudge;
  rank(item: RankItem, seed: number): Promise<Ranking>;
  /** Reliability now: calibration plus the calls counted so far. */
  status(): JudgeStatus;
}

/** The rule judge: always reliable as what it is, a pipeline check. */
export const ruleJudge: Judge = {
  by: 'rules',
  knowledge: ruleKnowledgeJudge,
  rank: (item, seed) => rankAnswers(null, item, seed),
  status: () => ({
    by: 'rules',
    model: 'rules',
    calls: new JudgeHealth().snapshot(),
    reliable: true,
    reasons: [],
  }),
};

/**
 * The judge for a model: the rules when there is none or it is the offline stand-in; else the model, calibrated
 * first. The calibration's outcome is in `status()`; the caller decides whether to go on (see the CLIs).
 */
export async function prepareJudge(llm: LanguageModel | null): Promise<Judge> {
  if (!llm || llm.info.offline) return ruleJudge;
  // metered apart (issue 33 item 6): its calls are in the provider's bill, so they are in the report too
  const meter = new MeteredModel(llm);
  const calibration = await calibrateJudge(meter);
  const calibrationTotals = { ...meter.total };
  const health = new JudgeHealth();
  const knowledge = modelKnowledgeJudge(meter, health);
  return {
    by: 'model',
    knowledge,
    rank: (item, seed) => rankAnswers(meter, item, seed, health),
    status: () => {
      const reasons = [...(calibration.passed ? [] : [`failed its calibration: ${calibration.reasons.join('; ')}`])];
      if (health.pastThreshold) reasons.push(`while judging, ${health.describe()}`);
      return {
        by: 'model',
        model: llm.info.model,
        calibration,
        calls: health.snapshot(),
        usage: { calibration: calibrationTotals, judging: combineTotals(meter.total, calibrationTotals, -1) },
        reliable: reasons.length === 0,
        reasons,
      };
    },
  };
}

/** The refusal a person reads: which judge, why it is not believed, what to do. */
export function unreliableJudgeText(s: JudgeStatus): string {
  return [
    `The judge (${s.model}) is unreliable: ${s.reasons.join('; ')}.`,
    'No figure from it is shown (diffusion, density, hallucinated answers, believability rankings).',
    'Use a model that passes the calibration, run without a model for the rule judge (a pipeline check), or pass',
    '--allow-unreliable-judge to see its figures anyway, marked unreliable.',
  ].join('\n');
}
