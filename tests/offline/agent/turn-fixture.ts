// One offline dialogue turn of Oscar's at The Copper Kettle, talking with Felix: the tests' common setting.
import type { DialogueTurnInput } from '../../../src/agent/prompts/dialogue-turn.ts';
import { dialogueTurn } from '../../../src/offline/agent/talk.ts';

export const turn = (over: Partial<DialogueTurnInput>) =>
  dialogueTurn({
    name: 'Oscar Lindqvist',
    first: 'Oscar',
    summary: 'Oscar Lindqvist, 58, is reserved. Oscar Lindqvist is writing his announcement.',
    listeners: ['Felix Tanaka'],
    placeName: 'The Copper Kettle',
    time: '12:10 pm',
    history: [],
    memories: [],
    turnsLeft: 8,
    ...over,
  });
