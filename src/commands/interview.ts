// /interview resident question [public]: the resident answers in character (Park et al. 2023, sec. 6.1) and
// remembers being asked. Deferred (it calls the model); ephemeral unless `public`, and a public interview is held
// only in one of the town's channels.
import { SlashCommandBuilder } from 'discord.js';
import { UserError } from '../errors.ts';
import { residentAutocomplete } from './autocomplete.ts';
import type { SlashCommand } from './types.ts';
import { answer, plain, requireRunning, speakerOf, textOption, townFor } from './util.ts';

export const interview: SlashCommand = {
  data: new SlashCommandBuilder()
    .setName('interview')
    .setDescription('Ask a resident a question; they answer in character')
    .setDMPermission(false)
    .addStringOption((o) =>
      o
        .setName('resident')
        .setDescription('Who to interview')
        .setRequired(true)
        .setAutocomplete(true)
        .setMaxLength(100),
    )
    .addStringOption((o) => o.setName('question').setDescription('Your question').setRequired(true).setMaxLength(500))
    .addBooleanOption((o) => o.setName('public').setDescription('Show the interview to everyone in this channel')),
  defer: (i) => ({ ephemeral: !i.options.getBoolean('public') }),
  rateLimited: () => true,
  async execute(i, ctx) {
    const town = await townFor(i, ctx);
    requireRunning(town);
    if (i.options.getBoolean('public') && !(await ctx.bindingFor(town, i.channelId))) {
      throw new UserError(
        'bot/outside_town',
        "Public interviews are held in the town's own channels (a location or #town-hall). Ask again there, or leave `public` off.",
      );
    }
    const speaker = speakerOf(i);
    const persona = await town.persona(speaker);
    const question = textOption(i, 'question');
    const r = await town.interview(textOption(i, 'resident', 'resident name'), speaker, question);
    const asker = plain(persona?.name ?? speaker.displayName);
    await answer(i, `**${asker}** asked **${plain(r.resident)}**: “${plain(question)}”\n\n${plain(r.answer)}`);
  },
  autocomplete: residentAutocomplete,
};
