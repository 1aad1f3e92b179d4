// Discord's renderer of the operation table (src/app/operations.ts): slash command options generated from each
// operation's schema (types, ranges, lengths, descriptions), options read back into its arguments object, and its
// result answered as text with pictures as attachments.

import { basename } from 'node:path';
import {
  AttachmentBuilder,
  type ChatInputCommandInteraction,
  type RepliableInteraction,
  type SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
} from 'discord.js';
import { z } from 'zod';
import { type Operation, type OperationResult, runOperation, TEXT_MAX, type TownLifecycle } from '../app/operations.ts';
import { UserError } from '../errors.ts';
import { renderTownPicture } from '../render/town-pictures.ts';
import type { TownService } from '../town/service.ts';
import type { CommandContext } from './types.ts';
import { answer, editProgress, plain, speakerOf } from './util.ts';

/** Largest attachment sent (Discord's upload limit for a server without boosts). */
const ATTACHMENT_MAX = 10 * 1024 * 1024;

interface PropertySchema {
  type?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  /** Set with `.meta({ choices })`: Discord offers these values. */
  choices?: string[];
  /** A z.enum's values: Discord offers them too. */
  enum?: string[];
  /** Set with `.meta({ attachment: true })`: on Discord an uploaded file (its URL is the argument). */
  attachment?: boolean;
}

/** Options that complete: the town's residents or places (src/commands/autocomplete.ts), a game's seats (game.ts). */
const AUTOCOMPLETE = new Set(['resident', 'location', 'player']);

function properties(o: Pick<Operation, 'args'>): { name: string; p: PropertySchema; required: boolean }[] {
  const json = z.toJSONSchema(o.args) as { properties?: Record<string, PropertySchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, p]) => ({
    name,
    p,
    required: json.required?.includes(name) ?? false,
  }));
}

/** Adds the operation's arguments as options (required ones first, as Discord demands). */
export function withOperationOptions<B extends SlashCommandBuilder | SlashCommandSubcommandBuilder>(
  b: B,
  o: Pick<Operation, 'path' | 'args'>,
): B {
  const props = properties(o).sort((x, y) => Number(y.required) - Number(x.required));
  for (const { name, p, required } of props) {
    const description = (p.description ?? name).slice(0, 100);
    if (p.attachment) {
      b.addAttachmentOption((s) => s.setName(name).setDescription(description).setRequired(required));
    } else if (p.type === 'string' && (p.choices || p.enum)) {
      const choices = (p.choices ?? p.enum ?? []).slice(0, 25);
      b.addStringOption((s) =>
        s
          .setName(name)
          .setDescription(description)
          .setRequired(required)
          .addChoices(...choices.map((c) => ({ name: c, value: c }))),
      );
    } else if (p.type === 'string') {
      b.addStringOption((s) => {
        s.setName(name)
          .setDescription(description)
          .setRequired(required)
          .setMaxLength(p.maxLength ?? TEXT_MAX);
        if (AUTOCOMPLETE.has(name)) s.setAutocomplete(true);
        return s;
      });
    } else if (p.type === 'integer') {
      b.addIntegerOption((s) => {
        s.setName(name).setDescription(description).setRequired(required);
        if (p.minimum !== undefined) s.setMinValue(p.minimum);
        if (p.maximum !== undefined) s.setMaxValue(p.maximum);
        return s;
      });
    } else if (p.type === 'number') {
      b.addNumberOption((s) => {
        s.setName(name).setDescription(description).setRequired(required);
        if (p.minimum !== undefined) s.setMinValue(p.minimum);
        if (p.maximum !== undefined) s.setMaxValue(p.maximum);
        return s;
      });
    } else if (p.type === 'boolean') {
      b.addBooleanOption((s) => s.setName(name).setDescription(description).setRequired(required));
    } else {
      throw new Error(`operation /${o.path.join(' ')}: argument ${name} has no Discord option type`);
    }
  }
  return b;
}

