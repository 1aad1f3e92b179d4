// The offline stand-in's conversations (task agent_dialogue and agent_conversation_summary): several lines at once,
// each written by the one-line rule (talk.ts) from its speaker's own view, and the summary that ends a talk.
import type { ConversationSummaryInput } from '../../agent/prompts/conversation-summary.ts';
import type { DialogueInput } from '../../agent/prompts/dialogue.ts';
import { offlineCommitments } from './commitments.ts';
import { dialogueTurn, summarizeConversation } from './talk.ts';

/** A conversation's summary as the summary task answers it: the talk's gist, its lines' importance, its promises. */
export function offlineSummary(i: ConversationSummaryInput) {
  const out = summarizeConversation(i);
  const promised = offlineCommitments(i.lines);
  return { ...out, lineImportance: out.lineImportance ?? null, commitments: promised.length ? promised : null };
}

/** The next lines of a talk; the line that ends it carries the summary. */
export function offlineDialogue(i: DialogueInput) {
  const history = [...i.history];
  const lines: { line: string; news: string | null; confidedTo: string | null }[] = [];
  const start = Math.max(
    0,
    i.speakers.findIndex((s) => s.name === i.next),
  );
  for (let j = 0; j < i.lines; j++) {
    const sp = i.speakers[(start + j) % i.speakers.length]!;
    const mine = lines.filter((_, k) => (start + k) % i.speakers.length === (start + j) % i.speakers.length).length;
    const t = dialogueTurn({
      name: sp.name,
      first: sp.first,
      summary: sp.summary,
      listeners: sp.listeners,
      placeName: i.placeName,
      time: i.time,
      ...(i.date ? { date: i.date } : {}),
      doing: i.speakers.map((x) => ({ name: x.name, activity: x.doing })),
      ...(sp.relations ? { relations: sp.relations } : {}),
      ...(i.intent ? { intent: i.intent } : {}),
      ...(i.intentOf ? { intentOf: i.intentOf } : {}),
      history,
      memories: sp.memories,
      turnsLeft: sp.turnsLeft - mine,
    });
    lines.push({ line: t.line, news: t.news ?? null, confidedTo: t.confidedTo ?? null });
    history.push({ speaker: sp.name, text: t.line, ...(t.news ? { news: t.news } : {}) });
    if (t.end || (i.last && j === i.lines - 1)) {
      // the lines that end the talk carry its summary, as the summary rule writes it
      const whole = {
        participants: i.speakers.map((x) => x.name),
        placeName: i.placeName,
        time: i.time,
        lines: history,
      };
      return { lines, end: true, summary: offlineSummary(whole) };
    }
  }
  return { lines, end: false, summary: null };
}
