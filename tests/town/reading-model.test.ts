// The town's reading on a real model path (issue 32 item 8): the real SDK against the local OpenAI-compatible
// server answering a good, a partial and a wrong reading. What the text holds and the town allows is kept; an item
// naming an unknown person or place, quoting words the text lacks, or set outside the calendar is refused and
// reported; the neutral reader fills in the kinds refused, and the log says so. Also: a sidecar edited into
// nonsense is refused with file, line and reason, and the town loads without it.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { simulate } from '../../src/eval/simulate.ts';
import { createLanguageModel } from '../../src/llm/index.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import { loadTownFile } from '../../src/town/file-io.ts';
import type { ReadResidentOutput } from '../../src/town/reading/prompt.ts';
import { readTown, readTownNeutral } from '../../src/town/reading/read.ts';
import { readingText } from '../../src/town/reading/show.ts';
import { sidecarPath, sidecarText } from '../../src/town/reading/sidecar.ts';
import { townFrame, townTexts } from '../../src/town/reading/town-text.ts';
import type { ResidentText, TownFrame } from '../../src/town/reading/types.ts';
import { type FakeOpenAI, reply, startFakeOpenAI } from '../support/fake-openai.ts';

const frame: TownFrame = {
  start: '2025-03-10 07:00',
  people: ['Ida Brenn', 'Ola Brenn', 'Tove Lind'],
  places: [
    { id: 'brenn-house', name: 'the Brenn house' },
    { id: 'crust', name: 'Crust' },
    { id: 'the-anchor', name: 'The Anchor' },
  ],
};
const ida: ResidentText = {
  resident: 'Ida Brenn',
  passages: [
    {
      field: 'currently',
      text: 'Ida bakes at Crust from half past six until three, Monday to Saturday. She has decided to sell the bakery. Nobody knows yet; her sister Tove Lind will be the first and only one she tells.',
    },
    {
      field: 'seed',
      text: 'Ida lives with her husband Ola Brenn. Ida is hosting a quiz night at The Anchor on the first evening, 7-9 pm.',
    },
  ],
};
const empty: ReadResidentOutput = {
  family: [],
  household: [],
  work: null,
  routine: [],
  busyWith: [],
  secrets: [],
  events: [],
};
const good: ReadResidentOutput = {
  ...empty,
  family: [
    { name: 'Tove Lind', relation: 'sister', quote: 'her sister Tove Lind' },
    { name: 'Ola Brenn', relation: 'husband', quote: 'her husband Ola Brenn' },
  ],
  household: [{ name: 'Ola Brenn', quote: 'lives with her husband Ola Brenn' }],
  work: {
    place: 'crust',
    days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
    start: '06:30',
    end: '15:00',
    quote: 'bakes at Crust from half past six until three',
  },
  secrets: [
    {
      owner: 'Ida Brenn',
      matter: 'has decided to sell the bakery',
      tellTo: ['Tove Lind'],
      quote: 'She has decided to sell the bakery. Nobody knows yet',
    },
  ],
  events: [
    {
      kind: 'quiz night',
      host: 'Ida Brenn',
      place: 'the-anchor',
      date: '2025-03-10',
      start: '19:00',
      end: '21:00',
      invite: [],
      quote: 'hosting a quiz night at The Anchor on the first evening, 7-9 pm',
    },
  ],
};

let fake: FakeOpenAI;
beforeEach(async () => {
  fake = await startFakeOpenAI();
});
afterEach(async () => {
  await fake.close();
});

const model = () =>
  createLanguageModel({ provider: 'compatible', baseURL: fake.baseURL, chatModel: 'fake-reader', maxAttempts: 1 });

