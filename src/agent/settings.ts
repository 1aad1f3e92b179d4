// Every tuning constant of the agent mind in one place, overridable per town (TownState.agentSettings).
// Paper references are to Park et al. 2023, "Generative Agents" (arXiv 2304.03442); "authors' code" is their
// release (joonspk-research/generative_agents, reverie/backend_server/persona/cognitive_modules/).
//
// Retrieval depth per use site. The authors' code retrieves deep and then SUMMARISES with another model call:
// reflect.py 30 memories per question (retrieve.py new_retrieve's default n_count); converse.py 50 for an
// interview question (open_convo_session) and 50 + 25 for a chat (a relationship summary, then ideas); plan.py
// the same 50/25 before a reaction. We keep the summary instead of paying for it at every use: the relationship
// note (relations.ts) is that "what is in X's head about Y", kept per person and refreshed after each talk, so
// a use site needs fewer raw memories. Per site (k memories / token budget, 4 characters a token):
//   reflection     12 per question, no budget cut     (authors 30; each memory shown once across questions)
//   interview      20 / 1,200 + 3 naming the person + 2 of its own seed naming the subject (authors 50)
//   react          8 / 320 + the relationship note + 2 own seed about the person (authors 50 + 25 summarised)
//   dialogue line  6 / 300 + note, date, both activities, intent + 2 own seed (authors 50 + 25 summarised)
//   hear           8 / 320 + the note about the speaker + 2 own seed naming the remark's subject
//   day plan       8 / 320 + 3 pinned dated events + 2 own untold private intentions (sec. 4.3)
// Plan memories (day level) are retrievable when deciding and talking: what one meant to do is context.

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
  /**
   * Ablations of the paper's controlled evaluation (sec. 6.1), set per town file (`agent: { ablate: {...} }`) or by
   * `npm run eval -- --ablate`: reflection (none stored or retrieved), planning (no day, hour or step plans: the
   * resident goes on where it is and acts on what it perceives), memory (no retrieval, no relationship notes).
   */
  ablate: { reflection: boolean; planning: boolean; memory: boolean };
  /** Minutes until a day plan that fell back to a neutral default (the model did not answer) is asked again. */
  fallbackReplanMinutes: number;
  /** Rough token budget of those pinned events (4 characters a token). */
  upcomingBudgetTokens: number;
  namedPinK: number;
  /**
   * The resident's own core memories (seed phrases, its kept thoughts) pinned when a question, a remark or a talk
   * names their subject or the person it is with, and its own private intentions pinned in the day plan
   * (core-knowledge.ts); 0 turns it off (an ablation).
   */
  corePinK: number;
  /** Memories retrieved for an interview question, and their token budget. */
  interviewRetrieveK: number;
  interviewBudgetTokens: number;
  /** Memories retrieved when a person speaks to a resident. */
  hearRetrieveK: number;
  /** Memories retrieved for a day plan (intentions, agreements). */
  planRetrieveK: number;
  /** Characters of one relationship note (and of what was last heard from the person); 0 turns notes off. */
  relationNoteChars: number;
  /** People a resident keeps notes about (the least recently met are dropped past it). */
  relationsMax: number;
  /** Blocks of a day outline. */
  dayBlocks: { min: number; max: number };
  /** Length of the finest plan steps, minutes. */
  stepMinutes: { min: number; max: number };
  /** Plan times are rounded to this many minutes. */
  planGranularityMinutes: number;
  /** Longest a day block may be before it is decomposed into chunks (shorter blocks are their own chunk); also the
   *  longest span one step-decomposition call covers. */
  hourChunkMinutes: number;
  /** Hours a cached summary description stays fresh. */
  summaryRefreshHours: number;
  /** A perception identical to one stored this recently (minutes) is not stored again. */
  perceptionDedupMinutes: number;
  /** Others' doings, arrivals and object states prompt a react decision only from this importance (alarms always). */
  reactEventImportance: number;
  /** An ordinary (not alarming, not a person) event reopens the plan at most once per this many minutes. */
  reactCooldownMinutes: number;
  /** Minutes before a resident reconsiders talking to someone it just decided not to talk to. */
  chatDeclinedMinutes: number;
  /** Minutes before the same resident considers another chat with the same person. */
  chatCooldownMinutes: number;
  /**
   * Minutes after a talk ends before the resident starts or walks up to another (one that names it excepted): the
   * talks a resident needs do not grow with the number of people it passes.
   */
  talkRestMinutes: number;
  /** Minutes a place that refused a resident (closed, full) is left out of its plans. */
  avoidMinutes: number;
  /**
   * Days running a place refuses the resident before it gives the goal there up, and days an intention is planned
   * and not done before it is given up (goals.ts) (issue 10 item 5).
   */
  goalFailDays: number;
  /** Days a given-up place or intention stays out of the resident's plans. */
  goalDropDays: number;
  /** Minutes a reaction takes when the model does not say. */
  reactionMinutes: number;
  /** Each participant speaks at most this many lines in one conversation. */
  maxTurnsEach: number;
  /** Dialogue lines kept verbatim in a dialogue prompt (older ones are dropped). */
  dialogueHistoryLines: number;
  /** Lines of a conversation one dialogue call writes (the speakers taking turns); 1 = a call per line. */
  dialogueLinesPerCall: number;
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
  reflectionRecordChars: 160, // whole records, not fragments (sec. 4.2 asks over the records themselves)
  reflectionPromptChars: 3000, // about 750 tokens of whole records, the newest kept: 1-3 reflections a day
  reactContextK: 8, // relationship + activity queries (sec. 4.3.1); authors 50+25 summarised, we add the note
  briefSummaryChars: 200, // ours: name, age, traits and occupation are what decomposing an activity needs
  reflectionRetrieveK: 12, // authors' code 30 per question (reflect.py); 12 each, shown once across questions
  ablate: { reflection: false, planning: false, memory: false }, // the full architecture
  fallbackReplanMinutes: 60, // ours: a failed plan is retried at the next hour, not left standing for the day
  upcomingK: 3, // ours: a party or an errand heard of days ago must reach the plan (sec. 4.3 plans from intentions)
  upcomingBudgetTokens: 120, // ours: three short dated lines; the day plan is once a day, cost target kept
  namedPinK: 3, // ours: an interview naming a person also sees the memories that name them (sec. 6.5: failed retrieval)
  corePinK: 2, // ours: the authors put identity in every prompt; our summary holds no secret, so its seed is pinned
  interviewRetrieveK: 20, // authors' code 50 (converse.py open_convo_session), then summarised; interviews are rare
  interviewBudgetTokens: 1200, // 20 memories of about 60 tokens
  hearRetrieveK: 8, // like a react decision: what the resident knows about the speaker and the remark
  planRetrieveK: 8, // intentions and agreements for the day (sec. 4.3), besides the pinned dated events
  relationNoteChars: 240, // a few seed phrases ("Lena Okafor is Daniel Okafor's daughter; ...") or one summary
  relationsMax: 60, // Smallville's 25 residents and a town's visitors
  dayBlocks: { min: 5, max: 8 }, // sec. 4.3: a day outline in 5-8 chunks
  stepMinutes: { min: 5, max: 15 }, // sec. 4.3: decomposed again into 5-15 minute actions
  planGranularityMinutes: 5, // the finest plan step (sec. 4.3)
  hourChunkMinutes: 180, // sec. 4.3 decomposes into hour-long actions; ours: chunks of up to 3 hours, each then
  // decomposed into 5-15 minute steps in one call (half the step calls of a day, the most frequent call)
  summaryRefreshHours: 24, // the Smallville code regenerates the identity summary once per game day
  perceptionDedupMinutes: 60, // the Smallville code skips events already among the latest retained ones
  reactEventImportance: 7, // ours: a neighbour "meeting a resident" (4-5) is routine; a wedding or a fight (7+) is not
  reactCooldownMinutes: 90, // ours: an ordinary event reopens the plan at most every 90 minutes (people and alarms apart)
  chatDeclinedMinutes: 240, // ours: twice the chat buffer; nothing to say to a housemate rarely changes within hours
  chatCooldownMinutes: 120, // Smallville keeps a per-pair chat buffer so a pair does not talk in loops
  // ours (issue 33): a per-resident rest beside the per-pair buffer; without it, a resident in Smallville's 25 talked
  // 3 times as often as in Willowbrook's 10 (bench cost, calibrated: 13.1 vs 4.3 talks a day; the real run 5.33).
  // The real run's gaps between one resident's talks (../shared/data/smallville-run/stats.json master_movement
  // segments, end to next start): 13 gaps, 16 to 234 minutes, lower quartile 44, median 87
  talkRestMinutes: 45,
  avoidMinutes: 120, // ours: a closed or full place is tried again later the same day, not given up for the day
  goalFailDays: 3, // ours: once is bad luck, three days running is the place, not the day: plan something else
  goalDropDays: 7, // ours: a week, then the resident tries again (the place may have changed its hours)
  reactionMinutes: 15, // one fine plan step (sec. 4.3)
  maxTurnsEach: 8, // issue 3: default cap of 8 turns each
  dialogueHistoryLines: 16, // the whole conversation so far (the cap is 16 lines): a call continues what was said
  dialogueLinesPerCall: 16, // ours (issue 21): a two-person talk up to its cap in one call, both speakers' context
  // gathered once; a real run's talks mostly run to the 16-line cap (smallville-run stats.json), which a call per line
  // made the costliest task. Groups of three take two calls; 1 asks for one line per call (still with both sections).
  dialogueBudgetTokens: 300, // 6 memories of about 50 tokens; the relationship note comes on top
  dialogueRetrieveK: 6, // authors 50+25 summarised (converse.py); we send 6 plus the relationship note per line
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
    if (key === 'ablate') {
      const a = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
      out.ablate = { reflection: a.reflection === true, planning: a.planning === true, memory: a.memory === true };
      continue;
    }
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
