// `npm run town -- render map|relationships ...`: writes the town's map or relationship graph as a PNG. The town
// comes from a town file (default: the seed town) or a Smallville folder, run for --day N days (or --hours H) on the
// configured model (the offline model when no key is set) in memory, then drawn by src/render.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { OPERATIONS, type OperationResult, runOperation } from '../app/operations.ts';
import { cannotWrite, fileErrorLine } from '../core/file-error.ts';
import { HOUR_MS } from '../core/time.ts';
import { UserError } from '../errors.ts';
import type { Embedder, LanguageModel } from '../llm/port.ts';
import { renderTownPicture, type TownPicture } from '../render/town-pictures.ts';
import { agentKit } from '../town/agent-kit.ts';
import type { TownFile } from '../town/file.ts';
import { loadTownArg } from '../town/file-io.ts';
import { TownService } from '../town/service.ts';
import { InMemoryTownStore } from '../town/store.ts';
import { findResident } from '../town/world.ts';
import { configuredModels } from './simulate.ts';

export const RENDER_USAGE = `Usage: npm run town -- render map|relationships --out FILE.png
         [--town FILE | --smallville DIR] [--day N | --hours H] [--seed S]
         [--resident NAME] [--persona NAME ...]
  The town (default: the seed town, or --town / --smallville) runs N simulated days (--day, default 0: as it
  starts) or H hours on the configured model (offline without a key), then the picture is written to --out.
  --resident NAME   relationships around one resident or persona (the ego view)
  --persona NAME    a user's persona to include in the graph (repeatable)`;

export interface RenderCliIo {
  out: (s: string) => void;
  models?: () => { llm: LanguageModel; embedder: Embedder };
}

export async function runRenderCli(argv: string[], io: RenderCliIo): Promise<number> {
  let values: ReturnType<typeof parse>['values'];
  let positionals: string[];
  try {
    ({ values, positionals } = parse(argv));
  } catch (e) {
    io.out(`${(e as Error).message.split('\n')[0]!.replace(/\. To specify a positional.*$/, '')}\n\n${RENDER_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    io.out(`${RENDER_USAGE}\n`);
    return 0;
  }
  const kind = positionals[0];
  const problem =
    kind !== 'map' && kind !== 'relationships'
      ? `Say what to draw: map or relationships${kind ? ` (not "${kind}")` : ''}.`
      : positionals.length > 1
        ? `Unexpected argument "${positionals[1]}".`
        : !values.out
          ? 'Say where to write the PNG: --out FILE.png'
          : values.town && values.smallville
            ? 'Use --town or --smallville, not both.'
            : values.day !== undefined && values.hours !== undefined
              ? 'Use --day or --hours, not both.'
              : undefined;
  if (problem) {
    io.out(`${problem}\n${RENDER_USAGE}\n`);
    return 2;
  }
  const hours =
    values.hours !== undefined ? Number(values.hours) : values.day !== undefined ? Number(values.day) * 24 : 0;
  if (!Number.isFinite(hours) || hours < 0 || hours > 24 * 30) {
    io.out(`--day must be 0-30 days and --hours 0-720 hours.\n${RENDER_USAGE}\n`);
    return 2;
  }
  // Before the town runs for days: a PNG that could not be written would waste the whole run.
  const unwritable = cannotWrite(values.out!);
  if (unwritable) {
    io.out(`${unwritable}\n`);
    return 1;
  }
  try {
    const file: TownFile = loadTownArg(values);
    const { llm, embedder } = io.models ? io.models() : configuredModels();
    const seed = values.seed ?? '1';
    const service = await TownService.create(
      {
        store: new InMemoryTownStore(),
        kit: (townId, settings) => agentKit({ llm, embedder, settings, townId }),
        owner: 'render',
      },
      { id: `render-${seed}`, scope: 'render', file, seed },
    );
    try {
      // An unknown --resident is refused before the simulated days, not after them.
      const who = values.resident?.trim();
      if (
        who &&
        !(values.persona ?? []).some((p) => p.toLowerCase() === who.toLowerCase()) &&
        !findResident(service.snapshot(), who)
      )
        throw new UserError('render/resident', `No resident or persona called "${who}" in ${file.name}.`);
      const ticks = Math.round((hours * HOUR_MS) / (service.status().minutesPerTick * 60_000));
      for (let i = 0; i < ticks; i++) await service.tick();
      // The picture is the table's /town map or /town relationships operation, as on the console and Discord; the CLI
      // only adds the personas named on its command line (it has no speaker of its own to show).
      const op = kind === 'map' ? OPERATIONS.townMap : OPERATIONS.townRelationships;
      const r = await runOperation(
        op,
        { town: service, speaker: { id: 'cli', displayName: 'CLI' } },
        kind === 'relationships' && values.resident ? { resident: values.resident } : {},
      );
      const picture = r.picture as NonNullable<OperationResult['picture']>;
      const png = await renderTownPicture(service, picture.kind as TownPicture, {
        ...(picture.resident ? { resident: picture.resident } : {}),
        personas: (values.persona ?? []).map((name) => ({ name })),
      });
      writeFileSync(values.out!, png);
      io.out(`Wrote ${values.out}: ${kind} of ${file.name} at ${service.status().time} (${ticks} ticks).\n`);
      return 0;
    } finally {
      await service.close();
    }
  } catch (e) {
    const line = e instanceof UserError ? e.message : fileErrorLine(e, 'write');
    if (line) {
      io.out(`${line}\n`);
      return 1;
    }
    throw e;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      town: { type: 'string' },
      smallville: { type: 'string' },
      day: { type: 'string' },
      hours: { type: 'string' },
      seed: { type: 'string' },
      resident: { type: 'string' },
      persona: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
