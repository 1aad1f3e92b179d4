// Family that talks as family on towns written outside the project (issue 32): a kin word with no gender ("her
// parents, Sam and Robin", "married to Alex") takes the relative's gender from what the whole town's text says of
// them, never from the name; and a register's abbreviations ("m. Alex", "s. of Sam") are read as the ties they stand
// for. Every sentence here is written for this test, in several styles; most names are ones given to anyone.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLanguageModel } from '../../../src/llm/index.ts';
import { readResidentNeutral } from '../../../src/town/reading/neutral/index.ts';
import { readTown, readTownNeutral } from '../../../src/town/reading/read.ts';
import { emptyReading, type KinItem, type ResidentText, type TownFrame } from '../../../src/town/reading/types.ts';
import { type FakeOpenAI, reply, startFakeOpenAI } from '../../support/fake-openai.ts';

const TOWN: TownFrame = {
  start: '2025-06-02 07:00',
  people: ['Sam Tolley', 'Robin Tolley', 'Kit Tolley', 'Alex Marren', 'Jo Marren', 'Frankie Dunn', 'Charlie Dunn'],
  places: [
    { id: 'tolley-house', name: 'the Tolley house' },
    { id: 'the-plough', name: 'The Plough' },
    { id: 'ferry', name: 'the ferry slip' },
  ],
};
const text = (resident: string, ...fields: string[]): ResidentText => ({
  resident,
  passages: fields.map((t, i) => ({ field: `f${i}`, text: t })),
});
const familyOf = (texts: ResidentText[], who: string, frame = TOWN): KinItem[] =>
  readTownNeutral(texts, frame).residents.find((r) => r.resident === who)!.family;
const tie = (family: readonly KinItem[], name: string) => family.find((k) => k.name === name)?.relation;
const one = (resident: string, t: string) =>
  readResidentNeutral({ resident, passages: [{ field: 'text', text: t }] }, TOWN).family;

