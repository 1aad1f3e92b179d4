// Every slash command, listed explicitly (no directory scanning): the router and the deploy script share this list.
import { help } from './help.ts';
import { interview } from './interview.ts';
import { persona } from './persona.ts';
import { resident } from './resident.ts';
import { town } from './town.ts';
import type { ComponentHandler, SlashCommand } from './types.ts';
import { whisper } from './whisper.ts';

export const TOWN_COMMANDS: SlashCommand[] = [persona, whisper, interview, resident, town, help];

/** Commands plus component handlers (games add theirs when wired in). */
export interface CommandSet {
  commands: SlashCommand[];
  components: ComponentHandler[];
}

export function commandSet(extra: Partial<CommandSet> = {}): CommandSet {
  return {
    commands: [...TOWN_COMMANDS, ...(extra.commands ?? [])],
    components: [...(extra.components ?? [])],
  };
}
