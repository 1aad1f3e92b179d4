// The console marks posts delivered before printing them: a process that dies between the two never prints a post
// twice, and a mark that fails is said (not swallowed); those posts show once, on the next start.
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runConsole } from '../../src/console/console.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { tinyTown } from '../support/town-fixtures.ts';
import { scriptedKit } from '../support/town-scripted-mind.ts';

/** A store whose delivery marks fail while `broken` is set, as a disk or a killed process would leave them. */
class MarkFailingStore extends InMemoryTownStore {
  broken = false;
  override async markDelivered(townId: string, seqs: number[], ref: string | null, wallNow: number) {
    if (this.broken) throw new Error('disk I/O error');
    return super.markDelivered(townId, seqs, ref, wallNow);
  }
}

async function consoleRun(service: TownService, lines: string[]) {
  const output = new PassThrough();
  let text = '';
  output.on('data', (d) => {
    text += String(d);
  });
  const errors: unknown[] = [];
  const r = await runConsole({
    service,
    input: Readable.from(lines.map((l) => `${l}\n`)),
    output,
    onError: (e) => errors.push(e),
  });
  return { text, errors, code: r.exitCode };
}

describe('console delivery marks', () => {
  it('a failed mark prints nothing, says so, and the posts print exactly once on the next start', async () => {
    const store = new MarkFailingStore();
    const { kit } = scriptedKit({
      decide: (r, ctx) => ({
        action: {
          description: `${r.profile.firstName} is sweeping the floor`,
          emoji: '🧹',
          location: ctx.location.id,
          start: ctx.now,
          minutes: 10,
        },
        changed: true,
        reacted: false,
      }),
    });
    const file = tinyTown();
    const deps = { store, kit: () => kit, owner: 'console' };
    const first = await TownService.create(deps, { id: 'console', scope: 'console', file, seed: 1 });
    store.broken = true;
    const a = await consoleRun(first, ['/town step 1']);
    const line = (s: string) => s.split('\n').filter((l) => l.includes('sweeping the floor'));
    expect(line(a.text)).toEqual([]);
    expect(a.text).toMatch(/new post\(s\) not shown yet: recording them as shown failed: disk I\/O error/);
    expect(a.errors).toHaveLength(1);
    await first.close();

    // The process restarts (the store is the database): what was not marked prints now, once.
    store.broken = false;
    const second = (await TownService.load(deps, 'console'))!;
    const b = await consoleRun(second, ['/status']);
    const printed = line(b.text);
    expect(printed.length).toBeGreaterThan(0);
    expect(new Set(printed).size).toBe(printed.length);
    expect(b.errors).toEqual([]);
    // Nothing left to print a third time.
    expect(await second.outbox.pendingPosts(100)).toEqual([]);
    await second.close();
  });
});
