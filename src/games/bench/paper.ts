// The published MAgIC figures as data, with where each comes from, to print beside a bench run under the model names
// the paper uses. Two sources, kept apart because they disagree:
// - the released repository's leaderboard (cathyxl/MAgIC `imgs/leaderboard.png`, captioned "Table 1: Ability
//   Measurement of LLMs", the ability table of the first arXiv version of 2311.08562): all ten rows, all eight
//   columns, read off the image;
// - Table 4 of the EMNLP 2024 version as our notes on the paper give it (../shared/notes/papers.md): only win rate,
//   judgement and deception for four rows. The full later table (and the game-theory table 2: cost, score,
//   returns) could not be read here: the stored copies of the paper hold its first page only, so those cells stay
//   blank rather than guessed.
// All figures are percent, as printed (the published tables print every ability on a 0-100 scale; rationality there
// is the released code's pooled ratio, which is the scale `releasedCode.rationality` reports).
import type { Ability } from './suite.ts';

export interface PaperRow {
  /** The model as the paper names it. */
  name: string;
  abilities: Partial<Record<Ability, number>>;
  overallWinRate?: number;
}

export interface PaperTable {
  id: string;
  source: string;
  rows: readonly PaperRow[];
}

const row = (
  name: string,
  win: number,
  [judgement, reasoning, deception, selfAwareness, cooperation, coordination, rationality]: number[],
): PaperRow => ({
  name,
  overallWinRate: win,
  abilities: { judgement, reasoning, deception, selfAwareness, cooperation, coordination, rationality } as Partial<
    Record<Ability, number>
  >,
});

/** cathyxl/MAgIC imgs/leaderboard.png ("Table 1: Ability Measurement of LLMs"), row order as printed. */
export const RELEASED_LEADERBOARD: PaperTable = {
  id: 'released-leaderboard',
  source: 'cathyxl/MAgIC imgs/leaderboard.png, "Table 1: Ability Measurement of LLMs" (arXiv v1)',
  rows: [
    row('GPT-4+PGM', 63.5, [87.5, 37.8, 85.6, 86.7, 61.9, 92.3, 76.2]),
    row('GPT-4-turbo', 56.5, [77.5, 28.7, 67.5, 60.0, 66.7, 50.0, 78.1]),
    row('GPT-4', 49.3, [78.8, 36.7, 62.1, 86.7, 47.6, 100, 69.0]),
    row('GPT-3.5-turbo+PGM', 49.1, [65.0, 33.5, 52.0, 60.6, 71.4, 46.7, 59.5]),
    row('PaLM 2', 36.3, [45.0, 32.8, 45.0, 74.0, 42.9, 33.3, 36.7]),
    row('GPT-3.5-turbo', 35.4, [46.3, 26.7, 67.5, 54.0, 57.1, 16.7, 41.4]),
    row('Llama-2-70B+PGM', 30.7, [53.8, 29.3, 51.4, 67.0, 52.4, 27.2, 28.1]),
    row('Claude 2', 29.3, [41.3, 34.8, 17.5, 80.7, 33.3, 22.9, 71.4]),
    row('Cohere', 21.3, [35.0, 21.7, 25.0, 60.3, 71.4, 6.67, 18.1]),
    row('Llama-2-70B', 18.1, [41.3, 26.8, 28.8, 74.0, 42.9, 11.1, 4.8]),
  ],
};

/** EMNLP 2024 Table 4, only the cells our notes on the paper state (sec. 5). */
export const TABLE4_FROM_NOTES: PaperTable = {
  id: 'table4-notes',
  source: 'EMNLP 2024 version, Table 4, cells stated in our notes on the paper (full table not checked here)',
  rows: [
    { name: 'GPT-4+PGM', overallWinRate: 63.5, abilities: { judgement: 87.5, deception: 75.0 } },
    { name: 'GPT-4', overallWinRate: 58.3, abilities: { judgement: 83.8, deception: 75.0 } },
    { name: 'GPT-3.5-turbo', overallWinRate: 39.3, abilities: { judgement: 52.5, deception: 77.5 } },
    { name: 'Llama-2-70B', overallWinRate: 26.5, abilities: { judgement: 45.0, deception: 40.0 } },
  ],
};

export const PAPER_TABLES: readonly PaperTable[] = [RELEASED_LEADERBOARD, TABLE4_FROM_NOTES];