describe('reading a town on the model path', () => {
  it('keeps a good reading whole: one strict call per resident, each item quoted', async () => {
    fake.onChat(() => reply.chat(good));
    const r = await readTown([ida], frame, { model: model() });
    expect(fake.chatRequests()).toHaveLength(1);
    const body = fake.chatRequests()[0]!.body;
    expect(body.response_format?.json_schema?.strict).toBe(true);
    expect(body.messages.at(-1)!.content).toContain('her sister Tove Lind will be the first and only one she tells');
    expect(r.source).toEqual({ by: 'model', model: 'fake-reader' });
    expect(r.dropped).toEqual([]);
    const x = r.residents[0]!;
    expect(x.family.map((k) => `${k.name}:${k.relation}`)).toEqual(['Tove Lind:sister', 'Ola Brenn:husband']);
    expect(x.work).toMatchObject({ place: 'crust', start: '06:30', end: '15:00' });
    expect(x.secrets[0]).toMatchObject({ owner: 'Ida Brenn', tellTo: ['Tove Lind'] });
    expect(x.events[0]).toMatchObject({
      kind: 'quiz night',
      place: 'the-anchor',
      start: '2025-03-10 19:00',
      end: '2025-03-10 21:00',
      invite: 'everyone',
    });
  });

  it('refuses wrong items with their reasons, keeps the rest, and the neutral reader fills in the kinds refused', async () => {
    const wrong: ReadResidentOutput = {
      ...good,
      family: [
        { name: 'Piet Vos', relation: 'brother', quote: 'her sister Tove Lind' }, // nobody in town
        { name: 'Tove Lind', relation: 'sister', quote: 'her sister Tove Lind' },
      ],
      work: { place: 'the-school', days: null, start: '08:00', end: '16:00', quote: 'bakes at Crust' }, // no such place
      secrets: [{ owner: 'Ida Brenn', matter: 'is leaving for Oslo', tellTo: [], quote: 'she is leaving for Oslo' }], // not in the text
      events: [{ ...good.events[0]!, date: '2025-09-10' }], // months after the story
    };
    fake.onChat(() => reply.chat(wrong));
    const logs: string[] = [];
    const r = await readTown([ida], frame, { model: model(), log: (m, d) => logs.push(`${m} ${JSON.stringify(d)}`) });
    const reasons = r.dropped.map((d) => `${d.kind}: ${d.reason}`);
    expect(reasons).toContain('family: names Piet Vos, who is not a resident');
    expect(reasons).toContain(`work: names the place "the-school", which is not one of the town's`);
    expect(reasons.some((x) => x.startsWith('secrets: quotes words the text does not hold'))).toBe(true);
    expect(reasons.some((x) => /events: its start 2025-09-10 19:00 falls outside the town's calendar/.test(x))).toBe(
      true,
    );
    const x = r.residents[0]!;
    expect(x.family.map((k) => k.name)).toContain('Tove Lind');
    expect(x.family.map((k) => k.name)).not.toContain('Piet Vos');
    expect(x.secrets.map((s) => s.matter).join(' ')).not.toContain('Oslo');
    expect(r.filledIn.length).toBeGreaterThan(0);
    expect(logs.some((l) => l.startsWith('reading: items the checks refused'))).toBe(true);
    expect(logs.some((l) => l.startsWith('reading: the neutral reader filled in'))).toBe(true);
    expect(readingText(r, (id) => id)).toContain('Dropped (');
  });

  it('a partial reading or a failed call is filled in by the neutral reader, and the log says so', async () => {
    fake.onChat(() => reply.chat({ ...empty, family: good.family }));
    const partial = await readTown([ida], frame, { model: model() });
    expect(partial.residents[0]!.family).toHaveLength(2);
    expect(partial.dropped).toEqual([]);
    fake.onChat(() => reply.serverError(500));
    const logs: string[] = [];
    const failed = await readTown([ida], frame, { model: model(), log: (m) => logs.push(m) });
    expect(failed.filledIn).toEqual(["everything of Ida Brenn (the model's call failed)"]);
    expect(logs[0]).toMatch(/the model could not read a resident/);
  });

  it("a town created with the model says in the town's log what the model could not read", async () => {
    // every call fails: the reading falls back to the neutral reader, and the town's log (not only the CLI's) says so
    fake.onChat(() => reply.serverError(500));
    const logs: string[] = [];
    await simulate({
      hours: 0,
      llm: model(),
      embedder: new LexicalEmbedder({ dimensions: 64 }),
      seed: 1,
      evaluate: false,
      log: (_level, msg) => logs.push(msg),
    });
    expect(logs.filter((m) => /the model could not read a resident/.test(m)).length).toBe(10);
    expect(logs.some((m) => /the neutral reader filled in/.test(m))).toBe(true);
  });
});

describe('the sidecar', () => {
  it('written from a reading, is taken back whole on the next load (the read -> correct -> load round trip)', () => {
    for (const name of ['gullhaven', 'marrowby', 'pennock-cross', 'saltmarsh']) {
      const dir = mkdtempSync(join(tmpdir(), 'reading-'));
      const file = join(dir, `${name}.yaml`);
      writeFileSync(file, readFileSync(new URL(`../fixtures/towns/${name}.yaml`, import.meta.url), 'utf8'));
      const town = loadTownFile(file);
      const read = readTownNeutral(townTexts(town), townFrame(town));
      writeFileSync(sidecarPath(file), sidecarText(read));
      const again = loadTownFile(file);
      expect(again.readingProblems, name).toBeUndefined();
      expect(again.reading?.residents, name).toEqual(read.residents);
    }
  });

  it('is used when it lies beside the town file; nonsense in it is refused with file, line and reason', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reading-'));
    const file = join(dir, 'saltmarsh.yaml');
    writeFileSync(file, readFileSync(new URL('../fixtures/towns/saltmarsh.yaml', import.meta.url), 'utf8'));
    const town = loadTownFile(file);
    expect(town.reading).toBeUndefined();
    const side = sidecarPath(file);
    expect(side).toBe(join(dir, 'saltmarsh.reading.yaml'));
    const fixed = {
      version: 1 as const,
      source: { by: 'neutral' as const },
      residents: [
        {
          resident: 'Leo Castell',
          family: [],
          household: [],
          work: null,
          routine: [],
          busyWith: [],
          secrets: [],
          events: [],
        },
      ],
      dropped: [],
      filledIn: [],
    };
    fixed.residents[0]!.family = [{ name: 'Marta Castell', relation: 'mother', quote: '' }] as never;
    writeFileSync(side, sidecarText(fixed));
    const withSide = loadTownFile(file);
    expect(withSide.reading?.source).toEqual({ by: 'sidecar', file: side });
    expect(withSide.reading?.residents.find((x) => x.resident === 'Leo Castell')?.family).toEqual([
      { name: 'Marta Castell', relation: 'mother', quote: '' },
    ]);
    // every resident is read: those the sidecar leaves out by the neutral reader
    expect(withSide.reading?.residents).toHaveLength(town.residents.length);

    writeFileSync(
      side,
      sidecarText(fixed).replace('relation: mother', 'relation: landlady').replace('Marta Castell', 'Nobody Here'),
    );
    const bad = loadTownFile(file);
    expect(bad.reading).toBeUndefined();
    expect(bad.readingProblems?.[0]).toMatch(/saltmarsh\.reading\.yaml is not used/);
    expect(bad.readingProblems?.[0]).toMatch(/line \d+: residents\.0\.family\.0\.relation/);
    expect(bad.residents).toHaveLength(town.residents.length); // the town keeps what its file declares
  });
});
