// Every tuning constant of the agent mind in one place, overridable per town (TownState.agentSettings).
// Paper references are to Park et al. 2023, "Generative Agents" (arXiv 2304.03442).

export interface AgentSettings {
  /** Recency multiplier per simulated hour since last access. */
  recencyDecay: number;
  /** Weights of the retrieval score components (each min-max normalised first). */
  weights: { recency: number; importance: number; relevance: number };
  /** Memories retrieved per query when the caller does not say. */
  retrieveK: number;
  /** Rough token budget of one retrieved-memory list in a prompt (4 characters a token). */
  contextBudgetTokens: number;
  /** Characters of one memory description shown in a prompt (longer ones are cut). */
  memoryLineChars: number;
  /** Error margin of the quantised first retrieval pass, in standard deviations of the rounding error. */
  retrievalErrorSigmas: number;
  /** Below this many vector elements (rows x dims) retrieval scans exactly: the quantised pass does not pay off. */
  exactScanBelow: number;
  /** Summed importance of perceived events since the last reflection that triggers one ("exceeds"). */
  reflectionThreshold: number;
  /** Most recent memories the reflection questions are asked over. */
  reflectionRecent: number;
  /** Salient questions per reflection. */
  reflectionQuestions: number;
  /** Insights asked for per question. */
  insightsPerQuestion: number;
  /** Characters of one record in the reflection-questions prompt (100 records: the largest prompt of the day). */
  reflectionRecordChars: number;
  /** Characters of all records in the reflection-questions prompt together (the oldest are dropped past it). */
  reflectionPromptChars: number;
  /** Memories retrieved for a react decision (both sec. 4.3.1 queries together). */
  reactContextK: number;
  /** Characters of the brief identity (the summary's first sentences) in a plan-steps prompt. */
  briefSummaryChars: number;
  /** Memories retrieved per reflection question. */
  reflectionRetrieveK: number;
  /** Known dated events/intentions not yet past pinned into a day plan besides what retrieval ranks first. */
  upcomingK: number;
  /** Rough token budget of those pinned events (4 characters a token). */
  upcomingBudgetTokens: number;
  namedPinK: number;
  /** Blocks of a day outline. */
  dayBlocks: { min: number; max: number };
  /** Length of the finest plan steps, minutes. */
  stepMinutes: { min: number; max: number };
  /** Plan times are rounded to this many minutes. */
  planGranularityMinutes: number;
  /** Longest a day block may be before it is decomposed into hour chunks (shorter blocks are their own chunk). */
  hourChunkMinutes: number;
  /** Hours a cached summary description stays fresh. */
  summaryRefreshHours: number;
  /** A perception identical to one stored this recently (minutes) is not stored again. */
  perceptionDedupMinutes: number;
  /** Perceived events below this importance do not prompt a react decision (alarming ones always do). */
  reactMinImportance: number;
  /** Others' routine doings (actions, arrivals) prompt a react decision only from this importance (alarms always). */
  reactEventImportance: number;
  /** Minutes before a resident reconsiders talking to someone it just decided not to talk to. */
  chatDeclinedMinutes: number;
  /** Minutes before the same resident considers another chat with the same person. */
  chatCooldownMinutes: number;
  /** Minutes a reaction takes when the model does not say. */
  reactionMinutes: number;
  /** Each participant speaks at most this many lines in one conversation. */
  maxTurnsEach: number;
  /** Dialogue lines kept verbatim in a turn prompt (older ones are dropped). */
  dialogueHistoryLines: number;
  /** Rough token budget of the memories in one dialogue-turn prompt (one call per line: the most frequent prompt). */
  dialogueBudgetTokens: number;
  /** Memories retrieved for one dialogue turn. */
  dialogueRetrieveK: number;
  /** Importance of an inner-voice memory (the resident's own resolve). */
  innerVoiceImportance: number;
  /** Fixed importance of plan memories by level (not rated by the model). */
  planImportance: { day: number; hour: number; step: number };
  /** Importance of the memory of having been interviewed. */
  interviewImportance: number;
  /** Importance of a game memory when the caller gives none. */
  gameImportance: number;
  /** Most one new own action adds to the reflection trigger (its keyword rating, capped). */
  ownActionMaxImportance: number;
}

