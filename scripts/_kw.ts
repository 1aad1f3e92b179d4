import { readFileSync } from 'node:fs';
import { labelledKeywords } from '../src/eval/corpus-file.ts';
const d = JSON.parse(readFileSync(process.argv[2]!, 'utf8'));
const seen = new Set();
for (const x of d) { if (seen.has(x.fact)) continue; seen.add(x.fact); console.log(x.fact, '=>', JSON.stringify(labelledKeywords(x))); }
