import { API_OPERATIONS, rolesFor, type ApiOperation } from '@appointment/contracts/api';
import { PUBLIC, ROLES, type Role } from '@appointment/contracts/roles';
import { startTestPlatform, type Caller, type TestPlatform, sunriseIdOf } from '../testing/test-platform';

/**
 * Every operation of the API document (contracts/src/api.ts), for each of the five roles and for
 * anonymous callers: who gets past the server's checks (any answer but 401/403) and who is
 * refused, as the document says through the role matrix. Bodies are deliberately empty where an
 * operation takes input, so an allowed call stops at validation (400) and changes nothing.
 */
const expected = (operation: ApiOperation, role: Role | 'anonymous'): 'allowed' | 401 | 403 => {
  if (operation.access === PUBLIC) return 'allowed';
  if (role === 'anonymous') return 401;
  return rolesFor(operation.access)!.includes(role) ? 'allowed' : 403;
};

describe('authorization of every API operation', () => {
  let test: TestPlatform;
  const callers = new Map<Role | 'anonymous', Caller>();
  let sunriseId = '';

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'authz' });
    callers.set('anonymous', test.caller());
    for (const role of ROLES) callers.set(role, await test.signedIn(`${role}@example.com`));
    sunriseId = await sunriseIdOf(test);
  });
  afterAll(async () => {
    await test.stop();
  });

  const cases = Object.values(API_OPERATIONS).flatMap((operation: ApiOperation) =>
    (['anonymous', ...ROLES] as const).map(
      (role) => [`${operation.method.toUpperCase()} ${operation.path}`, role, operation] as const,
    ),
  );

  it.each(cases)('%s as %s', async (_name, role, operation) => {
    // Signing out ends the session, so that case gets a session of its own.
    const caller =
      operation === API_OPERATIONS.logout && role !== 'anonymous'
        ? await test.signedIn(`${role}@example.com`)
        : callers.get(role)!;
    const body = operation.body || operation.form ? {} : undefined;
    // A path naming a provider names the demo's Sunrise Clinic, the admin's own.
    const path = operation.path.replace(':id', sunriseId);
    const { status, body: answer } = await caller.call(operation.method.toUpperCase(), path, body);
    const outcome = expected(operation, role);
    if (outcome === 'allowed') {
      expect(status).not.toBe(401);
      expect(status).not.toBe(403);
      expect(status).toBeLessThan(500);
      // Mounted: not the API's "no route" answer.
      expect(answer).not.toEqual({ message: expect.stringMatching(/^No API route for/) });
    } else {
      expect(status).toBe(outcome);
      expect(answer).toEqual({
        message: outcome === 401 ? 'Please sign in to continue' : 'You do not have permission to do this',
      });
    }
  });
});
