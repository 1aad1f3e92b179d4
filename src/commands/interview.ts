// /interview resident question [public]: the resident answers in character (Park et al. 2023, sec. 6.1) and
// remembers being asked. Deferred (it calls the model); ephemeral unless `public`, and a public interview is held
// only in one of the town's channels. The operation lives in the table (src/app/operations.ts); `public` is
// Discord's own (the console has one reader).
import { InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { OPERATIONS } from '../app/operations.ts';
import { UserError } from '../errors.ts';
import { residentAutocomplete } from './autocomplete.ts';
import { executeOperation, withOperationOptions } from './operation-command.ts';
import type { SlashCommand } from './types.ts';
import { townFor } from './util.ts';

export const interview: SlashCommand = {
  data: withOperationOptions(
    new SlashCommandBuilder()
      .setName('interview')
      .setDescription(OPERATIONS.interview.summary)
      .setContexts(InteractionContextType.Guild),
    OPERATIONS.interview,
  ).addBooleanOption((o) => o.setName('public').setDescription('Show the interview to everyone in this channel')),
  defer: (i) => ({ ephemeral: !i.options.getBoolean('public') }),
  rateLimited: () => true,
  async execute(i, ctx) {
    const town = await townFor(i, ctx);
    if (i.options.getBoolean('public') && !(await ctx.bindingFor(town, i.channelId))) {
      throw new UserError(
        'bot/outside_town',
        "Public interviews are held in the town's own channels (a location or #town-hall). Ask again there, or leave `public` off.",
      );
    }
    await executeOperation(i, ctx, town, OPERATIONS.interview);
  },
  autocomplete: residentAutocomplete,
};
