import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/**
 * Traccar's OpenAPI document (shared/data/traccar/openapi.yaml, 6.14.5) and a small checker of
 * values against its schemas (the subset it uses: object, array, scalar types, nullable type
 * lists, $ref, anyOf). Unknown properties are reported, so a deviation must be listed to pass.
 */

type Schema = Record<string, unknown>;
const here = path.dirname(fileURLToPath(import.meta.url));
// A copy of shared/data/traccar/openapi.yaml (and its source), kept with the tests as the vPIC answers are.
const file = path.resolve(here, 'fixtures/traccar/openapi.yaml');

interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}
export interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

export const openapi = parse(readFileSync(file, 'utf8')) as OpenApi;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function resolve(schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    const found = openapi.components.schemas[name];
    if (!found) throw new Error(`no schema ${name}`);
    return found;
  }
  return schema;
}

function typeOk(type: string, value: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    default:
      return true;
  }
}

/** Problems of a value against a schema, as "path: problem" lines. */
export function check(schemaIn: Schema, value: unknown, at = '$'): string[] {
  const schema = resolve(schemaIn);
  if (Array.isArray(schema.anyOf)) {
    const options = (schema.anyOf as Schema[]).map((s) => check(s, value, at));
    return options.some((o) => o.length === 0) ? [] : (options[0] ?? []);
  }
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  if (types.length > 0 && !types.some((t) => typeOk(t, value)))
    return [`${at}: expected ${types.join('|')}, got ${String(JSON.stringify(value)).slice(0, 40)}`];
  if (Array.isArray(value) && isRecord(schema.items))
    return value.flatMap((v, i) => check(schema.items as Schema, v, `${at}[${String(i)}]`));
  if (isRecord(value) && isRecord(schema.properties)) {
    const props = schema.properties;
    const problems: string[] = [];
    for (const [key, v] of Object.entries(value)) {
      const prop = props[key];
      // `properties: {}` is a free map (attributes); otherwise every key must be described.
      if (Object.keys(props).length === 0) continue;
      if (!isRecord(prop)) problems.push(`${at}.${key}: not in the OpenAPI text`);
      else problems.push(...check(prop, v, `${at}.${key}`));
    }
    return problems;
  }
  return [];
}

/** The operation of a concrete path (`/devices/12`) and method, or undefined. */
export function operationOf(method: string, apiPath: string): Operation | undefined {
  // Literal paths first: `/commands/send` is not `/commands/{id}`.
  const templates = Object.entries(openapi.paths).sort(
    ([a], [b]) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0),
  );
  for (const [template, ops] of templates) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (pattern.test(apiPath)) return ops[method.toLowerCase()];
  }
  return undefined;
}

export const schemaNamed = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