/**
 * The interaction's options as the operation's raw arguments (absent options stay absent); an attachment is passed
 * as its URL (the lifecycle fetches it, src/commands/town-lifecycle.ts).
 */
export function operationArgs(i: ChatInputCommandInteraction, o: Pick<Operation, 'args'>): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const { name, p } of properties(o)) {
    if (p.attachment) {
      const a = i.options.getAttachment(name);
      if (a) raw[name] = a.url;
      continue;
    }
    const v = i.options.get(name)?.value;
    if (v !== undefined && v !== null) raw[name] = v;
  }
  return raw;
}

/** Runs the operation for this interaction and answers with its result (pictures attached). */
export async function executeOperation(
  i: ChatInputCommandInteraction,
  ctx: CommandContext,
  town: TownService,
  o: Operation,
  extraLines: string[] = [],
  lifecycle?: TownLifecycle,
): Promise<OperationResult> {
  const progress = replyProgress(i, o);
  const r = await runOperation(
    o,
    {
      town,
      speaker: speakerOf(i),
      progress: progress.report,
      ...(lifecycle ? { lifecycle } : {}),
      ...(ctx.watchLink ? { watchLink: ctx.watchLink } : {}),
    },
    operationArgs(i, o),
  ).finally(progress.done);
  // Asking to confirm is the caller's (src/commands/town-lifecycle.ts shows the buttons).
  if (r.confirm) return r;
  await answerResult(i, ctx, town, r, extraLines);
  return r;
}

/** Edits of a deferred reply: at most one per PROGRESS_EDIT_MS (Discord limits edits), the first at once. */
export const PROGRESS_EDIT_MS = 2_000;

/** Progress of a long operation as edits of the deferred reply ("Running 24 ticks: 5/24 done, it is now 9:10 am"). */
function replyProgress(
  i: ChatInputCommandInteraction,
  o: Operation,
): { report: (done: number, total: number, note: string) => void; done: () => void } {
  let last = 0;
  let pending: Promise<unknown> = Promise.resolve();
  let finished = false;
  return {
    report: (done, total, note) => {
      const now = Date.now();
      if (finished || !i.deferred || done >= total || (last > 0 && now - last < PROGRESS_EDIT_MS)) return;
      last = now;
      const what = o.path[1] === 'step' ? `Running ${total} ticks` : `/${o.path.join(' ')}`;
      // In order, and never after the final answer (done() waits for the last edit).
      pending = pending
        .then(() => (finished ? undefined : editProgress(i, `⏳ ${what}: ${done}/${total} done, it is now ${note}…`)))
        .catch(() => {});
    },
    done: async () => {
      finished = true;
      await pending;
    },
  };
}

/** Answers with an operation's result: its lines, its picture and file as attachments. */
export async function answerResult(
  i: RepliableInteraction,
  ctx: CommandContext,
  town: TownService,
  r: OperationResult,
  extraLines: string[] = [],
): Promise<void> {
  if (r.changedTown) ctx.deliverSoon(town.id);
  if (r.file && Buffer.byteLength(r.file.text) > ATTACHMENT_MAX)
    throw new UserError(
      'bot/attachment_too_big',
      `The file would be ${(Buffer.byteLength(r.file.text) / 1048576).toFixed(1)} MB; Discord takes ${ATTACHMENT_MAX / 1048576} MB. Run \`npm run town -- export FILE\` on the bot's machine instead.`,
    );
  const files = r.picture
    ? [
        new AttachmentBuilder(
          await renderTownPicture(town, r.picture.kind, {
            personas: r.picture.personas,
            ...(r.picture.resident ? { resident: r.picture.resident } : {}),
          }),
          { name: `town-${r.picture.kind}.png` },
        ),
      ]
    : [];
  if (r.file) files.push(new AttachmentBuilder(Buffer.from(r.file.text), { name: basename(r.file.name) }));
  await answer(i, [plain(r.lines.join('\n')), ...extraLines].filter(Boolean).join('\n'), { files });
}
