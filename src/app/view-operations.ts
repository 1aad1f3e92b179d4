// The town as people look at it, for everyone: its map and relationship picture, its clock, and a link to watch it on
// the web. Part of the operation table (src/app/operations.ts spreads them in, in this order); Discord also gives
// members /map, /relationships, /clock and /web for them (src/commands/look.ts, web.ts).
import { z } from 'zod';
import { plainName } from '../core/user-text.ts';
import { name, op } from './operation.ts';

export const VIEW_OPERATIONS = {
  townMap: op({
    path: ['town', 'map'],
    summary: 'A picture of the town: who is where, doing what',
    usage: '',
    admin: false,
    args: z.object({}),
    async run({ town }) {
      const st = town.status();
      return { lines: [`${st.name} — ${st.time}`], picture: { kind: 'map', personas: [] } };
    },
  }),
  townWatch: op({
    path: ['town', 'watch'],
    summary: 'A link to watch the town on the web: live map, feed, residents, the last days, games',
    usage: '',
    admin: false,
    args: z.object({}),
    async run({ town, watchLink }) {
      const name = town.status().name;
      if (!watchLink)
        return {
          lines: [
            `The web view is not turned on here. An admin sets WEB_PORT (with WEB_SECRET and WEB_PUBLIC_URL for a bot) to watch ${name} in a browser.`,
          ],
        };
      const link = watchLink(town.scope);
      return {
        lines: [
          `Watch ${name} live: ${link.url}`,
          `The link shows only this town, read-only, and works until ${new Date(link.expiresAt).toISOString().slice(0, 16).replace('T', ' ')} UTC. Anyone who has it can watch: share it with care.`,
        ],
      };
    },
  }),
  townClock: op({
    path: ['town', 'clock'],
    summary: 'The town’s date and time, and whether it is running',
    usage: '',
    admin: false,
    args: z.object({}),
    async run({ town }) {
      const st = town.status();
      const pace = `${st.minutesPerTick} simulated minutes per tick, ${st.speed} tick(s) per run (schedule "${st.cron}")`;
      return {
        lines: [`🕰️ ${st.name}: ${st.time} · ${st.paused ? '⏸️ paused' : `▶️ running, ${pace}`} · tick ${st.tick}`],
      };
    },
  }),
  townRelationships: op({
    path: ['town', 'relationships'],
    summary: 'A picture of who is close to whom',
    usage: '[resident]',
    admin: false,
    args: z.object({ resident: name('resident').optional().describe('Only this resident’s ties') }),
    async run({ town, speaker }, { resident }) {
      const mine = await town.persona(speaker);
      return {
        lines: [`Relationships in ${town.status().name} (line weight: tie strength from their memories)`],
        picture: {
          kind: 'relationships',
          personas: [{ name: mine?.name ?? plainName(speaker.displayName) }],
          ...(resident ? { resident } : {}),
        },
      };
    },
  }),
};
