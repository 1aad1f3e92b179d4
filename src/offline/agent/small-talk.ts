// Small talk in the offline model's dialogue: how a listener takes news, what one has been up to, the questions
// that keep a talk going.

import type { DialogueTurnInput } from '../../agent/prompts/dialogue-turn.ts';
import { isAlarming, stripPeriod } from '../../core/text.ts';
import { alreadyBetween, GATHERING, INVITATION, mentionedIn, STANDING, topicOf, WHEN } from './news.ts';
import { isAbout, type Me, pick } from './speech.ts';
import { toFirstPerson } from './voice.ts';

/** How a listener takes a piece of news, by topic. */
export function reaction(news: string, key: string): string {
  const n = news.toLowerCase();
  if (INVITATION.test(n) || (WHEN.test(news) && GATHERING.test(n)))
    return pick(['That sounds lovely, I’d love to come!', 'Oh, how nice! I’ll try to be there.'], key);
  if (WHEN.test(news)) return pick(['Good to know, thanks.', 'Oh, thanks for telling me.'], key);
  if (/\b(wonder\w*|whether|if anyone)\b/.test(n))
    return pick(['Good question. I suppose we’ll see.', 'Hm, I’ve wondered that too.'], key);
  if (/\b(leak\w*|broken|problem|sick|ill|hospital|worr\w*|behind)\b/.test(n))
    return pick(['Oh no, I hope it gets sorted out soon.', 'That’s a shame. I hope it works out.'], key);
  if (/\b(thinks?|should|neglect\w*|does not listen|doesn't listen)\b/.test(n))
    return pick(['You may have a point there.', 'Hm, I hadn’t thought about it that way.'], key);
  if (/\b(married|wife|husband|daughter|son|parents?|friend|neighbour|neighbor|school)\b/.test(n))
    return pick(['Oh, that’s nice to hear.', 'I didn’t know that!'], key);
  if (
    /\b(exhibition|paint\w*|song|paper|research|project|writing|book|composition|announcement|budget|training|cleanup)\b/.test(
      n,
    )
  )
    return pick(['That sounds interesting! How is it going?', 'Oh, I’d love to hear more about it sometime.'], key);
  return pick(['Oh, I didn’t know that!', 'Good to know.', 'Huh, interesting.'], key);
}

/** What the resident is busy with, from its summary ("Lena Okafor is writing a paper ..."), third person. */
export function currentProject(summary: string, me: Me): string | null {
  for (const s of summary.split(/(?<=[.!?])\s+/)) {
    if (!isAbout(s, me.name)) continue;
    const m = /\b(?:is|has been)\s+((?!being\b)\w+ing\b[^.;]*?)(?:,|;|\.|\band (?:is|has|\w+s|\w+ing)\b|$)/.exec(s);
    // living with one's family is one's life, not what one has been up to
    if (m && !STANDING.test(`is ${m[1]}`)) return `${me.name} is ${stripPeriod(m[1]!.trim())}`;
  }
  return null;
}

export function answerSmallTalk(
  question: string,
  i: DialogueTurnInput,
  me: Me,
  key: string,
): { text: string; news?: string } {
  const q = question.toLowerCase().replace(/’/g, "'");
  if (/how is it going|how's it going\?$|coming along/.test(q) && !/\bday\b/.test(q))
    return { text: pick(['It’s coming along, thanks.', 'Slowly, but I’m getting there.'], key) };
  if (/what (have|are) you (been )?up to|what's new|what about you|how have you been/.test(q)) {
    const project = currentProject(i.summary, me);
    const saidByMe = i.history.filter((h) => h.speaker === i.name);
    if (
      project &&
      (mentionedIn(project, saidByMe) ||
        saidByMe.some((h) => topicOf(project) !== '' && topicOf(`${h.news ?? ''} ${h.text}`) === topicOf(project)))
    )
      return { text: pick(['Mostly that, to be honest!', 'Oh, mostly that, really.'], key) };
    // what one already told this person (or they told one) is not news to them again (issue 22 item 2)
    if (project && i.listeners.some((l) => alreadyBetween(project, l, i)))
      return { text: pick(['Still the same as I told you, really.', 'Oh, much the same as before.'], key) };
    if (project && !mentionedIn(project, i.history))
      return {
        text: `${pick(['I’ve been busy, actually:', 'Oh, keeping busy:'], key)} ${toFirstPerson(project, me.name, me.first, me.pronoun)}.`,
        news: project,
      };
    return { text: pick(['Not much, just the usual.', 'Oh, the usual things.'], key) };
  }
  if (/how are you|how's your day|how are things|how is your day/.test(q))
    return { text: pick(['I’m doing well, thanks.', 'Pretty good, thanks for asking.', 'Not bad at all.'], key) };
  return { text: pick(['I’m not sure, to be honest.', 'Hard to say.'], key) };
}

export const QUESTIONS = ['What have you been up to?', 'How have you been?', 'What about you?'];
export const OPENERS = ['How are you doing?', 'How’s your day going?', 'What have you been up to?'];
/** Is this person family to the speaker (the relationship note, from the seed: "Tobi Hale is Oren Hale's son")? */
export function family(person: string, i: Pick<DialogueTurnInput, 'relations'>): boolean {
  const note = (i.relations ?? []).find((x) => x.name === person)?.note ?? '';
  return /\b(married|wife|husband|son|daughter|mother|father|parents?|brother|sister|children|child|grand\w+)\b/i.test(
    note,
  );
}

/** Everyday news of someone's life (a course, work, a hobby), not an event, an invitation or an alarm. */
export function ordinary(news: string): boolean {
  const n = news.toLowerCase();
  return !INVITATION.test(n) && !(WHEN.test(news) && GATHERING.test(n)) && !isAlarming(news);
}
