// A person (a user's persona) speaks where the resident is: rated like any observation, answered in character.

import { cleanLine, clip as clipText, escapeRegExp, heuristicImportance, progressive } from '../core/text.ts';
import { clockAt } from '../core/time.ts';
import { audienceOf, mayTell } from './audience.ts';
import { clampInt, EXPERIENCE, type MindContext, type Resident } from './context.ts';
import { corePins } from './core-knowledge.ts';
import { summaryOf } from './describe.ts';
import type { NewMemory } from './memory-stream.ts';
import { plansFor } from './plan-audience.ts';
import { HEAR_TASK, type HearInput, hearMessages, hearOutput } from './prompts/hear.ts';
import { noteVisitor, relationOf } from './relations.ts';
import type { AgentProfile, Place } from './types.ts';

/**
 * A person (persona) spoke in the resident's location. Returns the reply, or null when it stays silent.
 * Addressed residents always answer (a safe default line if the model gives none).
 */
export async function hear(
  c: MindContext,
  r: Resident,
  ctx: {
    now: number;
    location: Place;
    speaker: { name: string; description?: string };
    text: string;
    addressed: boolean;
    /** A conversation under way that the person spoke into: who is in it, its last lines (issue 28). */
    conversation?: { id?: string; with: string[]; lines: { speaker: string; text: string }[] };
  },
): Promise<string | null> {
  const p = r.profile;
  const now = ctx.now;
  const mind = c.mindOf(r);
  const text = clipText(ctx.text, 1000);
  const mems = await c.recall(r, [text, `What is ${p.firstName}'s relationship with ${ctx.speaker.name}?`], now, {
    k: c.settings.hearRetrieveK,
    kinds: EXPERIENCE,
    planLevels: ['day'],
  });
  const known = relationOf(c, r, ctx.speaker.name);
  // who may hear the reply: the speaker and anyone in the talk it spoke into
  const hearers = [ctx.speaker.name, ...(ctx.conversation?.with ?? [])];
  // its own seed knowledge about what was said (core-knowledge.ts), only what they may all hear
  const pinned = corePins(c, r, { text, people: [ctx.speaker.name] }, new Set(mems.map((x) => x.memory.id)), (m) =>
    mayTell(audienceOf(m), p.name, hearers),
  );
  const input: HearInput = {
    name: p.name,
    first: p.firstName,
    summary: await summaryOf(c, r, now),
    time: clockAt(now),
    status: mind.lastAction ? progressive(actionPhrase(p, mind.lastAction.description)) : 'here',
    placeName: ctx.location.name,
    speaker: { name: ctx.speaker.name, ...(ctx.speaker.description ? { description: ctx.speaker.description } : {}) },
    text,
    addressed: ctx.addressed,
    ...(ctx.conversation
      ? {
          conversation: {
            with: ctx.conversation.with,
            lines: ctx.conversation.lines.map((l) => ({ from: l.speaker, text: clipText(l.text, 300) })),
          },
        }
      : {}),
    ...(known ? { relations: [known] } : {}),
    // what it means to do today, so "what are your plans?" is answered from the plan, less what is kept from them
    ...plansFor(c, r, now, hearers),
    // a visitor may not know the resident's secrets nor what it was told in confidence: left out (issue 22 item 1)
    memories: c.promptMemories(
      [...mems.map((x) => x.memory), ...pinned].filter((m) => mayTell(audienceOf(m), p.name, hearers)),
      r,
    ),
  };
  const out = await c.ask(HEAR_TASK, hearOutput, hearMessages(input), input, () => ({
    importance: heuristicImportance(text),
    reply: ctx.addressed ? "Sorry, I'm not sure what to say." : '',
  }));
  const importance = clampInt(out.importance, 1, 10, heuristicImportance(text));
  let reply = cleanLine(out.reply ?? '', p.name);
  if (reply === '' && ctx.addressed) {
    c.log('agent: addressed resident gave no reply; using a default', { agent: p.id });
    reply = "Sorry, I'm not sure what to say.";
  }
  const entries: { r: Resident; m: NewMemory }[] = [
    {
      r,
      m: {
        kind: 'dialogue',
        description: `${ctx.speaker.name} said: "${text}"`,
        importance,
        meta: {
          speaker: ctx.speaker.name,
          persona: true,
          userText: { from: `${ctx.speaker.name} (a visitor)`, text },
          // said into a conversation under way: a line of it (the run export lists it there)
          ...(ctx.conversation?.id
            ? { conversation: ctx.conversation.id, speakerName: ctx.speaker.name, line: clipText(text, 500) }
            : {}),
        },
      },
    },
  ];
  if (reply !== '')
    entries.push({
      r,
      m: {
        kind: 'dialogue',
        description: `${p.name} said to ${ctx.speaker.name}: "${reply}"`,
        importance: 2,
        meta: {
          speaker: p.id,
          to: ctx.speaker.name,
          userText: { from: `${p.name}, answering ${ctx.speaker.name}`, text: reply },
          ...(ctx.conversation?.id ? { conversation: ctx.conversation.id, speakerName: p.name, line: reply } : {}),
        },
      },
    });
  await c.storeAll(entries, now);
  noteVisitor(c, r, ctx.speaker, text, now);
  mind.importanceSinceReflection += importance;
  return reply === '' ? null : reply;
}

/** "Mara Okafor is brewing coffee" -> "brewing coffee". */
export function actionPhrase(p: AgentProfile, description: string): string {
  return description.replace(new RegExp(`^(${escapeRegExp(p.name)}|${escapeRegExp(p.firstName)})\\s+(is\\s+)?`), '');
}
