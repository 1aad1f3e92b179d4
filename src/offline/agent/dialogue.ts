// The offline stand-in's conversations (task agent_dialogue and agent_conversation_summary): several lines at once,
// each written by the one-line rule (talk.ts) from its speaker's own view, and the summary that ends a talk.
import type { ConversationSummaryInput } from '../../agent/prompts/conversation-summary.ts';
import { type DialogueInput, type DialogueOutput, holdsKept, isPair } from '../../agent/prompts/dialogue.ts';
import { nextSpeaker } from '../../core/turns.ts';
import { offlineCommitments } from './commitments.ts';
import { summarizeConversation } from './conversation-summary.ts';
import { dialogueTurn } from './talk.ts';

/** A conversation's summary as the summary task answers it: the talk's gist, its lines' importance, its promises. */
export function offlineSummary(i: ConversationSummaryInput) {
  const out = summarizeConversation(i);
  const promised = offlineCommitments(i.lines);
  return { ...out, lineImportance: out.lineImportance ?? null, commitments: promised.length ? promised : null };
}

/**
 * The next lines of a talk; the line that ends it carries the summary. Each line is its speaker's own (the one-line
 * rule from its section); who speaks next is the shared rule (src/core/turns.ts: addressed, something to add, said
 * least). In a group, one who says goodbye leaves and the rest talk on while two are left.
 */
export function offlineDialogue(i: DialogueInput): DialogueOutput {
  const history = [...i.history];
  const lines: { speaker: string; line: string }[] = [];
  // the answer's shape (prompts/dialogue.ts): news and confidences once, by line number from 1; confidences only
  // when the schema asks for them (a speaker holds something to keep)
  const news: { line: number; news: string }[] = [];
  const confided: { line: number; to: string }[] = [];
  // (a pair's lines are their words alone: the two take turns)
  const shape = () => ({
    lines: isPair(i) ? lines.map((l) => l.line) : lines,
    news,
    ...(holdsKept(i) ? { confided } : {}),
  });
  const gone = new Set(i.gone ?? []);
  const group = i.speakers.length > 2;
  const said = (name: string) => lines.filter((l) => l.speaker === name).length;
  for (let j = 0; j < i.lines; j++) {
    const turns = i.speakers.map((x) => ({
      name: x.name,
      first: x.first,
      hasNews: x.memories.some((m) => m.fresh) && !history.some((h) => h.speaker === x.name && h.news),
      left: gone.has(x.name) || x.turnsLeft - said(x.name) <= 0,
    }));
    const name = j === 0 ? i.next : nextSpeaker(turns, history);
    const sp = i.speakers.find((x) => x.name === name) ?? i.speakers[0]!;
    const present = i.speakers.filter((x) => x !== sp && !gone.has(x.name)).map((x) => x.name);
    const t = dialogueTurn({
      name: sp.name,
      first: sp.first,
      summary: sp.summary,
      listeners: present.length > 0 ? present : sp.listeners,
      placeName: i.placeName,
      time: i.time,
      ...(i.date ? { date: i.date } : {}),
      doing: i.speakers.map((x) => ({ name: x.name, activity: x.doing })),
      ...(sp.relations ? { relations: sp.relations } : {}),
      ...(i.intent ? { intent: i.intent } : {}),
      ...(i.intentOf ? { intentOf: i.intentOf } : {}),
      history,
      memories: sp.memories,
      turnsLeft: sp.turnsLeft - said(sp.name),
    });
    lines.push({ speaker: sp.name, line: t.line });
    if (t.news) news.push({ line: lines.length, news: t.news });
    if (t.confidedTo) confided.push({ line: lines.length, to: t.confidedTo });
    history.push({ speaker: sp.name, text: t.line, ...(t.news ? { news: t.news } : {}) });
    if (group && t.end) gone.add(sp.name);
    const over = group ? i.speakers.length - gone.size < 2 : t.end;
    if (over || (i.last && j === i.lines - 1)) {
      // the lines that end the talk carry its summary, as the summary rule writes it
      const whole = {
        participants: i.speakers.map((x) => x.name),
        placeName: i.placeName,
        time: i.time,
        lines: history,
      };
      return { ...shape(), end: true, summary: offlineSummary(whole) };
    }
  }
  return { ...shape(), end: false, summary: null };
}
