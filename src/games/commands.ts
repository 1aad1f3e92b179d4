// Text commands for the console (and any text front end): `/game chameleon|undercover [bots N] [pgm|vanilla]
// [rounds N] [party] [residents N]`, `/game cost-sharing|prisoners-dilemma|public-good [bots N] [pgm|vanilla]`,
// `/game join|leave|start|clue <text>|vote <player>|guess <word>|propose <A> <B> <C>|choose cooperate|defect|
// contribute <points>|word|cancel|leaderboard [game]|status|help`. Parsing is pure; `runGameCommand` calls the
// GameService and renders lines.
import { gtEventLine } from './game-theory/render.ts';
import type { GtScenario } from './game-theory/types.ts';
import type { GameContext, GameService, GameSnapshot, Person, ResidentPlayer, ServiceResult } from './service.ts';
import type { AnyGameKind, BotKind, GameEvent, GameKind } from './types.ts';

export type GameCommand =
  | {
      cmd: 'new';
      kind: AnyGameKind;
      bots?: number;
      botKind?: BotKind;
      clueRounds?: number;
      variant?: 'magic' | 'party';
      residents?: number;
    }
  | { cmd: 'join' }
  | { cmd: 'leave' }
  | { cmd: 'start' }
  | { cmd: 'clue'; text: string }
  | { cmd: 'vote'; target: string }
  | { cmd: 'guess'; word: string }
  | { cmd: 'propose'; shares: number[] }
  | { cmd: 'choose'; choice: 'cooperate' | 'defect' }
  | { cmd: 'contribute'; amount: number }
  | { cmd: 'word' }
  | { cmd: 'cancel' }
  | { cmd: 'leaderboard'; kind?: GameKind }
  | { cmd: 'status' }
  | { cmd: 'help' };

export type ParseResult = { ok: true; command: GameCommand } | { ok: false; error: string };

export const GAME_HELP = [
  '/game chameleon|undercover [bots N] [pgm|vanilla] [rounds N] [party] [residents N]  open a lobby',
  '/game cost-sharing|prisoners-dilemma|public-good [bots N] [pgm|vanilla]  open a game-theory lobby (3 seats)',
  '/game join | leave | start | cancel',
  '/game clue <text>    give your clue when it is your turn',
  '/game vote <player>  vote by name or seat number',
  '/game guess <word>   the caught chameleon guesses the word',
  '/game propose <A> <B> <C>   Cost Sharing: split the fee in percent (adds up to 100)',
  "/game choose cooperate|defect   Prisoner's Dilemma: your secret choice this round",
  '/game contribute <points>   Public Good: your secret contribution this round',
  '/game word           show your word or your game status (private)',
  '/game status | leaderboard [chameleon|undercover] | help',
].join('\n');

const GT_KINDS: readonly string[] = ['cost-sharing', 'prisoners-dilemma', 'public-good'];

/** Scenario names and their short aliases. */
const SCENARIO_NAMES: Record<string, GtScenario> = {
  'cost-sharing': 'cost-sharing',
  cost: 'cost-sharing',
  'prisoners-dilemma': 'prisoners-dilemma',
  pd: 'prisoners-dilemma',
  'public-good': 'public-good',
  pg: 'public-good',
};

/** Longest /game line read: far above any clue (LOBBY_SETTINGS.maxClueLength), far below a pasted page. */
export const GAME_LINE_MAX = 1000;

function int(v: string | undefined, lo: number, hi: number): number | null {
  if (v === undefined || !/^\d+$/.test(v)) return null;
  const n = Number(v);
  return n >= lo && n <= hi ? n : null;
}

