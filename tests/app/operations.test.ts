// The operation table (src/app/operations.ts) and its two renderers: every operation is a Discord slash command
// (sub)command with its arguments as options and its limits as option ranges, and a console command that runs it;
// plus the small fixes of issue 12 (persona names, usage lines, plural texts).
import { readFileSync } from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { OPERATIONS, type OperationId, STEP_MAX, usageOf } from '../../src/app/operations.ts';
import { commandPayloads } from '../../src/bot/deploy-commands.ts';
import { HELP_TEXT } from '../../src/commands/help.ts';
import { COMMANDS } from '../../src/commands/index.ts';
import { LOOK_OPERATIONS } from '../../src/commands/look.ts';
import { CONSOLE_HELP, runConsole } from '../../src/console/console.ts';
import { formatRelationships } from '../../src/console/format.ts';
import { TownRegistry } from '../../src/town/registry.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { parseTownExport } from '../../src/town/town-export.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { scriptedKit } from '../support/town-scripted-mind.ts';

/** A console line for each operation, with valid arguments for the tiny town (a new operation needs one here). */
const CONSOLE_LINES: Record<OperationId, string> = {
  townStatus: '/town status',
  townPause: '/town pause',
  townResume: '/town resume',
  townStep: '/town step 1',
  townSpeed: '/town speed 2',
  townObject: '/town object house stove is burning',
  townBudget: '/town budget 5000',
  townExport: `/town export ${process.env.TMPDIR ?? '/tmp'}/smalltown-ops-test-export.ndjson`,
  townReading: '/town reading',
  townNew: '/town new --yes',
  townReset: '/town reset --yes',
  townImport: `/town import ${process.env.TMPDIR ?? '/tmp'}/smalltown-ops-test-export.ndjson --yes`,
  townMap: '/town map',
  townClock: '/town clock',
  townRelationships: '/town relationships Ann Lee',
  townWatch: '/town watch',
  residentList: '/resident list',
  residentInfo: '/resident info Ann Lee',
  residentMemories: '/resident memories Ann Lee coffee',
  personaSet: '/persona set Sam, a reporter',
  personaShow: '/persona show',
  personaClear: '/persona clear',
  say: '/say house good morning',
  whisper: '/whisper Bo Park open a bakery',
  interview: '/interview Cy Ray what do you drink?',
};

async function consoleRun(lines: string[]) {
  const { kit } = scriptedKit({});
  // A registry, as npm run console has: /town new, reset and import replace its town.
  const registry = new TownRegistry({
    store: new InMemoryTownStore(),
    kit: () => kit,
    owner: 'console',
    defaultTown: () => tinyTown(),
  });
  await registry.getOrCreate('console', { seed: 1 });
  const output = new PassThrough();
  let text = '';
  output.on('data', (d) => {
    text += String(d);
  });
  // One marker line after each command, so each answer can be read on its own.
  const input = Readable.from(lines.flatMap((l, n) => [`${l}\n`, `/marker-${n}\n`]));
  await runConsole({ registry, input, output, picturesDir: `${process.env.TMPDIR ?? '/tmp'}/smalltown-ops-test` });
  const service = (await registry.get('console'))!;
  await registry.close();
  return { text, service };
}

type Opt = { name: string; type: number; required?: boolean; max_value?: number; options?: Opt[] };

describe('operation table', () => {
  const payloads = commandPayloads() as unknown as { name: string; options?: Opt[] }[];

  it('every operation is a Discord command whose options are its arguments, admin where the table says', () => {
    for (const [id, o] of Object.entries(OPERATIONS)) {
      // Speech is a plain message in a location channel on Discord (src/bot/messages.ts runs the operation).
      if ((o as { discord?: string }).discord === 'message') {
        expect(
          payloads.find((c) => c.name === o.path[0]),
          id,
        ).toBeUndefined();
        continue;
      }
      const cmd = payloads.find((c) => c.name === o.path[0]);
      expect(cmd, `${id}: Discord has no /${o.path[0]}`).toBeDefined();
      const node = o.path.length === 2 ? cmd!.options?.find((s) => s.name === o.path[1] && s.type === 1) : cmd;
      expect(node, `${id}: Discord has no /${o.path.join(' ')}`).toBeDefined();
      const optionNames = (node!.options ?? []).map((x) => x.name);
      expect(optionNames, id).toEqual(expect.arrayContaining(Object.keys(o.args.shape)));
      const slash = COMMANDS.find((c) => c.data.name === o.path[0])!;
      const admin = slash.admin === true || (Array.isArray(slash.admin) && slash.admin.includes(o.path[1] ?? ''));
      expect(admin, `${id}: admin`).toBe(o.admin);
    }
  });

  it('/town import takes an attachment on Discord; /town new offers the shipped towns as choices', () => {
    const town = payloads.find((c) => c.name === 'town')!.options!;
    const sub = (n: string) => town.find((s) => s.name === n)!.options!;
    expect(sub('import').find((x) => x.name === 'file')).toMatchObject({ type: 11, required: true });
    expect(sub('new').find((x) => x.name === 'file')).toMatchObject({ type: 11 });
    const choice = sub('new').find((x) => x.name === 'town') as Opt & { choices?: { value: string }[] };
    expect(choice.choices?.map((c) => c.value)).toContain('willowbrook');
    expect(sub('reset').map((x) => x.name)).toEqual(['confirm']);
  });

  it('one limit: /town step accepts 1..STEP_MAX on Discord and in the console', async () => {
    const step = payloads.find((c) => c.name === 'town')!.options!.find((s) => s.name === 'step')!;
    expect(step.options!.find((x) => x.name === 'ticks')!.max_value).toBe(STEP_MAX);
    const { text } = await consoleRun([`/town step ${STEP_MAX + 1}`, '/town step x']);
    expect(text).toContain(`Step runs 1 to ${STEP_MAX} ticks at a time`);
    expect(text).toContain('Usage: /town step [ticks 1-24]');
  });

  it('every operation runs from its console line and is listed in /help', async () => {
    const ids = Object.keys(OPERATIONS) as OperationId[];
    expect(Object.keys(CONSOLE_LINES).sort()).toEqual([...ids].sort());
    const { text } = await consoleRun(ids.map((id) => CONSOLE_LINES[id]));
    const answers = text.split(/Unknown command \/marker-\d+\. Type \/help\./);
    ids.forEach((id, n) => {
      const a = answers[n]!;
      expect(a, id).not.toMatch(/Unknown command|Usage:|Something went wrong/);
      expect(CONSOLE_HELP.join('\n'), id).toContain(usageOf(OPERATIONS[id]));
      const o: { discord?: string; path: readonly string[] } = OPERATIONS[id];
      if (o.discord === 'message') expect(HELP_TEXT, id).toContain('Write in a location channel');
      else {
        const look = LOOK_OPERATIONS.find((l) => l.op === OPERATIONS[id]);
        expect(HELP_TEXT, id).toContain(look ? `\`/${look.name}` : `\`/${o.path.join(' ')}`);
      }
    });
    expect(text).toContain('Picture: ');
    // The export the console wrote reads back as a valid town file.
    const exported = parseTownExport(readFileSync(CONSOLE_LINES.townExport.split(' ')[2]!, 'utf8'));
    expect(exported.name).toBe('Tiny');
    expect(text).toMatch(
      /Tiny at tick \d+: 3 residents, \d+ memories, 0 personas\. Bring it back with \/town import FILE/,
    );
  });
});

