import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/core/csv.ts';
import { TownFileError } from '../../src/town/file.ts';
import { importSmallville, type SmallvilleSource } from '../../src/town/smallville.ts';
import { readSmallvilleDir } from '../../src/town/smallville-files.ts';
import { hasSmallville, SMALLVILLE_DIR } from '../support/shared-data.ts';

// A tiny world of our own in the Smallville file formats (no upstream data copied).
const persona = (o: Record<string, unknown>) =>
  JSON.stringify({
    vision_r: 8,
    age: 40,
    innate: 'calm, careful',
    lifestyle: 'goes to bed at 10pm, wakes at 6am',
    daily_plan_req: '',
    ...o,
  });

const fixture = (): SmallvilleSource => ({
  personas: [
    [
      'Nora_Vale.json',
      persona({
        name: 'Nora Vale',
        first_name: 'Nora',
        last_name: 'Vale',
        learned: 'Nora Vale bakes bread at Crumb Bakery.',
        currently: 'Nora Vale is planning a party at Crumb Bakery on Friday.',
        living_area: "the Town:Nora Vale's flat:bedroom",
        daily_plan_req: 'Nora Vale opens Crumb Bakery at 7am.',
      }),
    ],
    [
      'Ivo_Marsh.json',
      persona({
        name: 'Ivo Marsh',
        first_name: 'Ivo',
        last_name: 'Marsh',
        learned: 'Ivo Marsh is a retired sailor.',
        currently: 'Ivo Marsh likes to walk in Reed Park.',
        living_area: "the Town:Ivo Marsh's cottage:main room",
      }),
    ],
  ],
  sectorBlocks:
    "1, the Town, Nora Vale's flat\n2, the Town, Ivo Marsh's cottage\n3, the Town, Crumb Bakery\n4, the Town, Reed Park ",
  arenaBlocks:
    "11, the Town, Nora Vale's flat, bedroom\n12, the Town, Nora Vale's flat, bathroom\n13, the Town, Ivo Marsh's cottage, main room\n14, the Town, Crumb Bakery, shop floor\n15, the Town, Reed Park, meadow",
  objectBlocks:
    '21, the Town, <all>, bed\n22, the Town, <all>, oven\n23, the Town, <all>, shower\n24, the Town, <all>, bench',
  whispers:
    'Name,Whisper\nNora Vale,"You have known Ivo Marsh for years; You think, honestly, that he tells great stories"\nIvo Marsh,You buy bread from Nora Vale every morning',
  // 4 x 2 tiles: row 0 = flat bedroom(bed), flat bathroom(shower), bakery(oven), park(bench); row 1 = cottage.
  mazes: {
    width: 4,
    sector: '1, 1, 3, 4, 2, 2, 2, 2',
    arena: '11, 12, 14, 15, 13, 13, 13, 13',
    object: '21, 23, 22, 24, 21, 0, 0, 0',
  },
});

