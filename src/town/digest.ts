// The daily digest: what happened in town on one simulated day (notable events, conversations, new
// relationships), posted to the town hall at simulated midnight.
import { DAY_MS, formatClock, formatSimDate, minuteOfDay } from '../core/time.ts';
import type { DigestData, TownState } from './types.ts';

export function buildDigest(state: TownState): DigestData {
  const name = (id: string) => state.residents.find((r) => r.profile.id === id)?.profile.name ?? id;
  const locName = (id: string) => state.locations.find((l) => l.id === id)?.name ?? id;
  const max = state.settings.digestMaxItems;
  return {
    day: state.dayLog.day,
    date: formatSimDate(state.dayLog.day * DAY_MS),
    conversations: state.dayLog.conversations.slice(0, max).map((c) => ({
      at: formatClock(minuteOfDay(c.at)),
      location: locName(c.location),
      names: c.participants.map(name),
      ...(c.firstLine ? { firstLine: c.firstLine } : {}),
    })),
    conversationCount: state.dayLog.conversations.length,
    newRelationships: state.dayLog.newRelations.slice(0, max).map(([a, b]) => [name(a), name(b)]),
    newRelationshipCount: state.dayLog.newRelations.length,
    notable: state.dayLog.notable.slice(-max),
    posts: state.dayLog.posts,
    rejectedMoves: state.dayLog.rejectedMoves,
  };
}

/** "25, the first 12 listed" when the list is capped, else just the count. */
function listed(shown: number, total: number | undefined): string {
  const all = Math.max(shown, total ?? shown);
  return all > shown ? `${all}, the first ${shown} listed` : String(all);
}

export function digestText(d: DigestData): string {
  const lines = [`Daily digest for ${d.date}`];
  if (d.notable.length > 0) lines.push('Notable:', ...d.notable.map((n) => `• ${n}`));
  if (d.conversations.length > 0)
    lines.push(
      `Conversations (${listed(d.conversations.length, d.conversationCount)}):`,
      ...d.conversations.map(
        (c) => `• ${c.at} at ${c.location}: ${c.names.join(' and ')}${c.firstLine ? ` ("${c.firstLine}")` : ''}`,
      ),
    );
  if (d.newRelationships.length > 0)
    lines.push(
      `New acquaintances (${listed(d.newRelationships.length, d.newRelationshipCount)}):`,
      ...d.newRelationships.map((p) => `• ${p.join(' and ')} met`),
    );
  if (d.notable.length === 0 && d.conversations.length === 0) lines.push('A quiet day in town.');
  return lines.join('\n');
}
