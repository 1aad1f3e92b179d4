// What a town tracks (issue 23 item 1): facts and events declared in a town file or in a file beside
// Smallville-format files, or read from the town's text (its reading), with bad input refused by line and reason.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTownCli } from '../../src/cli/town.ts';
import { withoutReportFrame } from '../../src/core/text.ts';
import { interviewBattery, toSecondPerson } from '../../src/eval/evaluation.ts';
import { answerKnowsFact, memorySupportsFact } from '../../src/eval/judge.ts';
import { buildTownState } from '../../src/town/build.ts';
import { parseTownFile, TownFileError, validateTownFile } from '../../src/town/file.ts';
import { readTownNeutral } from '../../src/town/reading/read.ts';
import { townFrame, townTexts } from '../../src/town/reading/town-text.ts';
import { trackedFromReading } from '../../src/town/reading/tracked.ts';
import { importSmallvilleTracked } from '../../src/town/smallville.ts';
import { readSmallvilleDir } from '../../src/town/smallville-files.ts';
import { factKeywords, keywordStem, secretFact } from '../../src/town/tracked.ts';

const FIXTURE = new URL('../fixtures/smallville-format/saltmarsh', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'tracked-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of the Smallville-format Saltmarsh with another facts file beside it (or none). */
function folder(name: string, facts: string | null): string {
  const dir = join(tmp, name);
  cpSync(FIXTURE, dir, { recursive: true });
  rmSync(join(dir, 'facts.yaml'), { force: true });
  if (facts !== null) writeFileSync(join(dir, 'facts.yaml'), facts);
  return dir;
}
const START = { start: '2025-06-06 07:00' };

describe('facts and events from the town itself', () => {
  it('a town file declares events (kind, host, place, window, invited) measured as facts with attendance', () => {
    const file = parseTownFile(
      readFileSync(new URL('../fixtures/towns/thornbury.yaml', import.meta.url), 'utf8'),
      'thornbury.yaml',
    );
    const state = buildTownState(file, { initialMind: () => ({}) });
    const swap = state.facts.find((f) => f.id === 'seed-swap')!;
    expect(swap).toMatchObject({
      holder: 'nia-holt',
      question: 'Do you know of any seed swap coming up in town? If so, who is hosting it, and where and when is it?',
      keywords: ['seed*|swap*', 'Nia|Holt|The Grange Hall'],
      event: { kind: 'seed swap', location: 'grange-hall', invited: ['Ruby Holt', 'Tom Ashby'] },
    });
    expect(swap.event!.end - swap.event!.start).toBe(2 * 3_600_000);
  });

  it('a host whose seed does not say its declared event knows it from the start', () => {
    const file = parseTownFile(
      readFileSync(new URL('../fixtures/towns/thornbury.yaml', import.meta.url), 'utf8').replace(
        'events:\n  - id: seed-swap',
        'events:\n  - id: quiz\n    kind: pub quiz\n    host: Tom Ashby\n    place: grange-hall\n    start: "2025-09-10 19:00"\n    end: "2025-09-10 21:00"\n    invited: [Dev Malik]\n  - id: seed-swap',
      ),
      'thornbury.yaml',
    );
    const tom = buildTownState(file, { initialMind: () => ({}) }).residents.find(
      (r) => r.profile.name === 'Tom Ashby',
    )!;
    expect(tom.profile.seed).toContain(
      'Tom Ashby is hosting a pub quiz at The Grange Hall on Wednesday, September 10, from 7:00 pm to 9:00 pm, and means to invite Dev Malik',
    );
  });

  it('a Smallville-format folder takes them from facts.yaml beside it (a place by its sector name)', () => {
    const { town, tracked } = importSmallvilleTracked(readSmallvilleDir(FIXTURE), START);
    expect(tracked).toBe('file');
    expect(town.facts.map((f) => f.id)).toEqual(['harbour-master']);
    expect(town.events).toMatchObject([{ id: 'beach-clean-up', kind: 'beach clean-up', place: 'gull-pier' }]);
  });

  it("without one, the importer takes the event (day, time, place) and the secret from the town's reading, and says so", () => {
    const { town, tracked, notes } = importSmallvilleTracked(readSmallvilleDir(folder('derive', null)), START);
    expect(tracked).toBe('derived');
    expect(town.events).toMatchObject([
      {
        kind: 'beach clean-up',
        host: 'Marta Castell',
        place: 'gull-pier',
        start: '2025-06-07 09:00',
        end: '2025-06-07 11:00',
      },
    ]);
    expect(town.facts).toMatchObject([
      {
        holder: 'Bruno Castell',
        question: 'Do you know whether anyone in town has decided to stand for harbour master? If so, who?',
        keywords: ['Bruno|Castell', 'stand*|harbour*|master*'],
      },
    ]);
    expect(notes.join('\n')).toMatch(/event "beach clean-up" hosted by Marta Castell at Gull Pier/);
    expect(notes.join('\n')).toMatch(
      /from the private matter in Bruno Castell's text: "Bruno Castell has secretly decided/,
    );
  });

  it('`npm run town -- import-smallville` says what it derived, or that it took the file beside', () => {
    let said = '';
    const out = (x: string) => {
      said += x;
    };
    expect(
      runTownCli(['import-smallville', folder('cli', null), '--start', START.start, '--out', join(tmp, 'a.yaml')], out),
    ).toBe(0);
    expect(said).toMatch(
      /6 residents, 6 locations, 1 fact and 1 event to track\.\nDerived \(no facts\.yaml beside the files\):\n {2}- event "beach clean-up"[^\n]*\n {2}- fact "/,
    );
    said = '';
    expect(runTownCli(['import-smallville', FIXTURE, '--out', join(tmp, 'b.yaml')], out)).toBe(0);
    expect(said).toMatch(/1 fact and 1 event to track\.\nFacts and events from facts\.yaml\./);
    // (the file beside says when the town starts)
    expect(readFileSync(join(tmp, 'b.yaml'), 'utf8')).toMatch(/start: 2025-06-06 07:00/);
  });

  it('a town with nothing to track says so', () => {
    const town = validateTownFile(
      {
        name: 'Quiet',
        start: '2025-01-01 07:00',
        locations: [{ id: 'cafe', name: 'Cafe', subAreas: [{ name: 'counter', objects: ['till'] }] }],
        residents: [
          {
            name: 'Ada Stone',
            age: 60,
            innate: 'calm',
            learned: 'Ada Stone runs the cafe.',
            currently: 'Ada Stone likes tea every Sunday at 4 pm.',
            lifestyle: 'Ada wakes at seven.',
            home: 'cafe',
            seed: 'Ada Stone runs the cafe; Ada Stone likes tea every Sunday at 4 pm',
          },
        ],
      },
      'quiet',
    );
    expect(trackedFromReading(town, readTownNeutral(townTexts(town), townFrame(town)))).toEqual({
      facts: [],
      events: [],
      notes: [],
    });
  });

  it('a facts file naming an unknown resident or place, or a time outside the run, is refused with the line and the reason', () => {
    const bad = [
      'facts:',
      '  - id: rumour',
      '    description: The pier will close',
      '    holder: Nobody Known',
      '    question: Have you heard about the pier?',
      '    keywords: [pier]',
      'events:',
      '  - kind: regatta',
      '    host: Marta Castell',
      '    place: Moon Base',
      '    start: "2020-01-01 09:00"',
      '    end: "2020-01-01 11:00"',
      '    invited: [Leo Castell, Someone Else]',
    ].join('\n');
    let err: unknown;
    try {
      importSmallvilleTracked(readSmallvilleDir(folder('bad', bad)), START);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TownFileError);
    expect((err as TownFileError).problems).toEqual([
      "line 4: facts[0].holder: unknown resident 'Nobody Known'",
      "line 10: events[0].place: unknown location 'Moon Base'",
      "line 13: events[0].invited[1]: unknown resident 'Someone Else'",
      'line 11: events[0].start: 2020-01-01 09:00 is before the town starts (2025-06-06 07:00)',
    ]);
    expect((err as Error).message).toMatch(/^Town file facts\.yaml is invalid/);
  });
});

describe("a private matter in a note's words is tracked as its person's", () => {
  it('the fact names its holder; the holder is asked about itself in the second person', () => {
    const f = secretFact(
      'Jo Marsh',
      'Applied for Head of Libraries, Truro. Interview Thurs',
      ['Jo Marsh', 'Meg Pengelly'],
      {
        anyMatter: true,
      },
    )!;
    expect(f.description).toBe('Jo Marsh: Applied for Head of Libraries, Truro. Interview Thurs');
    expect(f.question).toBe(
      "What is new with Jo Marsh lately? Have you heard anything about Jo Marsh's plans or news?",
    );
    expect(toSecondPerson(f.question, 'Jo Marsh')).toBe(
      'What is new with you lately? Have you heard anything about your plans or news?',
    );
    // a matter that names its person already is said as it is
    const g = secretFact('Jo Marsh', 'Jo has applied to Truro', ['Jo Marsh'], { anyMatter: true })!;
    expect(g.description).toBe('Jo has applied to Truro');
  });

  it('a matter told through a frame is the matter, asked as the paper asked: the act named, the person not', () => {
    const people = ['Bryony Dowrick', 'Rhona Tremayne'];
    const f = secretFact(
      'Bryony Dowrick',
      "If you could read Bryony Dowrick's diary, you'd learn she is expecting a baby, due in the spring",
      people,
      { anyMatter: true },
    )!;
    expect(f.description).toBe('Bryony Dowrick is expecting a baby, due in the spring');
    expect(f.question).toBe('Do you know whether anyone in town is expecting a baby? If so, who?');
    // other frames: a diary's or letters' say-so, a rumour, what nobody knows
    for (const [phrase, matter] of [
      ["Bryony's letters say that she has found a house in Leeds", 'Bryony Dowrick has found a house in Leeds'],
      ['Rumour has it she will sell the cafe', 'Bryony Dowrick will sell the cafe'],
      ['What nobody knows is that she has a place at art school', 'Bryony Dowrick has a place at art school'],
    ] as const)
      expect(secretFact('Bryony Dowrick', phrase, people, { anyMatter: true })!.description).toBe(matter);
    // the same frame once a seed's generic "you" was made the resident's name
    expect(withoutReportFrame("If Bryony could read Bryony Dowrick's diary, Bryony'd learn she is expecting")).toBe(
      'she is expecting',
    );
    // a sentence with no frame is kept as it is
    expect(withoutReportFrame('Her diary is on the shelf')).toBe('Her diary is on the shelf');
  });
});

describe('derived keywords mean what the fact says (issue 38)', () => {
  const people = ['Tomasz Nowak', 'Ada Stone'];
  it("are the fact's own content words, stemmed, never time or function words", () => {
    const f = secretFact(
      'Tomasz Nowak',
      "Tomasz Nowak has secretly decided to run for next month's harbour master election",
      people,
    )!;
    expect(f.keywords).toEqual(['Tomasz|Nowak', 'run*|harbour*|master*|election*']);
    expect(f.keywords.join(' ')).not.toMatch(/next|month/);
    expect(factKeywords('Ada Stone is retiring from the mill at the end of term', 'Ada Stone')).toEqual([
      'Ada|Stone',
      'retir*|mill*',
    ]);
    // a stem meets every form of the word
    const kw = factKeywords('Ada Stone is retiring from the mill', 'Ada Stone');
    expect(answerKnowsFact('Ada told me she will retire from the mill.', kw)).toBe(true);
    expect(answerKnowsFact('Ada has retired from the mill.', kw)).toBe(true);
    // a verb in -ply and its noun in -ication are one word ("apply" had cut to "app", "application" stayed whole)
    for (const w of ['apply', 'applies', 'applied', 'applying', 'application', 'applications'])
      expect(keywordStem(w), w).toBe('apply');
    expect(keywordStem('qualified')).toBe(keywordStem('qualification'));
    const job = factKeywords('Ada Stone has applied for the head teacher post', 'Ada Stone');
    expect(answerKnowsFact('Ada put in an application for the head teacher post.', job)).toBe(true);
    // and a sense of "apply" that is no application says nothing of it (a common word, tracked.ts COMMON_WORDS)
    expect(answerKnowsFact('Ada applies herself to everything.', job)).toBe(false);
  });

  it('the holder saying a time word is not knowing, and a memory grounds only with person and act together', () => {
    const f = secretFact(
      'Tomasz Nowak',
      "Tomasz Nowak has secretly decided to run for next month's harbour master election",
      people,
    )!;
    expect(answerKnowsFact('Next I will be reading at home.', f.keywords, { name: 'Tomasz Nowak', holder: true })).toBe(
      false,
    );
    expect(memorySupportsFact('he sells fish at the harbour', f.keywords)).toBe(false);
    expect(memorySupportsFact('Tomasz sells fish at the harbour', f.keywords)).toBe(false);
    expect(memorySupportsFact('Tomasz Nowak told me he is running for harbour master', f.keywords)).toBe(true);
  });

  it("a common verb in a town's own keywords counts in the fact's sense ('the old mill will be sold')", () => {
    const answer =
      'From what I remember, I have privately heard that the old mill will be sold, and tells nobody. Also, I survey the mill.';
    const context = { question: 'Have you heard any news about the old mill?', fact: 'The old mill will be sold' };
    const kw = ['mill', 'sold|sale|selling|sell'];
    expect(answerKnowsFact(answer, kw, { name: 'Dev Malik', holder: true }, context)).toBe(true);
    expect(answerKnowsFact('Pavel sold his old van last week.', ['Pavel', 'sell*|bakery*'])).toBe(false);
  });
});

describe('derived keywords name the person and the act as the fact says them (issue 38 item 2)', () => {
  it('every part of every name, titles aside, a role between commas with the name; a couple is both; holidays are times', () => {
    expect(factKeywords('Father Anselm Roe is retiring from the parish after Easter.', undefined)).toEqual([
      'Anselm|Roe',
      'retir*|parish*',
    ]);
    expect(factKeywords('Tomas Reyes, the farrier, is in the county hospital.', undefined)).toEqual([
      'Tomas|Reyes|farrier*',
      'county*|hospital*',
    ]);
    expect(factKeywords('Mira Sato and Jon Bell are getting married on 3 May.', undefined)[0]).toBe(
      'Mira|Sato|Jon|Bell',
    );
    expect(factKeywords('Mabel Thorne is stepping down at Christmas.', undefined)).toEqual(['Mabel|Thorne', 'retir*']);
  });

  it('naming nobody: the words before its verb and what happens; a post one is chosen for is the act', () => {
    expect(factKeywords('The swimming pool will reopen after repairs.', undefined)).toEqual([
      'swim*|pool*',
      'reopen*|repair*',
    ]);
    expect(factKeywords('Priya Nair has been chosen as the new editor.', undefined)).toEqual([
      'Priya|Nair',
      'choos*|edit*',
    ]);
    // a name after "the" is a place's, unless a family follows
    expect(factKeywords('The Bryncoed bus to Carmarthen will stop running after 31 December.', undefined)).toEqual([
      'bus*',
      'stop*|run*',
    ]);
    expect(factKeywords('The Okafor brothers are turning the old mill into a cider press.', undefined)[0]).toBe(
      'Okafor',
    );
    // a role a person is known by is still not the act
    expect(factKeywords('Ada Stone is retiring as harbour pilot in May.', undefined)).toEqual(['Ada|Stone', 'retir*']);
  });
});

describe('the interview battery from the town itself', () => {
  it('asks its own facts and places, and no mayor question where the town has no mayor', () => {
    const file = parseTownFile(
      readFileSync(new URL('../fixtures/towns/saltmarsh.yaml', import.meta.url), 'utf8'),
      'saltmarsh.yaml',
    );
    const state = buildTownState(file, { initialMind: () => ({}) });
    const qs = interviewBattery('Leo Castell', ['Marta Castell', 'Bruno Castell'], state.facts, ['Gull Pier']).map(
      (q) => q.question,
    );
    expect(qs).toContain('Do you know whether anyone in town is standing for harbour master? If so, who?');
    expect(qs).toContain(
      'Do you know of any beach clean-up coming up in town? If so, who is hosting it, and where and when is it?',
    );
    expect(qs).toContain('A stranger asks you the way to Gull Pier. What do you say?');
    expect(qs.join(' ')).not.toMatch(/mayor|library/i);
    expect(
      interviewBattery('Ada Stone', ['Bo Park'], [])
        .map((q) => q.question)
        .join(' '),
    ).not.toMatch(/mayor/i);
  });
});
