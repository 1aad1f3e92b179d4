// The /game lines of the local console: parsed by src/games/commands.ts, run on the same GameService as Discord,
// with the same turn timers (src/games/turn-timers.ts): when time runs out, the result prints like any other.
import type { ConsoleCommandHandler } from '../console/console.ts';
import { parseGameCommand, renderEvents, runGameCommand } from '../games/commands.ts';
import type { GameService, ResidentPlayer } from '../games/service.ts';
import { type Scheduler, type TurnSeconds, TurnTimers } from '../games/turn-timers.ts';

const CONSOLE_GAME = { scope: 'console', channelId: 'console' };

export function consoleGameHandler(
  games: GameService,
  opts: { scheduler?: Scheduler; seconds?: TurnSeconds; onError?: (e: unknown) => void } = {},
): ConsoleCommandHandler {
  let timers: TurnTimers | null = null;
  return async (line, ctx) => {
    const parsed = parseGameCommand(line);
    if (!parsed) return false;
    if (!parsed.ok) {
      ctx.print(parsed.error);
      return true;
    }
    timers ??= new TurnTimers({
      service: games,
      publish: async (_c, r) => {
        for (const l of renderEvents(r.events, r.game)) ctx.print(l);
        if (r.reveal) ctx.print(`Game over. ${r.reveal.text}`);
      },
      onError: opts.onError ?? ((e) => ctx.print(`Turn timer failed: ${(e as Error).message}`)),
      ...(opts.scheduler ? { scheduler: opts.scheduler } : {}),
      ...(opts.seconds ? { seconds: opts.seconds } : {}),
    });
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
    const out = await runGameCommand(games, CONSOLE_GAME, person, parsed.command, { residents, admin: true });
    for (const l of out.lines) ctx.print(l);
    if (out.result?.ok) {
      timers.arm(CONSOLE_GAME, out.result.game);
      const seconds = timers.secondsFor(out.result.game.phase);
      if (
        seconds &&
        out.result.game.awaiting.includes(person.id) &&
        out.result.events.some((e) => e.type === 'gt_round')
      )
        ctx.print(`(You have ${seconds} seconds.)`);
    }
    return true;
  };
}
