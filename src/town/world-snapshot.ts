// A town's world from its committed snapshot and its memories: the state (upgraded to this version's shape) and
// each resident's mind with its memory stream, whose vectors load lazily from the store.
import type { AgentId, Memory, MemoryId } from '../agent/types.ts';
import type { MindKit, MindResident } from './mind.ts';
import type { TickLog, TownWorld } from './tick.ts';
import type { TownState } from './types.ts';
import { upgradeState } from './upgrade-state.ts';

export function worldFromSnapshot(
  parsed: TownState,
  memories: Memory[],
  kit: MindKit,
  io: { loadVectors: (ids: readonly MemoryId[]) => Promise<Map<MemoryId, Float32Array>>; log?: TickLog },
): TownWorld {
  const state = upgradeState(parsed);
  const byAgent = new Map<string, Memory[]>();
  for (const m of memories) {
    const list = byAgent.get(m.agentId) ?? [];
    list.push(m);
    byAgent.set(m.agentId, list);
  }
  const residents = new Map<AgentId, MindResident>();
  for (const rs of state.residents) {
    const mine = byAgent.get(rs.profile.id) ?? [];
    if (mine.length !== rs.memoryCount)
      io.log?.('warn', 'memory count differs from the snapshot', {
        resident: rs.profile.id,
        stored: mine.length,
        snapshot: rs.memoryCount,
      });
    residents.set(rs.profile.id, {
      profile: rs.profile,
      mind: rs.mind,
      memory: kit.memoryStream(rs.profile.id, mine, io.loadVectors),
    });
  }
  return { state, residents };
}
