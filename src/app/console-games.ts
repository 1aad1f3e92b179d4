// The /game lines of the local console: parsed by src/games/commands.ts, run on the same GameService as Discord.
import type { ConsoleCommandHandler } from '../console/console.ts';
import { parseGameCommand, runGameCommand } from '../games/commands.ts';
import type { GameService, ResidentPlayer } from '../games/service.ts';

export function consoleGameHandler(games: GameService): ConsoleCommandHandler {
  return async (line, ctx) => {
    const parsed = parseGameCommand(line);
    if (!parsed) return false;
    if (!parsed.ok) {
      ctx.print(parsed.error);
      return true;
    }
    const persona = await ctx.service.persona(ctx.user);
    const person = { id: ctx.user.id, name: persona?.name ?? ctx.user.displayName };
    const residents = (n: number): ResidentPlayer[] =>
      ctx.service
        .residents()
        .slice(0, n)
        .map((r) => ({
          residentId: r.id,
          persona: { name: r.name, summary: `${r.name}, a resident of the town, currently ${r.doing}.` },
        }));
    const out = await runGameCommand(games, { scope: 'console', channelId: 'console' }, person, parsed.command, {
      residents,
      admin: true,
    });
    for (const l of out.lines) ctx.print(l);
    return true;
  };
}
