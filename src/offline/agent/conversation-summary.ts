// The offline model's conversation summary (task agent_conversation_summary): what was said and agreed, the
// weightiest first, and how much the talk and each of its lines matter (sec. 4.1 scale).

import { heuristicImportance, lowerFirst, stripPeriod } from '../../core/text.ts';
import { topicOf, WHEN } from './news.ts';
import { firstName, isAbout } from './speech.ts';
import { gerundClause, subjectOf } from './voice.ts';

export function summarizeConversation(i: {
  participants: string[];
  placeName: string;
  lines: { speaker: string; text: string; news?: string }[];
}): { summary: string; importance: number; lineImportance: number[] } {
  // What was said and agreed, the weightiest first (the record is clipped in later prompts), at most three items.
  const parts: { text: string; weight: number }[] = [];
  i.lines.forEach((l, k) => {
    const who = firstName(l.speaker);
    if (l.news) {
      const news = stripPeriod(l.news);
      const g = isAbout(news, l.speaker) ? gerundClause(news, subjectOf(news)!) : null;
      parts.push({
        text: g ? `${who} mentioned ${g}` : `${who} said that ${lowerFirst(news)}`,
        weight: heuristicImportance(news),
      });
      return;
    }
    const prev = i.lines[k - 1];
    if (
      prev?.news &&
      WHEN.test(prev.news) &&
      topicOf(prev.news) &&
      /\b(love to come|be there|count me in)\b/i.test(l.text)
    )
      parts.push({ text: `${who} would like to come to the ${topicOf(prev.news)}`, weight: 5 });
  });
  const said = parts
    .map((p, k) => ({ ...p, k }))
    .sort((a, b) => b.weight - a.weight || a.k - b.k)
    .slice(0, 3)
    .map((p) => p.text);
  const summary = said.length ? `At ${i.placeName}, ${said.join('; ')}.` : `Caught up at ${i.placeName}.`;
  const news = i.lines.filter((l) => l.news).map((l) => heuristicImportance(l.news!));
  // A chat with news is a notable event; small talk a mundane one (sec. 4.1 scale).
  const importance = news.length ? Math.min(9, Math.max(...news) + (news.length > 1 ? 1 : 0)) : 3;
  return { summary, importance, lineImportance: i.lines.map((l) => (l.news ? heuristicImportance(l.news) : 2)) };
}
