// /web: every member's way to `/town watch` (the /town command is shown to Manage Server holders by default):
// an ephemeral link to the web view, signed for this server only and expiring (src/web). Not `/watch`: on the
// console that word follows a place's posts. The answer is the operation table's (src/app/operations.ts, townWatch).
import { InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { OPERATIONS } from '../app/operations.ts';
import { executeOperation } from './operation-command.ts';
import type { SlashCommand } from './types.ts';
import { townFor } from './util.ts';

export const web: SlashCommand = {
  data: new SlashCommandBuilder()
    .setName('web')
    .setDescription(OPERATIONS.townWatch.summary.slice(0, 100))
    .setContexts(InteractionContextType.Guild),
  defer: () => ({ ephemeral: true }),
  async execute(i, ctx) {
    await executeOperation(i, ctx, await townFor(i, ctx), OPERATIONS.townWatch);
  },
};
