// One answer per interaction across processes on one database. Every process with a gateway session receives every
// interaction and message of its guilds; only the process holding the guild's town lease (the one that ticks and
// delivers the town: TownService.holdLease) answers. The others stay silent, so nobody gets two answers, a 400
// "already acknowledged", or "being run by another process" from a standby while the town is healthy. When the
// holder dies, the first interaction after its lease expires takes the lease (and reloads the town) and is answered.
import type { CommandContext } from '../commands/types.ts';
import type { Log } from './ports.ts';

/**
 * Whether this process answers for the guild: true when the guild has no town (nothing to hold; with two processes,
 * both may answer such a guild's `/town setup` or `/help`), or when this process holds (or just took) the town's
 * lease. A failure to ask is answered anyway: the command then reports the database problem itself.
 */
export async function answersForGuild(
  ctx: Pick<CommandContext, 'towns' | 'ensureLinked'>,
  guildId: string,
  log: Log,
): Promise<boolean> {
  try {
    const town = await ctx.towns.get(guildId);
    if (!town) return true;
    const ours = await town.holdLease();
    if (!ours) log.debug({ guildId, townId: town.id }, 'another process holds this town; not answering');
    // Linked either way: the holder delivers, a standby polls so it takes over when the holder's lease ends.
    ctx.ensureLinked?.(guildId, town);
    return ours;
  } catch (e) {
    log.warn({ err: e, guildId }, 'could not check the town lease; answering anyway');
    return true;
  }
}
