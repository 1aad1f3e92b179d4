// /whisper resident text: the inner voice (Park et al. 2023, sec. 3.1). The resident takes it as its own thought;
// the person gets an ephemeral acknowledgement and sees the consequences in town. The operation lives in the
// table (src/app/operations.ts).
import { InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { OPERATIONS } from '../app/operations.ts';
import { residentAutocomplete } from './autocomplete.ts';
import { executeOperation, withOperationOptions } from './operation-command.ts';
import type { SlashCommand } from './types.ts';
import { townFor } from './util.ts';

export const whisper: SlashCommand = {
  data: withOperationOptions(
    new SlashCommandBuilder()
      .setName('whisper')
      .setDescription(OPERATIONS.whisper.summary)
      .setContexts(InteractionContextType.Guild),
    OPERATIONS.whisper,
  ),
  defer: () => ({ ephemeral: true }),
  rateLimited: () => true,
  async execute(i, ctx) {
    await executeOperation(i, ctx, await townFor(i, ctx), OPERATIONS.whisper);
  },
  autocomplete: residentAutocomplete,
};
