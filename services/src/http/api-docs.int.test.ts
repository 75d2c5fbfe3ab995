import SwaggerParser from '@apidevtools/swagger-parser';
import type { Router } from 'express';
import {
  API_KEY_SCOPE_OF,
  API_OPERATIONS,
  rolesFor,
  type ApiOperation,
  type OperationId,
} from '@appointment/contracts/api';
import { openApiDocument, openApiPath, type OpenApiDocument } from '@appointment/contracts/openapi';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  /** The path the layer was mounted at (Express 5's router). */
  rawPath?: unknown;
}

/**
 * The routes Express really mounts, as `METHOD /path`: route layers, walked through the
 * routers they sit in (the API router at /api, the area routers inside it).
 */
const mountedRoutes = (stack: Layer[], prefix = ''): string[] =>
  stack.flatMap((layer) => {
    if (layer.route) {
      return Object.keys(layer.route.methods)
        .filter((method) => method !== '_all')
        .map((method) => `${method.toUpperCase()} ${prefix}${layer.route!.path}`);
    }
    if (layer.handle?.stack && typeof layer.rawPath === 'string')
      return mountedRoutes(layer.handle.stack, `${prefix}${layer.rawPath === '/' ? '' : layer.rawPath}`);
    return [];
  });

describe('the API document (OpenAPI 3.1)', () => {
  let test: TestPlatform;
  let served: OpenApiDocument;

  beforeAll(async () => {
    // The dev mailbox and the sandbox gateway on, so every documented operation is mounted.
    test = await startTestPlatform({ demoData: false, name: 'apidocs', env: { DEV_MAILBOX: 'true' } });
    const reply = await test.caller().get<OpenApiDocument>('/api/openapi.json');
    expect(reply.status).toBe(200);
    served = reply.body;
  });
  afterAll(async () => {
    await test.stop();
  });

  it('is served at /api/openapi.json, generated from the contracts, and is a valid OpenAPI 3.1 document', async () => {
    expect(served.openapi).toBe('3.1.0');
    expect(served).toEqual(JSON.parse(JSON.stringify(openApiDocument({ version: served.info.version }))));
    await expect(SwaggerParser.validate(structuredClone(served) as never)).resolves.toBeDefined();
  });

  it('documents every mounted route, and every documented operation is mounted', () => {
    const app = test.platform.app as unknown as { router: Router & { stack: Layer[] } };
    const mounted = new Set(mountedRoutes(app.router.stack));
    const documented = new Set(
      Object.values(served.paths).flatMap((item) =>
        Object.values(item as Record<string, { operationId: string }>).map(({ operationId }) => {
          const operation = API_OPERATIONS[operationId as keyof typeof API_OPERATIONS];
          return `${operation.method.toUpperCase()} ${operation.path}`;
        }),
      ),
    );
    expect([...mounted].filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !mounted.has(route))).toEqual([]);
  });

  it("states each operation's auth requirement: none for public ones, a session or its token and the roles otherwise", () => {
    for (const [id, operation] of Object.entries(API_OPERATIONS)) {
      // Path parameters as OpenAPI writes them: `/a/:id` is `/a/{id}`.
      const documented = (served.paths as Record<string, Record<string, Record<string, unknown>>>)[
        openApiPath(operation.path)
      ]![operation.method]!;
      const roles = rolesFor(operation.access);
      expect({ id, security: documented.security, roles: documented['x-roles'] }).toEqual({
        id,
        security: roles ? [{ sessionCookie: [] }, { bearerToken: [] }] : [],
        roles,
      });
      if (roles) expect(documented.responses).toHaveProperty('401');
      // The scope an API key needs, where keys may call it.
      expect(documented['x-api-key-scope']).toBe(API_KEY_SCOPE_OF[id as OperationId]);
    }
  });

  it('describes every success answer: no JSON answer is a bare object or string, other content types are named (issue 27)', () => {
    const undescribed: string[] = [];
    const described = (schema: Record<string, unknown>): boolean =>
      schema.type === 'object'
        ? schema.properties !== undefined || schema.additionalProperties !== undefined
        : schema.type === 'array'
          ? schema.items !== undefined
          : ['anyOf', 'oneOf', 'allOf', '$ref'].some((key) => key in schema);
    for (const [path, item] of Object.entries(served.paths)) {
      for (const [method, operation] of Object.entries(
        item as Record<string, { operationId: string; responses: Record<string, Record<string, unknown>> }>,
      )) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (!/^2\d\d$/.test(status)) continue;
          const content = (response.content ?? {}) as Record<string, { schema: Record<string, unknown> }>;
          for (const [type, { schema }] of Object.entries(content)) {
            const ok = type === 'application/json' ? described(schema) : schema.type === 'string';
            if (!ok) undescribed.push(`${method.toUpperCase()} ${path} ${status} ${type}`);
          }
          if (Object.keys(content).length === 0 && !/^3/.test(status) && status !== '204')
            undescribed.push(`${method.toUpperCase()} ${path} ${status}: no content`);
        }
      }
    }
    expect(undescribed).toEqual([]);
    // Every JSON answer in the table has its zod schema (the check of answers reads it).
    expect(
      (Object.entries(API_OPERATIONS) as [string, ApiOperation][])
        .filter(([, operation]) => (operation.success.type ?? 'json') === 'json' && !operation.success.json)
        .map(([id]) => id),
    ).toEqual([]);
    // The history export streams CSV or NDJSON, and says so.
    const exported = (served.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)[
      openApiPath(API_OPERATIONS.providerHistoryExport.path)
    ]!.get!.responses['200'] as { content: Record<string, unknown> };
    expect(Object.keys(exported.content).sort()).toEqual(['application/x-ndjson', 'text/csv']);
  });

  it('has a reference page at /api/docs, served from the app with its own script and style', async () => {
    const caller = test.caller();
    const page = await caller.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const html = String(page.body);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets).toEqual([
      '/api/docs/swagger-ui.css',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/docs-init.js',
    ]);
    for (const asset of assets) {
      const reply = await fetch(`${test.base}${asset}`);
      expect({ asset, status: reply.status }).toEqual({ asset, status: 200 });
      expect((await reply.text()).length).toBeGreaterThan(100);
    }
    // Nothing else of the package is served (its demo page points at another site).
    expect((await caller.get('/api/docs/index.html')).status).toBe(404);
  });
});
