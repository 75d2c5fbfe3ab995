import fc from 'fast-check';
import { parse as parseQuery } from 'node:querystring';
import { API_OPERATIONS, type ApiOperation, type OperationId } from '@appointment/contracts/api';
import { ErrorBody } from '@appointment/contracts/errors';
import { jsonSchemaOf } from '@appointment/contracts/openapi';
import type { z } from 'zod';
import { anyJson, oddText, validOf, type JsonSchema, type Knowledge } from './schema-arbitrary';

/**
 * Drives every operation of the API document as every role (and signed out), with bodies
 * generated from its schema, valid and mutated, and checks each answer:
 * - never a 5xx;
 * - every 4xx carries the error body `{ message, errors? }` and nothing else;
 * - a body the operation's own zod schema accepts is never refused for its shape
 *   (`X-Refused-By: schema`): the document and the route agree.
 * fast-check shrinks each failure to a small counterexample.
 */
export const CASE_KINDS = [
  'valid',
  'wrong-type',
  'missing-field',
  'extra-fields',
  'huge',
  'odd-unicode',
  'malformed-json',
  'not-an-object',
  'wrong-content-type',
  'multipart',
  'query',
] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

export interface FuzzCaller {
  role: string;
  /** The bearer token; none for the anonymous caller. */
  token?: string;
}

export interface FuzzRequest {
  kind: CaseKind;
  role: string;
  query: string;
  contentType?: string;
  body?: string | { fields: Record<string, string>; file?: { name: string; type: string; bytes: number[] } };
  /** The value before it was written out, when it is one the zod schema accepts. */
  schemaValid: boolean;
}

export interface FuzzFinding {
  operation: OperationId;
  kind: CaseKind;
  reason: string;
  request: FuzzRequest;
  status: number;
  answer: string;
}

export interface FuzzReport {
  /** The seed of the run: FUZZ_SEED replays it. */
  seed: number;
  requests: number;
  statuses: Record<string, number>;
  findings: FuzzFinding[];
}

interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

const PNG = [
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
  0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00,
  0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0d, 0x0a, 0x2d,
  0xb4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
];

const TRAVERSAL_NAMES = [
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/shadow',
  '....//....//x.png',
  '%2e%2e%2f%2e%2e%2fx.png',
  'x.png\u0000.php',
  '.htaccess',
  'CON',
  `${'a'.repeat(300)}.png`,
  'photo.png',
];

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '\u0000',
  '{"a":"\\ud800"}',
  '01',
  '{"a":NaN}',
];

const schemaOf = (operation: ApiOperation): z.ZodType | undefined => operation.body ?? operation.form?.fields;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text fields of a multipart form: nested values as JSON text, as the app's forms send them. */
const formFields = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(isObject(value) ? value : {}).map(([name, field]) => [
      name,
      typeof field === 'string' ? field : (JSON.stringify(field) ?? ''),
    ]),
  );

/**
 * A query string as a browser or client library writes one: an array is the name repeated
 * (an empty array is no parameter at all), anything else its text. Express 5's simple parser
 * reads it back with node's querystring, so validity is judged on what the route receives.
 */
const queryOf = (value: unknown): string => {
  const params = new URLSearchParams();
  for (const [name, field] of Object.entries(isObject(value) ? value : {})) {
    if (Array.isArray(field)) {
      for (const item of field) params.append(name, typeof item === 'string' ? item : JSON.stringify(item));
    } else params.append(name, typeof field === 'string' ? field : (JSON.stringify(field) ?? ''));
  }
  return params.toString();
};

