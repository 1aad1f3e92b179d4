// The towns written outside the project's style (issue 32 item 7), run on both profiles (the offline stand-in
// and the realistic model server) from their first morning to the next afternoon: the private matter is kept from a
// visitor who asks about plans and from everyone but the one it is meant for; the evening event is hosted at its
// place in its hours, with guests; a child asked about family is given his parents as parents; a worker is at work
// in working hours.
import { describe, expect, it } from 'vitest';
import { audienceOf, isKept, SECRET_WORDS } from '../../src/agent/audience.ts';
import type { TownService } from '../../src/town/service.ts';
import { agentModelProfiles, type ProfileName } from '../support/model-profiles.ts';
import { PassThroughRecorder } from '../support/recording-model.ts';
import { scenarioTown } from '../support/scenario-town.ts';
import { NEW_TOWNS, newTownFile } from './new-towns.ts';

const PROFILES = agentModelProfiles(32);
const me = { id: 'u-visitor', displayName: 'visitor' };
/** 07:00 to 14:00 the next day (the first evening, and a day to seek someone out), or to the event's second hour. */
const MIN_HOURS = 31;

interface Seen {
  at: number;
  where: Record<string, string>;
}

async function run(profile: ProfileName, t: (typeof NEW_TOWNS)[number]) {
  const llm = new PassThroughRecorder(PROFILES[profile]());
  const service: TownService = await scenarioTown(llm, newTownFile(t.town), `${t.town}-${profile}`, 7);
  await service.setPersona(me, 'Robin', 'a visitor staying at the inn');
  const perHour = 60 / service.settings().minutesPerTick;
  const seen: Seen[] = [];
  const look = () => {
    const s = service.snapshot();
    seen.push({ at: s.clock.now, where: Object.fromEntries(s.residents.map((r) => [r.profile.name, r.location])) });
  };
  const heard: string[] = [];
  const eventAt = Date.parse(`${t.event.start.replace(' ', 'T')}:00Z`);
  const hours = Math.max(MIN_HOURS, Math.ceil((eventAt - service.snapshot().clock.now) / 3_600_000) + 2);
  for (let i = 0; i < hours * perHour; i++) {
    await service.step(1);
    look();
    // mid-morning, a visitor asks the holder of the private matter about plans, wherever they are
    if (heard.length === 0 && i >= 3 * perHour) {
      const holder = service.residents().find((r) => r.name === t.secret.holder)!;
      if (!holder.travellingTo) {
        const said = await service.say(
          holder.location.id,
          me,
          `Hello ${holder.name.split(' ')[0]}! What are your plans?`,
        );
        heard.push(...said.replies.filter((r) => r.name === t.secret.holder).map((r) => r.text));
      }
    }
  }
  const family = await service.interview(t.family.child, me, 'Tell me about your family.');
  const familyInput = llm.inputs('agent_interview').at(-1) as { relations?: { name: string; note: string }[] };
  const ex = await service.exportTown();
  const nameOf = new Map(ex.state.residents.map((r) => [r.profile.id as string, r.profile.name]));
  return { service, llm, seen, heard, family: family.answer, familyInput, ex, nameOf };
}

