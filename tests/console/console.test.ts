// The console driven by piped stdin, as a script would: commands in, posts and answers out.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runConsole, tokenize } from '../../src/console/console.ts';
import { formatPost } from '../../src/console/format.ts';
import { graphTies } from '../../src/render/relationships.ts';
import { townRelationshipInput } from '../../src/render/town-pictures.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { scriptedKit } from '../support/town-scripted-mind.ts';

async function townOf(file: ReturnType<typeof tinyTown>) {
  const { kit } = scriptedKit({});
  return TownService.create(
    { store: new InMemoryTownStore(), kit: () => kit, owner: 'console' },
    { id: 'console', scope: 'console', file, seed: 1 },
  );
}

async function run(lines: string[], extra: Partial<Parameters<typeof runConsole>[0]> = {}) {
  const { kit, calls } = scriptedKit({
    decide: (r, ctx) => ({
      action: {
        description: `${r.profile.firstName} is sipping tea`,
        emoji: '🍵',
        location: ctx.location.id,
        start: ctx.now,
        minutes: 10,
      },
      changed: true,
      reacted: false,
    }),
  });
  const service = await TownService.create(
    { store: new InMemoryTownStore(), kit: () => kit, owner: 'console' },
    { id: 'console', scope: 'console', file: tinyTown(), seed: 1 },
  );
  const output = new PassThrough();
  let text = '';
  output.on('data', (d) => {
    text += String(d);
  });
  const r = await runConsole({
    service,
    input: Readable.from(lines.map((l) => `${l}\n`)),
    output,
    banner: 'BANNER',
    ...extra,
  });
  return { text, code: r.exitCode, calls, service };
}

describe('console first minutes', () => {
  it('a newcomer starts where people are and is told who hears them; with everyone at home, at the busiest home', async () => {
    const { text } = await run([]);
    expect(text).toContain('You are at #cafe. Ann Lee and Bo Park are here and hear what you type.');
    // Early morning: nobody in a public place. The console starts at the house, not alone at the cafe.
    const file = tinyTown();
    for (const r of file.residents) delete (r as { startAt?: string }).startAt;
    const { text: early } = await run([], { service: await townOf(file) });
    expect(early).toContain('You are at #house. Ann Lee, Bo Park and Cy Ray are here and hear what you type.');
  });
});

describe('console /help', () => {
  it('/help is a screenful for a newcomer; /help TOPIC lists a topic; a misspelt topic gets the nearest', async () => {
    const { text } = await run(['/help', '/help town', '/help gmae', '/help all'], {
      helpLines: ['Games:', '  /game chameleon  Open a Chameleon lobby here'],
    });
    const short = text.slice(
      text.indexOf('Type a line to speak'),
      text.indexOf('up-arrow recalls earlier lines.') + 31,
    );
    const lines = short.split('\n');
    expect(lines.length).toBeLessThanOrEqual(15);
    expect(lines.every((l) => l.length <= 125)).toBe(true);
    for (const cmd of [
      '/go <location>',
      '/interview <resident> <question>',
      '/persona set',
      '/game chameleon',
      '/quit',
    ])
      expect(short).toContain(cmd);
    expect(short).toContain(
      'More: /help town · /help resident · /help persona · /help show · /help look · /help game · /help all.',
    );
    // /help town: the town's commands and nothing else.
    const town = text.slice(text.indexOf('up-arrow recalls earlier lines.') + 32).split('\nNo help topic')[0]!;
    expect(town.split('\n').every((l) => l.startsWith('  /town '))).toBe(true);
    expect(town).toContain('/town step [ticks 1-24]');
    expect(text).toContain(
      'No help topic "gmae". Did you mean /help game? Topics: town, resident, persona, show, look, game, all.',
    );
    // /help all: the whole list and the games' lines.
    expect(text).toContain('/resident memories <name> <query>');
    expect(text).toContain('  /game chameleon  Open a Chameleon lobby here');
  });
});

