/**
 * JSON Schema (what z.toJSONSchema makes of a route's zod schema) → fast-check arbitraries: values the schema accepts,
 * seeded with ids of real rows where the caller knows some, and hostile values for the same field: the wrong type,
 * null, far over-long text, unicode edge cases, injection-shaped text and numbers beyond every column.
 */
import fc from 'fast-check';
import {
  controlCharacters,
  hostileNumbers,
  injectionStrings,
  numericStrings,
  RawJson,
  unicodeStrings,
  wrongTypeValues,
} from './hostile-values';

/** The subset of JSON Schema (draft 2020-12 and OpenAPI 3.0 flavours) that zod's converter writes. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
}

/** Values a well-formed request would carry for a field: a list of real ones, or a generator of fresh ones. */
export type Known = readonly unknown[] | fc.Arbitrary<unknown>;

/** Known values by field name, at any depth of a body. */
export type KnownByName = Readonly<Record<string, Known>>;

/** Marks a field left out of the request. */
export const MISSING = Symbol('missing');

/**
 * A value the schema accepts; `known` values (ids of seeded rows) are preferred, so requests get past lookups.
 * `byName` supplies them for the fields of nested objects.
 */
export function validValue(schema: JsonSchema, known?: Known, byName: KnownByName = {}): fc.Arbitrary<unknown> {
  const generated = fromSchema(schema, byName);
  if (known === undefined) return generated;
  const knownArbitrary = known instanceof fc.Arbitrary ? known : known.length > 0 ? fc.constantFrom(...known) : undefined;
  if (!knownArbitrary) return generated;
  return fc.oneof({ weight: 6, arbitrary: knownArbitrary }, { weight: 1, arbitrary: generated });
}

function fromSchema(schema: JsonSchema, byName: KnownByName): fc.Arbitrary<unknown> {
  const merged = mergeAllOf(schema);
  const alternatives = merged.anyOf ?? merged.oneOf;
  const base: fc.Arbitrary<unknown> = alternatives
    ? fc.oneof(...alternatives.map((alternative) => fromSchema(alternative, byName)))
    : merged.enum
      ? fc.constantFrom(...merged.enum)
      : 'const' in merged
        ? fc.constant(merged.const)
        : byType(merged, byName);
  return merged.nullable || typesOf(merged).includes('null') ? fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function byType(schema: JsonSchema, byName: KnownByName): fc.Arbitrary<unknown> {
  const type = typesOf(schema).find((t) => t !== 'null');
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return integerFor(schema);
    case 'number':
      return fc.double({ min: lowerBound(schema) ?? -1e6, max: upperBound(schema) ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fromSchema(schema.items ?? {}, byName), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object':
      return validObject(schema, byName);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Every property valid (optional ones sometimes left out). */
export function validObject(schema: JsonSchema, known: KnownByName = {}): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  return fc
    .tuple(
      ...properties.map(([key, property]) =>
        required.has(key)
          ? validValue(property, known[key], known)
          : fc.oneof({ weight: 3, arbitrary: validValue(property, known[key], known) }, { weight: 1, arbitrary: fc.constant(MISSING) }),
      ),
    )
    .map((values) => objectOf(properties.map(([key], i) => [key, values[i]])));
}

/** An object from entries, leaving out MISSING values; keys such as `__proto__` stay own keys, as JSON.parse makes them. */
export function objectOf(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (value === MISSING) continue;
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return object;
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, 60);
  const pattern = schema.pattern;
  if (!pattern) return fc.string({ minLength: Math.min(min, max), maxLength: Math.max(min, max) });
  // fast-check cannot generate from lookaheads: generate from the rest (the password rule's character class) instead.
  const generable = pattern.replace(/\(\?[=!][^)]*\)/g, '');
  return fc.stringMatching(new RegExp(generable)).map((value) => (value.length > max && max >= min ? value.slice(0, max) : value));
}

function integerFor(schema: JsonSchema): fc.Arbitrary<number> {
  const min = lowerBound(schema) ?? -(2 ** 31);
  const max = upperBound(schema) ?? 2 ** 31 - 1;
  const lo = Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER));
  const hi = Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER));
  // Small values are the ones that name real rows; the schema's far end is where columns overflow.
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: Math.max(lo, -1000), max: Math.min(hi, 1000) }) },
    { weight: 1, arbitrary: fc.constantFrom(...[lo, hi, 2 ** 31 - 1, 2 ** 31, 2 ** 53 - 1].filter((n) => n >= lo && n <= hi)) },
  );
}

function lowerBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + 1;
  if (schema.minimum === undefined) return undefined;
  return schema.exclusiveMinimum === true ? schema.minimum + 1 : schema.minimum;
}

function upperBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMaximum === 'number') return schema.exclusiveMaximum - 1;
  if (schema.maximum === undefined) return undefined;
  return schema.exclusiveMaximum === true ? schema.maximum - 1 : schema.maximum;
}

function typesOf(schema: JsonSchema): string[] {
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** allOf of string rules (zod writes one entry per regex) folded into one schema; the first pattern generates. */
function mergeAllOf(schema: JsonSchema): JsonSchema {
  if (!schema.allOf) return schema;
  const { allOf, ...rest } = schema;
  return allOf.reduce<JsonSchema>((merged, part) => ({ ...mergeAllOf(part), ...merged }), rest);
}

// ---- Hostile values -----------------------------------------------------------------------------------------------

const overLongUnits = ['a', '7', 'é', '🌸', ' ', '\u0000', "'"] as const;

/** Text far beyond the field's limit (or any sane one when it has none). */
export function overLongString(schema: JsonSchema): fc.Arbitrary<string> {
  const max = mergeAllOf(schema).maxLength;
  const lengths = max === undefined ? [1_000, 10_000, 100_000] : [max + 1, max * 2 + 1, max * 100 + 1, 100_000];
  return fc.tuple(fc.constantFrom(...lengths), fc.constantFrom(...overLongUnits)).map(([length, unit]) => unit.repeat(length));
}

/** A valid value with hostile text around it: what slips past a pattern that checks only a prefix. */
function taintedValue(schema: JsonSchema, known?: Known): fc.Arbitrary<unknown> {
  return fc
    .tuple(validValue(schema, known), fc.constantFrom(...injectionStrings, ...unicodeStrings), fc.boolean())
    .map(([value, taint, before]) => (before ? `${taint}${String(value)}` : `${String(value)}${taint}`));
}

/** A valid value with a control character (NUL among them) slipped in somewhere. */
function withControlCharacter(schema: JsonSchema, known?: Known): fc.Arbitrary<unknown> {
  return fc
    .tuple(validValue(schema, known), fc.constantFrom(...controlCharacters), fc.nat())
    .map(([value, control, at]) => {
      const text = asText(value);
      const i = at % (text.length + 1);
      return `${text.slice(0, i)}${control}${text.slice(i)}`;
    });
}

/** Something the field should refuse (or at least survive): wrong types, hostile text, numbers out of range. */
export function hostileValue(schema: JsonSchema, known?: Known): fc.Arbitrary<unknown> {
  return fc.oneof(
    withControlCharacter(schema, known),
    fc.constantFrom(...wrongTypeValues),
    fc.constantFrom(...hostileNumbers),
    fc.constantFrom<unknown>(...injectionStrings, ...unicodeStrings, ...numericStrings),
    overLongString(schema),
    fc.string({ unit: 'binary', maxLength: 24 }),
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    taintedValue(schema, known),
  );
}

/** Serialises a body, writing RawJson tokens as they are. */
export function toJson(value: unknown): string {
  const raw: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raw.push(v.text);
      return `\u0001raw${raw.length - 1}\u0001`;
    }
    return v;
  });
  return (text ?? '').replace(/"\\u0001raw(\d+)\\u0001"/g, (_match, i: string) => raw[Number(i)]!);
}

/** A value as text, for query strings, path segments and form fields. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof RawJson) return value.text;
  if (value === null || value === undefined || typeof value !== 'object') return String(value);
  return toJson(value);
}
