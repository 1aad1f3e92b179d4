// Resident-name autocomplete, shared by every command with a `resident` option.
import type { AutocompleteInteraction } from 'discord.js';
import type { CommandContext } from './types.ts';

/** Discord shows at most 25 choices. */
const MAX_CHOICES = 25;

export async function residentAutocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const town = i.guildId ? await ctx.towns.get(i.guildId) : null;
  if (!town) {
    await i.respond([]);
    return;
  }
  const focused = i.options.getFocused(true);
  const q = String(focused.value).trim().toLowerCase();
  if (focused.name !== 'resident' && focused.name !== 'location') {
    await i.respond([]);
    return;
  }
  const items =
    focused.name === 'resident'
      ? town.residents().map((r) => ({ name: r.name, value: r.name }))
      : town.locations().map((l) => ({ name: l.name, value: l.id }));
  const starts = items.filter((c) => c.name.toLowerCase().startsWith(q));
  const contains = items.filter((c) => !c.name.toLowerCase().startsWith(q) && c.name.toLowerCase().includes(q));
  await i.respond(
    [...starts, ...contains]
      .slice(0, MAX_CHOICES)
      .map((c) => ({ name: c.name.slice(0, 100), value: c.value.slice(0, 100) })),
  );
}
