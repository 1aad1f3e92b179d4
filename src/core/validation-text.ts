// What a person reads when what they sent does not fit a schema: the schema's own message where it has one, otherwise
// a plain sentence that names the field, never zod's default wording ("Invalid input: expected string, received
// undefined", which two Discord answers showed). Pass PLAIN_ISSUES to safeParse: zod keeps a schema's own message
// over this per-parse map, so only its defaults are replaced.
import type { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const KIND: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a set of named values',
  date: 'a date',
};

/** "ticks", "locations.0.name"; "the value" for the whole input. */
function fieldOf(path: readonly PropertyKey[] | undefined): string {
  return path && path.length > 0 ? path.map(String).join('.') : 'the value';
}

const count = (n: number | bigint, one: string) => `${n} ${Number(n) === 1 ? one : `${one}s`}`;

/** The plain sentence for one issue zod raised with its default message (`field`: how it names the field). */
export function plainIssue(iss: Issue, field = fieldOf(iss.path)): string {
  const unit = iss.origin === 'string' ? 'character' : iss.origin === 'array' || iss.origin === 'set' ? 'item' : null;
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined) return `${field} is missing.`;
      return `${field} should be ${KIND[String(iss.expected)] ?? String(iss.expected)}.`;
    case 'too_small': {
      const min = iss.minimum as number | bigint;
      if (unit === 'character' && Number(min) === 1) return `${field} is empty.`;
      if (unit) return `${field} needs at least ${count(min, unit)}.`;
      return `${field} must be ${iss.inclusive === false ? 'more than' : 'at least'} ${min}.`;
    }
    case 'too_big': {
      const max = iss.maximum as number | bigint;
      if (unit) return `${field} is too long: at most ${count(max, unit)}.`;
      return `${field} must be ${iss.inclusive === false ? 'less than' : 'at most'} ${max}.`;
    }
    case 'invalid_value': {
      if (iss.input === undefined) return `${field} is missing.`;
      const values = (iss.values as unknown[]).map(String);
      const shown = values.length > 12 ? [...values.slice(0, 12), '…'] : values;
      return values.length === 1 ? `${field} must be ${shown[0]}.` : `${field} must be one of: ${shown.join(', ')}.`;
    }
    case 'invalid_format':
      if (iss.format === 'regex') return `${field} is not in the expected form.`;
      return `${field} is not a valid ${iss.format === 'url' ? 'URL' : String(iss.format)}.`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(iss.divisor)}.`;
    case 'unrecognized_keys':
      return `Unknown ${(iss.keys as string[]).length === 1 ? 'field' : 'fields'}: ${(iss.keys as string[]).join(', ')}.`;
    default:
      return `${field} is not valid.`;
  }
}

/** safeParse's per-parse options: schema messages stay, zod's defaults become plain sentences naming the field. */
export const PLAIN_ISSUES = { error: (iss: Issue) => plainIssue(iss) } as const;

/** The same, for texts that print each issue's path before its message ("locations[0].name: the value is missing."). */
export const PLAIN_ISSUES_AFTER_PATH = { error: (iss: Issue) => plainIssue(iss, 'the value') } as const;