/** Parses one line; returns null when the line is not a /game command at all. */
export function parseGameCommand(line: string): ParseResult | null {
  // Length before any pattern: a line far longer than any game command (a clue is at most maxClueLength) is refused
  // without scanning it.
  if (line.length > GAME_LINE_MAX) {
    if (!/^\s{0,16}\/game\b/i.test(line.slice(0, 32))) return null;
    return {
      ok: false,
      error: `That line is ${line.length} characters long; a /game line is at most ${GAME_LINE_MAX}.`,
    };
  }
  const m = /^\s*\/game(?:\s+(.*))?$/is.exec(line);
  if (!m) return null;
  const rest = (m[1] ?? '').trim();
  const [sub = '', ...args] = rest.split(/\s+/).filter((x) => x.length > 0);
  const tail = rest.slice(sub.length).trim();
  switch (sub.toLowerCase()) {
    case '':
    case 'help':
      return { ok: true, command: { cmd: 'help' } };
    case 'chameleon':
    case 'undercover': {
      const command: Extract<GameCommand, { cmd: 'new' }> = { cmd: 'new', kind: sub.toLowerCase() as GameKind };
      for (let i = 0; i < args.length; i++) {
        const a = (args[i] as string).toLowerCase();
        if (a === 'pgm' || a === 'vanilla') command.botKind = a;
        else if (a === 'party') {
          if (command.kind !== 'undercover') return { ok: false, error: 'The party variant is for Undercover.' };
          command.variant = 'party';
        } else if (a === 'bots' || a === 'rounds' || a === 'residents') {
          const n = int(args[++i], a === 'rounds' ? 1 : 0, a === 'rounds' ? 3 : 7);
          if (n === null)
            return {
              ok: false,
              error: a === 'rounds' ? 'rounds takes a number from 1 to 3.' : `${a} takes a number from 0 to 7.`,
            };
          if (a === 'bots') command.bots = n;
          else if (a === 'rounds') command.clueRounds = n;
          else command.residents = n;
        } else return { ok: false, error: `Unknown option "${args[i]}". ${GAME_HELP.split('\n')[0]}` };
      }
      return { ok: true, command };
    }
    case 'cost-sharing':
    case 'cost':
    case 'prisoners-dilemma':
    case 'pd':
    case 'public-good':
    case 'pg': {
      const command: Extract<GameCommand, { cmd: 'new' }> = {
        cmd: 'new',
        kind: SCENARIO_NAMES[sub.toLowerCase()] as GtScenario,
      };
      for (let i = 0; i < args.length; i++) {
        const a = (args[i] as string).toLowerCase();
        if (a === 'pgm' || a === 'vanilla') command.botKind = a;
        else if (a === 'bots') {
          const n = int(args[++i], 0, 2);
          if (n === null) return { ok: false, error: 'bots takes a number from 0 to 2 (three seats).' };
          command.bots = n;
        } else return { ok: false, error: `Unknown option "${args[i]}". ${GAME_HELP.split('\n')[1]}` };
      }
      return { ok: true, command };
    }
    case 'propose': {
      const nums = args.map((a) => (/^\d+$/.test(a) ? Number(a) : Number.NaN));
      if (nums.length === 0 || nums.some((n) => Number.isNaN(n)))
        return { ok: false, error: 'Usage: /game propose <A> <B> <C>  (whole percentages adding up to 100)' };
      return { ok: true, command: { cmd: 'propose', shares: nums } };
    }
    case 'choose':
    case 'cooperate':
    case 'defect': {
      const c = (sub.toLowerCase() === 'choose' ? args[0] : sub)?.toLowerCase();
      if (c !== 'cooperate' && c !== 'defect') return { ok: false, error: 'Usage: /game choose cooperate|defect' };
      return { ok: true, command: { cmd: 'choose', choice: c } };
    }
    case 'contribute': {
      const a = args[0];
      if (a === undefined || !/^\d+$/.test(a))
        return { ok: false, error: 'Usage: /game contribute <points>  (a whole number)' };
      return { ok: true, command: { cmd: 'contribute', amount: Number(a) } };
    }
    case 'join':
    case 'leave':
    case 'start':
    case 'word':
    case 'cancel':
    case 'status':
      return { ok: true, command: { cmd: sub.toLowerCase() as 'join' } };
    case 'clue':
      return tail
        ? { ok: true, command: { cmd: 'clue', text: tail } }
        : { ok: false, error: 'Usage: /game clue <text>' };
    case 'vote':
      return tail
        ? { ok: true, command: { cmd: 'vote', target: tail } }
        : { ok: false, error: 'Usage: /game vote <player>' };
    case 'guess':
      return tail
        ? { ok: true, command: { cmd: 'guess', word: tail } }
        : { ok: false, error: 'Usage: /game guess <word>' };
    case 'leaderboard': {
      const k = args[0]?.toLowerCase();
      if (k === undefined) return { ok: true, command: { cmd: 'leaderboard' } };
      if (k === 'chameleon' || k === 'undercover') return { ok: true, command: { cmd: 'leaderboard', kind: k } };
      return { ok: false, error: 'Usage: /game leaderboard [chameleon|undercover]' };
    }
    default:
      return { ok: false, error: `Unknown game command "${sub}".\n${GAME_HELP}` };
  }
}

