// /persona set|show|clear: the name and short description residents see instead of the Discord account.
// The operations and their texts live in the table (src/app/operations.ts).
import { InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { OPERATIONS, type Operation } from '../app/operations.ts';
import { executeOperation, withOperationOptions } from './operation-command.ts';
import type { SlashCommand } from './types.ts';
import { answer, townFor } from './util.ts';

export const PERSONA_OPERATIONS: Operation[] = Object.values(OPERATIONS).filter((o) => o.path[0] === 'persona');

function personaCommand(): SlashCommandBuilder {
  const b = new SlashCommandBuilder()
    .setName('persona')
    .setDescription('Who the residents think you are')
    .setContexts(InteractionContextType.Guild);
  for (const o of PERSONA_OPERATIONS)
    b.addSubcommand((s) => withOperationOptions(s.setName(o.path[1]!).setDescription(o.summary.slice(0, 100)), o));
  return b;
}

export const persona: SlashCommand = {
  data: personaCommand(),
  async execute(i, ctx) {
    const town = await townFor(i, ctx);
    const o = PERSONA_OPERATIONS.find((x) => x.path[1] === i.options.getSubcommand());
    if (!o) {
      await answer(i, 'Unknown subcommand.');
      return;
    }
    await executeOperation(i, ctx, town, o);
  },
};
