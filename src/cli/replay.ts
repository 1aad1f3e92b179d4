// `npm run town -- replay RUN.ndjson [--day N | --date YYYY-MM-DD | --resident NAME]`: prints a day of a kept run in
// time order across locations, or one resident's memory stream, from the export alone (no model, no database).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileErrorLine } from '../core/file-error.ts';
import { exportDays, parseRunExport, RunExportError, replayDay, replayResident } from '../eval/run-export.ts';

export const REPLAY_USAGE = `Usage: npm run town -- replay RUN.ndjson [--day N | --date YYYY-MM-DD | --resident NAME]
  (a run written by npm run simulate -- --export RUN.ndjson; with no option, the run's summary and its days)`;

export function runReplayCli(argv: string[], out: (s: string) => void): number {
  let values: { day?: string; date?: string; resident?: string; help?: boolean };
  let file: string | undefined;
  try {
    const p = parseArgs({
      args: argv,
      options: {
        day: { type: 'string' },
        date: { type: 'string' },
        resident: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
    values = p.values;
    file = p.positionals[0];
  } catch (e) {
    out(`${(e as Error).message.split('\n')[0]!.replace(/\. To specify a positional.*$/, '')}\n\n${REPLAY_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    out(`${REPLAY_USAGE}\n`);
    return 0;
  }
  if (!file) {
    out(`${REPLAY_USAGE}\n`);
    return 2;
  }
  try {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      out(`${fileErrorLine(e, 'read') ?? `Cannot read ${file}: ${(e as Error).message}`}\n`);
      return 1;
    }
    const lines = parseRunExport(text);
    if (values.resident) out(`${replayResident(lines, values.resident).join('\n')}\n`);
    else if (values.day || values.date) {
      const day = values.date ?? Number(values.day);
      if (typeof day === 'number' && (!Number.isInteger(day) || day < 1)) {
        out('--day is a day number of the run: 1, 2, ...\n');
        return 2;
      }
      out(`${replayDay(lines, day).join('\n')}\n`);
    } else {
      const run = lines.find((l) => l.type === 'run');
      const days = exportDays(lines);
      const residents = lines.filter((l) => l.type === 'resident').length;
      const memories = lines.filter((l) => l.type === 'memory').length;
      const posts = lines.filter((l) => l.type === 'post').length;
      out(
        `${run && run.type === 'run' ? `${run.town}, seed ${run.seed}, ${run.hours} h, ${run.model}` : ''}\n${residents} residents, ${memories} memories, ${posts} posts over ${days.length} day(s): ${days.map((d, i) => `${i + 1}=${d}`).join(', ')}\n`,
      );
    }
    return 0;
  } catch (e) {
    if (e instanceof RunExportError) {
      out(`${file}: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}
