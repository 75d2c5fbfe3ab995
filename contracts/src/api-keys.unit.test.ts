import {
  API_KEY_SCOPE_OF,
  API_OPERATIONS,
  operationAt,
  rolesFor,
  type ApiOperation,
  type OperationId,
} from './api';
import { API_KEY_SCOPES, CreateApiKeyRequest, maskedKey } from './api-keys';
import { PUBLIC } from './roles';

describe('API key scopes (issue 10)', () => {
  it("opens to keys only operations their provider's admin may call", () => {
    for (const [id, scope] of Object.entries(API_KEY_SCOPE_OF)) {
      const operation = API_OPERATIONS[id as OperationId];
      expect({ id, public: operation.access === PUBLIC }).toEqual({ id, public: false });
      expect({ id, admin: rolesFor(operation.access)?.includes('admin') }).toEqual({ id, admin: true });
      expect(API_KEY_SCOPES).toContain(scope);
    }
  });

  it('gives every scope at least one operation, and a read scope no operation that changes data', () => {
    const used = new Set(Object.values(API_KEY_SCOPE_OF));
    expect([...API_KEY_SCOPES].filter((scope) => !used.has(scope))).toEqual([]);
    const writesUnderRead = Object.entries(API_KEY_SCOPE_OF).filter(
      ([id, scope]) =>
        scope.endsWith(':read') &&
        (API_OPERATIONS[id as OperationId] as ApiOperation).body &&
        !/list|slot|filter|stats|dashboard/i.test(id),
    );
    expect(writesUnderRead).toEqual([]);
  });

  it('closes keys out of signing in, profiles, managing keys and booking', () => {
    for (const id of [
      'login',
      'me',
      'getProfile',
      'listApiKeys',
      'createApiKey',
      'revokeApiKey',
      'book',
    ] as const)
      expect(API_KEY_SCOPE_OF[id]).toBeUndefined();
  });

  it('finds the operation a request calls, path parameters included', () => {
    expect(operationAt('DELETE', '/api/integrations/apikeys/abc')?.id).toBe('revokeApiKey');
    expect(operationAt('GET', '/api/integrations/apikeys/')?.id).toBe('listApiKeys');
    expect(operationAt('POST', '/api/appointments/appointmentlist')?.id).toBe('list');
    expect(operationAt('GET', '/api/nothing')).toBeUndefined();
  });

  it('takes a name and scopes, each scope once in the contracts order', () => {
    expect(
      CreateApiKeyRequest.parse({
        name: ' CRM ',
        scopes: ['services:read', 'appointments:read', 'services:read'],
      }),
    ).toEqual({
      name: 'CRM',
      scopes: ['appointments:read', 'services:read'],
    });
    expect(CreateApiKeyRequest.safeParse({ name: 'x', scopes: ['admin'] }).success).toBe(false);
    expect(maskedKey({ prefix: 'apt_Ab3x', last4: 'wXyZ' })).toBe('apt_Ab3x…wXyZ');
  });
});