for (const profile of Object.keys(PROFILES) as ProfileName[])
  describe.each(NEW_TOWNS)(`$town on the ${profile} profile`, (t) => {
    it('keeps the secret from a visitor and from all but its one; hosts the evening event with guests; family talks as family; workers work', async () => {
      const r = await run(profile, t);
      const first = (n: string) => n.split(' ')[0]!;

      // the secret: never to the visitor; held only by its owner and the one it is meant for
      expect(r.heard.length, 'the visitor was answered').toBeGreaterThan(0);
      for (const line of r.heard) expect(line).not.toMatch(t.secret.word);
      // the morning plan post (in a channel anyone reads) and the public profile never show a block made of it
      const posts = await r.service.outbox.postsAfter(0, 100_000);
      for (const post of posts.filter((x) => x.kind === 'plan')) expect(post.text).not.toMatch(t.secret.word);
      // nor does a talk's channel post or the digest: a line told in confidence is posted as said in private
      for (const post of posts.filter((x) => x.kind === 'dialogue' || x.kind === 'digest'))
        expect(post.text).not.toMatch(t.secret.word);
      // nor what the holder is seen doing: a block made of the secret shows as the place's ordinary business
      for (const post of posts.filter((x) => x.speakerName === t.secret.holder && x.kind !== 'dialogue'))
        expect(post.text).not.toMatch(t.secret.word);
      expect(r.service.publicResident(t.secret.holder).plan.join('\n')).not.toMatch(t.secret.word);
      // offline, "what are your plans?" is answered from the day's plan, not with a stock denial
      if (profile === 'offline') for (const line of r.heard) expect(line).toMatch(/\bfrom \d{1,2}(:\d\d)? (am|pm)\b/);
      const holders = new Set(
        r.ex.memories
          .filter((m) => t.secret.word.test(m.description) && m.kind !== 'interview' && !m.meta?.persona)
          .map((m) => r.nameOf.get(m.agentId)),
      );
      for (const h of holders) expect([t.secret.holder, t.secret.tellTo]).toContain(h);
      // confiding happens: the holder's day plan seeks out the one it is meant for; offline, that one has heard it
      // from the holder by the next afternoon (the realistic double's lines are not about anything it was given)
      const sought = r.llm
        .inputs('agent_plan_day')
        .some(
          (i) =>
            i.name === t.secret.holder &&
            (i.confide as { name: string }[] | undefined)?.some((x) => x.name === t.secret.tellTo),
        );
      expect(sought, `${t.secret.holder} seeks out ${t.secret.tellTo}`).toBe(true);
      if (profile === 'offline') {
        expect(holders.has(t.secret.tellTo), `${t.secret.tellTo} was told`).toBe(true);
        // told by its owner in the owner's own voice: "I have decided", never "she has decided" of herself
        const told = r.ex.memories.filter(
          (m) =>
            r.nameOf.get(m.agentId) === t.secret.tellTo && m.kind === 'dialogue' && t.secret.word.test(m.description),
        );
        expect(told.length).toBeGreaterThan(0);
        for (const m of told) expect(m.description).not.toMatch(/\b(?:she|he) (?:has|is|was|had)\b/i);
        // a confidence keeps the matter confided, not the small talk around it: a later chat between the two ("I'm
        // working at the Quay Stores") is not said in private, nor does it hide their work from the plan posts
        const confidential = new RegExp(`${t.secret.word.source}|${SECRET_WORDS.source}`, 'i');
        for (const m of r.ex.memories.filter((x) => x.kind === 'dialogue' && isKept(audienceOf(x))))
          expect(m.description).toMatch(confidential);
      }

      // the evening event: the host at its place in its first hour, and someone else there with them (Gullhaven's
      // quiz is said only in its host's text: he goes to invite the residents it names, agent/seek.ts)
      const start = Date.parse(`${t.event.start.replace(' ', 'T')}:00Z`);
      const missed = (t.neutralMisses as readonly string[]).includes('event');
      if (missed)
        expect(
          r.llm
            .inputs('agent_plan_day')
            .some((i) => i.name === t.event.host && ((i.events as unknown[]) ?? []).length > 0),
        ).toBe(false);
      else {
        const during = r.seen.filter((s) => s.at > start && s.at <= start + 60 * 60_000);
        expect(during.length).toBeGreaterThan(0);
        const planned = r.llm
          .inputs('agent_plan_day')
          .some(
            (i) =>
              i.name === t.event.host &&
              (i.events as { place: string; hosting: boolean }[] | undefined)?.some(
                (e) => e.hosting && e.place === t.event.place,
              ),
          );
        expect(planned, `${t.event.host}'s plan knows the event`).toBe(true);
        if (profile === 'offline')
          expect(
            during.some((s) => s.where[t.event.host] === t.event.place),
            `${t.event.host} hosts`,
          ).toBe(true);
        const guests = new Set(
          during.flatMap((s) =>
            Object.entries(s.where)
              .filter(([who, at]) => who !== t.event.host && at === t.event.place)
              .map(([who]) => who),
          ),
        );
        if (profile === 'offline') expect(guests.size, 'guests at the event').toBeGreaterThan(0);
      }
      // family as family: the child's interview is given each parent as a parent, never a housemate
      for (const p of t.family.parents) {
        const note = r.familyInput.relations?.find((x) => x.name === p)?.note ?? '';
        expect(note, `${t.family.child} about ${p}`).toMatch(
          new RegExp(`^${first(t.family.child)}'s (mother|father|parent)`),
        );
      }
      if (profile === 'offline') for (const p of t.family.parents) expect(r.family).toContain(first(p));

      // a worker at work: the day plan is asked with today's work at its place; offline, the worker is there
      // somewhere in the working morning of the first day (the realistic double plans blocks at random places)
      const asked = r.llm
        .inputs('agent_plan_day')
        .some((i) => i.name === t.worker.who && (i.work as { place: string } | undefined)?.place === t.worker.place);
      expect(asked, `${t.worker.who}'s plan knows the work`).toBe(true);
      const morning = r.seen.filter((s) => s.at > start - 10 * 60 * 60_000 && s.at < start - 6 * 60 * 60_000);
      if (profile === 'offline')
        expect(
          morning.some((s) => s.where[t.worker.who] === t.worker.place),
          `${t.worker.who} at work`,
        ).toBe(true);
    }, 300_000);
  });