describe('small things (issue 12)', () => {
  it('refuses a persona name with no letter or digit, and /persona bogus shows the usage', async () => {
    const { text, service } = await consoleRun([
      '/persona set ,',
      '/persona set , a spy',
      '/persona set ?!, a spy',
      '/persona bogus',
    ]);
    expect(text).toContain('"?!" is not a name: a persona name needs a letter or a digit.');
    // Discord passes the name option as typed: the same rule, in the service.
    await expect(service.setPersona({ id: 'd', displayName: 'D' }, ',', 'a spy')).rejects.toThrow(/"," is not a name/);
    expect(text).toContain('A persona needs a name. Usage: /persona set <name>, <description>');
    expect(await service.persona({ id: 'console', displayName: 'Guest' })).toBeNull();
    expect(text).toContain(
      'No /persona bogus. Usage: /persona set <name>, <description> | /persona show | /persona clear',
    );
  });

  it('a mistyped subcommand gets the one it is closest to', async () => {
    const { text } = await consoleRun(['/town stpe 2', '/resident infp Ann Lee']);
    expect(text).toContain('No /town stpe. Did you mean /town step [ticks 1-24]?');
    expect(text).toContain('No /resident infp. Did you mean /resident info <name>?');
  });

  it('a resident command with no name gives the usage; an unknown name says so', async () => {
    const { text } = await consoleRun(['/resident info', '/resident memories Nobody x', '/whisper']);
    expect(text).toContain('The resident name is empty. Usage: /resident info <name>');
    expect(text).not.toContain('No resident called ""');
    expect(text).toContain('No resident called "Nobody". Residents: Ann Lee, Bo Park, Cy Ray.');
    expect(text).toContain('The resident name is empty. Usage: /whisper <resident> <text>');
  });

  it('relationship lines: "1 memory", and pairs that never talked are not called strangers', () => {
    const g = {
      nodes: [
        { id: 'a', name: 'Ann', emoji: '' },
        { id: 'b', name: 'Bo', emoji: '' },
        { id: 'c', name: 'Cy', emoji: '' },
      ],
      edges: [
        { a: 'a', b: 'b', weight: 1, aToB: 1, bToA: 0, acquainted: true },
        { a: 'a', b: 'c', weight: 25, aToB: 12, bToA: 13, acquainted: false },
      ],
    };
    const text = formatRelationships(g);
    expect(text).toContain('Ann — Bo: 1 memory');
    expect(text).not.toContain('Ann — Bo: 1 memory,');
    expect(text).toContain('Ann — Cy: 25 memories, never talked');
    expect(text).not.toMatch(/not met|1 memories/);
  });
});

describe('status wording', () => {
  it('counts read as words: "1 conversation", "0 reflections"', async () => {
    const { statusText } = await import('../../src/app/texts.ts');
    const lines = statusText({
      name: 'T',
      time: 'now',
      paused: false,
      tick: 2,
      minutesPerTick: 10,
      speed: 1,
      cron: '* * * * *',
      residents: 1,
      locations: 2,
      travelling: 0,
      conversationsToday: 1,
      stats: { conversations: 1, reflections: 0, rejectedMoves: 1, failures: 2 },
    } as unknown as Parameters<typeof statusText>[0]);
    expect(lines[2]).toBe('1 resident, 2 places, 0 on the road · 1 conversation today');
    expect(lines[3]).toBe('So far: 1 conversation, 0 reflections, 1 refused move, 2 failed model steps');
  });
});
