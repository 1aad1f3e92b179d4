// Autocomplete: resident names and places, shared by every command with a `resident` or `location` option, and a
// game table's seats for `/game vote`'s player.
import type { AutocompleteInteraction } from 'discord.js';
import { front, gameCtx } from './game-front.ts';
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

/**
 * `/game vote`'s player option: the channel's seats as shown when the vote is asked ("2. Bot 1"), those containing
 * what was typed (a name or a seat number); the chosen value is the seat number.
 */
export async function playerAutocomplete(i: AutocompleteInteraction, ctx: CommandContext): Promise<void> {
  const focused = i.options.getFocused(true);
  const table = focused.name === 'player' && ctx.games ? await front(ctx).service.view(gameCtx(i), null) : null;
  const q = String(focused.value).trim().toLowerCase();
  const seats = (table?.game.players ?? []).map((p, n) => ({
    name: `${n + 1}. ${p.name}`.slice(0, 100),
    value: String(n + 1),
  }));
  await i.respond(seats.filter((s) => s.name.toLowerCase().includes(q)).slice(0, MAX_CHOICES));
}
