// The shape of a slash command (discord.js guide: one file per command exporting `{ data, execute }`) and what
// the router hands every command. Commands are thin: parse options, call a town or game service, render the result.
import type {
  AutocompleteInteraction,
  ButtonInteraction,
  ChatInputCommandInteraction,
  ModalSubmitInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
  StringSelectMenuInteraction,
} from 'discord.js';
import type { WatchLink } from '../app/operation.ts';
import type { ChannelBindingRow, Log } from '../bot/ports.ts';
import type { ProvisionResult } from '../bot/provision.ts';
import type { TownFile } from '../town/file.ts';
import type { TownSource } from '../town/registry.ts';
import type { TownService } from '../town/service.ts';
import type { GameFront } from './game.ts';

export interface CommandData {
  readonly name: string;
  toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody;
}

/** How the router answers before running the command: defer (ephemeral or public) for anything slow. */
export type DeferMode = { ephemeral: boolean } | null;

export interface SlashCommand {
  data: CommandData;
  /**
   * Admin-only (Manage Server): `true` for the whole command, or the subcommands that are. Discord's
   * default_member_permissions hides the command from others; the router checks again at execution.
   */
  admin?: true | readonly string[];
  /** Defer before `execute` when it may call a model, render or talk to Discord a lot (3-second rule). */
  defer?(interaction: ChatInputCommandInteraction): DeferMode;
  /** Counts against the per-user command rate limit (commands that spend model calls). */
  rateLimited?(interaction: ChatInputCommandInteraction): boolean;
  execute(interaction: ChatInputCommandInteraction, ctx: CommandContext): Promise<void>;
  autocomplete?(interaction: AutocompleteInteraction, ctx: CommandContext): Promise<void>;
}

/** Buttons, select menus and modals, routed by custom id prefix ("game:..."). */
export interface ComponentHandler {
  prefix: string;
  button?(interaction: ButtonInteraction, ctx: CommandContext): Promise<void>;
  select?(interaction: StringSelectMenuInteraction, ctx: CommandContext): Promise<void>;
  modal?(interaction: ModalSubmitInteraction, ctx: CommandContext): Promise<void>;
}

/** The towns the bot serves, one per guild (scope = guild id). TownRegistry satisfies it. */
export interface TownDirectory {
  /** The guild's town, or null before `/town setup`. */
  get(scope: string): Promise<TownService | null>;
  /** The guild's town, created from the configured town file on first use. */
  getOrCreate(scope: string): Promise<TownService>;
  /** Starts the town's schedule (ticks); absent when something else runs the towns. */
  start?(scope: string): Promise<unknown>;
  /** Replaces the scope's town live (`/town new`, `reset`, `import`); TownRegistry.replace. */
  replace?(scope: string, source: TownSource): Promise<TownService>;
  /** The town file a town was made from (`/town reset`). */
  originOf?(town: TownService): TownFile;
  /** The configured town file (`/town new` without a file). */
  defaultTownFile?(): TownFile;
}

export interface CommandContext {
  log: Log;
  towns: TownDirectory;
  /** Provisions (or repairs) the guild's channels for its town and starts delivering its outbox. */
  setupChannels(guildId: string, town: TownService): Promise<ProvisionResult>;
  /**
   * Replaces the guild's town live (`/town new`, `reset`, `import`): delivery of the old town stops first, the new
   * town's channels are provisioned and its delivery starts; if the swap fails, the old town is linked again.
   */
  replaceTown?(guildId: string, source: TownSource): Promise<TownService>;
  /** The binding of a channel in this guild's town, if it is one of the town's channels. */
  bindingFor(town: TownService, channelId: string): Promise<ChannelBindingRow | null>;
  /** Asks the delivery loop to drain the town's outbox now (after an event-driven change). */
  deliverSoon(townId: string): void;
  /**
   * Makes sure this process has a delivery link for the guild's town (a town another process created after this one
   * started has none here yet): it delivers while holding the lease, and otherwise polls in standby to take over.
   */
  ensureLinked?(guildId: string, town: TownService): void;
  /** The town's channels whose posts wait for a permission the bot lacks (kept, retried once it is given). */
  deliveryHolds?(townId: string): { channelId: string; permission: string }[];
  /** The games service and turn timers, when the games module is wired in. */
  games?: GameFront;
  /** A link signed for the guild to the web view (`/town watch`), when this process serves it. */
  watchLink?: (scope: string) => WatchLink;
}
