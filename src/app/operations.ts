// The operation table: every town, resident and persona operation a person can run, declared once with its
// typed arguments (zod), limits, permission and result. The console (src/console/commands.ts lists it with its own
// operations) and Discord (src/commands/*.ts) are two renderers over it: they turn a typed line or a slash command's options into the
// arguments object, run the operation, and show its result (text; on Discord, pictures as attachments).
// Argument names are the Discord option names, so a slash command's options map onto them one to one.
import { z } from 'zod';
import { plainName, USER_TEXT_MAX_CHARS } from '../core/user-text.ts';
import { PLAIN_ISSUES } from '../core/validation-text.ts';
import { UserError } from '../errors.ts';
import { PERSONA_DESC_MAX, PERSONA_NAME_MAX } from '../town/service.ts';
import { formatTownExport } from '../town/town-export.ts';
import { LIFECYCLE_OPERATIONS } from './lifecycle-operations.ts';
import {
  name,
  type Operation,
  type OperationContext,
  type OperationResult,
  op,
  plural,
  requireRunning,
} from './operation.ts';
import { budgetText, memoriesText, residentInfoText, residentListText, statusText } from './texts.ts';
import { VIEW_OPERATIONS } from './view-operations.ts';

/** Ticks one `/town step` may run, on every front end (each tick can take a model round trip per resident). */
export const STEP_MAX = 24;
/** Memories shown by `/resident memories` (one screen). */
export const MEMORIES_SHOWN = 10;

export { confirmsTown } from './lifecycle-operations.ts';
export {
  NAME_MAX,
  type Operation,
  type OperationContext,
  type OperationResult,
  op,
  plural,
  requireRunning,
  type TownLifecycle,
  type WatchLink,
} from './operation.ts';

