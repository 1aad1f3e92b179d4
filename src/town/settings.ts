// Every tuning constant of the town (world, clock, loop, people), overridable per town (town file `settings:`).
// Agent-mind constants live in src/agent (DEFAULT_AGENT_SETTINGS); a town file passes those through `agent:`.

export type CatchUpMode = 'resume' | 'skip' | 'replay';

export interface TownSettings {
  /** Simulated minutes per tick. */
  minutesPerTick: number;
  /** node-cron expression that drives ticks. */
  cron: string;
  /** Ticks per scheduled run (fractions accumulate: 0.5 = every other run). */
  speed: number;
  /** Residents stepped in parallel at most (model calls in flight per phase). */
  concurrency: number;
  /** Most perceived items a resident attends to per tick. */
  attentionBandwidth: number;
  /** Minimum simulated minutes before the same pair may start another conversation. */
  conversationCooldownMinutes: number;
  /** Talks a resident has in a simulated day before it starts or joins no more that day. */
  talksPerDay: number;
  /** Conversations started per tick at most (each costs several calls). */
  maxConversationsPerTick: number;
  /** Participants of one conversation at most (issue 28: a party of six talks as one group, not three pairs). */
  maxGroupSize: number;
  /** Residents per tick who may consider starting a conversation (fairly rotated); the others see no one free. */
  talkFloorPerTick: number;
  /** Walking minutes per unit of `position` distance in the town file. */
  minutesPerDistanceUnit: number;
  /** After downtime: 'resume' continues where it stopped, 'skip' jumps the clock, 'replay' runs missed ticks. */
  catchUp: CatchUpMode;
  /** With 'replay': most missed ticks run at once; with 'skip': most simulated minutes jumped. */
  catchUpMaxTicks: number;
  /** Lease length for the single writer (wall ms); renewed every tick. */
  leaseMs: number;
  /** Longest message a person may send (characters). */
  maxMessageChars: number;
  /** Plan lines shown in the morning plan post. */
  planSummaryLines: number;
  /** Dialogue lines of a conversation that bystanders perceive (the rest is summarised as "talked"). */
  bystanderLines: number;
  /** Events kept for the daily digest. */
  digestMaxItems: number;
  /** Model tokens per UTC day for this town (null: the configured default); read by the LLM gateway. */
  dailyTokenBudget: number | null;
}

export const DEFAULT_TOWN_SETTINGS: TownSettings = {
  minutesPerTick: 10, // issue 4: default 10 simulated minutes per tick
  cron: '* * * * *', // issue 4: default one tick per wall minute
  speed: 1, // one tick per cron run unless an admin changes it
  concurrency: 25, // all 25 Smallville residents step at once; the LLM gateway's own limit bounds requests in flight
  attentionBandwidth: 8, // Smallville persona files: att_bandwidth = 8 events attended per step
  conversationCooldownMinutes: 120, // Smallville code keeps a per-pair chat buffer so pairs do not talk in loops
  maxConversationsPerTick: 4, // keeps a tick's critical path at one conversation per resident
  maxGroupSize: 6, // ours (issue 28): a table or a circle at a party; larger crowds talk in several groups
  talkFloorPerTick: 8, // ours: twice maxConversationsPerTick, so declines and taken partners still leave pairs
  // smallville-run stats.json: the most talks any resident had in its simulated day was 6 (Klaus Mueller and Maria
  // Lopez; 8 conversations among 3 residents, 5.33 per resident-day). An eager model asked often talked 13-15 times a
  // day here (issue 33): the day's talks stop there, the paper's people do not chat all day long.
  talksPerDay: 6,
  minutesPerDistanceUnit: 1, // town files give positions in walking minutes
  catchUp: 'resume', // issue 4: never replay hours of missed ticks after downtime
  catchUpMaxTicks: 6, // at most one simulated hour of replay at the default tick length
  leaseMs: 30_000, // renewed by every change and by delivery; a dead owner on this host is taken over at once, one on another host after this
  maxMessageChars: 2000, // Discord's message limit; longer input is refused, not truncated
  planSummaryLines: 4, // "a short day plan summary in the morning" (issue 4)
  bystanderLines: 2, // bystanders overhear the opening of a conversation (paper sec. 3.4 diffusion)
  digestMaxItems: 12, // a digest post stays one screen long
  dailyTokenBudget: null, // issue 2: the budget comes from configuration unless an admin sets one per town
};

export function resolveTownSettings(overrides: Partial<TownSettings> | undefined): TownSettings {
  return { ...DEFAULT_TOWN_SETTINGS, ...(overrides ?? {}) };
}
