// The operations that replace a scope's town: /town new, /town reset, /town import (part of the table,
// src/app/operations.ts). Each reads its file first (a bad one is refused and nothing changes), then asks: it runs
// only when given `confirm` with the town's name, and otherwise answers with the question (OperationResult.confirm).
// The front end supplies the TownLifecycle port: how files are read and how the swap is followed.

import { z } from 'zod';
import { UserError } from '../errors.ts';
import { readingSummary, readingText } from '../town/reading/show.ts';
import { shippedTowns } from '../town/registry.ts';
import type { TownService } from '../town/service.ts';
import { parseTownExport } from '../town/town-export.ts';
import { NAME_MAX, type OperationContext, type OperationResult, op, plural, type TownLifecycle } from './operation.ts';

/** The town's name, typed to confirm an operation that replaces the town. */
const confirmArg = z
  .string()
  .trim()
  .max(NAME_MAX)
  .optional()
  .describe('Type the town’s name to confirm (without it you are asked first)');

function lifecycleOf(ctx: OperationContext): TownLifecycle {
  if (!ctx.lifecycle) throw new UserError('app/no_lifecycle', 'This front end cannot replace the town.');
  return ctx.lifecycle;
}

/** Whether `typed` names the town (case and surrounding spaces aside). */
export function confirmsTown(town: TownService, typed: string | undefined): boolean {
  return typed !== undefined && typed.trim().toLowerCase() === town.status().name.trim().toLowerCase();
}

/** The question an operation that replaces the town asks first (null once the town's name was given). */
function confirmation(
  town: TownService,
  args: { confirm?: string | undefined } & Record<string, unknown>,
  replacement: string,
): OperationResult | null {
  if (confirmsTown(town, args.confirm)) return null;
  const st = town.status();
  const memories = town.snapshot().residents.reduce((n, r) => n + r.memoryCount, 0);
  const { confirm: _c, ...rest } = args;
  return {
    lines: [
      ...(args.confirm !== undefined ? [`“${args.confirm}” is not this town’s name, so nothing was changed.`] : []),
      `⚠️ This replaces ${st.name} as it is now (${st.time}, tick ${st.tick}, ${st.residents} residents, ${memories} ${plural(memories, 'memory', 'memories')}) with ${replacement}. What ${st.name}’s residents remember is lost; /town export keeps a copy first.`,
    ],
    confirm: { townName: st.name, args: rest },
  };
}

function startedText(t: TownService, what: string): string[] {
  const st = t.status();
  const reading = t.reading();
  return [
    `🏘️ ${st.name} ${what}: ${st.time}, ${st.residents} residents in ${st.locations} places, ${st.minutesPerTick} simulated minutes per tick, schedule "${st.cron}".`,
    ...(reading ? [`📖 Its text was ${readingSummary(reading)}. /town reading shows it resident by resident.`] : []),
  ];
}

export const LIFECYCLE_OPERATIONS = {
  townReading: op({
    path: ['town', 'reading'],
    summary:
      'What the town’s text was read to mean: family, home, work, private matters, events (admin: it shows secrets)',
    usage: '',
    admin: true,
    args: z.object({}),
    async run({ town }) {
      const reading = town.reading();
      if (!reading)
        return {
          lines: [
            `${town.status().name} was made before towns were read; /town reset reads its file again (and starts it over).`,
          ],
        };
      const places = new Map(town.locations().map((l) => [l.id, l.name]));
      return { lines: readingText(reading, (id) => places.get(id) ?? id).split('\n') };
    },
  }),
  townNew: op({
    path: ['town', 'new'],
    summary: 'Start a fresh town from a town file, replacing this one (asks to confirm)',
    usage: '[town name or file] [--yes]',
    admin: true,
    args: z.object({
      town: z
        .string()
        .trim()
        .min(1, 'Name a town file.')
        .max(300)
        .optional()
        .meta({ choices: shippedTowns() })
        .describe('A shipped town (default: the configured town file)'),
      file: z.string().trim().min(1).max(2000).optional().meta({ attachment: true }).describe('Or attach a town file'),
      confirm: confirmArg,
    }),
    async run(ctx, a) {
      const lc = lifecycleOf(ctx);
      if (a.town && a.file) throw new UserError('app/bad_argument', 'Name a shipped town or attach a file, not both.');
      const file = await lc.townFile({ ...(a.town ? { town: a.town } : {}), ...(a.file ? { file: a.file } : {}) });
      const ask = confirmation(
        ctx.town,
        a,
        `a new ${file.name} (${file.residents.length} residents) from its town file`,
      );
      if (ask) return ask;
      const t = await lc.replace({ kind: 'file', file });
      return { lines: startedText(t, 'is new in town'), changedTown: true };
    },
  }),
  townReset: op({
    path: ['town', 'reset'],
    summary: 'Start this town over from its town file (asks to confirm)',
    usage: '[--yes]',
    admin: true,
    args: z.object({ confirm: confirmArg }),
    async run(ctx, a) {
      const lc = lifecycleOf(ctx);
      const file = await lc.originFile();
      const ask = confirmation(ctx.town, a, `${file.name} as its town file starts it, on day one`);
      if (ask) return ask;
      const t = await lc.replace({ kind: 'file', file });
      return { lines: startedText(t, 'starts over'), changedTown: true };
    },
  }),
  townImport: op({
    path: ['town', 'import'],
    summary: 'Replace this town with an exported one (from /town export; asks to confirm)',
    usage: '<file.json|file.ndjson> [--yes]',
    admin: true,
    args: z.object({
      file: z
        .string()
        .trim()
        .min(1, 'Name the export file to import.')
        .max(2000)
        .meta({ attachment: true })
        .describe('The export file (.json or .ndjson from /town export)'),
      confirm: confirmArg,
    }),
    async run(ctx, a) {
      const lc = lifecycleOf(ctx);
      const t = parseTownExport(await lc.exportText(a.file));
      const ask = confirmation(
        ctx.town,
        a,
        `${t.name} from the export (tick ${t.state.clock.tick}, ${t.state.residents.length} residents, ${t.memories.length} ${plural(t.memories.length, 'memory', 'memories')}, ${t.personas.length} ${plural(t.personas.length, 'persona')})`,
      );
      if (ask) return ask;
      const town = await lc.replace({ kind: 'export', town: t });
      return { lines: startedText(town, 'is back, as it was exported'), changedTown: true };
    },
  }),
} as const;
