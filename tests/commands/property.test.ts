// Property: whatever option values arrive (random text of any length and script, out-of-range numbers, missing
// required options, wrong option types from a stale client, autocomplete on any option), every command handler
// answers the interaction, logs no unexpected error, and leaves no unhandled rejection. Runs through the real bot
// against the local Discord.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APOLOGY } from '../../src/bot/router.ts';
import { InMemoryRatingStore } from '../../src/games/ratings.ts';
import { GameService } from '../../src/games/service.ts';
import { InMemoryGameStore } from '../../src/games/store.ts';
import { gamesOfflineRules } from '../../src/offline/games/rules.ts';
import { offlineAwareGtSeats } from '../../src/offline/index.ts';
import { OfflineModel } from '../../src/offline/model.ts';
import { Harness } from '../support/bot-harness.ts';
import type { FakeUser } from '../support/fake-discord.ts';

interface OptDef {
  name: string;
  type: number;
  required?: boolean;
  autocomplete?: boolean;
  options?: OptDef[];
}

let h: Harness;
let clock = Date.now();
let names: string[] = [];
let places: string[] = [];
let channels: string[] = [];

beforeAll(async () => {
  // Rate limits read this clock; each run moves it a minute on, so handlers run instead of being throttled.
  const games = new GameService({
    store: new InMemoryGameStore(),
    ratings: new InMemoryRatingStore(),
    llm: new OfflineModel(gamesOfflineRules),
    gtSeats: offlineAwareGtSeats,
    seeds: () => 42,
  });
  h = await Harness.start({ bot: { now: () => clock, gameService: games } });
  await h.setup();
  const town = await h.town();
  names = town.residents().map((r) => r.name);
  places = town.locations().map((l) => l.id);
  channels = [h.general(), ...places.map((p) => h.channel(p)), h.channel('town-hall')];
});
afterAll(async () => {
  await h.stop();
});

const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 1990, maxLength: 2100 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', ' ', '\n\t', '@everyone', '<@123>', '`', '```', '\u0000', '🦆'.repeat(600)),
  },
  { weight: 2, arbitrary: fc.constant(null).map(() => names[0] ?? 'x') },
  { weight: 1, arbitrary: fc.constant(null).map(() => places[0] ?? 'x') },
);
const integer = fc.oneof(
  fc.integer({ min: -3, max: 30 }),
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 53 - 1, -(2 ** 53) + 1),
);
const number = fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(0, 0.05, 0.1, 100, 101, -0));

function valueFor(type: number): fc.Arbitrary<string | number | boolean> {
  if (type === 4) return integer;
  if (type === 10) return number;
  if (type === 5) return fc.boolean();
  return text;
}

/** A slash command with random subcommand and option values, sometimes malformed as a stale client would send. */
function interactionArb(defs: { name: string; options?: OptDef[] }[]) {
  return fc
    .constantFrom(...defs)
    .chain((def) => {
      const subs = (def.options ?? []).filter((o) => o.type === 1);
      const sub = subs.length > 0 ? fc.constantFrom(...subs) : fc.constant(null);
      return fc.tuple(fc.constant(def), sub);
    })
    .chain(([def, sub]) => {
      const opts = (sub ? sub.options : def.options) ?? [];
      const values = fc.record(
        Object.fromEntries(
          opts.map((o) => [
            o.name,
            fc.oneof(
              { weight: 8, arbitrary: valueFor(o.type).map((v) => ({ v })) },
              { weight: 1, arbitrary: fc.constant({ v: undefined }) },
              // Wrong type: a stale client that knew a different option.
              { weight: 1, arbitrary: valueFor(o.type === 3 ? 4 : 3).map((v) => ({ v, wrong: true })) },
            ),
          ]),
        ),
      );
      const focusable = opts.filter((o) => o.autocomplete).map((o) => o.name);
      return fc.record({
        def: fc.constant(def),
        sub: fc.constant(sub),
        values,
        focused: focusable.length > 0 ? fc.option(fc.constantFrom(...focusable), { freq: 3 }) : fc.constant(null),
        admin: fc.boolean(),
        channel: fc.nat(),
        dm: fc.integer({ min: 0, max: 40 }).map((n) => n === 0),
      });
    });
}

