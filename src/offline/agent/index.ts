// The offline stand-in: a labelled, rule-based model so the product runs with no key. The rest of the code
// reaches it only as a LanguageModel (src/offline/model.ts wraps these rules); the mind never imports it.
// Its rules read the structured inputs of the agent's prompts (src/agent/prompts) and answer their schemas.
export { agentOfflineRules } from './agent-rules.ts';