/** One line per event, naming players. */
export function renderEvents(events: GameEvent[], game: GameSnapshot): string[] {
  const name = (id: string) => game.players.find((p) => p.id === id)?.name ?? id;
  const lines: string[] = [];
  for (const e of events) {
    const gt = gtEventLine(e, name, 'console');
    if (gt !== undefined) {
      if (gt) lines.push(gt);
      continue;
    }
    switch (e.type) {
      case 'joined':
        lines.push(`${name(e.player)} joined.`);
        break;
      case 'left':
        lines.push(`${name(e.player)} left.`);
        break;
      case 'host_changed':
        lines.push(`${name(e.player)} is now the host.`);
        break;
      case 'lobby_closed':
        lines.push('The lobby closed.');
        break;
      case 'started':
        lines.push(
          `The game starts with ${e.players.map(name).join(', ')}${e.topic ? `. Topic: ${e.topic}` : ''}. Use /game word to see your word.`,
        );
        break;
      case 'turn':
        lines.push(`Round ${e.round}: ${name(e.player)}'s turn to give a clue.`);
        break;
      case 'clue':
        lines.push(e.text === null ? `${name(e.player)} passed.` : `${name(e.player)}: "${e.text}"`);
        break;
      case 'timed_out':
        lines.push(`Time is up for ${e.players.map(name).join(', ') || 'nobody'}.`);
        break;
      case 'vote_phase':
        lines.push(`Voting is open: ${e.voters.map(name).join(', ')}, vote with /game vote <player>.`);
        break;
      case 'voted':
        lines.push(`${name(e.player)} voted.`);
        break;
      case 'votes_revealed': {
        const v = Object.entries(e.votes)
          .map(([a, b]) => `${name(a)} -> ${b ? name(b) : 'nobody'}`)
          .join(', ');
        lines.push(
          `Votes: ${v}. ${e.accused ? `${name(e.accused)} is accused.` : 'No single player has the most votes.'}`,
        );
        break;
      }
      case 'guess_phase':
        lines.push(
          `${name(e.player)} was the chameleon! ${name(e.player)} may now guess the word with /game guess <word>.`,
        );
        break;
      case 'guess':
        lines.push(`${name(e.player)} guesses "${e.word ?? '(nothing)'}": ${e.correct ? 'right!' : 'wrong.'}`);
        break;
      case 'eliminated':
        lines.push(`${name(e.player)} is out (${e.wasUndercover ? 'the undercover' : 'a civilian'}).`);
        break;
      case 'no_elimination':
        lines.push('Tied vote: nobody is out this round.');
        break;
      case 'over':
        break;
      case 'cancelled':
        lines.push(`The game was cancelled by ${name(e.by)}.`);
        break;
    }
  }
  return lines;
}

