// Every slash command, listed explicitly (no directory scanning): the router and the deploy script share this list.
import { game, gameComponents } from './game.ts';
import { help } from './help.ts';
import { interview } from './interview.ts';
import { lookCommands } from './look.ts';
import { persona } from './persona.ts';
import { resident } from './resident.ts';
import { town } from './town.ts';
import { townConfirmComponents } from './town-lifecycle.ts';
import type { ComponentHandler, SlashCommand } from './types.ts';
import { web } from './web.ts';
import { whisper } from './whisper.ts';

export const COMMANDS: SlashCommand[] = [
  persona,
  whisper,
  interview,
  resident,
  town,
  web,
  game,
  ...lookCommands(),
  help,
];
export const COMPONENTS: ComponentHandler[] = [gameComponents, townConfirmComponents];

/** Commands plus component handlers (buttons, menus, modals). */
export interface CommandSet {
  commands: SlashCommand[];
  components: ComponentHandler[];
}

export function commandSet(extra: Partial<CommandSet> = {}): CommandSet {
  return {
    commands: [...COMMANDS, ...(extra.commands ?? [])],
    components: [...COMPONENTS, ...(extra.components ?? [])],
  };
}
