// A stored snapshot written by an older version, brought up to today's shape (after state-schema.ts parsed it).
import { emptyStats } from './build.ts';
import { resolveTownSettings } from './settings.ts';
import type { TownState } from './types.ts';

/** Fills fields added after a snapshot was written (settings merged over today's defaults). */
export function upgradeState(state: TownState): TownState {
  state.settings = resolveTownSettings(state.settings);
  state.stats = { ...emptyStats(), ...(state.stats as Partial<TownState['stats']>) };
  state.events ??= [];
  state.lastConversation ??= {};
  state.acquaintances ??= [];
  state.facts ??= [];
  return state;
}
