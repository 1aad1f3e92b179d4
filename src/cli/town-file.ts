// `npm run town -- import-smallville|validate`: town files, and what a town tracks for the evaluation.
import { writeFileSync } from 'node:fs';
import { stringify } from 'yaml';
import type { TownFile } from '../town/file.ts';
import { loadTownFile } from '../town/file-io.ts';
import { importSmallvilleTracked } from '../town/smallville.ts';
import { readSmallvilleDir } from '../town/smallville-files.ts';
import { option, TownUsageError } from './town-args.ts';

/** "2 facts and 1 event to track", or that there is nothing to track and what is measured anyway. */
export function trackedSummary(t: TownFile): string {
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

/** `validate FILE`: the town file checked, with what it holds and tracks. */
export function validateCommand(argv: string[], out: (s: string) => void): number {
  const file = argv[0];
  if (!file) throw new TownUsageError('validate needs a town file');
  const t = loadTownFile(file);
  out(
    `${file} is valid: ${t.name}, ${t.residents.length} residents, ${t.locations.length} locations, start ${t.start}; ${trackedSummary(t)}.\n`,
  );
  return 0;
}
