// The console's terminal parts without a terminal: completion, "that looks like a command", post filters, the
// prompt, the history file's rules, and the relationship line's wording.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameHelp } from '../../src/app/game-operations.ts';
import {
  CONSOLE_COMMANDS,
  completeLine,
  GAME_SUBCOMMANDS,
  mistypedCommand,
  suggestCommand,
} from '../../src/console/completion.ts';
import { CONSOLE_HELP, consolePrompt } from '../../src/console/console.ts';
import { admits, type PostFilter } from '../../src/console/filters.ts';
import { relationshipText } from '../../src/console/format.ts';
import { HISTORY_MAX_LINES, keepInHistory, loadHistory, saveHistory } from '../../src/console/terminal.ts';
import type { Post } from '../../src/town/types.ts';

const world = {
  residents: () => ['Ann Lee', 'Bo Park', 'Bob Stone'],
  locations: () => ['cafe', 'copper-kettle', 'park'],
};

describe('tab completion', () => {
  it('completes commands, subcommands, residents with spaces, locations and game moves', () => {
    expect(completeLine('/fo', world)).toEqual([['/follow '], '/fo']);
    expect(completeLine('/s', world)[0]).toEqual(['/say ', '/status ']);
    expect(completeLine('/town st', world)).toEqual([['status ', 'step '], 'st']);
    expect(completeLine('/whisper Bo', world)).toEqual([['Bo Park ', 'Bob Stone '], 'Bo']);
    expect(completeLine('/whisper Bo P', world)).toEqual([['Bo Park '], 'Bo P']);
    expect(completeLine('/resident info A', world)).toEqual([['Ann Lee '], 'A']);
    expect(completeLine('/watch c', world)).toEqual([['cafe ', 'copper-kettle '], 'c']);
    expect(completeLine('/town object cop', world)).toEqual([['copper-kettle '], 'cop']);
    expect(completeLine('/game pri', world)).toEqual([['prisoners-dilemma '], 'pri']);
    expect(completeLine('/game choose d', world)).toEqual([['defect '], 'd']);
    expect(completeLine('/game prisoners-dilemma b', world)).toEqual([['bots '], 'b']);
    expect(completeLine('/game undercover bots 2 p', world)).toEqual([['party ', 'pgm ', 'pgm-prob '], 'p']);
    // Plain text and unknown commands complete to nothing (readline then does nothing).
    expect(completeLine('hello Bo', world)[0]).toEqual([]);
    expect(completeLine('/nosuch x', world)[0]).toEqual([]);
  });

  it('knows every command /help lists and every /game subcommand the game operations list', () => {
    const names = new Set(CONSOLE_COMMANDS.map((c) => c.name));
    for (const line of CONSOLE_HELP) for (const m of line.matchAll(/^\s+\/([a-z]+)/g)) expect(names).toContain(m[1]);
    for (const line of CONSOLE_HELP.filter((l) => l.includes('/follow') || l.includes('/all')))
      for (const m of line.matchAll(/\/([a-z]+)/g)) expect(names).toContain(m[1]);
    const gameWords = gameHelp().map((l) => l.match(/^\s+\/game ([a-z-]+)/)?.[1] ?? '');
    expect(gameWords.length).toBeGreaterThan(15);
    for (const w of gameWords) expect(Object.keys(GAME_SUBCOMMANDS)).toContain(w.trim());
  });
});

describe('a line that looks like a command', () => {
  it('is refused with the command it probably is; speech stays speech', () => {
    expect(mistypedCommand('help')).toBe('/help');
    expect(mistypedCommand('clear')).toBe('/clear');
    expect(mistypedCommand('exit')).toBe('/quit');
    expect(mistypedCommand('Status.')).toBe('/status');
    expect(mistypedCommand('town step 6')).toBe('/town step 6');
    expect(mistypedCommand('persona set Sam, a reporter')).toBe('/persona set Sam, a reporter');
    expect(mistypedCommand('game join')).toBe('/game join');
    for (const speech of ['hello', 'Help me carry this, Bo?', 'the town is lovely', 'say hi to Ann', 'constructor x'])
      expect(mistypedCommand(speech)).toBeNull();
  });

  it('suggests the closest command for a misspelt one', () => {
    expect(suggestCommand('stauts')).toBe('status');
    expect(suggestCommand('folow')).toBe('follow');
    expect(suggestCommand('interv')).toBe('interview');
    expect(suggestCommand('xyzzy')).toBeNull();
  });
});

