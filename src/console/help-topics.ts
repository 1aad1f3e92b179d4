// The topics of `/help TOPIC` (src/console/lines.ts prints them; src/console/commands.ts completes them): each
// names the first words of the commands it lists. `game` is the games' help, `all` everything.

export const TOPIC_WORDS: Record<string, readonly string[]> = {
  town: ['town'],
  resident: ['resident', 'interview', 'whisper'],
  persona: ['persona', 'say'],
  show: ['follow', 'watch', 'all', 'talk', 'quiet', 'clear'],
  look: ['status', 'map', 'relationships', 'go'],
};

/** Every topic /help takes. */
export const HELP_TOPICS: readonly string[] = [...Object.keys(TOPIC_WORDS), 'game', 'all'];