describe('console pictures in text', () => {
  it('/relationships NAME prints the ties its picture draws; /map ends with a key to its notation', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-pictures-'));
    const { text, service } = await run(
      ['/town step 2', 'Bo, have you met Ann Lee?', '/relationships Ann Lee', '/relationships', '/map'],
      {
        picturesDir: dir,
      },
    );
    const input = townRelationshipInput(service, { resident: 'Ann Lee' });
    const { ties } = graphTies(input);
    expect(ties.length).toBeGreaterThan(0);
    // Ann's ties only, as in her picture: every row names the other person of a tie the picture draws, in its order.
    const block = text.slice(text.indexOf("Ann Lee's ties in Tiny"));
    const rows = block.split('\n').slice(1, 1 + ties.length);
    const name = new Map(input.nodes.map((n) => [n.id, n.name]));
    const shown = (s: number) => (Number.isInteger(s) ? String(s) : s.toFixed(1));
    expect(rows).toEqual(ties.map((t) => `  ${name.get(t.a === input.ego ? t.b : t.a)}: ${shown(t.ab + t.ba)}`));
    expect(block).toMatch(/^Ann Lee's ties in Tiny \(strongest first, strength after each name\):\n/);
    expect(text).toMatch(/Key: \[#place\] where \/go takes you · — who is there \(what they are doing\)/);
  });
});

describe('console', () => {
  it('GIVEN piped commands WHEN run THEN it prints the banner, answers each command and exits 0 at EOF', async () => {
    const { text, code } = await run([
      '/help',
      '/status',
      '/persona set Sam, a reporter for the local paper',
      '/persona show',
      'Ann, any news?',
      '/town step 2',
      '/resident list',
    ]);
    expect(code).toBe(0);
    expect(text.startsWith('BANNER\n')).toBe(true);
    expect(text).toContain('/whisper <resident> <text>');
    expect(text).toContain('Tiny — Monday, January 1, 2024, 8:00 am');
    expect(text).toContain('You are now Sam, a reporter for the local paper.');
    // Plain text goes to the current location (the first public place, the cafe); Ann's reply prints as a post.
    expect(text).toContain('[#cafe] 🙂 Ann Lee: Hello Sam, I am Ann Lee.');
    // Ticks print posts as they are committed.
    expect(text).toContain('[#cafe] 🍵 Bo Park: sipping tea');
    expect(text).toMatch(/Ran 2 tick\(s\): it is now Monday, January 1, 2024, 8:20 am\. \d+ posts?, 0 conversations\./);
    expect(text).toContain('🙂 Cy Ray — at House: 🍵 sipping tea');
  });

  it('says, whispers, interviews, rewrites objects and shows residents by multi-word names', async () => {
    const { text, calls } = await run([
      '/say the cafe Bo Park, hello',
      '/whisper Ann Lee You should open a bakery',
      '/interview Cy Ray What is your favourite drink?',
      '/town object house stove is burning',
      '/town object cafe coffee "machine" smoking',
      '/resident info Cy Ray',
      '/map',
    ]);
    expect(calls.hear.find((h) => h.id === 'bo-park')?.addressed).toBe(true);
    expect(calls.innerVoice).toEqual([{ id: 'ann-lee', text: 'You should open a bakery' }]);
    expect(text).toContain(
      'Guest asked Cy Ray: “What is your favourite drink?”\n\nCy Ray answers: What is your favourite drink?',
    );
    expect(text).toContain('At House, kitchen/stove is now “burning”. Residents there will notice.');
    expect(text).toContain('[#house] ⚠️ The stove in the kitchen is burning');
    expect(text).toContain('At Cafe, counter/coffee machine is now “smoking”.');
    expect(text).toContain('🙂 Cy Ray (30) — lives at House; kind');
    expect(text).toMatch(/📍 House \[#house\] — 🙂 Cy Ray \(idle\) \| stove: burning/);
  });

  it('prints clear messages for mistakes and keeps going', async () => {
    const { text, code } = await run([
      '/say moon hello',
      '/whisper Zed hi',
      '/frobnicate',
      `/say cafe ${'x'.repeat(10_000)}`,
      '/town step 0',
      '/status',
    ]);
    expect(code).toBe(0);
    expect(text).toContain('Usage: /say <location> <text>. Places: cafe, shop, park, hill, house, lake.');
    expect(text).toContain(
      'No resident called "Zed". Residents: Ann Lee, Bo Park, Cy Ray. Usage: /whisper <resident> <text>',
    );
    expect(text).toContain('Unknown command /frobnicate. Type /help.');
    expect(text).toContain('That line is 10010 characters long; the limit is 2200. Nothing was done.');
    expect(text).toContain('Step runs 1 to 24 ticks at a time. Usage: /town step [ticks 1-24]');
    expect(text).toContain('Tiny — Monday');
  });

  it('asks extra handlers first (the hook for /game lines) and stops at /quit', async () => {
    const seen: string[] = [];
    const { text } = await run(['/game start chameleon', '/quit', '/status'], {
      handlers: [
        (line, ctx) => {
          if (!line.startsWith('/game')) return false;
          seen.push(line);
          ctx.print('game started');
          return true;
        },
      ],
    });
    expect(seen).toEqual(['/game start chameleon']);
    expect(text).toContain('game started');
    expect(text).not.toContain('Tiny — Monday');
  });

  it('tokenizes quoted phrases and formats narrator and multi-line posts', () => {
    expect(tokenize('object "maple row" stove \'is on fire\'')).toEqual(['object', 'maple row', 'stove', 'is on fire']);
    const base = {
      id: 'x',
      seq: 1,
      speakerId: null,
      speakerName: null,
      kind: 'digest' as const,
      simTime: 0,
      deliveredAt: null,
      deliveryRef: null,
      attempts: 0,
    };
    expect(formatPost({ ...base, location: 'town-hall', emoji: '📰', text: 'Daily digest\n• one' })).toBe(
      '[#town-hall] 📰\n  Daily digest\n  • one',
    );
  });
});
