// A talk its speakers ended stays ended (issue 33 item 1): a pair's goodbye was not recorded as leaving, so whoever
// walked up during the talk's time carried the finished talk on with both leavers; a talk cut at the turn cap is
// still open to who walks up.
import { describe, expect, it } from 'vitest';
import type { AgentId } from '../../src/agent/types.ts';
import { validateTownFile } from '../../src/town/file.ts';
import { TownService } from '../../src/town/service.ts';
import { InMemoryTownStore } from '../../src/town/store.ts';
import { res, tinyTown } from '../support/town-fixtures.ts';
import { scriptedKit } from '../support/town-scripted-mind.ts';

const ANN = 'ann-lee' as AgentId;
const BO = 'bo-park' as AgentId;
const CY = 'cy-ray' as AgentId;

/** Ann asks Bo to talk at the first tick; Cy, at the cafe too, asks Ann at the second. */
async function cafeTown(ended: 'natural' | 'cap') {
  const base = tinyTown();
  const file = validateTownFile({
    ...base,
    residents: [
      res('Ann Lee', 'house', { startAt: 'cafe' }),
      res('Bo Park', 'house', { startAt: 'cafe' }),
      res('Cy Ray', 'house', { startAt: 'cafe' }),
    ],
  });
  const { kit, calls } = scriptedKit({
    decide: (r, ctx, _n) => {
      const tick = calls.decide.filter((d) => d.id === r.profile.id).length;
      const want =
        (r.profile.id === ANN && tick === 1 && { with: BO, intent: 'catch up' }) ||
        (r.profile.id === CY && tick === 2 && { with: ANN, intent: 'ask about the market' }) ||
        undefined;
      return {
        action: { description: 'resting', emoji: '😌', location: ctx.location.id, start: ctx.now, minutes: 10 },
        changed: false,
        reacted: false,
        ...(want ? { converse: want } : {}),
      };
    },
    lines: (ids) => [
      { speaker: ids[0]!, text: 'Lovely morning, is it not?' },
      { speaker: ids[1]!, text: 'It is.' },
    ],
    // (ended by its speakers without a goodbye: the model's end; a pair's goodbye is tests/agent/group-talk.test.ts)
    ending: (ids, now) => ({ id: `${ids[0]}@${now}`, ended }),
  });
  const service = await TownService.create(
    { store: new InMemoryTownStore(), kit: () => kit, owner: 'w1' },
    { id: 't', scope: 'console', file, seed: 1 },
  );
  await service.tick();
  await service.tick();
  return calls.converse;
}

describe('a talk that ended', () => {
  it('GIVEN a pair whose talk its speakers ended WHEN someone asks one of them at the next tick THEN a new talk of two begins; the old one is not carried on', async () => {
    const talks = await cafeTown('natural');
    expect(talks[0]).toEqual({ ids: [ANN, BO], intent: 'catch up' });
    expect(talks.slice(1)).toEqual([{ ids: [CY, ANN], intent: 'ask about the market' }]);
  });

  it('GIVEN a talk cut at the turn cap WHEN someone asks one of them at the next tick THEN it is carried on with them', async () => {
    const talks = await cafeTown('cap');
    expect(talks[1]?.ids.sort()).toEqual([ANN, BO, CY].sort());
    expect(talks[1]?.intent).toMatch(/^join the conversation of/);
  });
});