describe('every command handler under random options', () => {
  it('answers every interaction, no unexpected errors, no unhandled rejections', async () => {
    const defs = h.fake.globalCommands as unknown as { name: string; options?: OptDef[] }[];
    expect(defs.length).toBeGreaterThanOrEqual(6);
    const seen = new Map<string, number>();
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(interactionArb(defs), async (x) => {
        clock += 61_000;
        runs++;
        const user: FakeUser = x.admin ? h.admin : h.alice;
        const options: Record<string, string | number | boolean> = {};
        const optionTypes: Record<string, number> = {};
        const values = x.values as Record<string, { v: string | number | boolean | undefined; wrong?: boolean }>;
        for (const [k, val] of Object.entries(values)) {
          if (val.v === undefined) continue;
          options[k] = val.v;
          if (val.wrong) optionTypes[k] = typeof val.v === 'string' ? 3 : 4;
        }
        const key = `${x.def.name}${x.sub ? ` ${x.sub.name}` : ''}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
        const channelId = x.dm ? h.fake.directMessage(user, 'hi').channel_id : channels[x.channel % channels.length]!;
        const handle = h.fake.slash({
          channelId,
          ...(x.dm ? { guildId: null } : {}),
          user,
          name: x.def.name,
          ...(x.sub ? { subcommand: x.sub.name } : {}),
          options,
          optionTypes,
          ...(x.focused ? { focused: x.focused } : {}),
        });
        if (x.focused) {
          const cb = await handle.firstResponse(10_000);
          expect(cb.type).toBe(8);
          return;
        }
        const answer = await handle.answer(20_000);
        expect(answer.content.length + answer.files.length).toBeGreaterThan(0);
        expect(answer.content).not.toContain(APOLOGY);
      }),
      { numRuns: 1000, seed: 20260101, endOnFailure: true },
    );
    expect(runs).toBe(1000);
    // About 2,500 option values in all (most commands carry two or three options).
    // Every command and subcommand was exercised.
    for (const d of defs) {
      const subs = (d.options ?? []).filter((o) => o.type === 1).map((o) => `${d.name} ${o.name}`);
      for (const k of subs.length > 0 ? subs : [d.name]) expect(seen.get(k) ?? 0, k).toBeGreaterThan(0);
    }
    expect(h.log.errors()).toEqual([]);
    expect(h.unhandledRejections()).toEqual([]);
  }, 120_000);

  it('answers random buttons, menus and forms (stale, forged or malformed custom ids)', async () => {
    const anyMessage =
      h.fake.messagesIn(h.general()).at(-1) ??
      h.fake.userMessage({ channelId: h.general(), user: h.alice, content: 'x' });
    const customId = fc.oneof(
      fc.string({ maxLength: 100 }),
      fc
        .tuple(
          fc.constantFrom('game', 'x', ''),
          fc.constantFrom('join', 'leave', 'start', 'cancel', 'word', 'clue', 'guess', 'vote', '??'),
          fc.string({ maxLength: 20 }),
        )
        .map((p) => p.join(':')),
    );
    await fc.assert(
      fc.asyncProperty(
        customId,
        fc.constantFrom('button', 'select', 'modal'),
        fc.array(fc.string({ maxLength: 30 }), { maxLength: 3 }),
        async (id, kind, values) => {
          const base = { channelId: h.general(), user: h.bob, customId: id || 'x', message: anyMessage };
          const handle =
            kind === 'button'
              ? h.fake.button(base)
              : kind === 'select'
                ? h.fake.select({ ...base, values })
                : h.fake.modalSubmit({ ...base, fields: Object.fromEntries(values.map((v, k) => [`f${k}`, v])) });
          const first = await handle.firstResponse(10_000);
          expect([4, 5, 6, 7, 9]).toContain(first.type);
        },
      ),
      { numRuns: 300, seed: 7 },
    );
    expect(h.log.errors()).toEqual([]);
    expect(h.unhandledRejections()).toEqual([]);
  });
});