export const OPERATIONS = {
  townStatus: op({
    path: ['town', 'status'],
    summary: 'Clock, speed, residents, model budget',
    usage: '',
    admin: true,
    args: z.object({}),
    async run({ town }) {
      return { lines: [...statusText(town.status()), ...(await budgetText(town))] };
    },
  }),
  townPause: op({
    path: ['town', 'pause'],
    summary: 'Freeze the town',
    usage: '',
    admin: true,
    args: z.object({}),
    async run({ town }) {
      await town.pause();
      return { lines: ['⏸️ The town is paused. /town resume lets it run again; /town step runs single ticks.'] };
    },
  }),
  townResume: op({
    path: ['town', 'resume'],
    summary: 'Let the town run again',
    usage: '',
    admin: true,
    args: z.object({}),
    async run({ town }) {
      await town.resume();
      return { lines: ['▶️ The town is running again.'] };
    },
  }),
  townStep: op({
    path: ['town', 'step'],
    summary: 'Run ticks right now (also while paused)',
    usage: `[ticks 1-${STEP_MAX}]`,
    admin: true,
    args: z.object({
      ticks: z
        .number()
        .int(`Step takes a whole number of ticks from 1 to ${STEP_MAX}.`)
        .min(1, `Step runs 1 to ${STEP_MAX} ticks at a time.`)
        .max(STEP_MAX, `Step runs 1 to ${STEP_MAX} ticks at a time (for longer runs: npm run simulate).`)
        .optional()
        .describe(`How many (1-${STEP_MAX})`),
    }),
    async run({ town, progress }, { ticks }) {
      // One tick at a time (town.step(1) n times is town.step(n)), so a front end can show each as it completes.
      const total = ticks ?? 1;
      const results = [];
      for (let i = 0; i < total; i++) {
        results.push(...(await town.step(1)));
        progress?.(i + 1, total, town.status().time);
      }
      const posts = results.reduce((a, r) => a + r.posts.length, 0);
      const conv = results.reduce((a, r) => a + r.conversations, 0);
      return {
        lines: [
          `Ran ${results.length} tick(s): it is now ${town.status().time}. ${posts} ${plural(posts, 'post')}, ${conv} ${plural(conv, 'conversation')}.`,
        ],
        changedTown: true,
      };
    },
  }),
  townSpeed: op({
    path: ['town', 'speed'],
    summary: 'Show or set the ticks per scheduled run (0.1-100; 0.5 = every other run)',
    usage: '[ticks per run]',
    admin: true,
    args: z.object({
      ticks_per_run: z
        .number('Speed is a number of ticks per run, from 0.1 to 100.')
        .min(0.1, 'Speed is from 0.1 to 100 ticks per run.')
        .max(100, 'Speed is from 0.1 to 100 ticks per run.')
        .optional()
        .describe('Ticks per run'),
    }),
    async run({ town }, { ticks_per_run }) {
      if (ticks_per_run === undefined) return { lines: [`Speed: ${town.status().speed} tick(s) per scheduled run.`] };
      await town.setSpeed(ticks_per_run);
      return { lines: [`Speed set to ${town.status().speed} tick(s) per scheduled run.`] };
    },
  }),
  townObject: op({
    path: ['town', 'object'],
    summary: 'Rewrite an object’s state in words, e.g. "the stove is burning"',
    usage: '<location> <object> <status>',
    admin: true,
    args: z.object({
      location: name('location'),
      object: name('object'),
      status: z.string().trim().min(1, 'The new state is empty.').max(200).describe('Its new state'),
    }),
    async run({ town }, a) {
      const r = await town.setObject(a.location, a.object, a.status);
      return {
        lines: [`At ${r.location}, ${r.object} is now “${r.status}”. Residents there will notice.`],
        changedTown: true,
      };
    },
  }),
  townBudget: op({
    path: ['town', 'budget'],
    summary: 'Show or set the daily model token budget',
    usage: '[tokens|default]',
    admin: true,
    args: z.object({
      tokens: z
        .number('The budget is a whole number of tokens, or "default".')
        .int('The budget is a whole number of tokens.')
        .min(0)
        .optional()
        .describe('New daily budget in tokens'),
      default: z.boolean().optional().describe('Go back to the configured default'),
    }),
    async run({ town }, a) {
      if (a.default) await town.setBudget(null);
      else if (a.tokens !== undefined) await town.setBudget(a.tokens);
      return { lines: await budgetText(town) };
    },
  }),
  townExport: op({
    path: ['town', 'export'],
    summary: 'The whole town as one file: state and clock, every memory, plan and persona',
    usage: '[file.json|file.ndjson]',
    admin: true,
    args: z.object({
      file: z
        .string()
        .trim()
        .regex(/\.(json|ndjson)$/i, 'The export file name ends in .json or .ndjson.')
        .max(200)
        .optional()
        .describe('File name (.json, or .ndjson for one line per memory)'),
    }),
    async run({ town }, { file }) {
      const t = await town.exportTown();
      const name = file ?? `${town.id}-export.json`;
      const text = formatTownExport(t, name.toLowerCase().endsWith('.ndjson') ? 'ndjson' : 'json');
      return {
        lines: [
          `${t.name} at tick ${t.state.clock.tick}: ${t.state.residents.length} residents, ${t.memories.length} ${plural(t.memories.length, 'memory', 'memories')}, ${t.personas.length} ${plural(t.personas.length, 'persona')}. Bring it back with /town import FILE (it replaces the town then running), or into a database without this town: npm run town -- import FILE --scope SCOPE.`,
        ],
        file: { name, text },
      };
    },
  }),
  ...LIFECYCLE_OPERATIONS,
  ...VIEW_OPERATIONS,
  residentList: op({
    path: ['resident', 'list'],
    summary: 'Everyone in town: where they are and what they are doing',
    usage: '',
    admin: false,
    args: z.object({}),
    async run({ town }) {
      return { lines: residentListText(town.status(), town.residents()) };
    },
  }),
  residentInfo: op({
    path: ['resident', 'info'],
    summary: "A resident's bio, whereabouts and plan for today",
    usage: '<name>',
    admin: false,
    args: z.object({ resident: name('resident name') }),
    async run({ town }, { resident }) {
      return { lines: residentInfoText(await town.residentInfo(resident)) };
    },
  }),
  residentMemories: op({
    path: ['resident', 'memories'],
    summary: 'What a resident recalls for a query, with retrieval scores',
    usage: '<name> <query>',
    admin: true,
    args: z.object({
      resident: name('resident name'),
      query: z.string().trim().min(1, 'The query is empty.').max(300).describe('What to recall'),
    }),
    async run({ town }, a) {
      return { lines: memoriesText(a.resident, await town.memories(a.resident, a.query, MEMORIES_SHOWN)) };
    },
  }),
  personaSet: op({
    path: ['persona', 'set'],
    summary: 'Take a persona: residents see and remember it, not your account',
    usage: '<name>, <description>',
    admin: false,
    args: z.object({
      name: z
        .string()
        .trim()
        .min(1, 'A persona needs a name.')
        .max(PERSONA_NAME_MAX, `A persona name is at most ${PERSONA_NAME_MAX} characters.`)
        .describe('The name residents will know you by'),
      description: z
        .string()
        .trim()
        .max(PERSONA_DESC_MAX, `A persona description is at most ${PERSONA_DESC_MAX} characters.`)
        .describe('A short description, e.g. "a reporter for the local paper"'),
    }),
    async run({ town, speaker }, a) {
      const p = await town.setPersona(speaker, a.name, a.description);
      return { lines: [`You are now ${p.name}, ${p.description}. Residents will know you by that name.`] };
    },
  }),
  personaShow: op({
    path: ['persona', 'show'],
    summary: 'Show your persona in this town',
    usage: '',
    admin: false,
    args: z.object({}),
    async run({ town, speaker }) {
      const p = await town.persona(speaker);
      return {
        lines: [
          p
            ? `You are ${p.name}, ${p.description}.`
            : `You have no persona here; residents see you as ${plainName(speaker.displayName)}, a visitor. Take one with /persona set.`,
        ],
      };
    },
  }),
  personaClear: op({
    path: ['persona', 'clear'],
    summary: 'Drop your persona (residents see your display name)',
    usage: '',
    admin: false,
    args: z.object({}),
    async run({ town, speaker }) {
      const had = await town.clearPersona(speaker);
      return { lines: [had ? 'Persona cleared. Residents will see your display name.' : 'You had no persona.'] };
    },
  }),
  say: op({
    path: ['say'],
    summary: 'Speak in a location: residents there hear you and may answer',
    usage: '<location> <text>',
    admin: false,
    discord: 'message',
    args: z.object({
      location: name('location'),
      text: z
        .string()
        .trim()
        .min(1, 'Say something: the message is empty.')
        .describe('What you say (its limit is the town’s maxMessageChars setting)'),
    }),
    async run({ town, speaker }, a) {
      requireRunning(town, 'nobody can hear you');
      const r = await town.say(a.location, speaker, a.text);
      const where = `#${r.location.id}`;
      return {
        lines:
          r.heard.length === 0
            ? [`(you said it at ${where}; nobody is there to hear you)`]
            : r.replies.length === 0
              ? [`(you said it at ${where}; ${r.heard.join(', ')} heard you)`]
              : [],
        changedTown: true,
      };
    },
  }),
  whisper: op({
    path: ['whisper'],
    summary: "Whisper to a resident as their inner voice (they'll think it was their own idea)",
    usage: '<resident> <text>',
    admin: false,
    args: z.object({
      resident: name('resident name'),
      text: z.string().trim().min(1, 'The thought is empty.').describe('The thought'),
    }),
    async run({ town, speaker }, a) {
      requireRunning(town);
      const r = await town.whisper(a.resident, speaker, a.text);
      return {
        lines: [`🤫 ${r.resident} heard a thought… Watch the town to see what comes of it.`],
        changedTown: true,
      };
    },
  }),
  interview: op({
    path: ['interview'],
    summary: 'Ask a resident a question; they answer in character',
    usage: '<resident> <question>',
    admin: false,
    args: z.object({
      resident: name('resident name'),
      question: z.string().trim().min(1, 'The question is empty.').describe('Your question'),
    }),
    async run({ town, speaker }, a) {
      requireRunning(town);
      const persona = await town.persona(speaker);
      const r = await town.interview(a.resident, speaker, a.question);
      return {
        lines: [
          `${persona?.name ?? plainName(speaker.displayName)} asked ${r.resident}: “${a.question}”`,
          '',
          r.answer,
        ],
      };
    },
  }),
} as const;

