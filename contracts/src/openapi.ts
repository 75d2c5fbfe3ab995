import { z } from 'zod';
import { API_KEY_SCOPE_OF, API_OPERATIONS, rolesFor, type ApiOperation, type OperationId } from './api';
import { ErrorBody } from './errors';
import { PUBLIC } from './roles';

/**
 * The OpenAPI 3.1 document of the API, generated from the operations table (`api.ts`) and its
 * zod schemas through zod's own JSON Schema output (draft 2020-12, which OpenAPI 3.1 uses).
 * Request schemas describe what a caller sends (zod's input side: defaults are optional).
 */
export type JsonSchema = Record<string, unknown>;

export const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

const errorSchema = { $ref: '#/components/schemas/ErrorBody' };
const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorSchema } },
});

/**
 * A form field as its part arrives: every part of a multipart form is text, so a field holding
 * a number, a list or an object carries it as JSON text (the app reads it back).
 */
const formFieldSchemaOf = (schema: JsonSchema): JsonSchema =>
  schema.type === 'string'
    ? schema
    : { type: 'string', contentMediaType: 'application/json', contentSchema: schema };

/** A multipart form: the text fields, and the picture as a file part named `image`. */
const formSchemaOf = (form: NonNullable<ApiOperation['form']>): JsonSchema => {
  const fields = form.fields ? jsonSchemaOf(form.fields) : { type: 'object', properties: {} };
  const properties = {
    ...Object.fromEntries(
      Object.entries((fields.properties as Record<string, JsonSchema> | undefined) ?? {}).map(
        ([name, schema]) => [name, formFieldSchemaOf(schema)],
      ),
    ),
    image: { type: 'string', format: 'binary', description: 'JPEG, PNG, GIF or WebP, up to 5 MB' },
  };
  const required = [...((fields.required as string[] | undefined) ?? [])];
  if (form.image === 'required') required.push('image');
  return { type: 'object', properties, required };
};

/**
 * A text answer: its media type, and what it begins with where that is fixed, so a validator
 * can tell the answer from another.
 */
const textAnswer = (type: string, description: string, pattern?: string) => ({
  content: {
    [type]: {
      schema: { type: 'string', contentMediaType: type, description, ...(pattern ? { pattern } : {}) },
    },
  },
});

const successContent = (success: ApiOperation['success']) => {
  switch (success.type) {
    case 'redirect':
      return {};
    case 'html':
      return textAnswer('text/html', 'An HTML page', '^<!doctype html>');
    case 'javascript':
      return textAnswer('application/javascript', 'A script');
    case 'calendar':
      return textAnswer('text/calendar', 'An iCalendar object (RFC 5545)', '^BEGIN:VCALENDAR\\r\\n');
    case 'csv-or-ndjson':
      // A stream, one entry a line: CSV with its header line, or one JSON object a line.
      return {
        content: {
          ...textAnswer(
            'text/csv',
            'A header line, then one line an entry (RFC 4180)',
            '^[a-z_]+(,[a-z_]+)*\\r\\n',
          ).content,
          ...textAnswer('application/x-ndjson', 'One JSON object a line', '^(\\{[^\\n]*\\}\\n)*$').content,
        },
      };
    default:
      return {
        content: {
          'application/json': {
            schema: success.json ? jsonSchemaOf(success.json, 'output') : { type: 'object' },
          },
        },
      };
  }
};

/** The query or path parameters of a zod object, one parameter per property. */
const parametersOf = (parameters: z.ZodType, where: 'query' | 'path') => {
  const schema = jsonSchemaOf(parameters);
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries((schema.properties as Record<string, JsonSchema>) ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
};

/** The `:name` segments of a contracts path, as OpenAPI path parameters (strings). */
const pathParametersOf = (path: string) =>
  [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name: name!,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));

/** A contracts path (`/a/:id`) as OpenAPI writes it (`/a/{id}`). */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

const operationObject = (id: string, operation: ApiOperation) => {
  const roles = rolesFor(operation.access);
  const takesInput = operation.body || operation.form || operation.query;
  const requestContent = {
    ...(operation.body ? { 'application/json': { schema: jsonSchemaOf(operation.body) } } : {}),
    ...(operation.form ? { 'multipart/form-data': { schema: formSchemaOf(operation.form) } } : {}),
  };
  return {
    operationId: id,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.mountedWhen ? { description: `Mounted only with ${operation.mountedWhen}.` } : {}),
    // An empty list: no credentials needed. Otherwise the session cookie or its token as a bearer.
    security: operation.access === PUBLIC ? [] : [{ sessionCookie: [] }, { bearerToken: [] }],
    'x-access': operation.access,
    ...(roles ? { 'x-roles': roles } : {}),
    // The scope an API key needs for it; none: closed to keys.
    ...(API_KEY_SCOPE_OF[id as OperationId]
      ? { 'x-api-key-scope': API_KEY_SCOPE_OF[id as OperationId] }
      : {}),
    ...(operation.query || pathParametersOf(operation.path).length > 0
      ? {
          parameters: [
            ...(operation.params ? parametersOf(operation.params, 'path') : pathParametersOf(operation.path)),
            ...(operation.query ? parametersOf(operation.query, 'query') : []),
          ],
        }
      : {}),
    ...(Object.keys(requestContent).length > 0
      ? {
          requestBody: {
            required: !!operation.body || operation.form?.image === 'required',
            content: requestContent,
          },
        }
      : {}),
    responses: {
      [String(operation.success.status)]: {
        description: operation.success.type === 'redirect' ? 'Redirect' : 'Success',
        ...successContent(operation.success),
      },
      ...(takesInput
        ? {
            '400': {
              ...errorAnswer('The input is refused: `errors` lists each field'),
              headers: {
                'X-Refused-By': {
                  description:
                    'Set to `schema` when the input does not fit this schema (not a business rule)',
                  schema: { type: 'string', enum: ['schema'] },
                },
              },
            },
          }
        : {}),
      ...(operation.access !== PUBLIC ? { '401': errorAnswer('Not signed in') } : {}),
      ...(operation.access !== PUBLIC || operation.method !== 'get'
        ? {
            '403': errorAnswer(
              'This role may not do this, or a cookie-carried request came from another site',
            ),
          }
        : {}),
      ...(operation.limited ? { '429': errorAnswer('Too many attempts') } : {}),
      ...Object.fromEntries(
        Object.entries(operation.failures ?? {}).map(([status, failure]) => [
          status,
          {
            description: failure!.description,
            content: { 'application/json': { schema: jsonSchemaOf(failure!.json, 'output') } },
          },
        ]),
      ),
      '4XX': errorAnswer('Refused: the message says why'),
    },
  };
};

export const openApiDocument = (options: { version: string; serverUrl?: string }) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, operation] of Object.entries(API_OPERATIONS) as [string, ApiOperation][]) {
    const path = openApiPath(operation.path);
    paths[path] = { ...paths[path], [operation.method]: operationObject(id, operation) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Appointment API',
      version: options.version,
      description:
        'The HTTP API of Appointment, generated from its zod contracts. Every failure answers ' +
        '`{ message, errors? }`. Calls that change data and carry the session cookie must come ' +
        'from the app itself (same site); API clients send the token as a bearer instead.',
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    components: {
      schemas: { ErrorBody: jsonSchemaOf(ErrorBody, 'output') },
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sid' },
        bearerToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token of POST /api/auth/login?token=true, or an API key (`apt_…`, issue 10)',
        },
      },
    },
    paths,
  };
};

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
