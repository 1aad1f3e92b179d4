// The game messages Discord shows: the lobby card, event lines, announcements and their buttons and menus.
// One place for the wording; /game (game.ts) and the turn timers post what these build.

import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type MessageCreateOptions,
  StringSelectMenuBuilder,
} from 'discord.js';
import { eventLines as coreEventLines, type EventStyle, revealLine } from '../games/event-text.ts';
import { gameModule, isGameKind } from '../games/scenarios/registry.ts';
import type { GameSnapshot, ServiceResult } from '../games/service.ts';
import { TURN_SECONDS } from '../games/turn-timers.ts';
import type { AnyGameKind, GameEvent } from '../games/types.ts';
import { gtControls } from './game-theory-ui.ts';
import { clipText, plain } from './util.ts';

export const GAME_UI_SETTINGS = {
  /** Time a person has for a move (src/games/turn-timers.ts; tests shorten them). */
  clueSeconds: TURN_SECONDS.clues,
  voteSeconds: TURN_SECONDS.vote,
  guessSeconds: TURN_SECONDS.guess,
  proposeSeconds: TURN_SECONDS.propose,
  chooseSeconds: TURN_SECONDS.choose,
  contributeSeconds: TURN_SECONDS.contribute,
  /** LOBBY_SETTINGS.maxNameLength in src/games: longer display names are clipped. */
  maxNameLength: 40,
  /** Discord: a select menu holds at most 25 options. */
  maxSelectOptions: 25,
} as const;

export type GameUiSettings = { [K in keyof typeof GAME_UI_SETTINGS]: number };

/** A game's title with its icon ("🦎 Chameleon"). */
export function titleOf(kind: AnyGameKind): string {
  return isGameKind(kind) ? `${gameModule(kind).icon} ${gameModule(kind).title}` : kind;
}

export function nameOf(game: GameSnapshot, id: string): string {
  return plain(game.players.find((p) => p.id === id)?.name ?? id);
}

/** Mentions a person by Discord id (pinging only them); bots are named. */
export function who(game: GameSnapshot, id: string): string {
  const p = game.players.find((x) => x.id === id);
  return p && !p.bot && /^\d+$/.test(id) ? `<@${id}>` : `**${nameOf(game, id)}**`;
}

export function row<T extends ButtonBuilder | StringSelectMenuBuilder>(...items: T[]) {
  return new ActionRowBuilder<T>().addComponents(...items);
}

export function lobbyMessage(game: GameSnapshot, note?: string) {
  // Seat numbers from the start: a vote later names a player by name or by this number.
  const players = game.players.map((p, i) => `${i + 1} ${nameOf(game, p.id)}${p.bot ? ' 🤖' : ''}`).join(', ');
  const open = game.phase === 'lobby';
  const content = [
    `${titleOf(game.kind)} — ${open ? 'lobby' : game.phase === 'cancelled' ? 'cancelled' : 'started'} · host: ${game.hostId ? nameOf(game, game.hostId) : 'nobody'}`,
    `Seats (${game.players.length}): ${players || 'nobody yet'}`,
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

/** Discord's style for the games' event lines (src/games/event-text.ts): mentions, bold, emoji, escaped text. */
export function discordStyle(game: GameSnapshot): EventStyle {
  return {
    front: 'discord',
    name: (id) => nameOf(game, id),
    call: (id) => who(game, id),
    text: plain,
    strong: (t) => `**${t}**`,
    icon: (e) => `${e} `,
    title: titleOf,
    lobbyEvents: false,
  };
}

/** Channel lines for events (turns, clues, votes, guesses); the phase controls are attached separately. */
export function eventLines(events: GameEvent[], game: GameSnapshot): string[] {
  return coreEventLines(events, game, discordStyle(game));
}

/** Messages for the channel after a change: event lines plus the controls the new phase needs. */
export function announcements(r: Extract<ServiceResult, { ok: true }>): MessageCreateOptions[] {
  const g = r.game;
  const lines = eventLines(r.events, g);
  if (r.reveal) lines.push(revealLine(r.reveal.text, discordStyle(g)));
  const out: MessageCreateOptions[] = [];
  const humans = g.players.filter((p) => !p.bot).map((p) => p.id);
  const awaitedHumans = g.awaiting.filter((id) => humans.includes(id));
  const components: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [];
  const buttons: ButtonBuilder[] = [];
  const live = g.phase !== 'over' && g.phase !== 'cancelled' && g.phase !== 'lobby';
  // A table of secret simultaneous moves has a standing to show, not a word.
  const gt = r.events.some((e) => e.type === 'gt_started');
  const opened = gt || r.events.some((e) => e.type === 'started');
  if (live && opened)
    buttons.push(
      new ButtonBuilder()
        .setCustomId(`game:word:${g.id}`)
        .setLabel(gt ? 'My status' : 'Show my word')
        .setStyle(ButtonStyle.Secondary),
    );
  gtControls(r, awaitedHumans, buttons, components, (id) => nameOf(g, id));
  if (g.phase === 'clues' && g.turn && awaitedHumans.includes(g.turn) && r.events.some((e) => e.type === 'turn'))
    buttons.push(
      new ButtonBuilder().setCustomId(`game:clue:${g.id}`).setLabel('Give my clue').setStyle(ButtonStyle.Primary),
    );
  if (g.phase === 'guess' && r.events.some((e) => e.type === 'guess_phase') && awaitedHumans.length > 0)
    buttons.push(
      new ButtonBuilder().setCustomId(`game:guess:${g.id}`).setLabel('Guess the word').setStyle(ButtonStyle.Primary),
    );
  if (buttons.length > 0) components.push(row(...buttons));
  if (g.phase === 'vote' && r.events.some((e) => e.type === 'vote_phase') && awaitedHumans.length > 0) {
    const menu = new StringSelectMenuBuilder()
      .setCustomId(`game:vote:${g.id}:${g.turnSeq}`)
      .setPlaceholder('Vote for a player')
      .addOptions(
        g.players.slice(0, GAME_UI_SETTINGS.maxSelectOptions).map((p, seat) => ({
          label: clipText(`${seat + 1}. ${p.name}`, 100),
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