/** The arbitrary of requests of one kind for one operation, or undefined when the kind does not apply. */
const requestsFor = (
  operation: ApiOperation,
  kind: CaseKind,
  roles: readonly string[],
  known: Knowledge,
): fc.Arbitrary<FuzzRequest> | undefined => {
  const zod = schemaOf(operation);
  const json: JsonSchema | undefined = zod ? (jsonSchemaOf(zod) as JsonSchema) : undefined;
  const takesBody = operation.method !== 'get';
  const role = fc.constantFrom(...roles);
  const valid = json ? validOf(json, known) : fc.constant({});
  const accepts = (value: unknown) => {
    try {
      return zod ? zod.safeParse(value).success : true;
    } catch {
      // A schema that throws on a value (a bug the server's answer then shows as a 500).
      return false;
    }
  };
  const asJson = (value: unknown, schemaValid: boolean) => ({
    contentType: 'application/json',
    body: JSON.stringify(value),
    schemaValid,
  });
  const propertyNames = Object.keys(json?.properties ?? {});
  const stringProperties = propertyNames.filter((name) => {
    const type = json?.properties?.[name]?.type;
    return type === 'string' || (Array.isArray(type) && type.includes('string'));
  });
  const withRole = (
    arbitrary: fc.Arbitrary<Omit<FuzzRequest, 'kind' | 'role' | 'query'> & { query?: string }>,
  ) =>
    fc
      .tuple(role, arbitrary)
      .map(([who, request]): FuzzRequest => ({ kind, role: who, query: '', ...request }));

  switch (kind) {
    case 'valid': {
      const query = operation.query;
      // A valid query string, when the operation takes one; an operation may take a body too.
      const validQuery = query
        ? validOf(jsonSchemaOf(query) as JsonSchema, known).map((value) => {
            const text = queryOf(value);
            return { query: text, queryValid: query.safeParse({ ...parseQuery(text) }).success };
          })
        : fc.constant({ query: '', queryValid: true });
      if (!takesBody) return withRole(validQuery.map((q) => ({ query: q.query, schemaValid: q.queryValid })));
      if (!operation.body && operation.form) return undefined; // the multipart kind covers it
      return withRole(
        fc.tuple(validQuery, valid).map(([q, value]) => {
          const json = asJson(value, accepts(value));
          return { ...json, query: q.query, schemaValid: json.schemaValid && q.queryValid };
        }),
      );
    }
    case 'wrong-type':
      if (!takesBody || propertyNames.length === 0) return undefined;
      return withRole(
        fc.tuple(valid, fc.constantFrom(...propertyNames), anyJson()).map(([value, name, wrong]) => {
          const mutated = { ...(value as object), [name]: wrong };
          return asJson(mutated, accepts(mutated));
        }),
      );
    case 'missing-field':
      if (!takesBody || (json?.required ?? []).length === 0) return undefined;
      return withRole(
        fc.tuple(valid, fc.constantFrom(...json!.required!)).map(([value, name]) => {
          const mutated = { ...(value as Record<string, unknown>) };
          delete mutated[name];
          return asJson(mutated, accepts(mutated));
        }),
      );
    case 'extra-fields':
      if (!takesBody) return undefined;
      return withRole(
        fc
          .tuple(valid, fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), anyJson(), { maxKeys: 4 }))
          .map(([value, extra]) => {
            const mutated = { ...extra, ...(value as object), role: 'superadmin', isAdmin: true };
            // A literal __proto__ key, which JSON.stringify never writes.
            const text = JSON.stringify(mutated).replace(/^\{/, '{"__proto__":{"polluted":true},');
            return { contentType: 'application/json', body: text, schemaValid: accepts(JSON.parse(text)) };
          }),
      );
    case 'huge':
      if (!takesBody) return undefined;
      return withRole(
        fc
          .tuple(
            valid,
            fc.constantFrom(...(stringProperties.length > 0 ? stringProperties : ['huge'])),
            fc.constantFrom(200_000, 1_100_000),
          )
          .map(([value, name, size]) => {
            const mutated = { ...(value as object), [name]: 'x'.repeat(size) };
            return asJson(mutated, accepts(mutated));
          }),
      );
    case 'odd-unicode':
      if (!takesBody || stringProperties.length === 0) return undefined;
      return withRole(
        fc.tuple(valid, fc.constantFrom(...stringProperties), oddText()).map(([value, name, text]) => {
          const mutated = { ...(value as object), [name]: text };
          return asJson(mutated, accepts(mutated));
        }),
      );
    case 'malformed-json':
      if (!takesBody) return undefined;
      return withRole(
        fc
          .oneof(
            fc.constantFrom(...MALFORMED_JSON),
            fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
          )
          .map((text) => ({ contentType: 'application/json', body: text, schemaValid: false })),
      );
    case 'not-an-object':
      if (!takesBody) return undefined;
      return withRole(
        fc
          .oneof(
            fc.constant([]),
            fc.integer(),
            fc.string({ maxLength: 8 }),
            fc.constant(null),
            fc.boolean(),
            fc.array(valid, { maxLength: 2 }),
          )
          .map((value) => asJson(value, accepts(value))),
      );
    case 'wrong-content-type':
      if (!takesBody) return undefined;
      return withRole(
        fc
          .tuple(
            valid,
            fc.constantFrom(
              'text/plain',
              'application/xml',
              'application/x-www-form-urlencoded',
              'application/json; charset=utf-7',
              'multipart/form-data',
              'multipart/form-data; boundary=nothing',
              'image/png',
              '',
            ),
          )
          .map(([value, contentType]) => ({
            contentType,
            body:
              contentType === 'application/x-www-form-urlencoded'
                ? new URLSearchParams(formFields(value)).toString()
                : JSON.stringify(value),
            // Only JSON is read as JSON: whatever else arrives is an empty body to the route.
            schemaValid: false,
          })),
      );
    case 'multipart':
      if (!operation.form) return undefined;
      return withRole(
        fc
          .tuple(
            valid,
            fc.option(
              fc.record({
                name: fc.constantFrom(...TRAVERSAL_NAMES),
                type: fc.constantFrom(
                  'image/png',
                  'image/jpeg',
                  'text/html',
                  'application/x-php',
                  'image/svg+xml',
                ),
                bytes: fc.oneof(
                  fc.constant(PNG),
                  fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }),
                ),
              }),
              { nil: undefined },
            ),
          )
          .map(([value, file]) => {
            const fields = formFields(value);
            return {
              body: { fields, file },
              schemaValid: accepts(fields) && (file !== undefined || operation.form!.image === 'optional'),
            };
          }),
      );
    case 'query':
      return withRole(
        fc
          .dictionary(
            fc.oneof(
              fc.constantFrom('token', 'user', 'to', 'amount', 'order', 'id'),
              fc.string({ maxLength: 6 }),
            ),
            fc.oneof(oddText(), fc.string()),
            { maxKeys: 3 },
          )
          .map((query) => ({ schemaValid: false, query: new URLSearchParams(query).toString() })),
      );
  }
};

