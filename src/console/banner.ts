// The local console's opening lines: what runs (model, embedder, database) and how to connect the real things.
export interface BannerInfo {
  model: { provider: string; model: string; offline: boolean };
  embedderId: string;
  databaseFile: string;
  townName: string;
  residents: number;
  locations: number;
  discordConfigured: boolean;
  /** The web view's link (src/web), or why it is off. */
  web?: { url: string; loopback: boolean } | { off: string };
}

export function renderBanner(b: BannerInfo): string {
  const model = b.model.offline
    ? `${b.model.model} (OFFLINE: built-in rule-based model, no API key needed; plausible but simple behaviour)`
    : `${b.model.model} via ${b.model.provider}`;
  const lines = [
    '┌──────────────────────────────────────────────────────────────',
    `│ smalltown: ${b.townName}, ${b.residents} residents in ${b.locations} locations`,
    `│ model     : ${model}`,
    `│ embedder  : ${b.embedderId}`,
    `│ database  : ${b.databaseFile}`,
    '│',
    b.discordConfigured
      ? '│ Discord   : configured'
      : '│ Discord   : not connected. Set DISCORD_TOKEN in .env, then npm run deploy-commands (README "Discord setup").',
    b.model.offline
      ? '│ Real model: set OPENAI_API_KEY, or OPENAI_BASE_URL for Ollama / LM Studio / vLLM / OpenRouter.'
      : '│ Real model: connected.',
    ...(b.web
      ? [
          'url' in b.web
            ? `│ Web view  : ${b.web.url}${b.web.loopback ? ' (this computer only)' : ''}; /town watch prints it again`
            : `│ Web view  : ${b.web.off}`,
        ]
      : []),
    '│ Type /help for commands; Ctrl-C or Ctrl-D to quit.',
    '└──────────────────────────────────────────────────────────────',
  ];
  return lines.join('\n');
}
