// `npm run games -- bench --game chameleon|undercover --games N [--bots vanilla|pgm] [--seed S] [--settings DIR]
//  [--json FILE] [--players N] [--no-inject] [--topics FILE] [--pairs FILE]`: bot-only games with MAgIC's metrics,
//  offline model by default; `main(argv, llm)` takes a configured model.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatResult, runGamesBench } from '../../bench/games.ts';
import type { BotKind, GameKind } from '../games/types.ts';
import type { LanguageModel } from '../llm/port.ts';

const USAGE =
  'usage: npm run games -- bench --game chameleon|undercover --games N [--bots vanilla|pgm] [--seed S] [--settings DIR] [--json FILE] [--players N] [--no-inject] [--topics FILE] [--pairs FILE]';

export async function main(argv: string[], llm?: LanguageModel): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      game: { type: 'string' },
      games: { type: 'string', default: '100' },
      bots: { type: 'string', default: 'pgm' },
      seed: { type: 'string', default: '1' },
      settings: { type: 'string' },
      json: { type: 'string' },
      players: { type: 'string', default: '3' },
      'no-inject': { type: 'boolean', default: false },
      topics: { type: 'string' },
      pairs: { type: 'string' },
    },
  });
  if (positionals[0] !== 'bench') {
    console.error(USAGE);
    return 2;
  }
  const game = values.game as GameKind | undefined;
  const bots = values.bots as BotKind;
  if ((game !== 'chameleon' && game !== 'undercover') || (bots !== 'vanilla' && bots !== 'pgm')) {
    console.error(USAGE);
    return 2;
  }
  const games = Number(values.games);
  const seed = Number(values.seed);
  const players = Number(values.players);
  if (!Number.isInteger(games) || games < 1 || !Number.isFinite(seed) || !Number.isInteger(players) || players < 3) {
    console.error(USAGE);
    return 2;
  }
  const result = await runGamesBench({
    game,
    bots,
    games,
    seed,
    players,
    ...(values.settings ? { settingsDir: values.settings } : {}),
    ...(values['no-inject'] ? { injectClues: false } : {}),
    ...(values.topics ? { topicsFile: values.topics } : {}),
    ...(values.pairs ? { pairsFile: values.pairs } : {}),
    ...(llm ? { llm } : {}),
  });
  console.log(formatResult(result));
  if (values.json) writeFileSync(values.json, `${JSON.stringify(result, null, 2)}\n`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
