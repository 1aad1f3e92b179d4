// One fact's labelled answers written as rows (the tuning part's kinds corpora): question, answer, the label, the
// kind, and who answers when it is not a stranger to the fact (corpus-file.ts's items).
import type { LabelledAnswer } from './corpus-file.ts';

export type Row = [question: string, answer: string, knows: boolean, kind: string, speaker?: string];

/** The rows about one fact and its holder as corpus items. */
export function about(fact: string, holder: string, rows: Row[]): LabelledAnswer[] {
  return rows.map(([question, answer, knows, kind, speaker]) => ({
    fact,
    holder,
    ...(speaker ? { speaker } : {}),
    question,
    answer,
    knows,
    kind,
  }));
}
