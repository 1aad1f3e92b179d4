// /map, /relationships [resident] and /clock: looking at the town, for every member (the admin's /town has the same
// operations). Each runs its operation of the table (src/app/operations.ts) and is answered in the channel; a
// picture costs a render, so a member gets one of each per cooldown (LOOK_COOLDOWN_MS), told how long to wait.
import { InteractionContextType, SlashCommandBuilder } from 'discord.js';
import { OPERATIONS, type Operation } from '../app/operations.ts';
import { residentAutocomplete } from './autocomplete.ts';
import { executeOperation, withOperationOptions } from './operation-command.ts';
import type { SlashCommand } from './types.ts';
import { answer, townFor } from './util.ts';

/** Per member and command: pictures are rendered (about half a second of CPU each), the clock is text. */
export const LOOK_COOLDOWN_MS = { map: 30_000, relationships: 30_000, clock: 10_000 } as const;

/** Members' view commands: the command name and the operation it runs. */
export const LOOK_OPERATIONS: { name: keyof typeof LOOK_COOLDOWN_MS; op: Operation }[] = [
  { name: 'map', op: OPERATIONS.townMap },
  { name: 'relationships', op: OPERATIONS.townRelationships },
  { name: 'clock', op: OPERATIONS.townClock },
];

/** When each (guild, member, command) may run again; old entries are dropped as they are passed. */
export class Cooldowns {
  private readonly until = new Map<string, number>();
  constructor(private readonly now: () => number = Date.now) {}

  /** Milliseconds left before `key` may run again (0: now). */
  left(key: string): number {
    const t = this.until.get(key);
    if (t === undefined) return 0;
    const left = t - this.now();
    if (left <= 0) this.until.delete(key);
    return Math.max(0, left);
  }

  take(key: string, ms: number): void {
    this.until.set(key, this.now() + ms);
  }
}

function lookCommand(name: keyof typeof LOOK_COOLDOWN_MS, o: Operation, cooldowns: Cooldowns): SlashCommand {
  const key = (i: { guildId: string | null; user: { id: string } }) => `${i.guildId}:${i.user.id}:${name}`;
  return {
    data: withOperationOptions(
      new SlashCommandBuilder()
        .setName(name)
        .setDescription(o.summary.slice(0, 100))
        .setContexts(InteractionContextType.Guild),
      o,
    ),
    // A refusal while cooling down is private; the picture or the clock is for the channel.
    defer: (i) => ({ ephemeral: cooldowns.left(key(i)) > 0 }),
    async execute(i, ctx) {
      const left = cooldowns.left(key(i));
      if (left > 0) {
        await answer(i, `You looked a moment ago: \`/${name}\` again in ${Math.ceil(left / 1000)} s.`);
        return;
      }
      const town = await townFor(i, ctx);
      cooldowns.take(key(i), LOOK_COOLDOWN_MS[name]);
      await executeOperation(i, ctx, town, o);
    },
    ...(name === 'relationships' ? { autocomplete: residentAutocomplete } : {}),
  };
}

/** The three commands, sharing one cooldown table (a fresh one per bot, so tests do not share waits). */
export function lookCommands(cooldowns = new Cooldowns()): SlashCommand[] {
  return LOOK_OPERATIONS.map(({ name, op }) => lookCommand(name, op, cooldowns));
}
