import { answerKnowsFact } from '../src/eval/judge.ts';
import { labelledKeywords } from '../src/eval/corpus-file.ts';
import { readClauses } from '../src/eval/polarity.ts';
const [fact, question, answer] = process.argv.slice(2) as [string, string, string];
const kw = labelledKeywords({ fact });
console.log(kw, readClauses(answer));
console.log(answerKnowsFact(answer, kw, { name: 'Zed Q', holder: false }, { question, fact }));