export const DEFAULT_AGENT_SETTINGS: AgentSettings = {
  recencyDecay: 0.995, // sec. 4.1: exponential decay, factor 0.995 per sandbox game hour
  weights: { recency: 1, importance: 1, relevance: 1 }, // sec. 4.1: "all alphas are set to 1"
  retrieveK: 8, // a handful of memories per query keeps prompts lean (our cost target, notes/papers.md)
  contextBudgetTokens: 320, // about 8 memories of 40 tokens: lean prompts for the 25k-tokens/agent-day target
  memoryLineChars: 200, // long dialogue memories are cut rather than crowding the others out
  retrievalErrorSigmas: 6, // a miss needs a 6-sigma rounding error of the 4-bit codes (measured recall@10 = 1.0)
  exactScanBelow: 200_000, // ~0.2 ms of exact dot products: cheaper than the two-pass search below this size
  reflectionThreshold: 150, // sec. 4.2: reflect when the summed importance of recent events exceeds 150
  reflectionRecent: 100, // sec. 4.2: the 100 most recent records
  reflectionQuestions: 3, // sec. 4.2: "the 3 most salient high-level questions"
  insightsPerQuestion: 5, // sec. 4.2: "5 high-level insights"
  reflectionRecordChars: 64, // the gist of a record; the question prompt shows 100 of them (sec. 4.2), cost target
  reflectionPromptChars: 3000, // about 750 tokens of records: enough to see the salient topics, ours (cost target)
  reactContextK: 5, // relationship + activity context (sec. 4.3.1), kept small: a react call is frequent
  briefSummaryChars: 200, // ours: name, age, traits and occupation are what decomposing an activity needs
  reflectionRetrieveK: 6, // a few memories of evidence per question keeps the insight prompt lean
  upcomingK: 3, // ours: a party or an errand heard of days ago must reach the plan (sec. 4.3 plans from intentions)
  upcomingBudgetTokens: 120, // ours: three short dated lines; the day plan is once a day, cost target kept
  namedPinK: 3, // ours: an interview naming a person also sees the memories that name them (sec. 6.5: failed retrieval)
  dayBlocks: { min: 5, max: 8 }, // sec. 4.3: a day outline in 5-8 chunks
  stepMinutes: { min: 5, max: 15 }, // sec. 4.3: decomposed again into 5-15 minute actions
  planGranularityMinutes: 5, // the finest plan step (sec. 4.3)
  hourChunkMinutes: 60, // sec. 4.3: day chunks are decomposed into hour-long actions
  summaryRefreshHours: 24, // the Smallville code regenerates the identity summary once per game day
  perceptionDedupMinutes: 60, // the Smallville code skips events already among the latest retained ones
  reactMinImportance: 4, // routine sights (poignancy 1-3) do not interrupt a plan; ours, tuned on the agent-day bench
  reactEventImportance: 7, // ours: a neighbour "meeting a resident" (4-5) is routine; a wedding or a fight (7+) is not
  chatDeclinedMinutes: 240, // ours: twice the chat buffer; nothing to say to a housemate rarely changes within hours
  chatCooldownMinutes: 120, // Smallville keeps a per-pair chat buffer so a pair does not talk in loops
  reactionMinutes: 15, // one fine plan step (sec. 4.3)
  maxTurnsEach: 8, // issue 3: default cap of 8 turns each
  dialogueHistoryLines: 6, // the last few lines carry the thread (offline talks run 4-7 lines); older ones are in the memories
  dialogueBudgetTokens: 200, // ours: 4 memories of about 50 tokens; a long quoted line does not crowd out the rest
  dialogueRetrieveK: 4, // relationship context for one line (sec. 4.3.1), kept small: one call per line
  innerVoiceImportance: 9, // sec. 3.1: the inner voice is treated as the agent's own strong intention
  planImportance: { day: 5, hour: 3, step: 2 }, // Smallville code stores the daily plan thought with poignancy 5
  interviewImportance: 3, // being asked questions is a mildly notable event
  gameImportance: 5, // a game played with people: notable, not life-changing
  ownActionMaxImportance: 6, // own actions are perceived events in the Smallville code; a planned party rates 6, chores 2
};

/**
 * Defaults overlaid with per-town overrides (a town file's `agent:` section arrives untyped): a value of the
 * wrong type or out of range is ignored, so a typo never breaks a town.
 */
export function resolveAgentSettings(overrides?: Partial<AgentSettings> | Record<string, unknown>): AgentSettings {
  const out = structuredClone(DEFAULT_AGENT_SETTINGS) as unknown as Record<string, unknown>;
  const src = (overrides ?? {}) as Record<string, unknown>;
  const ok = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
  for (const [key, def] of Object.entries(DEFAULT_AGENT_SETTINGS)) {
    const v = src[key];
    if (v === undefined) continue;
    if (typeof def === 'number' && ok(v)) out[key] = v;
    else if (typeof def === 'object' && def !== null && typeof v === 'object' && v !== null) {
      const merged = { ...(def as Record<string, number>) };
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (k in merged && ok(x)) merged[k] = x;
      out[key] = merged;
    }
  }
  const s = out as unknown as AgentSettings;
  if (!(s.recencyDecay > 0 && s.recencyDecay <= 1)) s.recencyDecay = DEFAULT_AGENT_SETTINGS.recencyDecay;
  return s;
}
