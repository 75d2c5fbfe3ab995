import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas of the API document (what zod's JSON Schema output
 * holds: objects, strings with lengths, patterns and formats, numbers, booleans, arrays, enums,
 * unions). `valid` aims at values the schema accepts; refinements the document cannot state
 * (a real calendar date, passwords that match) may still refuse some, which the fuzzer tells
 * apart by parsing with the zod schema itself. Plain strings are drawn partly from `known`,
 * the ids and names the running system really has, so generated calls reach past "not found".
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  examples?: unknown[];
};

export interface Knowledge {
  /** Ids and names the system holds (providers, services, slots, appointments, templates…). */
  strings: string[];
  /** Day keys (YYYY-MM-DD) around the provider's today. */
  days: string[];
}

const MAX_TEXT = 40;

const stringOf = (schema: JsonSchema, known: Knowledge): fc.Arbitrary<string> => {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? MAX_TEXT, MAX_TEXT));
  const fits = (value: string) =>
    value.length >= min && value.length <= (schema.maxLength ?? Number.MAX_SAFE_INTEGER);
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'uuid':
      return fc.uuid();
    case 'date':
      return fc.oneof(
        fc.constantFrom(...known.days),
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      );
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const examples = (schema.examples ?? []).filter((value): value is string => typeof value === 'string');
    return fc.oneof(
      ...(examples.length > 0 ? [fc.constantFrom(...examples)] : []),
      ...(known.days.length > 0 && pattern.test(known.days[0]!) ? [fc.constantFrom(...known.days)] : []),
      fc.stringMatching(pattern).filter(fits),
    );
  }
  const text = fc.string({ minLength: min, maxLength: max });
  const knownFitting = known.strings.filter(fits);
  return knownFitting.length > 0 ? fc.oneof(fc.constantFrom(...knownFitting), text) : text;
};

const numberOf = (schema: JsonSchema, integer: boolean): fc.Arbitrary<number> => {
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 10_000);
  const low = Math.max(min, -1_000_000);
  const high = Math.min(max, 1_000_000);
  return integer
    ? fc.integer({ min: Math.ceil(low), max: Math.floor(high) })
    : fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
};

/** Values the schema accepts (as far as JSON Schema can say). */
export const validOf = (schema: JsonSchema, known: Knowledge): fc.Arbitrary<unknown> => {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((member) => validOf(member, known)));
  if (schema.allOf) return validOf(Object.assign({}, ...schema.allOf) as JsonSchema, known);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema, known);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validOf(schema.items ?? {}, known), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, Math.max(schema.minItems ?? 0, 5)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) record[name] = validOf(property, known);
      return fc.record(record, { requiredKeys: [...required].filter((name) => name in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
};

/** Strings no form expects: control characters, lone surrogates, right-to-left marks, emoji. */
export const oddText = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\ud800',
      '\udfff x',
      '\u202eevil\u202c',
      '\ufeff',
      'e\u0301\u0301\u0301',
      '👩🏽‍⚕️',
      '𝕬𝖕𝖕',
      "'; DROP TABLE events; --",
      '<script>alert(1)</script>',
      '{{7*7}}',
      '${process.exit()}',
      '../../../../etc/passwd',
      '%00',
      ' ',
      '',
    ),
  );

/** A value of some JSON type, for "wrong type" mutations. */
export const anyJson = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.string({ maxLength: 10 }),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
    fc.constant({ __proto__: { admin: true } }),
  );