describe('a kin word without gender takes the gender the town says', () => {
  it('takes no gender from a list that runs a name into a role ("Asked Alex, Robin, the boy, Jo")', () => {
    const texts = [
      text('Alex Marren', 'Alex Marren, married to Robin Tolley. Fishes off the ferry slip.'),
      text('Frankie Dunn', 'Supper at The Plough, Friday evening. Asked Alex, Robin, the boy, Jo. And Charlie.'),
    ];
    expect(tie(familyOf(texts, 'Alex Marren'), 'Robin Tolley')).toBe('spouse');
    // (said as what Robin is, it counts: "Robin, the landlady,")
    texts.push(text('Charlie Dunn', 'Charlie drinks at The Plough, where Robin, the landlady, keeps a good cellar.'));
    expect(tie(familyOf(texts, 'Alex Marren'), 'Robin Tolley')).toBe('wife');
  });

  it("finds mother and father from the parents' own texts and what others call them", () => {
    const texts = [
      text(
        'Kit Tolley',
        'Kit Tolley is back home with her parents, Sam and Robin, after the job in town fell through.',
      ),
      // a third-person text about Sam: her own pronouns
      text('Sam Tolley', 'Sam keeps the ferry slip. She is out at dawn and says she hates the winter crossings.'),
      // Robin is named as someone's husband in another resident's text
      text('Jo Marren', 'Jo Marren pulls pints at The Plough; Sam Tolley and her husband Robin come in on Fridays.'),
      text('Robin Tolley', 'Robin Tolley mends boats in the shed behind the Tolley house.'),
    ];
    const kit = familyOf(texts, 'Kit Tolley');
    expect(tie(kit, 'Sam Tolley')).toBe('mother');
    expect(tie(kit, 'Robin Tolley')).toBe('father');
  });

  it('turns "married to" into wife or husband when another text says which', () => {
    const texts = [
      text('Alex Marren', 'Alex Marren, 44, is married to Jo Marren and skippers the ferry.'),
      text('Jo Marren', "I'm the landlady at The Plough, and I've been there since the kids were small."),
    ];
    expect(tie(familyOf(texts, 'Alex Marren'), 'Jo Marren')).toBe('wife');
  });

  it('reads a title, a notes fragment and a first-person word of what one is', () => {
    const kids = (a: string, b: string) =>
      text('Charlie Dunn', `Charlie Dunn lives over the shop with both parents, ${a} and ${b}.`);
    // a title in anyone's text
    expect(
      tie(
        familyOf(
          [kids('Frankie Dunn', 'Alex Marren'), text('Jo Marren', 'Ms Frankie Dunn owes me a tenner.')],
          'Charlie Dunn',
        ),
        'Frankie Dunn',
      ),
    ).toBe('mother');
    // a note's "Widower." about its own subject
    expect(
      tie(
        familyOf(
          [kids('Frankie Dunn', 'Alex Marren'), text('Frankie Dunn', 'Widower. Runs the chip van. Up at 5.')],
          'Charlie Dunn',
        ),
        'Frankie Dunn',
      ),
    ).toBe('father');
    // "I'm a ..." in a text said as "I"
    expect(
      tie(
        familyOf(
          [
            kids('Frankie Dunn', 'Alex Marren'),
            text('Alex Marren', 'I am a retired postmistress and I still sort the parish mail.'),
          ],
          'Charlie Dunn',
        ),
        'Alex Marren',
      ),
    ).toBe('mother');
  });

  it('reads "mum and dad" said of two parents when the town says which one is the mum', () => {
    const texts = [
      text('Kit Tolley', 'KIT TOLLEY, 19. Child of Sam + Robin. Living with mum and dad till the autumn.'),
      text('Sam Tolley', 'Sam Tolley (Mrs), ferry hand.'),
      text('Robin Tolley', 'Robin Tolley, boat repairs.'),
    ];
    const kit = familyOf(texts, 'Kit Tolley');
    expect(tie(kit, 'Sam Tolley')).toBe('mother');
    expect(tie(kit, 'Robin Tolley')).toBe('father');
    // but "Noor's mum and dad" or a pair where neither is known says nothing
    const open = familyOf(
      [text('Kit Tolley', 'Kit is the child of Sam Tolley and Robin Tolley and lives with mum and dad.')],
      'Kit Tolley',
    );
    expect(open.map((k) => k.relation)).toEqual(['parent', 'parent']);
  });

  it('never takes a gender from a name, nor from a stray pronoun after someone else', () => {
    const frame: TownFrame = { ...TOWN, people: ['Margaret Hale', 'George Hale', 'Lily Hale', 'Tom Pike'] };
    const texts = [
      text('Lily Hale', 'Lily lives with her parents, Margaret and George Hale.'),
      text(
        'Margaret Hale',
        'Margaret Hale keeps bees. Tom Pike borrowed his ladder back from her; he wants his hives moved.',
      ),
      text('George Hale', 'George Hale runs the post round.'),
    ];
    const lily = familyOf(texts, 'Lily Hale', frame);
    expect(tie(lily, 'Margaret Hale')).toBe('parent');
    expect(tie(lily, 'George Hale')).toBe('parent');
  });

  it("takes no note's label of a relative for what the resident is", () => {
    const texts = [
      text('Kit Tolley', 'Kit lives with her parents, Sam and Robin.'),
      // a note about Sam: "Husband:" and "Son," label Sam's relatives, not Sam
      text('Sam Tolley', 'Husband: away at sea. Son, 12, at the grammar. Runs the ferry slip.'),
    ];
    expect(tie(familyOf(texts, 'Kit Tolley'), 'Sam Tolley')).toBe('parent');
  });

  it('leaves the word without gender when the town says both', () => {
    const texts = [
      text('Kit Tolley', 'Kit lives with her parents, Sam and Robin.'),
      text('Jo Marren', 'Sam Tolley and her husband Robin run the slip.'),
      text('Alex Marren', 'Sam and his wife Robin came to the quiz.'),
    ];
    const kit = familyOf(texts, 'Kit Tolley');
    expect(tie(kit, 'Sam Tolley')).toBe('parent');
    expect(tie(kit, 'Robin Tolley')).toBe('parent');
  });

  it('uses a word the same text says of the relative when read alone', () => {
    const f = one(
      'Charlie Dunn',
      'Charlie Dunn shares the flat over the shop with both parents, Frankie and Alex. Alex is a quiet man who fixes radios.',
    );
    expect(tie(f, 'Alex Marren')).toBe('father');
    expect(tie(f, 'Frankie Dunn')).toBe('parent');
  });
});

