// /game: Discord's renderer of the game operations (src/app/game-operations.ts), the same table the console runs.
// Each operation is a subcommand whose options come from its schema; the result is a lobby card (opening a table),
// an answer (ephemeral for moves and private information), and the game's events for the channel, posted through
// the turn timers. Buttons, menus and forms on those messages (game-components.ts) fill the same operations'
// arguments. The rules live in src/games (GameService).
import { InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { findGameOperation, gameOperations } from '../app/game-operations.ts';
import { UserError } from '../errors.ts';
import { playerAutocomplete } from './autocomplete.ts';
import { publish, runGameOperation } from './game-front.ts';
import { lobbyMessage } from './game-messages.ts';
import { operationArgs, withOperationOptions } from './operation-command.ts';
import type { SlashCommand } from './types.ts';
import { answer, plain } from './util.ts';

export { gameComponents } from './game-components.ts';
export { type GameFront, TurnTimers } from './game-front.ts';
export { GAME_UI_SETTINGS, type GameUiSettings } from './game-messages.ts';

function gameCommand() {
  const b = new SlashCommandBuilder()
    .setName('game')
    .setDescription("Play one of MAgIC's games (social deduction, game theory) with people, bots and residents")
    .setContexts(InteractionContextType.Guild);
  for (const o of gameOperations())
    b.addSubcommand((s) => withOperationOptions(s.setName(o.path[1]!).setDescription(o.summary.slice(0, 100)), o));
  return b;
}

export const game: SlashCommand = {
  data: gameCommand(),
  // Moves may let bots play (model calls) and wait for the channel's game lock: defer them. A lobby is public.
  defer(i) {
    const o = findGameOperation(i.options.getSubcommand(false) ?? undefined);
    return o ? { ephemeral: o.reply === 'private' } : null;
  },

  autocomplete: playerAutocomplete,

  async execute(i, ctx) {
    const o = findGameOperation(i.options.getSubcommand());
    if (!o) throw new UserError('game/unknown_control', 'That is not a game command; see /help.');
    const r = await runGameOperation(i, ctx, o, operationArgs(i, o));
    if (o.reply === 'lobby' && r.result) await i.editReply(lobbyMessage(r.result.game, r.note && plain(r.note)));
    else await answer(i, plain(r.lines.join('\n')), { ephemeral: o.reply === 'private' });
    await publish(i, ctx, r);
  },
};