const post = (p: Partial<Post>): Post => ({
  seq: 1,
  id: '1',
  location: 'cafe',
  speakerId: 'ann-lee',
  speakerName: 'Ann Lee',
  emoji: null,
  kind: 'action',
  text: 'x',
  simTime: 0,
  deliveredAt: null,
  deliveryRef: null,
  attempts: 0,
  ...p,
});

describe('post filters', () => {
  it('follow, watch and quiet keep their posts; replies to you and system notices always print', () => {
    const follow: PostFilter = { kind: 'follow', id: 'bo-park', name: 'Bo Park' };
    const watch: PostFilter = { kind: 'watch', id: 'park' };
    const quiet: PostFilter = { kind: 'quiet' };
    expect(admits(follow, post({ speakerId: 'bo-park' }), 'cafe')).toBe(true);
    expect(admits(follow, post({}), 'cafe')).toBe(false);
    expect(admits(watch, post({ location: 'park' }), 'cafe')).toBe(true);
    expect(admits(watch, post({}), 'cafe')).toBe(false);
    expect(admits(quiet, post({}), 'cafe')).toBe(true);
    expect(admits(quiet, post({ location: 'park' }), 'cafe')).toBe(false);
    for (const f of [follow, watch, quiet]) {
      expect(admits(f, post({ kind: 'reply', location: 'lake' }), 'cafe')).toBe(true);
      expect(admits(f, post({ kind: 'system', location: 'town-hall' }), 'cafe')).toBe(true);
    }
  });

  it('the prompt shows the simulated time, the place and the filter', () => {
    const fri = Date.UTC(2024, 3, 12, 9, 40);
    expect(consolePrompt(fri, 'copper-kettle', { kind: 'all' })).toBe('[Fri 9:40 am · #copper-kettle] > ');
    expect(consolePrompt(fri, 'cafe', { kind: 'follow', id: 'a', name: 'Ann Lee' }, true)).toBe(
      '[Fri 9:40 am · #cafe · following Ann Lee · paused] > ',
    );
  });
});

describe('history file', () => {
  it('keeps at most HISTORY_MAX_LINES plain lines, oldest first, owner-only; never keys, tokens or passwords', () => {
    for (const secret of [
      '/persona set my api_key is x',
      'OPENAI_API_KEY=sk-abcdefghijklmnopqrstuvwx',
      'the token is here',
      ' space-led line',
      'x'.repeat(2000),
    ])
      expect(keepInHistory(secret)).toBe(false);
    const file = join(mkdtempSync(join(tmpdir(), 'hist-')), 'data', 'console-history');
    const newestFirst = Array.from({ length: HISTORY_MAX_LINES + 50 }, (_, i) => `/say cafe line ${1000 - i}`);
    saveHistory(file, ['my password is hunter2', '/say cafe line 1000 ', ...newestFirst]);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines.length).toBe(HISTORY_MAX_LINES);
    expect(lines.at(-1)).toBe('/say cafe line 1000');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadHistory(file)[0]).toBe('/say cafe line 1000');
    // A file written by hand (or an older version) is read through the same rules.
    writeFileSync(file, '/status\nmy token abc\n/go park\n');
    expect(loadHistory(file)).toEqual(['/go park', '/status']);
    expect(loadHistory(join(file, 'missing'))).toEqual([]);
  });
});

describe('relationship lines', () => {
  it('count memories in the singular and plural, and say when a pair never talked', () => {
    expect(relationshipText(1, true)).toBe('1 memory');
    expect(relationshipText(25, false)).toBe('25 memories, never talked');
  });
});
