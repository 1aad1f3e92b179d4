// Discord's renderer of the operation table (src/app/operations.ts): slash command options generated from each
// operation's schema (types, ranges, lengths, descriptions), options read back into its arguments object, and its
// result answered as text with pictures as attachments.
import {
  AttachmentBuilder,
  type ChatInputCommandInteraction,
  type SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
} from 'discord.js';
import { basename } from 'node:path';
import { z } from 'zod';
import { type Operation, type OperationResult, runOperation, TEXT_MAX } from '../app/operations.ts';
import { renderTownPicture } from '../render/town-pictures.ts';
import { UserError } from '../errors.ts';
import type { TownService } from '../town/service.ts';
import type { CommandContext } from './types.ts';
import { answer, plain, speakerOf } from './util.ts';

/** Largest attachment sent (Discord's upload limit for a server without boosts). */
const ATTACHMENT_MAX = 10 * 1024 * 1024;

interface PropertySchema {
  type?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  enum?: string[];
}

/** Options that complete from the town's residents or places (src/commands/autocomplete.ts). */
const AUTOCOMPLETE = new Set(['resident', 'location']);

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
    if (p.type === 'string') {
      b.addStringOption((s) => {
        s.setName(name)
          .setDescription(description)
          .setRequired(required)
          .setMaxLength(p.maxLength ?? TEXT_MAX);
        if (AUTOCOMPLETE.has(name)) s.setAutocomplete(true);
        if (p.enum) s.addChoices(...p.enum.map((v) => ({ name: v, value: v })));
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

/** The interaction's options as the operation's raw arguments (absent options stay absent). */
export function operationArgs(i: ChatInputCommandInteraction, o: Pick<Operation, 'args'>): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const { name } of properties(o)) {
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
): Promise<OperationResult> {
  const r = await runOperation(o, { town, speaker: speakerOf(i) }, operationArgs(i, o));
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
  return r;
}
