// People in a town: who speaks (a Discord user or the console user) and the persona residents see them as. One
// source for the persona rules and their messages (the console and Discord render the same).
import { plainName, withoutControlChars } from '../core/user-text.ts';
import { UserError } from '../errors.ts';
import type { TownStore } from './store.ts';
import type { Persona, TownState } from './types.ts';

/** Someone speaking in town: a Discord user or the console user, seen by residents through a persona. */
export interface Speaker {
  /** Stable id (Discord user id, or 'console'). */
  id: string;
  /** Display name, used when the person has no persona. */
  displayName: string;
}

export const PERSONA_NAME_MAX = 40;
export const PERSONA_DESC_MAX = 200;

/** A persona checked against the rules: a name with a letter or a digit, not a resident's, both within limits. */
export function checkPersona(state: TownState, speaker: Speaker, name: string, description: string): Persona {
  const n = plainName(name).trim();
  const d = withoutControlChars(description).trim();
  if (n.length === 0) throw new UserError('town/persona_name', 'A persona needs a name.');
  if (!/[\p{L}\p{N}]/u.test(n))
    throw new UserError('town/persona_name', `"${n}" is not a name: a persona name needs a letter or a digit.`);
  if (n.length > PERSONA_NAME_MAX)
    throw new UserError('town/persona_name', `A persona name is at most ${PERSONA_NAME_MAX} characters.`);
  if (d.length > PERSONA_DESC_MAX)
    throw new UserError('town/persona_description', `A persona description is at most ${PERSONA_DESC_MAX} characters.`);
  if (state.residents.some((r) => r.profile.name.toLowerCase() === n.toLowerCase()))
    throw new UserError('town/persona_taken', `${n} is a resident of ${state.name}; choose another name.`);
  return { userId: speaker.id, name: n, description: d || 'a visitor to town' };
}

/** What a person writes (a message, a whisper, a question), checked: empty or past the town's limit is refused. */
export function checkMessage(text: string, what: string, max: number): string {
  const t = withoutControlChars(text).trim();
  if (t.length === 0) throw new UserError('town/empty_message', `The ${what} is empty.`);
  if (t.length > max)
    throw new UserError('town/message_too_long', `The ${what} is ${t.length} characters long; the limit is ${max}.`, {
      length: t.length,
      max,
    });
  return t;
}

/** How residents see a speaker: their persona, or their display name as a visitor. */
export async function personaOf(
  store: TownStore,
  townId: string,
  speaker: Speaker,
): Promise<{ name: string; description?: string }> {
  const p = await store.getPersona(townId, speaker.id);
  if (p) return { name: p.name, description: p.description };
  return {
    name: plainName(speaker.displayName).trim().slice(0, PERSONA_NAME_MAX) || 'A visitor',
    description: 'a visitor to town',
  };
}
