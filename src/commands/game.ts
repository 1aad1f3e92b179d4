// /game: Chameleon and Undercover (MAgIC, Xu et al. 2024) in a channel. A lobby message with Join / Leave / Start /
// Cancel buttons; bots (and town residents) fill seats; each player sees their word through an ephemeral
// "Show my word" button; turns are announced; clues through /game clue or a modal; votes through a select menu;
// the caught chameleon guesses through a modal; results reveal roles and words. The rules live in src/games
// (GameService); this file only turns interactions into service calls and results into messages.
import {
  ActionRowBuilder,
  ButtonBuilder,
  type ButtonInteraction,
  ButtonStyle,
  type ChatInputCommandInteraction,
  type MessageCreateOptions,
  MessageFlags,
  ModalBuilder,
  type ModalSubmitInteraction,
  PermissionFlagsBits,
  type RepliableInteraction,
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
  StringSelectMenuBuilder,
  type StringSelectMenuInteraction,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import { UserError } from '../errors.ts';
import { modelLeaderboardText } from '../games/bench/leaderboard.ts';
import { GT_TITLES, gtEventLine } from '../games/game-theory/render.ts';
import type { GtScenario } from '../games/game-theory/types.ts';
import type {
  GameContext,
  GameService,
  GameSnapshot,
  Person,
  ResidentPlayer,
  ServiceResult,
} from '../games/service.ts';
import { TurnTimers as CoreTurnTimers, TURN_SECONDS } from '../games/turn-timers.ts';
import type { AnyGameKind, GameEvent, GameKind } from '../games/types.ts';
import { GT_CONFIRM, gtControls, isScenario, numberModal, wholeNumber } from './game-theory-ui.ts';
import type { CommandContext, ComponentHandler, SlashCommand } from './types.ts';
import { answer, clipText, plain, rememberDefer, speakerOf } from './util.ts';

export const GAME_UI_SETTINGS = {
  /** Time a person has for a clue, a vote, a guess (issue 6: "within a time limit, then the turn passes"). */
  clueSeconds: 120,
  voteSeconds: 120,
  guessSeconds: 90,
  proposeSeconds: TURN_SECONDS.propose,
  chooseSeconds: TURN_SECONDS.choose,
  contributeSeconds: TURN_SECONDS.contribute,
  /** LOBBY_SETTINGS.maxNameLength in src/games: longer display names are clipped. */
  maxNameLength: 40,
  /** Discord: a select menu holds at most 25 options. */
  maxSelectOptions: 25,
} as const;

export type GameUiSettings = { [K in keyof typeof GAME_UI_SETTINGS]: number };

/** What the bot gives the game commands: the service, a way to post in a channel, and turn timers. */
export interface GameFront {
  service: GameService;
  timers: TurnTimers;
}

const TITLES: Record<AnyGameKind, string> = {
  chameleon: '🦎 Chameleon',
  undercover: '🕵️ Undercover',
  'cost-sharing': `✈️ ${GT_TITLES['cost-sharing']}`,
  'prisoners-dilemma': `⛓️ ${GT_TITLES['prisoners-dilemma']}`,
  'public-good': `🪙 ${GT_TITLES['public-good']}`,
};

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

function nameOf(game: GameSnapshot, id: string): string {
  return plain(game.players.find((p) => p.id === id)?.name ?? id);
}

/** Mentions a person by Discord id (pinging only them); bots are named. */
function who(game: GameSnapshot, id: string): string {
  const p = game.players.find((x) => x.id === id);
  return p && !p.bot && /^\d+$/.test(id) ? `<@${id}>` : `**${nameOf(game, id)}**`;
}

function row<T extends ButtonBuilder | StringSelectMenuBuilder>(...items: T[]) {
  return new ActionRowBuilder<T>().addComponents(...items);
}

function lobbyMessage(game: GameSnapshot, note?: string) {
  const players = game.players.map((p) => `${nameOf(game, p.id)}${p.bot ? ' 🤖' : ''}`).join(', ');
  const open = game.phase === 'lobby';
  const content = [
    `${TITLES[game.kind]} — ${open ? 'lobby' : game.phase === 'cancelled' ? 'cancelled' : 'started'} · host: ${game.hostId ? nameOf(game, game.hostId) : 'nobody'}`,
    `Players (${game.players.length}): ${players || 'nobody yet'}`,
    open ? 'Join with the button; the host starts. Bots fill empty seats up to the minimum.' : '',
    note ?? '',
  ]
    .filter(Boolean)
    .join('\n');
  const components = open
    ? [
        row(
          new ButtonBuilder().setCustomId(`game:join:${game.id}`).setLabel('Join').setStyle(ButtonStyle.Primary),
          new ButtonBuilder().setCustomId(`game:leave:${game.id}`).setLabel('Leave').setStyle(ButtonStyle.Secondary),
          new ButtonBuilder().setCustomId(`game:start:${game.id}`).setLabel('Start').setStyle(ButtonStyle.Success),
          new ButtonBuilder().setCustomId(`game:cancel:${game.id}`).setLabel('Cancel').setStyle(ButtonStyle.Danger),
        ),
      ]
    : [];
  return { content, components, allowedMentions: { parse: [] as never[] } };
}

/** Channel lines for events (turns, clues, votes, guesses); the phase controls are attached separately. */
export function eventLines(events: GameEvent[], game: GameSnapshot): string[] {
  const lines: string[] = [];
  for (const e of events) {
    // Rounds call only the people awaited (bots move at once); secret moves show only that someone moved.
    const call = (id: string) => (game.players.find((p) => p.id === id)?.bot ? '' : who(game, id));
    const gt = gtEventLine(e, (id) => nameOf(game, id), 'discord', call);
    if (gt !== undefined) {
      if (gt) lines.push(gt.startsWith('Game over') ? `🏁 **${gt}**` : gt);
      continue;
    }
    switch (e.type) {
      case 'started':
        lines.push(
          `${TITLES[game.kind]} starts with ${e.players.map((p) => nameOf(game, p)).join(', ')}.${e.topic ? ` Topic: **${plain(e.topic)}**.` : ''} Press **Show my word** to see your secret.`,
        );
        break;
      case 'turn':
        // A bot's turn is followed at once by its clue; only people are called.
        if (!game.players.find((p) => p.id === e.player)?.bot)
          lines.push(`Round ${e.round}: ${who(game, e.player)}, your clue — \`/game clue\` or the button.`);
        break;
      case 'clue':
        lines.push(
          e.text === null ? `${nameOf(game, e.player)} passed.` : `💬 ${nameOf(game, e.player)}: “${plain(e.text)}”`,
        );
        break;
      case 'timed_out':
        lines.push(`⏰ Time is up for ${e.players.map((p) => nameOf(game, p)).join(', ') || 'nobody'}.`);
        break;
      case 'vote_phase':
        lines.push(
          `🗳️ Voting is open: ${e.voters.map((p) => who(game, p)).join(', ')} — pick a player in the menu below.`,
        );
        break;
      case 'voted':
        lines.push(`${nameOf(game, e.player)} voted.`);
        break;
      case 'votes_revealed': {
        const v = Object.entries(e.votes)
          .map(([a, b]) => `${nameOf(game, a)} → ${b ? nameOf(game, b) : 'nobody'}`)
          .join(', ');
        lines.push(
          `Votes: ${v}. ${e.accused ? `**${nameOf(game, e.accused)}** is accused.` : 'Nobody has the most votes.'}`,
        );
        break;
      }
      case 'guess_phase':
        lines.push(`🦎 ${who(game, e.player)} was the chameleon! One guess at the word — press **Guess the word**.`);
        break;
      case 'guess':
        lines.push(
          `${nameOf(game, e.player)} guesses “${plain(e.word ?? '(nothing)')}”: ${e.correct ? 'right!' : 'wrong.'}`,
        );
        break;
      case 'eliminated':
        lines.push(`${nameOf(game, e.player)} is out (${e.wasUndercover ? 'the undercover' : 'a civilian'}).`);
        break;
      case 'no_elimination':
        lines.push('Tied vote: nobody is out this round.');
        break;
      case 'cancelled':
        lines.push(`The game was cancelled by ${nameOf(game, e.by)}.`);
        break;
      default:
        break;
    }
  }
  return lines;
}

/** Messages for the channel after a change: event lines plus the controls the new phase needs. */
export function announcements(r: Extract<ServiceResult, { ok: true }>): MessageCreateOptions[] {
  const g = r.game;
  const lines = eventLines(r.events, g);
  if (r.reveal) lines.push(`🏁 **Game over.** ${plain(r.reveal.text)}`);
  const out: MessageCreateOptions[] = [];
  const humans = g.players.filter((p) => !p.bot).map((p) => p.id);
  const awaitedHumans = g.awaiting.filter((id) => humans.includes(id));
  const components: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [];
  const buttons: ButtonBuilder[] = [];
  const live = g.phase !== 'over' && g.phase !== 'cancelled' && g.phase !== 'lobby';
  const gt = isScenario(g.kind);
  const opened = r.events.some((e) => e.type === 'started' || e.type === 'gt_started');
  if (live && opened)
    buttons.push(
      new ButtonBuilder()
        .setCustomId(`game:word:${g.id}`)
        .setLabel(gt ? 'My status' : 'Show my word')
        .setStyle(ButtonStyle.Secondary),
    );
  if (gt) gtControls(r, awaitedHumans, buttons, components, (id) => nameOf(g, id));
  if (g.phase === 'clues' && g.turn && awaitedHumans.includes(g.turn) && r.events.some((e) => e.type === 'turn'))
    buttons.push(
      new ButtonBuilder().setCustomId(`game:clue:${g.id}`).setLabel('Give my clue').setStyle(ButtonStyle.Primary),
    );
  if (g.phase === 'guess' && r.events.some((e) => e.type === 'guess_phase') && awaitedHumans.length > 0)
    buttons.push(
      new ButtonBuilder().setCustomId(`game:guess:${g.id}`).setLabel('Guess the word').setStyle(ButtonStyle.Primary),
    );
  if (buttons.length > 0) components.push(row(...buttons));
  if (!gt && g.phase === 'vote' && r.events.some((e) => e.type === 'vote_phase') && awaitedHumans.length > 0) {
    const menu = new StringSelectMenuBuilder()
      .setCustomId(`game:vote:${g.id}:${g.turnSeq}`)
      .setPlaceholder('Vote for a player')
      .addOptions(
        g.players.slice(0, GAME_UI_SETTINGS.maxSelectOptions).map((p) => ({
          label: clipText(p.name, 100),
          value: p.id,
        })),
      );
    components.push(row(menu));
  }
  const text = lines.join('\n');
  if (text || components.length > 0) {
    const mentions = awaitedHumans.filter((id) => /^\d+$/.test(id));
    out.push({
      content: clipText(text || '…', 2000),
      components,
      allowedMentions: { parse: [], users: mentions },
    });
  }
  return out;
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
            .addChoices(
              { name: 'Chameleon', value: 'chameleon' },
              { name: 'Undercover', value: 'undercover' },
              { name: 'Models (MAgIC bench)', value: 'models' },
            ),
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
        ...(botKind === 'pgm' || botKind === 'vanilla' ? { botKind } : {}),
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
        ...(botKind === 'pgm' || botKind === 'vanilla' ? { botKind } : {}),
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
      const kinds: GameKind[] =
        i.options.getString('game') === 'undercover'
          ? ['undercover']
          : i.options.getString('game') === 'chameleon'
            ? ['chameleon']
            : ['chameleon', 'undercover'];
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
    const [, action, id] = i.customId.split(':');
    if (action !== 'vote') throw new UserError('game/unknown_control', 'This menu is not part of the game.');
    await sameGame(f, gctx, id);
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
