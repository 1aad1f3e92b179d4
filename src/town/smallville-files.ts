// Reads a Smallville directory into a SmallvilleSource. Accepts both the flat layout (personas/*.json,
// world/*.csv) and the original repository layout (personas/<Name>/bootstrap_memory/scratch.json, matrix/...).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UserError } from '../errors.ts';
import type { SmallvilleSource } from './smallville.ts';

function walk(dir: string, depth: number, out: string[]): void {
  if (depth < 0) return;
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.') || name === 'node_modules') continue;
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) walk(p, depth - 1, out);
    else if (st.size < 5_000_000) out.push(p);
  }
}

export function readSmallvilleDir(dir: string): SmallvilleSource {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new UserError('town/smallville_dir', `Smallville directory not found: ${dir}`, { dir });
  const files: string[] = [];
  walk(dir, 8, files);
  const named = (n: string) => files.find((f) => basename(f) === n);
  const read = (p: string | undefined) => (p ? readFileSync(p, 'utf8') : undefined);
  const required = ['sector_blocks.csv', 'arena_blocks.csv', 'game_object_blocks.csv'];
  const missing = required.filter((n) => !named(n));
  if (missing.length === required.length)
    throw new UserError(
      'town/not_smallville',
      `${dir} is not a Smallville folder: it has none of ${required.join(', ')} (the world files of the original generative_agents repository, e.g. its environment/frontend_server/static_dirs/assets/the_ville/matrix folder, with the personas beside them)`,
      { dir },
    );
  const need = (n: string) => {
    const p = named(n);
    if (!p) throw new UserError('town/smallville_missing', `${dir} has no ${n}`, { dir, file: n });
    return readFileSync(p, 'utf8');
  };

  const personas: [string, string][] = [];
  const spatial: Record<string, string> = {};
  for (const f of files) {
    const parent = basename(dirname(f));
    if (f.endsWith('.json') && parent === 'personas') personas.push([basename(f), readFileSync(f, 'utf8')]);
    else if (basename(f) === 'scratch.json' && parent === 'bootstrap_memory')
      personas.push([`${basename(dirname(dirname(f)))}/scratch.json`, readFileSync(f, 'utf8')]);
    else if (basename(f) === 'spatial_memory.json' && parent === 'bootstrap_memory')
      spatial[basename(dirname(dirname(f)))] = readFileSync(f, 'utf8');
    else if (/^spatial_memory_.+\.json$/.test(basename(f)))
      spatial[
        basename(f)
          .replace(/^spatial_memory_|\.json$/g, '')
          .replace(/_/g, ' ')
      ] = readFileSync(f, 'utf8');
  }
  personas.sort((a, b) => a[0].localeCompare(b[0]));

  const histories = files
    .filter((f) => /^agent_history_init.*\.csv$/.test(basename(f)))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  const meta = read(named('maze_meta_info.json'));
  let width = 140; // the Ville's maze width (maze_meta_info.json) when the file is absent
  let worldName: string | undefined;
  if (meta) {
    try {
      const m = JSON.parse(meta) as { maze_width?: number; world_name?: unknown };
      width = Number(m.maze_width) || width;
      if (typeof m.world_name === 'string' && m.world_name.trim()) worldName = m.world_name.trim();
    } catch {
      // keep the default width
    }
  }
  // world_blocks.csv: "<block id>, <world name>"; the same name maze_meta_info.json gives.
  const worldLine = read(named('world_blocks.csv'))?.split(/\r?\n/)[0]?.split(',')[1]?.trim();
  worldName ??= worldLine || undefined;
  const sector = read(named('sector_maze.csv'));
  const arena = read(named('arena_maze.csv'));
  const object = read(named('game_object_maze.csv'));
  const whispers = read(histories[0]);
  // what the town tracks, in the town file's terms (docs/town-file.md), beside the Smallville files
  const trackedPath = ['facts.yaml', 'facts.yml', 'facts.json'].map((n) => join(dir, n)).find((p) => existsSync(p));
  return {
    ...(trackedPath ? { tracked: { file: basename(trackedPath), text: readFileSync(trackedPath, 'utf8') } } : {}),
    personas,
    sectorBlocks: need('sector_blocks.csv'),
    arenaBlocks: need('arena_blocks.csv'),
    objectBlocks: need('game_object_blocks.csv'),
    ...(whispers !== undefined ? { whispers } : {}),
    ...(worldName ? { worldName } : {}),
    ...(sector && arena && object ? { mazes: { width, sector, arena, object } } : {}),
    spatial,
  };
}
