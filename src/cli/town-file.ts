// `npm run town -- import-smallville|validate`: town files, and what a town tracks for the evaluation.
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { buildTownState } from '../town/build.ts';
import { loadTownArg, loadTownFile } from '../town/file-io.ts';
import { readTown, readTownNeutral } from '../town/reading/read.ts';
import { readingSummary, readingText } from '../town/reading/show.ts';
import { sidecarPath, sidecarText } from '../town/reading/sidecar.ts';
import { townFrame, townTexts } from '../town/reading/town-text.ts';
import { importSmallvilleTracked } from '../town/smallville.ts';
import { readSmallvilleDir } from '../town/smallville-files.ts';
import { configuredModels } from './simulate.ts';
import { option, TownUsageError } from './town-args.ts';

/** "2 facts and 1 event to track", or that there is nothing to track and what is measured anyway. */
export function trackedSummary(t: { facts: readonly unknown[]; events: readonly unknown[] }): string {
  const n = t.facts.length;
  const e = t.events.length;
  if (n + e === 0)
    return 'nothing to track (no facts or events): information diffusion and attendance are not measured; relationship density and the interview battery are';
  return `${n} fact${n === 1 ? '' : 's'} and ${e} event${e === 1 ? '' : 's'} to track`;
}

function trackedNotes(tracked: 'file' | 'derived' | 'none', notes: readonly string[]): string {
  if (tracked === 'file') return `Facts and events ${notes[0] ?? 'from the file beside the Smallville files'}.\n`;
  if (tracked === 'none')
    return 'No facts.yaml beside the files and nothing in the seeds to derive (no phrase names a day, a time and a place, none keeps a secret).\n';
  return `Derived (no facts.yaml beside the files):\n${notes.map((x) => `  - ${x}\n`).join('')}`;
}

/** `import-smallville DIR [--out FILE] [--name NAME] [--start TIME]`: the town file, and what it tracks and why. */
export function importSmallvilleCommand(argv: string[], out: (s: string) => void): number {
  const args = [...argv];
  const outFile = option(args, '--out');
  const name = option(args, '--name');
  const start = option(args, '--start');
  const dir = args[0];
  if (!dir) throw new TownUsageError('import-smallville needs the folder of the Smallville files');
  const { town, tracked, notes } = importSmallvilleTracked(readSmallvilleDir(dir), {
    ...(name ? { name } : {}),
    ...(start ? { start } : {}),
  });
  const text = outFile?.endsWith('.json') ? `${JSON.stringify(town, null, 2)}\n` : stringify(town, { lineWidth: 0 });
  if (outFile) {
    writeFileSync(outFile, text);
    out(
      `Wrote ${outFile}: ${town.residents.length} residents, ${town.locations.length} locations, ${trackedSummary(town)}.\n${trackedNotes(tracked, notes)}`,
    );
  } else {
    out(text);
    // (the town goes to stdout; what was tracked is said on stderr, so the file stays clean)
    process.stderr.write(`${trackedSummary(town)}.\n${trackedNotes(tracked, notes)}`);
  }
  return 0;
}

/** `validate FILE`: the town file checked, with what it holds, what its text was read to mean, and what it tracks. */
export function validateCommand(argv: string[], out: (s: string) => void): number {
  const file = argv[0];
  if (!file) throw new TownUsageError('validate needs a town file');
  const t = loadTownFile(file);
  const reading = t.reading ?? readTownNeutral(townTexts(t), townFrame(t));
  // what the town would track once built: the file's facts and events, or the reading's when it declares none
  const facts = buildTownState(t, { initialMind: () => ({}), reading }).facts;
  const tracked = { facts: facts.filter((f) => !f.event), events: facts.filter((f) => f.event) };
  out(
    `${file} is valid: ${t.name}, ${t.residents.length} residents, ${t.locations.length} locations, start ${t.start}; ${readingSummary(reading)}; ${trackedSummary(tracked)}.\n`,
  );
  for (const p of t.readingProblems ?? []) out(`${p}\n`);
  if (!t.reading) out(`See what was understood with: npm run town -- read ${file}\n`);
  return 0;
}

/**
 * `read FILE|DIR [--force]`: the town's text read once (by the configured model, else the neutral reader), shown
 * resident by resident with what was dropped and why, and written beside the file for the author to correct. An
 * existing sidecar is the author's: it is shown, and replaced only with --force.
 */
export async function readCommand(argv: string[], out: (s: string) => void): Promise<number> {
  const args = [...argv];
  const force = args.includes('--force');
  const file = args.filter((a) => a !== '--force')[0];
  if (!file) throw new TownUsageError('read needs a town file or a folder of Smallville files');
  const isDir = existsSync(file) && statSync(file).isDirectory();
  const t = isDir ? loadTownArg({ smallville: file }) : loadTownFile(file);
  const side = sidecarPath(file, isDir);
  const placeName = (id: string) => t.locations.find((l) => l.id === id)?.name ?? id;
  for (const p of t.readingProblems ?? []) out(`${p}\n`);
  if (t.reading && !force) {
    out(
      `${readingText(t.reading, placeName)}\n\n${side} is used when the town is loaded; --force reads the town afresh and replaces it.\n`,
    );
    return 0;
  }
  const { llm } = configuredModels();
  const reading = await readTown(townTexts(t), townFrame(t), {
    model: llm,
    log: (msg, data) => process.stderr.write(`${msg}${data ? ` ${JSON.stringify(data)}` : ''}\n`),
  });
  writeFileSync(side, sidecarText(reading));
  out(
    `${readingText(reading, placeName)}\n\nWrote ${side}: correct it and load the town again (it is used instead of a new reading).\n`,
  );
  return 0;
}
