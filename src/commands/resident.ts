// /resident list | info name | memories name query (admin): who lives in town, what they are doing, and — for
// admins — what a resident retrieves for a query, with the recency / importance / relevance scores
// (Park et al. 2023, sec. 4.1).
import { SlashCommandBuilder } from 'discord.js';
import { residentAutocomplete } from './autocomplete.ts';
import type { SlashCommand } from './types.ts';
import { answer, clipText, codeBlocks, plain, textOption, townFor } from './util.ts';

/** Memories shown by /resident memories (one screen). */
const MEMORIES_SHOWN = 10;

export const resident: SlashCommand = {
  data: new SlashCommandBuilder()
    .setName('resident')
    .setDescription('The residents of this town')
    .setDMPermission(false)
    .addSubcommand((s) => s.setName('list').setDescription('Everyone in town: where they are and what they are doing'))
    .addSubcommand((s) =>
      s
        .setName('info')
        .setDescription("A resident's bio, whereabouts and plan for today")
        .addStringOption((o) =>
          o.setName('resident').setDescription('Who').setRequired(true).setAutocomplete(true).setMaxLength(100),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('memories')
        .setDescription('(Admin) What a resident recalls for a query, with retrieval scores')
        .addStringOption((o) =>
          o.setName('resident').setDescription('Who').setRequired(true).setAutocomplete(true).setMaxLength(100),
        )
        .addStringOption((o) =>
          o.setName('query').setDescription('What to recall').setRequired(true).setMaxLength(300),
        ),
    ),
  admin: ['memories'],
  // info may call the model for the summary description; memories embeds the query.
  defer: (i) => (i.options.getSubcommand(false) === 'list' ? null : { ephemeral: true }),

  async execute(i, ctx) {
    const town = await townFor(i, ctx);
    const sub = i.options.getSubcommand();
    if (sub === 'list') {
      const lines = town.residents().map((r) => {
        const where = r.travellingTo ? `on the way to ${r.travellingTo.name}` : `at ${r.location.name}`;
        return `${r.actionEmoji} **${plain(r.name)}** — ${where}, ${plain(r.doing)}`;
      });
      const st = town.status();
      await answer(i, [`**${plain(st.name)}** — ${st.time}${st.paused ? ' (paused)' : ''}`, ...lines].join('\n'));
      return;
    }
    const name = textOption(i, 'resident', 'resident name');
    if (sub === 'info') {
      const r = await town.residentInfo(name);
      const where = r.travellingTo ? `on the way to ${r.travellingTo.name}` : `at ${r.location.name}`;
      const plan = r.plan.length > 0 ? r.plan.slice(0, 12).map((l) => `• ${plain(l)}`) : ['• (no plan yet today)'];
      await answer(
        i,
        [
          `${r.emoji} **${plain(r.name)}** (${r.age}) — lives at ${plain(r.home.name)}`,
          `> ${plain(clipText(r.bio, 700)).replace(/\n/g, '\n> ')}`,
          `Now: ${where}, ${plain(r.doing)} ${r.actionEmoji}`,
          "Today's plan:",
          ...plan,
        ].join('\n'),
      );
      return;
    }
    const hits = await town.memories(name, textOption(i, 'query'), MEMORIES_SHOWN);
    if (hits.length === 0) {
      await answer(i, 'No memories came back for that query.');
      return;
    }
    const rows = hits.map(
      (h, n) =>
        `${String(n + 1).padStart(2)}. score ${h.score.toFixed(2)}  (recency ${h.recency.toFixed(2)}, importance ${h.importanceScore.toFixed(2)}, relevance ${h.relevance.toFixed(2)})\n    [${h.kind}, ${h.createdAt}, poignancy ${h.importance}/10] ${clipText(h.description.replace(/`/g, "'"), 200)}`,
    );
    await answer(
      i,
      codeBlocks(`What **${plain(name)}** recalls (highest score first; each component is normalised to 0..1):`, rows),
    );
  },
  autocomplete: residentAutocomplete,
};