describe('Smallville importer', () => {
  it('parses quoted CSV fields with commas and doubled quotes', () => {
    expect(parseCsv('a, b\n"x, y",  "say ""hi"""\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
    ]);
  });

  it('GIVEN persona, block, maze and whisper files WHEN imported THEN it builds locations, sub-areas, objects and residents', () => {
    const town = importSmallville(fixture(), { name: 'Mini' });
    expect(town.name).toBe('Mini');
    expect(town.locations.map((l) => l.id)).toEqual([
      'nora-vales-flat',
      'ivo-marshs-cottage',
      'crumb-bakery',
      'reed-park',
    ]);
    const flat = town.locations[0];
    expect(flat?.public).toBe(false);
    expect(flat?.subAreas.map((a) => [a.name, a.objects, a.capacity])).toEqual([
      ['bedroom', ['bed'], undefined],
      ['bathroom', ['shower'], 1],
    ]);
    expect(town.locations[2]?.subAreas[0]?.objects).toEqual(['oven']);
    expect(town.locations[3]?.position).toBeDefined();
    const nora = town.residents.find((r) => r.name === 'Nora Vale');
    expect(nora?.home).toBe('nora-vales-flat');
    expect(nora?.homeArea).toBe('bedroom');
    expect(nora?.workplace).toBe('crumb-bakery');
    expect(nora?.dailyPlan).toBe('Nora Vale opens Crumb Bakery at 7am.');
    // Seed: occupation and current situation phrases, then the whisper phrases (quoted commas kept).
    expect(nora?.seed.split('; ')).toContain('You think, honestly, that he tells great stories');
    expect(nora?.seed).toContain('Nora Vale is planning a party at Crumb Bakery on Friday');
  });

  it('GIVEN a broken persona file WHEN imported THEN the error names the file and field', () => {
    const src = fixture();
    src.personas.push(['Bad.json', JSON.stringify({ name: 'Bad' })], ['Worse.json', '{nope']);
    let err: unknown;
    try {
      importSmallville(src);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TownFileError);
    const msg = (err as Error).message;
    expect(msg).toMatch(/Bad\.json: first_name/);
    expect(msg).toMatch(/Worse\.json: not JSON/);
  });

  it('reads the repository layout from a directory (personas/<Name>/bootstrap_memory/scratch.json)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sv-'));
    const src = fixture();
    for (const [file, text] of src.personas) {
      const d = join(dir, 'personas', file.replace('.json', '').replace('_', ' '), 'bootstrap_memory');
      mkdirSync(d, { recursive: true });
      writeFileSync(join(d, 'scratch.json'), text);
    }
    mkdirSync(join(dir, 'matrix', 'special_blocks'), { recursive: true });
    writeFileSync(join(dir, 'matrix', 'special_blocks', 'sector_blocks.csv'), src.sectorBlocks);
    writeFileSync(join(dir, 'matrix', 'special_blocks', 'arena_blocks.csv'), src.arenaBlocks);
    writeFileSync(join(dir, 'matrix', 'special_blocks', 'game_object_blocks.csv'), src.objectBlocks);
    writeFileSync(join(dir, 'agent_history_init_n2.csv'), src.whispers ?? '');
    const read = readSmallvilleDir(dir);
    expect(read.personas.map(([f]) => f)).toEqual(['Ivo Marsh/scratch.json', 'Nora Vale/scratch.json']);
    const town = importSmallville(read);
    // Without mazes, objects are placed by name hints.
    const bath = town.locations[0]?.subAreas.find((a) => a.name === 'bathroom');
    expect(bath?.objects).toContain('shower');
    expect(() => readSmallvilleDir(join(dir, 'nope'))).toThrow(/not found/);
    // No world name in the files: the default name.
    expect(town.name).toBe('Smallville');
  });

  it('names the town after the world its files describe (maze_meta_info.json, else world_blocks.csv)', () => {
    const src = fixture();
    expect(importSmallville({ ...src, worldName: 'the harbour quarter' }).name).toBe('The Harbour Quarter');
    const dir = mkdtempSync(join(tmpdir(), 'sv-'));
    writeFileSync(join(dir, 'sector_blocks.csv'), src.sectorBlocks);
    writeFileSync(join(dir, 'arena_blocks.csv'), src.arenaBlocks);
    writeFileSync(join(dir, 'game_object_blocks.csv'), src.objectBlocks);
    writeFileSync(join(dir, 'world_blocks.csv'), '32134, the marsh\n');
    expect(readSmallvilleDir(dir).worldName).toBe('the marsh');
    writeFileSync(join(dir, 'maze_meta_info.json'), JSON.stringify({ world_name: 'the fens', maze_width: 10 }));
    expect(readSmallvilleDir(dir).worldName).toBe('the fens');
  });

  it('a folder that is not a Smallville export says so, instead of reporting unrelated files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'not-sv-'));
    mkdirSync(join(dir, 'personas'));
    writeFileSync(join(dir, 'personas', 'notes.json'), '{"hello": 1}');
    writeFileSync(join(dir, 'README.md'), '# my project');
    expect(() => readSmallvilleDir(dir)).toThrow(/is not a Smallville folder/);
  });

  // The original files live in the shared reference data beside the repository (../shared from the repository
  // root), not in the project: a checkout without them skips this one test, and says why.
  const real = SMALLVILLE_DIR;
  it.skipIf(!hasSmallville)(
    'imports the original 25-resident Ville with the party and the candidacy as facts, and the secrets its reading finds (needs ../shared/data/smallville)',
    () => {
      const town = importSmallville(readSmallvilleDir(real));
      expect(town.residents).toHaveLength(25);
      expect(town.name).toBe('The Ville');
      expect(town.locations).toHaveLength(19);
      // the paper's two, and the two secret crushes the town's reading finds in the residents' own text
      expect(town.facts.map((f) => f.holder)).toEqual([
        'Francisco Lopez',
        'Maria Lopez',
        'Isabella Rodriguez',
        'Sam Moore',
      ]);
      const ids = new Set(town.locations.map((l) => l.id));
      for (const r of town.residents) expect(ids.has(r.home)).toBe(true);
      expect(town.residents.find((r) => r.name === 'Isabella Rodriguez')?.workplace).toBe('hobbs-cafe');
      const cafe = town.locations.find((l) => l.id === 'hobbs-cafe');
      expect(cafe?.subAreas[0]?.objects.length).toBeGreaterThan(3);
    },
  );
});
