// `npm run eval -- --judge-check --corpus FILE [--json OUT]` (issue 38 item 1): a researcher's labelled corpus,
// judged the way an evaluation judges a new town, scored per kind with every error listed; bad files refused with
// the item's index and the reason.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEvalCli } from '../../src/cli/eval.ts';
import { CORPUS_FILE_MAX_BYTES, parseCorpusFile } from '../../src/eval/corpus-file.ts';
import { KIND_CORPUS } from '../../src/eval/judge-corpus-kinds.ts';
import { LexicalEmbedder } from '../../src/llm/lexical-embedder.ts';
import { FlakyModel } from '../support/town-flaky-model.ts';

const models = () => ({ llm: new FlakyModel(0), embedder: new LexicalEmbedder() });
const dir = mkdtempSync(join(tmpdir(), 'corpus-'));

async function run(argv: string[]) {
  let out = '';
  let err = '';
  const r = await runEvalCli(argv, { out: (s) => (out += s), err: (s) => (err += s), models });
  return { code: r.code, out, err };
}

describe('--judge-check --corpus FILE', () => {
  it('scores a corpus file per kind, lists every error, counts answers in other languages apart, writes JSON', async () => {
    const items = [
      {
        fact: 'Anna Berg is taking over the ferry service in May',
        holder: 'Anna Berg',
        question: 'What have you heard about Anna Berg?',
        answer: "She's taking over the ferry in May.",
        knows: true,
        kind: 'needs-question',
      },
      {
        fact: 'Anna Berg is taking over the ferry service in May',
        holder: 'Anna Berg',
        question: 'Is anyone taking over the ferry?',
        answer: "I haven't heard a thing about the ferry.",
        knows: false,
        kind: 'denial',
      },
      {
        fact: 'Anna Berg is taking over the ferry service in May',
        question: 'Is anyone taking over the ferry?',
        answer: 'Anna? Ferry? News to me, but I believe it.',
        knows: true,
        kind: 'mislabelled on purpose',
      },
      {
        fact: 'Anna Berg is taking over the ferry service in May',
        question: 'Is Anna taking over the ferry?',
        answer: 'Ja, Anna übernimmt im Mai die Fähre, das weiß doch jeder.',
        knows: true,
      },
    ];
    const file = join(dir, 'small.json');
    const json = join(dir, 'small.check.json');
    writeFileSync(file, JSON.stringify(items));
    const r = await run(['--judge-check', '--corpus', file, '--json', json]);
    expect(r.out).toMatch(/Knowledge judge \(rules\) on .*small\.json \(4 answers\), keywords derived/);
    expect(r.out).toMatch(/3 answers judged \(2 "knows"\): precision 1\.000, recall 0\.500, accuracy 0\.667/);
    expect(r.out).toMatch(/ {4}needs-question +1 \(1 "knows"\): precision 1\.000, recall 1\.000/);
    expect(r.out).toMatch(/ {4}denial +1 \(0 "knows"\): never says "knows"; accuracy 1\.000/);
    expect(r.out).toMatch(/wrong \(.*small\.json #2, mislabelled on purpose, a reader says knows\): Q: Is anyone/);
    expect(r.out).toMatch(/not in English: 1 answers, not judged by the rules/);
    expect(r.out).toMatch(/not judged \(.*#3, \(no kind\), not in English, labelled knows\): Ja, Anna/);
    expect(r.code).toBe(3);
    const body = JSON.parse(readFileSync(json, 'utf8'));
    expect(body.checks[0].parts[0].overall).toMatchObject({ items: 3, truePositives: 1, falseNegatives: 1 });
    expect(body.checks[0].parts[0].errors).toHaveLength(1);
    expect(body.checks[0].parts[0].notEnglish).toHaveLength(1);
  });

  it('the tuning kinds given as a file score as they do inside the project', async () => {
    const file = join(dir, 'kinds.json');
    writeFileSync(file, JSON.stringify(KIND_CORPUS));
    const r = await run(['--judge-check', '--corpus', file]);
    expect(r.out).toMatch(/bar: precision >= 0\.95 and recall >= 0\.9, overall and per kind; met/);
    expect(r.code).toBe(0);
  });

  it('refuses a file that is not an array, items without answer or knows, and a file too large, by index and reason', async () => {
    expect(() => parseCorpusFile('{"fact": "x"}', 'f.json')).toThrow(/not an array/);
    expect(() => parseCorpusFile('[1,', 'f.json')).toThrow(/not JSON/);
    let e: unknown;
    try {
      parseCorpusFile(
        JSON.stringify([
          { fact: 'A is B', question: 'Q?', answer: 'yes', knows: true },
          { fact: 'A is B', question: 'Q?', knows: true },
          { fact: 'A is B', question: 'Q?', answer: 'no' },
          { fact: 'A is B', question: 'Q?', answer: 'no', knows: 'yes' },
          'a string',
        ]),
        'f.json',
      );
    } catch (x) {
      e = x;
    }
    expect((e as { problems: string[] }).problems).toEqual([
      'item 1: no "answer"',
      'item 2: no "knows"',
      'item 3: "knows" must be true or false, got "yes"',
      'item 4: not an object',
    ]);
    // a field the format does not know is ignored and said, not a refusal
    const warned: string[] = [];
    const ok = parseCorpusFile(
      JSON.stringify([{ fact: 'A is B', question: 'Q?', answer: 'yes', knows: true, town: 'X', note: 'n' }]),
      'f.json',
      undefined,
      (w) => warned.push(w),
    );
    expect(ok).toHaveLength(1);
    expect(warned).toEqual([
      'f.json: ignored fields "town" (1 items), "note" (1 items); the fields are fact, holder, speaker, question, answer, knows, kind',
    ]);
    const big = join(dir, 'big.json');
    const item = JSON.stringify({ fact: 'A is B', question: 'Q?', answer: 'x'.repeat(1000), knows: true });
    writeFileSync(
      big,
      `[${Array.from({ length: Math.ceil((10 * 1024 * 1024) / item.length) }, () => item).join(',')}]`,
    );
    const r = await run(['--judge-check', '--corpus', big]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/big\.json is refused:\n {2}- the file is 10\.0 MB; at most 2 MB/);
    expect(CORPUS_FILE_MAX_BYTES).toBe(2 * 1024 * 1024);
    const none = await run(['--judge-check', '--corpus', join(dir, 'missing.json')]);
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/missing\.json is refused:\n {2}- cannot read it/);
    expect((await run(['--corpus', big])).code).toBe(2);
  });
});