const send = async (
  base: string,
  operation: ApiOperation,
  request: FuzzRequest,
  token?: string,
): Promise<Answer> => {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let body: string | FormData | undefined;
  if (typeof request.body === 'string') {
    body = request.body;
    if (request.contentType) headers['content-type'] = request.contentType;
  } else if (request.body) {
    const form = new FormData();
    for (const [name, value] of Object.entries(request.body.fields)) form.append(name, value);
    if (request.body.file)
      form.append(
        'image',
        new Blob([new Uint8Array(request.body.file.bytes)], { type: request.body.file.type }),
        request.body.file.name,
      );
    body = form;
  }
  const url = `${base}${operation.path}${request.query ? `?${request.query}` : ''}`;
  const response = await fetch(url, {
    method: operation.method.toUpperCase(),
    headers,
    body,
    redirect: 'manual',
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
};

/** What is wrong with an answer, or undefined when it keeps the rules. */
const problemWith = (request: FuzzRequest, answer: Answer): string | undefined => {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      return `a ${answer.status} without a JSON body`;
    }
    if (!ErrorBody.strict().safeParse(parsed).success)
      return `a ${answer.status} whose body is not { message, errors? }`;
  }
  if (request.schemaValid && answer.status === 400 && answer.headers.get('x-refused-by') === 'schema')
    return 'a body the schema accepts was refused for its shape';
  return undefined;
};

export interface FuzzOptions {
  base: string;
  callers: FuzzCaller[];
  known: Knowledge;
  /** Generated cases per operation and kind. */
  runs: number;
  seed?: number;
  operations?: OperationId[];
  onProgress?: (done: number, total: number, operation: OperationId) => void;
}

export const fuzzApi = async (options: FuzzOptions): Promise<FuzzReport> => {
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const report: FuzzReport = { seed, requests: 0, statuses: {}, findings: [] };
  const tokens = new Map(options.callers.map((caller) => [caller.role, caller.token]));
  const ids = options.operations ?? (Object.keys(API_OPERATIONS) as OperationId[]);
  let done = 0;
  for (const id of ids) {
    const operation: ApiOperation = API_OPERATIONS[id];
    // Signing out would end the session the other cases use: only signed-out callers sign out.
    const roles = id === 'logout' ? ['anonymous'] : options.callers.map((caller) => caller.role);
    for (const kind of CASE_KINDS) {
      const requests = requestsFor(operation, kind, roles, options.known);
      if (!requests) continue;
      let last: { request: FuzzRequest; answer: Answer; problem: string } | undefined;
      const details = await fc.check(
        fc.asyncProperty(requests, async (request) => {
          const answer = await send(options.base, operation, request, tokens.get(request.role));
          report.requests++;
          report.statuses[answer.status] = (report.statuses[answer.status] ?? 0) + 1;
          const problem = problemWith(request, answer);
          if (problem) last = { request, answer, problem };
          return problem === undefined;
        }),
        { numRuns: options.runs, seed, endOnFailure: false },
      );
      if (details.failed && details.counterexample) {
        const request = details.counterexample[0];
        // The shrunk counterexample, sent once more for its answer.
        const answer = await send(options.base, operation, request, tokens.get(request.role));
        report.findings.push({
          operation: id,
          kind,
          reason: problemWith(request, answer) ?? last?.problem ?? 'failed',
          request,
          status: answer.status,
          answer: answer.text.slice(0, 300),
        });
      }
    }
    options.onProgress?.(++done, ids.length, id);
  }
  return report;
};
