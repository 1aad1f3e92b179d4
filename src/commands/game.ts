// /game: Chameleon and Undercover (MAgIC, Xu et al. 2024) in a channel. A lobby message with Join / Leave / Start /
// Cancel buttons; bots (and town residents) fill seats; each player sees their word through an ephemeral
// "Show my word" button; turns are announced; clues through /game clue or a modal; votes through a select menu;
// the caught chameleon guesses through a modal; results reveal roles and words. The rules live in src/games
// (GameService); this file only turns interactions into service calls and results into messages.
import {
  ActionRowBuilder,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type MessageCreateOptions,
  MessageFlags,
  ModalBuilder,
  type ModalSubmitInteraction,
  PermissionFlagsBits,
  type RepliableInteraction,
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
  type StringSelectMenuInteraction,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import { UserError } from '../errors.ts';
import { modelLeaderboardText } from '../games/bench/leaderboard.ts';
import { LEADERBOARD_KINDS } from '../games/commands.ts';
import type { GtScenario } from '../games/game-theory/types.ts';
import type {
  GameContext,
  GameService,
  GameSnapshot,
  Person,
  ResidentPlayer,
  ServiceResult,
} from '../games/service.ts';
import { TurnTimers as CoreTurnTimers } from '../games/turn-timers.ts';
import { type AnyGameKind, isBotKind } from '../games/types.ts';
import {
  announcements,
  GAME_UI_SETTINGS,
  type GameUiSettings,
  lobbyMessage,
  nameOf,
  PLAIN_TITLES,
  TITLES,
} from './game-messages.ts';
import { GT_CONFIRM, isScenario, numberModal, wholeNumber } from './game-theory-ui.ts';
import type { CommandContext, ComponentHandler, SlashCommand } from './types.ts';
import { answer, plain, rememberDefer, speakerOf } from './util.ts';

export { GAME_UI_SETTINGS, type GameUiSettings } from './game-messages.ts';

/** What the bot gives the game commands: the service, a way to post in a channel, and turn timers. */
export interface GameFront {
  service: GameService;
  timers: TurnTimers;
}

// ---------------------------------------------------------------------------------------------------- helpers

function front(ctx: CommandContext): GameFront {
  const g = ctx.games;
  if (!g) throw new UserError('game/disabled', 'Games are not enabled on this bot.');
  return g;
}

function gameCtx(i: { guildId: string | null; channelId: string | null }): GameContext {
  if (!i.guildId || !i.channelId) throw new UserError('bot/dm', 'Games are played in a server channel.');
  return { scope: i.guildId, channelId: i.channelId };
}

/** The name others see: the person's town persona when they have one, else their display name. */
async function personOf(i: RepliableInteraction, ctx: CommandContext): Promise<Person> {
  const speaker = speakerOf(i);
  let name = speaker.displayName;
  if (i.guildId) {
    const town = await ctx.towns.get(i.guildId).catch(() => null);
    const persona = town ? await town.persona(speaker).catch(() => null) : null;
    if (persona) name = persona.name;
  }
  return { id: i.user.id, name: [...name.trim()].slice(0, GAME_UI_SETTINGS.maxNameLength).join('') || 'Player' };
}

function isAdmin(i: RepliableInteraction): boolean {
  return i.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
}

/** A typed game error becomes a plain ephemeral answer. */
function check(r: ServiceResult): asserts r is Extract<ServiceResult, { ok: true }> {
  if (!r.ok) throw new UserError(r.error.code, r.error.message);
}

// ---------------------------------------------------------------------------------------------------- timers

/** Discord's turn timers: the games core's TurnTimers, publishing announcements in the game's channel. */
export class TurnTimers extends CoreTurnTimers {
  constructor(
    service: GameService,
    post: (channelId: string, message: MessageCreateOptions) => Promise<void>,
    onError: (e: unknown) => void,
    settings: Partial<GameUiSettings> = {},
  ) {
    const s = { ...GAME_UI_SETTINGS, ...settings };
    super({
      service,
      onError,
      publish: async (ctx, r) => {
        for (const m of announcements(r)) await post(ctx.channelId, m);
      },
      seconds: {
        clues: s.clueSeconds,
        vote: s.voteSeconds,
        guess: s.guessSeconds,
        propose: s.proposeSeconds,
        choose: s.chooseSeconds,
        contribute: s.contributeSeconds,
      },
    });
  }
}

// ---------------------------------------------------------------------------------------------------- command

function kindOptions(s: SlashCommandSubcommandBuilder, party: boolean) {
  s.addIntegerOption((o) => o.setName('bots').setDescription('Bots to seat now (0-7)').setMinValue(0).setMaxValue(7))
    .addStringOption((o) =>
      o
        .setName('bot_kind')
        .setDescription('How bots think')
        .addChoices(
          { name: 'vanilla (one call per move)', value: 'vanilla' },
          { name: 'PGM-aware (MAgIC)', value: 'pgm' },
          { name: 'PGM with probabilities (ProPGM)', value: 'pgm-prob' },
        ),
    )
    .addIntegerOption((o) =>
      o.setName('residents').setDescription('Town residents who join as players (0-7)').setMinValue(0).setMaxValue(7),
    )
    .addIntegerOption((o) => o.setName('rounds').setDescription('Clue rounds (1-3)').setMinValue(1).setMaxValue(3));
  if (party) s.addBooleanOption((o) => o.setName('party').setDescription('Party variant: elimination rounds'));
  return s;
}

function scenarioOptions(s: SlashCommandSubcommandBuilder) {
  return s
    .addIntegerOption((o) => o.setName('bots').setDescription('Bots to seat now (0-2)').setMinValue(0).setMaxValue(2))
    .addStringOption((o) =>
      o
        .setName('bot_kind')
        .setDescription('How bots think')
        .addChoices(
          { name: 'vanilla (one call per move)', value: 'vanilla' },
          { name: 'PGM-aware (MAgIC)', value: 'pgm' },
          { name: 'PGM with probabilities (ProPGM)', value: 'pgm-prob' },
        ),
    );
}

async function residentsFor(i: ChatInputCommandInteraction, ctx: CommandContext, n: number): Promise<ResidentPlayer[]> {
  if (n <= 0) return [];
  const town = i.guildId ? await ctx.towns.get(i.guildId) : null;
  if (!town) throw new UserError('game/no_town', 'Residents can only play in a server with a town (`/town setup`).');
  return town
    .residents()
    .slice(0, n)
    .map((r) => {
      let summary = `${r.name}, a resident of ${town.status().name}.`;
      try {
        const p = town.liveResident(r.id).profile;
        summary = `${p.name}, ${p.age}: ${p.innate}. ${p.learned} ${p.currently}`;
      } catch {
        // a resident that vanished between the two calls plays with the short summary
      }
      return { residentId: r.id, persona: { name: r.name, summary } };
    });
}

export const game: SlashCommand = {
  data: new SlashCommandBuilder()
    .setName('game')
    .setDescription('Play Chameleon or Undercover with people, bots and residents')
    .setDMPermission(false)
    .addSubcommand((s) => kindOptions(s.setName('chameleon').setDescription('Open a Chameleon lobby here'), false))
    .addSubcommand((s) => kindOptions(s.setName('undercover').setDescription('Open an Undercover lobby here'), true))
    .addSubcommand((s) =>
      scenarioOptions(s.setName('cost-sharing').setDescription('Open a Cost Sharing table (3 seats)')),
    )
    .addSubcommand((s) =>
      scenarioOptions(s.setName('prisoners-dilemma').setDescription("Open a Prisoner's Dilemma table (3 seats)")),
    )
    .addSubcommand((s) =>
      scenarioOptions(s.setName('public-good').setDescription('Open a Public Good table (3 seats)')),
    )
    .addSubcommand((s) =>
      s
        .setName('clue')
        .setDescription('Give your clue (on your turn)')
        .addStringOption((o) => o.setName('text').setDescription('Your clue').setRequired(true).setMaxLength(150)),
    )
    .addSubcommand((s) =>
      s
        .setName('vote')
        .setDescription('Vote for a player (or use the menu)')
        .addStringOption((o) =>
          o.setName('player').setDescription('Name or seat number').setRequired(true).setMaxLength(60),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('guess')
        .setDescription('Guess the secret word (the caught chameleon)')
        .addStringOption((o) => o.setName('word').setDescription('Your guess').setRequired(true).setMaxLength(100)),
    )
    .addSubcommand((s) => s.setName('word').setDescription('Show your word (only you see it)'))
    .addSubcommand((s) => s.setName('status').setDescription('The game in this channel'))
    .addSubcommand((s) => s.setName('cancel').setDescription('Cancel the game (host or admin)'))
    .addSubcommand((s) =>
      s
        .setName('leaderboard')
        .setDescription('Ratings in this server')
        .addStringOption((o) =>
          o
            .setName('game')
            .setDescription('Which game')
            .addChoices(...LEADERBOARD_KINDS.map((k) => ({ name: PLAIN_TITLES[k], value: k })), {
              name: 'Models (MAgIC bench)',
              value: 'models',
            }),
        ),
    ),
  // Moves may let bots play (model calls) and wait for the channel's game lock: defer them. The lobby is public.
  defer(i) {
    const sub = i.options.getSubcommand(false);
    if (sub === 'clue' || sub === 'vote' || sub === 'guess' || sub === 'cancel') return { ephemeral: true };
    if (sub === 'chameleon' || sub === 'undercover' || isScenario(sub as AnyGameKind)) return { ephemeral: false };
    return null;
  },

  async execute(i, ctx) {
    const f = front(ctx);
    const gctx = gameCtx(i);
    const sub = i.options.getSubcommand();
    if (isScenario(sub as AnyGameKind)) {
      const botKind = i.options.getString('bot_kind');
      const r = await f.service.lobby(gctx, await personOf(i, ctx), {
        kind: sub as GtScenario,
        bots: i.options.getInteger('bots') ?? 0,
        ...(isBotKind(botKind) ? { botKind } : {}),
      });
      check(r);
      await i.editReply(lobbyMessage(r.game, `Bots: ${plain(f.service.gtBotLabel())}.`));
      return;
    }
    if (sub === 'chameleon' || sub === 'undercover') {
      const person = await personOf(i, ctx);
      const botKind = i.options.getString('bot_kind');
      const bots = i.options.getInteger('bots') ?? 0;
      const rounds = i.options.getInteger('rounds');
      const residents = await residentsFor(i, ctx, Math.max(0, Math.min(7, i.options.getInteger('residents') ?? 0)));
      const r = await f.service.lobby(gctx, person, {
        kind: sub,
        bots,
        ...(isBotKind(botKind) ? { botKind } : {}),
        residents,
        ...(rounds !== null ? { clueRounds: rounds } : {}),
        ...(sub === 'undercover' && i.options.getBoolean('party') ? { variant: 'party' as const } : {}),
      });
      check(r);
      await i.editReply(lobbyMessage(r.game));
      return;
    }
    if (sub === 'leaderboard') {
      if (i.options.getString('game') === 'models')
        return void (await answer(i, modelLeaderboardText(), { ephemeral: false }));
      const picked = LEADERBOARD_KINDS.find((k) => k === i.options.getString('game'));
      const kinds: readonly AnyGameKind[] = picked ? [picked] : LEADERBOARD_KINDS;
      const parts: string[] = [];
      for (const k of kinds) {
        const rows = await f.service.leaderboard(gctx.scope, k);
        parts.push(
          `**${TITLES[k]}**`,
          ...(rows.length === 0
            ? ['No rated games yet.']
            : rows.map((e) => `${e.rank}. ${plain(e.name)} — ${e.score.toFixed(1)} (${e.wins}/${e.games} won)`)),
        );
      }
      await answer(i, parts.join('\n'), { ephemeral: false });
      return;
    }
    if (sub === 'word') {
      await showWord(i, ctx);
      return;
    }
    if (sub === 'status') {
      const v = await f.service.view(gctx, null);
      if (!v)
        throw new UserError(
          'game/no_game',
          'There is no game in this channel. Start one with `/game chameleon` or `/game undercover`.',
        );
      const g = v.game;
      const waiting = g.awaiting.map((id) => nameOf(g, id)).join(', ');
      await answer(
        i,
        `${TITLES[g.kind]} — ${g.phase}. Players: ${g.players.map((p) => nameOf(g, p.id)).join(', ')}.${waiting ? ` Waiting for: ${waiting}.` : ''}`,
      );
      return;
    }
    const person = await personOf(i, ctx);
    let r: ServiceResult;
    if (sub === 'clue') r = await f.service.clue(gctx, person, i.options.getString('text', true));
    else if (sub === 'vote') r = await f.service.vote(gctx, person, i.options.getString('player', true));
    else if (sub === 'guess') r = await f.service.guess(gctx, person, i.options.getString('word', true));
    else r = await f.service.cancel(gctx, person, { admin: isAdmin(i) });
    check(r);
    await answer(
      i,
      sub === 'cancel'
        ? 'Game cancelled.'
        : sub === 'clue'
          ? 'Clue given.'
          : sub === 'vote'
            ? 'Vote recorded.'
            : 'Guess made.',
    );
    await f.timers.publish(gctx, r);
  },
};

async function showWord(i: RepliableInteraction, ctx: CommandContext): Promise<void> {
  const info = await front(ctx).service.showMyWord(gameCtx(i), await personOf(i, ctx));
  if (!info.ok) throw new UserError(info.error.code, info.error.message);
  await answer(i, `🤫 ${plain(info.info.text)}`, { ephemeral: true });
}

// ---------------------------------------------------------------------------------------------------- components

/** Buttons and menus must belong to this channel's current game (a stale or forged id is refused). */
async function sameGame(f: GameFront, gctx: GameContext, id: string | undefined): Promise<GameSnapshot> {
  const v = await f.service.view(gctx, null);
  if (!v || v.game.id !== id) throw new UserError('game/finished', 'This belongs to a game that is over.');
  return v.game;
}

export const gameComponents: ComponentHandler = {
  prefix: 'game',

  async button(i: ButtonInteraction, ctx: CommandContext) {
    const f = front(ctx);
    const gctx = gameCtx(i);
    const [, action, id, extra] = i.customId.split(':');
    await sameGame(f, gctx, id);
    const person = await personOf(i, ctx);
    switch (action) {
      case 'choose': {
        if (extra !== 'cooperate' && extra !== 'defect')
          throw new UserError('game/unknown_control', 'This button is not part of the game.');
        rememberDefer(i, 'ephemeral');
        await i.deferReply({ flags: MessageFlags.Ephemeral });
        const r = await f.service.choose(gctx, person, extra);
        check(r);
        await i.editReply({ content: `You chose to **${extra}**. ${GT_CONFIRM}` });
        await f.timers.publish(gctx, r);
        return;
      }
      case 'contribute':
      case 'propose':
        await i.showModal(numberModal(id as string, action));
        return;
      case 'join':
      case 'leave': {
        // Deferred: the game's lock may be held by bots thinking (a model round trip).
        rememberDefer(i, 'update');
        await i.deferUpdate();
        const r = action === 'join' ? await f.service.join(gctx, person) : await f.service.leave(gctx, person);
        check(r);
        await i.editReply(lobbyMessage(r.game));
        return;
      }
      case 'start': {
        rememberDefer(i, 'update');
        await i.deferUpdate();
        const r = await f.service.start(gctx, person);
        check(r);
        await i.editReply(lobbyMessage(r.game));
        await f.timers.publish(gctx, r);
        return;
      }
      case 'cancel': {
        rememberDefer(i, 'update');
        await i.deferUpdate();
        const r = await f.service.cancel(gctx, person, { admin: isAdmin(i) });
        check(r);
        await i.editReply(lobbyMessage(r.game, 'The game was cancelled.'));
        return;
      }
      case 'word':
        await showWord(i, ctx);
        return;
      case 'clue':
        await i.showModal(
          new ModalBuilder()
            .setCustomId(`game:clue:${id}`)
            .setTitle('Your clue')
            .addComponents(
              new ActionRowBuilder<TextInputBuilder>().addComponents(
                new TextInputBuilder()
                  .setCustomId('text')
                  .setLabel('Clue')
                  .setStyle(TextInputStyle.Short)
                  .setMaxLength(150)
                  .setRequired(true),
              ),
            ),
        );
        return;
      case 'guess':
        await i.showModal(
          new ModalBuilder()
            .setCustomId(`game:guess:${id}`)
            .setTitle('Guess the secret word')
            .addComponents(
              new ActionRowBuilder<TextInputBuilder>().addComponents(
                new TextInputBuilder()
                  .setCustomId('word')
                  .setLabel('The word')
                  .setStyle(TextInputStyle.Short)
                  .setMaxLength(100)
                  .setRequired(true),
              ),
            ),
        );
        return;
      default:
        throw new UserError('game/unknown_control', 'This button is not part of the game.');
    }
  },

  async select(i: StringSelectMenuInteraction, ctx: CommandContext) {
    const f = front(ctx);
    const gctx = gameCtx(i);
    const [, action, id, turnSeq] = i.customId.split(':');
    if (action !== 'vote') throw new UserError('game/unknown_control', 'This menu is not part of the game.');
    const game = await sameGame(f, gctx, id);
    // The menu names the vote round it was posted for: one from an earlier round never counts in a later one.
    if (turnSeq !== String(game.turnSeq))
      throw new UserError('game/stale_menu', 'This vote menu is from an earlier round; use the newest one.');
    rememberDefer(i, 'ephemeral');
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const target = i.values[0];
    if (!target) throw new UserError('game/vote_unknown', 'Pick a player to vote for.');
    const r = await f.service.vote(gctx, await personOf(i, ctx), target);
    check(r);
    await i.editReply({ content: isScenario(r.game.kind) ? `Vote recorded. ${GT_CONFIRM}` : 'Vote recorded.' });
    await f.timers.publish(gctx, r);
  },

  async modal(i: ModalSubmitInteraction, ctx: CommandContext) {
    const f = front(ctx);
    const gctx = gameCtx(i);
    const [, action, id] = i.customId.split(':');
    await sameGame(f, gctx, id);
    rememberDefer(i, 'ephemeral');
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const person = await personOf(i, ctx);
    let r: ServiceResult;
    let confirm: string;
    if (action === 'clue') {
      r = await f.service.clue(gctx, person, i.fields.getTextInputValue('text'));
      confirm = 'Clue given.';
    } else if (action === 'guess') {
      r = await f.service.guess(gctx, person, i.fields.getTextInputValue('word'));
      confirm = 'Guess made.';
    } else if (action === 'contribute') {
      const amount = wholeNumber(i.fields.getTextInputValue('amount'), 'The amount');
      r = await f.service.contribute(gctx, person, amount);
      confirm = `You put in **${amount}**. ${GT_CONFIRM}`;
    } else if (action === 'propose') {
      const shares = ['A', 'B', 'C'].map((k) => wholeNumber(i.fields.getTextInputValue(k), `Airline ${k}'s share`));
      r = await f.service.propose(gctx, person, shares);
      confirm = `You proposed **${shares.join('/')}**. ${GT_CONFIRM}`;
    } else throw new UserError('game/unknown_control', 'This form is not part of the game.');
    check(r);
    await i.editReply({ content: confirm });
    await f.timers.publish(gctx, r);
  },
};
