// Work and routine: the one town place the resident works at ("runs Quint's Bakery", "a teacher at the school",
// "behind the bar at The Anchor", the town file's declared workplace), its days ("Monday to Saturday", "weekdays")
// and hours (read in work-hours.ts: "opens at half past six and shuts at 3 pm", "9 to 5"); and what the resident does
// regularly besides ("walks the dog at 7", "the pub on Fridays"). Past work ("retired from", "used to run") is no
// workplace.
import type { WorkItem } from '../types.ts';
import { weekdaysIn } from './calendar.ts';
import { hm, windowsIn } from './clock.ts';
import { placeId, placesIn } from './places.ts';
import { type Doc, STAMP, tellsOfResident } from './text.ts';
import { type Candidate, clausesOf, EVENTY, workHours } from './work-hours.ts';

/** Verbs and nouns that put someone at work in the place after them. */
const WORK_BEFORE =
  /\b(?:works?|working|worked|job|jobs|employed|employee|run|runs?|running|(?<!(?:my|her|his|their|its|our|your)\s)owns?|owning|owner|kept|inherited|took over|farms?|farming|building|builds|mends?|mending|repairs?|fixing|fixes|sells?|selling|pulls? (?:pints|beers)|pours?|brews?|manages?|managing|manager|manage|keeps?|keeping|opens?|opening|open up|staffs?|tends?|tending|serves?|serving|teach|teaches|teaching|teacher|help|shifts?|clerk|assistant|landlord|landlady|proprietor|proprietress|minds?|helps? out|helps? (?:at|in)|volunteers?|baker|bakes|cooks?|chef|waitress|waiter|barman|barmaid|bartender|nurse|doctor|vet|librarian|keeper|\w+keeper|colleagues?|shopkeeper|storekeeper|head|headteacher|headmistress|headmaster|priest|vicar|caretaker|cleaner|mechanic|pharmacist|receptionist|postmistress|postmaster|partner|runs the|is in charge of|in charge|at the counter|behind the (?:bar|counter|desk)|on the till|(?:on|for) duty|on shift|based (?:at|in)|kitchens? (?:of|at)|(?:it['’]s|i['’]m|am|is|are)\s+back (?:to|at)|(?:^\s*|:\s+)on(?= at\b)|opened|cut(?:s|ting)?\b[^,;.]{0,25}\bhair|clocks? in|apprentice\w*|trainee|intern|ranger|warden|harbou?rmaster|stationmaster|skipper|captain|grocer|butcher|fishmonger|florist|tailor|seamstress|barber|hairdresser|curator|guide|porter|janitor|secretary|asst|farmer|farmed|fisherman|fisherwoman|driver|licensee|occupation|place of work|employment|(?:have|has|own)\s+(?:a\s+)?(?:(?:small|little|big|own)\s+)?(?:shop|store|stall|business|salon|café|restaurant)\b[^,;.]{0,20}|reports? to|reporting to|clocks? on|sold\b[^,;.]{0,50}\bfrom|stands? behind|stood behind|mechanic|tech|technician|instructor|cashier|stocking|stacks? shelves|answers? the phones?|cuts? hair|braids? hair|roasts?|roasted|bakes|baked|brews|makes? the|gut|guts)(?![\w-])/i;