describe("a register's abbreviations of kin", () => {
  it('reads "m." before a name as married to', () => {
    expect(tie(one('Alex Marren', 'Alex Marren, ferryman; m. Jo Marren; no children.'), 'Jo Marren')).toBe('spouse');
    expect(tie(one('Alex Marren', 'MARREN, Alex. b. 1979, Fowey. m. 2004 to Jo Marren. Skipper.'), 'Jo Marren')).toBe(
      'spouse',
    );
    expect(tie(one('Jo Marren', 'Jo (m. Alex Marren, 20 yrs) keeps the Plough.'), 'Alex Marren')).toBe('spouse');
  });

  it('reads "s. of", "d. of", "dau. of", "s/o" and "d/o" before names as son and daughter of', () => {
    const son = one('Kit Tolley', 'Kit Tolley, s. of Sam Tolley and Robin Tolley. Deckhand.');
    expect(son.map((k) => [k.name, k.relation])).toEqual([
      ['Sam Tolley', 'parent'],
      ['Robin Tolley', 'parent'],
    ]);
    expect(tie(one('Charlie Dunn', 'Charlie Dunn, d. of Frankie Dunn, works the till.'), 'Frankie Dunn')).toBe(
      'parent',
    );
    expect(tie(one('Charlie Dunn', 'Charlie Dunn, dau. of Frankie Dunn.'), 'Frankie Dunn')).toBe('parent');
    expect(tie(one('Kit Tolley', 'Kit Tolley s/o Robin Tolley, lives at the Tolley house.'), 'Robin Tolley')).toBe(
      'parent',
    );
    expect(tie(one('Charlie Dunn', 'Charlie Dunn d/o Frankie Dunn.'), 'Frankie Dunn')).toBe('parent');
  });

  it('takes "b." and "d." before a year as born and died, no tie and no sentence break', () => {
    const f = one('Jo Marren', 'Jo Marren, b. 1961 in Looe. Husband Alex Marren. First husband d. 1998.');
    expect(f).toEqual([{ name: 'Alex Marren', relation: 'husband', quote: expect.any(String) }]);
    // the child of "s. of" is the resident's son when the reading knows the resident is a man
    const k = readTownNeutral(
      [
        text('Robin Tolley', 'Robin Tolley. Father of Kit Tolley.'),
        text('Kit Tolley', 'Kit Tolley, s. of Robin Tolley.'),
      ],
      TOWN,
    ).residents;
    expect(tie(k[0]!.family, 'Kit Tolley')).toBe('son');
    expect(tie(k[1]!.family, 'Robin Tolley')).toBe('father');
  });
});

describe('the model path', () => {
  let fake: FakeOpenAI;
  beforeEach(async () => {
    fake = await startFakeOpenAI();
  });
  afterEach(async () => {
    await fake.close();
  });
  const { resident: _, ...empty } = emptyReading('');

  it("gives the model's tie without gender the gender the town says", async () => {
    const alex = text('Alex Marren', 'Alex Marren is married to Jo Marren and skippers the ferry.');
    const jo = text('Jo Marren', 'Jo Marren runs The Plough. She pours and she talks.');
    fake.onChat((req) => {
      const body = req.body as { messages: { content: string }[] };
      return reply.chat(
        body.messages.at(-1)!.content.includes('skippers the ferry')
          ? { ...empty, family: [{ name: 'Jo Marren', relation: 'spouse', quote: 'married to Jo Marren' }] }
          : empty,
      );
    });
    const model = createLanguageModel({
      provider: 'compatible',
      baseURL: fake.baseURL,
      chatModel: 'fake-reader',
      maxAttempts: 1,
    });
    const r = await readTown([alex, jo], TOWN, { model });
    expect(r.source.by).toBe('model');
    expect(r.residents[0]!.family).toEqual([{ name: 'Jo Marren', relation: 'wife', quote: 'married to Jo Marren' }]);
  });
});
