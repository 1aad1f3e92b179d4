// The subset of JSON Schema that OpenAI's strict structured outputs accept, written down as data so the
// provider, the simulated server in tests and the schema test all check the same rules.
//
// Source: OpenAI API docs, "Structured model outputs" guide, section "Supported schemas"
// (platform.openai.com/docs/guides/structured-outputs#supported-schemas), as of 2025:
// - supported types: string, number, boolean, integer, object, array, enum, anyOf (and null inside anyOf/type lists);
// - supported type-specific keywords: string `pattern`, `format` (date-time, time, date, duration, email,
//   hostname, ipv4, ipv6, uuid); number/integer `multipleOf`, `maximum`, `exclusiveMaximum`, `minimum`,
//   `exclusiveMinimum`; array `minItems`, `maxItems`;
// - the root must be an object and must not be `anyOf`;
// - every object lists all its properties in `required` ("all fields must be required": optional fields are
//   written as a union with null), and has `additionalProperties: false`;
// - definitions through `$defs` / `$ref` are allowed; at most 10 levels of nesting and 5000 object properties;
// - everything else (minLength, maxLength, allOf, not, if/then/else, patternProperties, default, ...) is
//   rejected with a 400. Keywords the docs do not list are treated as rejected: an allow-list, not a deny-list.
// Constraints outside the subset stay in the zod schema and are checked after parsing (the gateway repairs).
import { zodResponseFormat } from 'openai/helpers/zod';
import type { z } from 'zod';
import { LlmError } from './port.ts';
import { prepareSchema, schemaName } from './structured.ts';

export const strictSubset = {
  types: ['string', 'number', 'boolean', 'integer', 'object', 'array', 'null'],
  /** Keywords any node may carry. */
  common: ['type', 'description', 'title', 'enum', 'const', 'anyOf', '$ref', '$defs', 'definitions'],
  byType: {
    string: ['pattern', 'format'],
    number: ['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
    integer: ['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
    object: ['properties', 'required', 'additionalProperties'],
    array: ['items', 'minItems', 'maxItems'],
    boolean: [],
    null: [],
  } as Record<string, string[]>,
  formats: ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'],
  maxDepth: 10,
  maxProperties: 5000,
} as const;

/** Every way `schema` (the JSON Schema sent as `json_schema.schema`) leaves the strict subset; [] when it fits. */
export function strictSchemaViolations(schema: unknown): string[] {
  const out: string[] = [];
  if (!isNode(schema)) return ['root: not a schema object'];
  if (schema.type !== 'object') out.push(`root: must be an object (got ${JSON.stringify(schema.type)})`);
  if ('anyOf' in schema) out.push('root: must not be anyOf');
  const count = { properties: 0 };
  walk(schema, '#', 0, out, count);
  if (count.properties > strictSubset.maxProperties)
    out.push(`${count.properties} object properties, more than ${strictSubset.maxProperties}`);
  return out;
}

function isNode(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function typesOf(node: Record<string, unknown>): string[] {
  const t = node.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  return [];
}

function walk(node: unknown, path: string, depth: number, out: string[], count: { properties: number }): void {
  if (!isNode(node)) {
    out.push(`${path}: a boolean or non-object schema`);
    return;
  }
  if (depth > strictSubset.maxDepth) {
    out.push(`${path}: nested deeper than ${strictSubset.maxDepth} levels`);
    return;
  }
  const types = typesOf(node);
  for (const t of types) if (!strictSubset.types.includes(t as never)) out.push(`${path}: type "${t}" not supported`);
  const allowed = new Set<string>(strictSubset.common);
  for (const t of types) for (const k of strictSubset.byType[t] ?? []) allowed.add(k);
  for (const key of Object.keys(node)) {
    if (!allowed.has(key)) out.push(`${path}: keyword "${key}" is not allowed in strict mode`);
  }
  if (types.length === 0 && !('enum' in node) && !('const' in node) && !('anyOf' in node) && !('$ref' in node))
    out.push(`${path}: no type (an "any" value cannot be strict)`);
  if (typeof node.format === 'string' && !strictSubset.formats.includes(node.format as never))
    out.push(`${path}: format "${node.format}" not supported`);
  if (types.includes('object')) {
    if (node.additionalProperties !== false) out.push(`${path}: additionalProperties must be false`);
    const props = isNode(node.properties) ? node.properties : {};
    const required = Array.isArray(node.required) ? node.required : [];
    for (const key of Object.keys(props)) {
      count.properties++;
      if (!required.includes(key)) out.push(`${path}.${key}: must be required (make it nullable instead)`);
      walk(props[key], `${path}.${key}`, depth + 1, out, count);
    }
  }
  if (types.includes('array')) {
    if (!isNode(node.items)) out.push(`${path}: array without an items schema`);
    else walk(node.items, `${path}[]`, depth + 1, out, count);
  }
  if (Array.isArray(node.anyOf)) for (const [i, v] of node.anyOf.entries()) walk(v, `${path}|${i}`, depth, out, count);
  for (const defsKey of ['$defs', 'definitions'] as const) {
    const defs = node[defsKey];
    if (isNode(defs)) for (const [k, v] of Object.entries(defs)) walk(v, `${path}/${defsKey}/${k}`, depth, out, count);
  }
}

/** The `json_schema` member of a structured-outputs request. */
export interface JsonSchemaFormat {
  name: string;
  strict: true;
  schema: Record<string, unknown>;
}

const converted = new WeakMap<z.ZodType, Omit<JsonSchemaFormat, 'name'> | Error>();

/**
 * The response_format a json_schema request carries: always `strict: true`, through the SDK's own zod conversion
 * (openai/helpers/zod), checked against the strict subset above. A schema that cannot be strict is a bug in its
 * task (tests/llm/strict-schemas.test.ts walks them all): the call fails with a clear error instead of going out
 * non-strict. Constraints strict mode cannot carry live in zod and are checked after parsing.
 */
export function responseFormatFor(
  task: string,
  schema: z.ZodType,
): { type: 'json_schema'; json_schema: JsonSchemaFormat } {
  let fmt = converted.get(schema);
  if (!fmt) {
    try {
      const js = zodResponseFormat(prepareSchema(schema).wire, 'answer').json_schema.schema as Record<string, unknown>;
      // The helper stamps the draft's URL on the root: billed prompt tokens the model has no use for.
      delete js.$schema;
      const problems = strictSchemaViolations(js);
      if (problems.length > 0) throw new Error(problems.join('; '));
      fmt = { strict: true, schema: js };
    } catch (e) {
      fmt = new Error(e instanceof Error ? e.message : String(e));
    }
    converted.set(schema, fmt);
  }
  if (fmt instanceof Error) {
    throw new LlmError('llm/schema_invalid', task, `${task}: its output schema cannot be sent strict: ${fmt.message}`);
  }
  return { type: 'json_schema', json_schema: { name: schemaName(task), ...fmt } };
}