const WORK_AFTER =
  /^\W{0,3}(?:\s*\(\s*(?:hers|his|mine|own|her own|his own|their own|family(?:['’]s)?(?: business| shop)?)\s*\)|\s*(?:cook|chef|teacher|nurse|caretaker|cleaner|secretary|librarian|clerk|keeper|landlord|landlady|manager|porter|janitor|receptionist|baker|barman|barmaid|waitress|waiter|assistant|owner)\b|(?:,\s*)?(?:where|which)\s+(?:she|he|i|they)\s+(?:(?:still|now|also|has|have)\s+)?(?!shares?|lives?|sleeps?|stays?|visits?|eats?|drinks?|meets?|loves?)[a-z]+|[^,;.]{0,25}?\b(?:serves|opens|is open(?! to\b)|sells)\b|\s*,\s*(?:the\s+|a\s+)?(?:[a-z]+\s+)?(?:baker|owner|cook|chef|landlord|landlady|manager|clerk|teacher|nurse|keeper|barman|barmaid|waitress|waiter|assistant|since)\b|['’]s\s+(?:owner|manager|landlord|landlady|proprietor|keeper|head|cook|chef|baker|clerk|nurse|doctor|vet|teacher|caretaker|cleaner|librarian|barman|barmaid|bartender))/i;
/** "... from the Winstub — I cook there six nights a week": work said of the place just named, in the next clause. */
const THERE_AFTER =
  /^\W{0,3}(?:and\s+)?(?:i|she|he)\s+(?:\w+\s+)?(?:works?|cooks?|serves?|teach(?:es)?|helps?|bakes?)\s+(?:(?:her|him|them|out)\s+)?there\b/i;
const PAST =
  /\b(?:retired|used to|formerly|former|ex-|years ago|until (?:last|she|he)|no longer|gave up|sold|before (?:i|she|he|they) (?:work|worked)|once (?:worked|ran|kept|taught|owned|managed|served|had)|lost (?:her|his|my|their) job|(?:was|got|been) (?:sacked|fired|laid off|let go)|left (?:her|his|my|their) job)\b/i;
const PAST_AFTER =
  /^\W{0,3}(?:until (?:last|she|he|i)\b|(?:for [\w-]+ years )?(?:years ago|before (?:she|he|i) (?:retired|handed|gave|left|sold|passed)))/i;
/** Someone else's role in the place ("Mateo's teacher", "her boss"): not the resident's work. */
const OTHERS_ROLE =
  /(?:\p{L}+['’]s|\p{L}+s['’]|\b(?:her|his|my|their))\s+(?:teacher|owner|manager|boss|landlord|landlady|doctor|nurse|vet|priest|vicar|keeper|chef|cook|baker|clerk|employer)\b/iu;
const NOT_WORK =
  /\b(?:drinks?|drinking|visits?|visiting|eats?|eating|shops?(?=\s+(?:at|in|for|on)\b)|shopping|buys?|buying|meets?|meeting|regular|customer|lunch|breakfast|dinner|supper|coffee|prays?|worships?|swims?|walks?|walking|sings?|choir|quiz|party|hosting|host|hosts|holds?|holding|throw|throwing|invite\w*|evening|concert|dance|show|(?:takes?|taking|has|having|enjoys?|nurses?|nursing)\s+(?:his|her|their|my|a|one|the)\s+(?:\w+\s+)?(?:pint|drink|half|tipple)|eyes?\s+on)\b/i;
/**
 * A sentence that says the resident holds no job: "Doesn't work, she's at school", "owns the mill but doesn't work
 * there any more", "is not working anymore, before he had the chemist", "is a retired cannery foreman".
 */
const NO_JOB =
  /\b(?:(?:does|do|did)(?:\s+not|n['’]?t)\s+work|(?:is|am|are)(?:\s+not|n['’]t)\s+working|not working|no longer works?|works nowhere|(?:has|have)\s+no\s+job|(?:does|do)(?:\s+not|n['’]?t)\s+have\s+(?:a\s+)?(?:job|work)|out of work|unemployed|(?:is|['’]s|now|a)\s+retired)\b/i;
/** A job wanted, asked for or applied for, not held. */
const WANTS_JOB =
  /\b(?:angling|hoping|looking|applying|applied|asking|asked|wants?|wanting|would like|fancies|fancying|dreams? of|dreaming of|saving up|after|for an interview)\s+(?:for\s+|to get\s+)?(?:a|an)\s+(?:[\p{L}-]+\s+){0,2}?(?:job|post|position|placement|shift|apprenticeship)\b[^,;.]*$/iu;
/** Verbs of living somewhere. */
const LIVING = /\b(?:lives?|living|lived|shares?|sharing|shared|stays?|staying|lodges?|lodging|from home|at home)\b/gi;

/** A home's name ("the Iyer house"), not a business called a house ("the tea house", "the public house"). */
const HOMEY =
  /(?<!\b(?:tea|coffee|public|guest|boarding|opera|ale|bake|custom|meeting|auction|club|store|ware|court|chop|noodle|counting)\s)\b(?:house|home|cottage|flat|apartment|bungalow|residence)\b/i;

/** After a heading's place ("Fox and Hounds — H. Garland, landlord.", "The Swan — B. Cole's book"): who keeps it. */
const KEEPER_NEXT =
  /^\s*(?:[^,;.]{0,30},\s*)?(?:landlord|landlady|licensee|owner|proprietor|proprietress|manager|keeper|publican)\b|^\s*(?:landlord|landlady|licensee|owner|manager|keeper)['’]s\b/i;

/** The resident's workplace: the place a work verb or noun, or working hours, point at; the strongest first. */
function workplace(doc: Doc): Candidate | null {
  let best: Candidate | null = null;
  const places = doc.frame.places;
  for (const s of doc.sentences) {
    const marked = clausesOf(s.marked);
    const entry = s.text.replace(STAMP, '');
    for (const [ci, c] of clausesOf(s.text).entries()) {
      const mc = marked[ci] ?? '';
      for (const m of placesIn(c, places)) {
        const before = c.slice(Math.max(0, m.at - 70), m.at);
        const after = c.slice(m.at + m.length, m.at + m.length + 60);
        // the verb phrase the place ends: a new one starts after ", and" ("lives at home ..., and works at the pub")
        const clause = before.split(/[.]|,\s*(?=(?:and|but)\s)/).pop() ?? '';
        // "Mateo's teacher says ...": a work word naming someone else's role does not count
        const roles = [...clause.matchAll(new RegExp(OTHERS_ROLE.source, 'giu'))].map((r) => [
          r.index,
          r.index + r[0].length,
        ]);
        const own = [...clause.matchAll(new RegExp(WORK_BEFORE.source, 'gi'))].filter(
          (w) => !roles.some(([a, b]) => w.index >= a! && w.index < b!),
        );
        const leisure = NOT_WORK.test(clause.slice(-25)) && !/\b(?:works?|runs?|owns?|manages?|job)\b/i.test(clause);
        // "works from home, lives with her brother at the Quist house", "shares the flat above Sell's Bakery": the
        // nearest verb before the place is living there, not working there
        // (a quoted note starts a phrase of its own: "on the fridge at home: 'café 7.30-2.30'")
        const phrase = clause.split(/,|:\s*['‘"“]?|\s['‘"“]/).pop() ?? clause;
        const living = [...phrase.matchAll(LIVING)].pop();
        if (living && !new RegExp(WORK_BEFORE.source, 'i').test(phrase.slice(living.index! + living[0].length)))
          continue;
        // "owner of the flat above Marsh Books": a home over or behind the place, not work in it
        if (
          /\b(?:flat|house|cottage|apartment|caravan)\s+(?:above|over|behind|next to|beside)\s+(?:the\s+|\p{L}+['’]s?\s+)?$/iu.test(
            before,
          )
        )
          continue;
        // "to help at the fish market, which is not my job"
        if (/^\W{0,3}(?:,\s*)?which\s+(?:is|was)\s+(?:not|n['’]t|no)\b/i.test(after)) continue;
        // "has offered me the manager's post at the mill": a job offered or applied for is not the one held
        if (/\b(?:offered|offer of|applied for|applying for|interview for)\b[^,;.]*$/i.test(clause)) continue;
        let score = 0;
        if (own.length > 0 && !leisure) score += 3;
        // "takes his pint at the Ship when it opens at noon": the place's hours, to a customer
        if (WORK_AFTER.test(after) && !leisure) score += 3;
        const there = THERE_AFTER.exec(after.trim() === '' ? (clausesOf(s.text)[ci + 1] ?? '') : after);
        if (there) score += 3;
        // a day book's heading: the place alone in its clause, then its keeper or the resident's own book
        const next = clausesOf(s.marked)[ci + 1] ?? '';
        if (
          /^\W*(?:the\s+)?$/i.test(c.slice(0, m.at)) &&
          /^\s*(?:[\p{L}'’]+\s*){0,2}$/u.test(after) &&
          (KEEPER_NEXT.test(next) || new RegExp(`^\\s*@${doc.frame.people.indexOf(doc.resident)}(?!\\d)`).test(next))
        )
          score += 3;
        const R = doc.frame.people.indexOf(doc.resident);
        // "Ashka Venn, glassblower at Kasz Glassworks", "Rosalind Finch — schoolteacher at Dunn schoolhouse": a role
        // apposed to the resident's name, at the place
        if (
          new RegExp(
            String.raw`@${R}(?!\d)(?!['’]s)\s*(?:,|[—–-])\s*(?:\d{1,3}\s*,\s*)?(?:[\p{L}'’-]+\s+){1,3}(?:at|in)\s+(?:the\s+)?$`,
            'u',
          ).test(mc.slice(0, mc.length - (c.length - m.at))) ||
          // (a note's heading name, then the role: "Rosalind Finch — schoolteacher at Dunn schoolhouse")
          (new RegExp(String.raw`^\W*@${R}(?!\d)(?!['’]s)\W*$`).test(marked[ci - 1] ?? '') &&
            /^\W*(?:[\p{L}'’-]+\s+){1,3}(?:at|in)\s+(?:the\s+)?$/iu.test(c.slice(0, m.at)))
        )
          score += 3;
        if (
          new RegExp(`@${R}(?!\\d)(?!['’]s)\\s*,?\\s+(?:from|of)\\s+(?:the\\s+)?$`).test(
            mc.slice(0, mc.length - (c.length - m.at)),
          )
        )
          score += 3;
        // "The Lind farm is worked by Oskar Lind": the passive's agent
        const by =
          /^\s*(?:is|are|was|has been)\s+(?:\w+\s+)?(?:worked|run|kept|managed|owned|staffed|farmed|tended|minded)\s+by\s+([^,;.]{0,40})/i.exec(
            after,
          );
        if (by && (by[1]!.includes(doc.resident.split(' ')[0]!) || /\b(?:her|him|me)\b/i.test(by[1]!))) score += 3;
        const hours = !EVENTY.test(c) && windowsIn(c, { workday: true }).some((w) => w.end !== null);
        // a sentence saying the resident holds no job names no workplace, unless it gives working hours
        if (NO_JOB.test(entry) && !hours) continue;
        if (hours && !leisure) score += 3;
        // "I make the ma'amoul at Haddad Sweets — my father's shop — from half six till the trays run out, every
        // day but Monday": working hours and days in the place's sentence, when it says nothing of leisure
        else if (
          !leisure &&
          !NOT_WORK.test(entry) &&
          !EVENTY.test(entry) &&
          !PAST.test(entry) &&
          windowsIn(entry, { workday: true }).length > 0 &&
          (weekdaysIn(entry)?.length ?? 0) >= 2
        )
          score += 2;
        // "fries at Glenda's Caff Monday to Saturday", "snips away at Curl Up & Dye Tuesday to Saturday": whatever the verb,
        // a place followed at once by a span of the week's days is where one works
        if (
          score === 0 &&
          !leisure &&
          !EVENTY.test(c) &&
          !PAST.test(after) &&
          // (a span of days, as a shop's week is said; not a habit's "every morning", "every Tuesday and Thursday")
          /^\W{0,3}(?:from\s+)?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s*(?:to|through|thru|till|until|-|–|—)\s*(?:mon|tue|wed|thu|fri|sat|sun)/i.test(
            after,
          )
        )
          score += 2;
        if (score === 0) continue;
        // past work is said in the place's own phrase ("retired from the school"), not a clause before it
        if (PAST.test(clause.split(',').pop()!.slice(-40)) || PAST_AFTER.test(after)) continue;
        // "They say at the Harbour Bar that ...": where it was said, not where anyone works
        if (
          /^\s*(?:(?:is\s+)?that\s+(?:\p{Lu}|she\b|he\b|they\b|the\b|old\b|young\b)|say|says|said|they say|people say|will tell you|['’]ll tell you)/u.test(
            after,
          )
        )
          score -= 3;
        // "angling for a Saturday job behind the counter at the bakery", "applied for a job at the mill": a job wanted
        // is not work held
        if (WANTS_JOB.test(clause)) continue;
        // "he plans to sell the brewery", "has made up his mind to sell the cottage": a business or a home to be sold or
        // left is not where one works
        if (
          /\b(?:plans?|planning|wants?|going|hopes?|decided|means?|intends?|made up (?:his|her|their|my|our) minds?)\s+to\s+(?:sell|buy|close|leave|quit)\b[^,;.]*$/i.test(
            clause,
          )
        )
          continue;
        // "running a seed swap at The Anchor", "a cook-off will be held at the park" are events there, not work
        if (/\b(?:will be held|takes? place|will take place|is planned|is being held|is scheduled)\b/i.test(clause))
          continue;
        if (
          /\b(?:runs?|running|holds?|holding|hosts?|hosting|organi[sz]\w*|throws?|throwing|giving|gives|leads?|leading|puts? on|putting on|planning|plans|arranging|staging|propos\w+|presid\w+ over|announc\w+)\s+(?:a|an|her|his|their)\s+[^,;.]*$/i.test(
            clause,
          )
        )
          continue;
        // a one-off ("On Thursday evening ... Maud will open the old chapel for a hymn supper") is no workplace
        if (EVENTY.test(c) && !HABIT.test(c) && own.length > 0 && !hours && !WORK_AFTER.test(after)) continue;
        // ("I'm Théo, Hélène and Paul's son from the Winstub — I cook there": the "I" of a text said as "I")
        const mine = !!there && /^\W*(?:and\s+)?i\b/i.test(there[0]) && doc.firstPerson;
        if (!mine && !residentWorks(doc, mc, c, m.at, clause, m.length)) continue;
        if (HOMEY.test(places.find((p) => p.id === m.id)?.name ?? '')) score -= 2;
        if (m.whole) score += 1;
        if (!best || score > best.score) best = { id: m.id, score, sentence: s, clause: ci };
      }
    }
  }
  return best && best.score > 0 ? best : null;
}

/** A name after a verb or preposition is an object ("married Mick", "with Tom"), not who works. */
const OBJECT_BEFORE =
  /\b(?:married|marry|with|for|to|of|by|at|from|told|tells|asked|asks|helps?|helping|gives?|meets?|sees?|visits?|loves?|about|like|than)\s+(?:(?:her|his|my|their)\s+[\p{L}-]+\s*,?\s*)?$/iu;

/**
 * Is the one who works at the place the resident? The subject of the place's verb phrase is the last person named
 * before it in that phrase (else the sentence's), with whoever "and" joins to it ("Farida and her brother Imran
 * run"); "her husband runs the pub" is someone else's work.
 */
function residentWorks(
  doc: Doc,
  markedClause: string,
  clause: string,
  at: number,
  phrase: string,
  length = 0,
): boolean {
  // the marked clause is shorter where names became @k: find the place's own words in it, at or before `at`
  const said = clause.slice(at, at + length);
  const found = length > 0 ? markedClause.lastIndexOf(said, at) : -1;
  // (a quoted note starts anew: "to his sister Ines, who shares the flat over the deli with him: 'deli 8 till 6'")
  const head =
    markedClause
      .slice(0, found >= 0 ? found : Math.max(0, markedClause.length - (clause.length - at)))
      .split(/[:,]\s*['‘"“]/)
      .pop() ?? '';
  // "Pilar Navarro, who runs Bar Navarro", "her husband, Abdi, who runs the butcher's": someone else's relative clause
  const relOther = /@(\d+)(?!['’]s)\s*,\s*(?:who|whose)\b[^,;@]*$/i.exec(head);
  if (relOther && doc.frame.people[Number(relOther[1])] !== doc.resident) return false;
  // "My aunt gives me Saturday shifts in the chandlery": the one given the work
  if (
    /\b(?:gives?|offers?|lets?|pays?|found|finds|got)\s+(?:me|her|him)\s+(?:[\p{L}-]+\s+){0,2}(?:shifts?|work|hours|a job|job)\b/iu.test(
      phrase,
    )
  )
    return true;
  // "Rania Haddad, who learned ... elbow, bakes at": the sentence's subject, whatever the relative clause names
  const lead = /^\s*@(\d+)\s*,\s*(?:who|whose)\b/i.exec(head);
  if (
    lead &&
    doc.frame.people[Number(lead[1])] === doc.resident &&
    !/,\s*(?:and|but|while)\s/.test(
      head
        .slice(-80)
        .split(/,\s*(?:who|whose)\b/)
        .pop() ?? '',
    )
  )
    return true;
  const local = head.split(/,\s*(?=(?:and|but)\s)/).pop() ?? head;
  const subjectOf = (h: string) =>
    [...h.matchAll(/@(\d+)(?!['’]s)|\b(?:she|he|i|me)\b/gi)].filter((t) => !OBJECT_BEFORE.test(h.slice(0, t.index)));
  const localTokens = subjectOf(local);
  const tokens = localTokens.length > 0 || local !== head ? localTokens : subjectOf(head);
  const scope = tokens === localTokens ? local : head;
  const last = tokens[tokens.length - 1];
  // "im saving up ... dad works the crown": a relative named after the last person is the one who works there
  const kinAfter = scope.slice(last ? (last.index ?? 0) + last[0].length : 0);
  if (
    /(?:^|[\s,.;])(?:mum|mam|mom|dad|nan|gran|grandad|grandma|grandpa)\s+(?:(?:still|now|also|always|usually|often)\s+)?(?:\w+s|is|has)\b[^,;.@]*$/i.test(
      kinAfter,
    )
  )
    return false;
  if (!last) return !/\b(?:her|his|their|my)\s+[\p{L}-]+\s+(?:\w+s|is|has)\b[^,;.]*$/iu.test(phrase) || local !== head;
  const isResident = (t: string) => !t.startsWith('@') || doc.frame.people[Number(t.slice(1))] === doc.resident;
  // ("she is a doctor at the surgery" in a child's essay signed by the resident is someone else's work)
  if (last[1] === undefined && /^(?:she|he)$/i.test(last[0]) && doc.firstPerson && !tellsOfResident(doc)) return false;
  if (last[1] === undefined || isResident(last[0])) return true;
  const joined = /(@\d+|\b(?:she|he|i))\s+(?:and|&)\s+(?:(?:her|his|my)\s+[\p{L}-]+\s+)?$/iu.exec(
    scope.slice(0, last.index),
  );
  return !!joined && isResident(joined[1]!);
}

export function readWork(doc: Doc, declared?: string): WorkItem | null {
  const found = workplace(doc);
  const declaredId = declared ? placeId(declared, doc.frame.places) : null;
  const id = declaredId ?? found?.id ?? null;
  if (!id) return null;
  let at: Candidate | null = found?.id === id ? found : null;
  if (!at)
    for (const s of doc.sentences) {
      const ci = clausesOf(s.text).findIndex((c) => placesIn(c, doc.frame.places).some((m) => m.id === id));
      if (ci >= 0) {
        at = { id, score: 0, sentence: s, clause: ci };
        break;
      }
    }
  // a declared workplace the text never names ("Chemist weekdays, nine till seven." of the pharmacy): the daily plan's
  // first sentence with hours in it says them
  if (!at && declaredId) {
    const s = doc.sentences.find(
      (x) => x.field === 'dailyPlan' && windowsIn(x.text, { workday: true }).length > 0 && !EVENTY.test(x.text),
    );
    if (s) at = { id, score: 0, sentence: s, clause: 0 };
  }
  if (!at) return { place: id, days: null, start: null, end: null, quote: declared ?? '' };
  const { window, days, end } = workHours(doc, at);
  return {
    place: id,
    days,
    start: window ? hm(window.start) : null,
    end: window?.end != null ? hm(window.end) : end !== null ? hm(end) : null,
    quote: at.sentence.text,
  };
}

/** Words of a habit: what is done every week or day. */
export const HABIT =
  /\b(?:every|each|daily|nightly|weekly|usually|always|most (?:days|mornings|evenings|nights)|on (?:mon|tues|wednes|thurs|fri|satur|sun)days|(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekends|mornings|evenings)\b/i;
