// /whisper resident text: the inner voice (Park et al. 2023, sec. 3.1). The resident takes it as its own thought;
// the person gets an ephemeral acknowledgement and sees the consequences in town.
import { SlashCommandBuilder } from 'discord.js';
import { residentAutocomplete } from './autocomplete.ts';
import type { SlashCommand } from './types.ts';
import { answer, plain, requireRunning, speakerOf, textOption, townFor } from './util.ts';

export const whisper: SlashCommand = {
  data: new SlashCommandBuilder()
    .setName('whisper')
    .setDescription("Whisper to a resident as their inner voice (they'll think it was their own idea)")
    .setDMPermission(false)
    .addStringOption((o) =>
      o
        .setName('resident')
        .setDescription('Who hears the thought')
        .setRequired(true)
        .setAutocomplete(true)
        .setMaxLength(100),
    )
    .addStringOption((o) => o.setName('text').setDescription('The thought').setRequired(true).setMaxLength(500)),
  defer: () => ({ ephemeral: true }),
  rateLimited: () => true,
  async execute(i, ctx) {
    const town = await townFor(i, ctx);
    requireRunning(town);
    const r = await town.whisper(
      textOption(i, 'resident', 'resident name'),
      speakerOf(i),
      textOption(i, 'text', 'thought'),
    );
    ctx.deliverSoon(town.id);
    await answer(i, `🤫 **${plain(r.resident)}** heard a thought… Watch the town to see what comes of it.`);
  },
  autocomplete: residentAutocomplete,
};
