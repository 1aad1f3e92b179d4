// /resident list | info name | memories name query (admin): who lives in town, what they are doing, and — for
// admins — what a resident retrieves for a query, with the recency / importance / relevance scores
// (Park et al. 2023, sec. 4.1). The operations and their texts live in the table (src/app/operations.ts).
import { InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { OPERATIONS, type Operation } from '../app/operations.ts';
import { residentAutocomplete } from './autocomplete.ts';
import { executeOperation, withOperationOptions } from './operation-command.ts';
import type { SlashCommand } from './types.ts';
import { answer, townFor } from './util.ts';

export const RESIDENT_OPERATIONS: Operation[] = Object.values(OPERATIONS).filter((o) => o.path[0] === 'resident');

function residentCommand(): SlashCommandBuilder {
  const b = new SlashCommandBuilder()
    .setName('resident')
    .setDescription('The residents of this town')
    .setContexts(InteractionContextType.Guild);
  for (const o of RESIDENT_OPERATIONS)
    b.addSubcommand((s) =>
      withOperationOptions(
        s.setName(o.path[1]!).setDescription(`${o.admin ? '(Admin) ' : ''}${o.summary}`.slice(0, 100)),
        o,
      ),
    );
  return b;
}

export const resident: SlashCommand = {
  data: residentCommand(),
  admin: RESIDENT_OPERATIONS.filter((o) => o.admin).map((o) => o.path[1]!),
  // info may call the model for the summary description; memories embeds the query.
  defer: (i) => (i.options.getSubcommand(false) === 'list' ? null : { ephemeral: true }),

  async execute(i, ctx) {
    const town = await townFor(i, ctx);
    const sub = i.options.getSubcommand();
    const o = RESIDENT_OPERATIONS.find((x) => x.path[1] === sub);
    if (!o) {
      await answer(i, 'Unknown subcommand.');
      return;
    }
    await executeOperation(i, ctx, town, o);
  },
  autocomplete: residentAutocomplete,
};
