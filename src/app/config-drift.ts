// Said at start when the environment asks for something the stored town does not have: TOWN_FILE, MINUTES_PER_TICK
// and TICK_CRON shape a town when it is created; a town already in the database keeps its own. The notice names the
// command that applies them: /town new (a new town from TOWN_FILE, shaped by MINUTES_PER_TICK and TICK_CRON) or
// /town reset (the same town over, shaped by them). Nothing changes the clock of a running town in place.
import type { TownStatus } from '../town/service.ts';

export interface TownConfigView {
  /** TOWN_FILE, and the name of the town it describes. */
  townFile?: { path: string; name: string };
  minutesPerTick?: number;
  tickCron: string;
}

/** One line per difference, then what to run to apply them (empty when the stored town matches). */
export function configDrift(st: TownStatus, cfg: TownConfigView): string[] {
  const diffs: string[] = [];
  if (cfg.townFile && cfg.townFile.name !== st.name)
    diffs.push(`TOWN_FILE=${cfg.townFile.path} describes ${cfg.townFile.name}, but the stored town is ${st.name}.`);
  if (cfg.minutesPerTick !== undefined && cfg.minutesPerTick !== st.minutesPerTick)
    diffs.push(
      `MINUTES_PER_TICK=${cfg.minutesPerTick}, but ${st.name} runs ${st.minutesPerTick} simulated minutes per tick.`,
    );
  if (cfg.tickCron !== st.cron) diffs.push(`TICK_CRON is "${cfg.tickCron}", but ${st.name} ticks on "${st.cron}".`);
  if (diffs.length === 0) return [];
  const apply =
    cfg.townFile && cfg.townFile.name !== st.name
      ? `To apply them, start a new town from TOWN_FILE: \`/town new ${cfg.townFile.path}\` in the console (on Discord, \`/town new\` with the file attached or a shipped town).`
      : `To apply them, start ${st.name} over: \`/town reset\` (a town keeps its clock and schedule while it runs).`;
  return [
    ...diffs,
    `${apply} It replaces ${st.name} (${st.scope}) and asks to confirm first; \`/town export FILE\` (or \`npm run town -- export FILE --scope ${st.scope}\`) keeps a copy.`,
  ];
}
