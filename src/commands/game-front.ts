// What /game's slash command and its buttons, menus and forms share: the bot's game front (service and turn
// timers), the channel's game, who is playing, and running one game operation (src/app/game-operations.ts) for an
// interaction — the same operation the console runs for a typed line.
import { type MessageCreateOptions, PermissionFlagsBits, type RepliableInteraction } from 'discord.js';
import type { GameOperation, GameOperationResult } from '../app/game-operations.ts';
import { runOperation } from '../app/operations.ts';
import { UserError } from '../errors.ts';
import type { GameContext, GameService, Person, ResidentPlayer } from '../games/service.ts';
import { TurnTimers as CoreTurnTimers } from '../games/turn-timers.ts';
import { announcements, GAME_UI_SETTINGS, type GameUiSettings } from './game-messages.ts';
import type { CommandContext } from './types.ts';
import { speakerOf } from './util.ts';

/** What the bot gives the game commands: the service, a way to post in a channel, and turn timers. */
export interface GameFront {
  service: GameService;
  timers: TurnTimers;
}

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

export function front(ctx: CommandContext): GameFront {
  const g = ctx.games;
  if (!g) throw new UserError('game/disabled', 'Games are not enabled on this bot.');
  return g;
}

export function gameCtx(i: { guildId: string | null; channelId: string | null }): GameContext {
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

/** This server's town residents, as players for `residents N`. */
async function residentsFor(i: RepliableInteraction, ctx: CommandContext, n: number): Promise<ResidentPlayer[]> {
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

/** Runs a game operation for this interaction's person in its channel; a bad argument or move is a UserError. */
export async function runGameOperation(
  i: RepliableInteraction,
  ctx: CommandContext,
  o: GameOperation,
  raw: Record<string, unknown>,
): Promise<GameOperationResult> {
  const f = front(ctx);
  return runOperation(
    o,
    {
      games: f.service,
      game: gameCtx(i),
      person: await personOf(i, ctx),
      admin: i.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false,
      residents: (n) => residentsFor(i, ctx, n),
    },
    raw,
  );
}

/** Shows the move's events to the channel and arms the next turn's timer. */
export async function publish(i: RepliableInteraction, ctx: CommandContext, r: GameOperationResult): Promise<void> {
  if (r.result) await front(ctx).timers.publish(gameCtx(i), r.result);
}