export type OperationId = keyof typeof OPERATIONS;

/** `/town step` and friends as one string, e.g. "/town step [ticks 1-24]". */
export function usageOf(o: Pick<Operation, 'path' | 'usage'>): string {
  return `/${o.path.join(' ')}${o.usage ? ` ${o.usage}` : ''}`;
}

/** The operation a front end's command words name (case-insensitive), or undefined. */
export function findOperation(words: readonly string[]): Operation | undefined {
  const [a, b] = words.map((w) => w.toLowerCase());
  return Object.values(OPERATIONS).find((o) => o.path[0] === a && (o.path.length === 1 || o.path[1] === b)) as
    | Operation
    | undefined;
}

/**
 * Validates the raw arguments against the operation's schema and runs it. A bad argument is a UserError that
 * names the problem and the usage; nothing runs.
 */
export async function runOperation<C = OperationContext, R extends OperationResult = OperationResult>(
  o: Operation<z.ZodObject, C, R>,
  ctx: C,
  raw: Record<string, unknown>,
): Promise<R> {
  const parsed = o.args.safeParse(raw, PLAIN_ISSUES);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new UserError('app/bad_argument', `${first?.message ?? 'Bad argument.'} Usage: ${usageOf(o)}`);
  }
  return o.run(ctx, parsed.data);
}

/** The longest text a person may send, for front ends that check it before parsing. */
export const TEXT_MAX = USER_TEXT_MAX_CHARS;