function renderResult(r: ServiceResult): string[] {
  if (!r.ok) return [r.error.message];
  const lines = renderEvents(r.events, r.game);
  if (r.reveal) lines.push(`Game over. ${r.reveal.text}`);
  return lines;
}

export interface CommandEnv {
  /** Residents to seat for `residents N` (the town supplies them). */
  residents?: (n: number) => ResidentPlayer[];
  admin?: boolean;
}

/** Runs a parsed command and returns lines to print; `private` lines are for the caller only. */
export async function runGameCommand(
  service: GameService,
  ctx: GameContext,
  person: Person,
  command: GameCommand,
  env: CommandEnv = {},
): Promise<{ lines: string[]; private: boolean; result?: ServiceResult }> {
  const done = (r: ServiceResult) => ({ lines: renderResult(r), private: !r.ok, result: r });
  switch (command.cmd) {
    case 'help':
      return { lines: GAME_HELP.split('\n'), private: true };
    case 'new': {
      const residents = command.residents ? (env.residents?.(command.residents) ?? []) : [];
      const r = await service.lobby(ctx, person, {
        kind: command.kind,
        ...(command.bots !== undefined ? { bots: command.bots } : {}),
        ...(command.botKind ? { botKind: command.botKind } : {}),
        ...(command.clueRounds ? { clueRounds: command.clueRounds } : {}),
        ...(command.variant ? { variant: command.variant } : {}),
        residents,
      });
      const out = done(r);
      if (r.ok) {
        out.lines.unshift(
          `${person.name} opened a ${command.kind} lobby. /game join to play, /game start when ready (bots fill empty seats).`,
        );
        if (GT_KINDS.includes(command.kind)) out.lines.splice(1, 0, `Bots: ${service.gtBotLabel()}.`);
      }
      return out;
    }
    case 'join':
      return done(await service.join(ctx, person));
    case 'leave':
      return done(await service.leave(ctx, person));
    case 'start':
      return done(await service.start(ctx, person));
    case 'clue':
      return done(await service.clue(ctx, person, command.text));
    case 'vote':
      return done(await service.vote(ctx, person, command.target));
    case 'guess':
      return done(await service.guess(ctx, person, command.word));
    case 'propose':
      return done(await service.propose(ctx, person, command.shares));
    case 'choose':
      return done(await service.choose(ctx, person, command.choice));
    case 'contribute':
      return done(await service.contribute(ctx, person, command.amount));
    case 'cancel':
      return done(await service.cancel(ctx, person, { admin: env.admin ?? false }));
    case 'word': {
      const r = await service.showMyWord(ctx, person);
      return { lines: [r.ok ? r.info.text : r.error.message], private: true };
    }
    case 'status': {
      const v = await service.view(ctx, person);
      if (!v) return { lines: ['There is no game in this channel.'], private: true };
      const g = v.game;
      const who = (id: string) => g.players.find((p) => p.id === id)?.name ?? id;
      const lines = [`${g.kind} (${g.phase}): ${g.players.map((p) => `${p.name}${p.bot ? ' [bot]' : ''}`).join(', ')}`];
      if ('clues' in v.view) for (const c of v.view.clues) lines.push(`  ${who(c.player)}: ${c.text ?? '(passed)'}`);
      if (g.awaiting.length > 0) lines.push(`Waiting for ${g.awaiting.map(who).join(', ')}.`);
      return { lines, private: true };
    }
    case 'leaderboard': {
      const kinds: GameKind[] = command.kind ? [command.kind] : ['chameleon', 'undercover'];
      const lines: string[] = [];
      for (const k of kinds) {
        const rows = await service.leaderboard(ctx.scope, k);
        lines.push(`${k} leaderboard:`);
        if (rows.length === 0) lines.push('  no rated games yet');
        for (const e of rows) lines.push(`  ${e.rank}. ${e.name}  ${e.score.toFixed(1)} (${e.wins}/${e.games} won)`);
      }
      return { lines, private: false };
    }
  }
}
