// /persona set|show|clear: the name and short description residents see instead of the Discord account.
import { SlashCommandBuilder } from 'discord.js';
import type { SlashCommand } from './types.ts';
import { answer, plain, speakerOf, textOption, townFor } from './util.ts';

export const persona: SlashCommand = {
  data: new SlashCommandBuilder()
    .setName('persona')
    .setDescription('Who the residents think you are')
    .setDMPermission(false)
    .addSubcommand((s) =>
      s
        .setName('set')
        .setDescription('Take a persona: residents see and remember it, not your account')
        .addStringOption((o) =>
          o.setName('name').setDescription('The name residents will know you by').setRequired(true).setMaxLength(40),
        )
        .addStringOption((o) =>
          o
            .setName('description')
            .setDescription('A short description, e.g. "a reporter for the local paper"')
            .setRequired(true)
            .setMaxLength(200),
        ),
    )
    .addSubcommand((s) => s.setName('show').setDescription('Show your persona in this town'))
    .addSubcommand((s) => s.setName('clear').setDescription('Drop your persona (residents see your display name)')),

  async execute(i, ctx) {
    const town = await townFor(i, ctx);
    const speaker = speakerOf(i);
    const sub = i.options.getSubcommand();
    if (sub === 'set') {
      const p = await town.setPersona(speaker, textOption(i, 'name'), i.options.getString('description', true));
      await answer(
        i,
        `You are now **${plain(p.name)}**, ${plain(p.description)}. Residents will know you by that name.`,
      );
    } else if (sub === 'show') {
      const p = await town.persona(speaker);
      await answer(
        i,
        p
          ? `You are **${plain(p.name)}**, ${plain(p.description)}.`
          : `You have no persona here; residents see you as **${plain(speaker.displayName)}**, a visitor. Take one with \`/persona set\`.`,
      );
    } else {
      const had = await town.clearPersona(speaker);
      await answer(i, had ? 'Persona cleared. Residents will see your display name.' : 'You had no persona.');
    }
  },
};
