// /game's buttons, menus and forms: Discord's way to fill a game operation's arguments (src/app/game-operations.ts).
// Lobby buttons run join/leave/start/cancel and update the lobby card; "Show my word" runs word; Cooperate/Defect
// run choose; the clue, guess, contribution and split forms run clue, guess, contribute and propose; the vote menu
// runs vote. A control names its game (and a vote menu its round): one from a finished game or an earlier round is
// refused instead of acting on the channel's newer game.
import {
  ActionRowBuilder,
  type ButtonInteraction,
  MessageFlags,
  ModalBuilder,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import { GAME_OPERATIONS, type GameOperation } from '../app/game-operations.ts';
import { UserError } from '../errors.ts';
import { LOBBY_SETTINGS } from '../games/lobby.ts';
import type { GameContext, GameSnapshot } from '../games/service.ts';
import { front, type GameFront, gameCtx, publish, runGameOperation } from './game-front.ts';
import { lobbyMessage } from './game-messages.ts';
import { numberModal } from './game-theory-ui.ts';
import type { CommandContext, ComponentHandler } from './types.ts';
import { answer, plain, rememberDefer } from './util.ts';

/** Buttons and menus must belong to this channel's current game (a stale or forged id is refused). */
async function sameGame(f: GameFront, gctx: GameContext, id: string | undefined): Promise<GameSnapshot> {
  const v = await f.service.view(gctx, null);
  if (!v || v.game.id !== id) throw new UserError('game/finished', 'This belongs to a game that is over.');
  return v.game;
}

/** A number typed into a form: a number when it reads as one, else the text (the operation names the problem). */
function typedNumber(text: string): unknown {
  const t = text.trim();
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
}

function textModal(id: string, action: 'clue' | 'guess') {
  const clue = action === 'clue';
  return new ModalBuilder()
    .setCustomId(`game:${action}:${id}`)
    .setTitle(clue ? 'Your clue' : 'Guess the secret word')
    .addComponents(
      new ActionRowBuilder<TextInputBuilder>().addComponents(
        new TextInputBuilder()
          .setCustomId(clue ? 'text' : 'word')
          .setLabel(clue ? 'Clue' : 'The word')
          .setStyle(TextInputStyle.Short)
          .setMaxLength(clue ? LOBBY_SETTINGS.maxClueLength : 100)
          .setRequired(true),
      ),
    );
}

/** Runs a move privately (an ephemeral answer with the operation's lines), then shows it to the channel. */
async function privateMove(
  i: ButtonInteraction | ModalSubmitInteraction | StringSelectMenuInteraction,
  ctx: CommandContext,
  o: GameOperation,
  raw: Record<string, unknown>,
) {
  rememberDefer(i, 'ephemeral');
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const r = await runGameOperation(i, ctx, o, raw);
  await answer(i, plain(r.lines.join('\n')));
  await publish(i, ctx, r);
}

const LOBBY_BUTTONS: Record<string, GameOperation> = {
  join: GAME_OPERATIONS.gameJoin,
  leave: GAME_OPERATIONS.gameLeave,
  start: GAME_OPERATIONS.gameStart,
  cancel: GAME_OPERATIONS.gameCancel,
};

export const gameComponents: ComponentHandler = {
  prefix: 'game',

  async button(i: ButtonInteraction, ctx: CommandContext) {
    const f = front(ctx);
    const [, action = '', id, extra] = i.customId.split(':');
    await sameGame(f, gameCtx(i), id);
    const lobbyOp = LOBBY_BUTTONS[action];
    if (lobbyOp) {
      // Deferred: the game's lock may be held by bots thinking (a model round trip).
      rememberDefer(i, 'update');
      await i.deferUpdate();
      const r = await runGameOperation(i, ctx, lobbyOp, {});
      if (r.result)
        await i.editReply(lobbyMessage(r.result.game, action === 'cancel' ? 'The game was cancelled.' : undefined));
      if (action === 'start') await publish(i, ctx, r);
      return;
    }
    switch (action) {
      case 'choose':
        return privateMove(i, ctx, GAME_OPERATIONS.gameChoose, { choice: extra });
      case 'word':
        return privateMove(i, ctx, GAME_OPERATIONS.gameWord, {});
      case 'contribute':
      case 'propose':
        return i.showModal(numberModal(id as string, action));
      case 'clue':
      case 'guess':
        return i.showModal(textModal(id as string, action));
      default:
        throw new UserError('game/unknown_control', 'This button is not part of the game.');
    }
  },

  async select(i: StringSelectMenuInteraction, ctx: CommandContext) {
    const [, action, id, turnSeq] = i.customId.split(':');
    if (action !== 'vote') throw new UserError('game/unknown_control', 'This menu is not part of the game.');
    const game = await sameGame(front(ctx), gameCtx(i), id);
    // The menu names the vote round it was posted for: one from an earlier round never counts in a later one.
    if (turnSeq !== String(game.turnSeq))
      throw new UserError('game/stale_menu', 'This vote menu is from an earlier round; use the newest one.');
    const target = i.values[0];
    if (!target) throw new UserError('game/vote_unknown', 'Pick a player to vote for.');
    await privateMove(i, ctx, GAME_OPERATIONS.gameVote, { player: target });
  },

  async modal(i: ModalSubmitInteraction, ctx: CommandContext) {
    const [, action, id] = i.customId.split(':');
    await sameGame(front(ctx), gameCtx(i), id);
    const field = (k: string) => i.fields.getTextInputValue(k);
    if (action === 'clue') return privateMove(i, ctx, GAME_OPERATIONS.gameClue, { text: field('text') });
    if (action === 'guess') return privateMove(i, ctx, GAME_OPERATIONS.gameGuess, { word: field('word') });
    if (action === 'contribute')
      return privateMove(i, ctx, GAME_OPERATIONS.gameContribute, { amount: typedNumber(field('amount')) });
    if (action === 'propose')
      return privateMove(i, ctx, GAME_OPERATIONS.gamePropose, {
        a: typedNumber(field('A')),
        b: typedNumber(field('B')),
        c: typedNumber(field('C')),
      });
    throw new UserError('game/unknown_control', 'This form is not part of the game.');
  },
};
