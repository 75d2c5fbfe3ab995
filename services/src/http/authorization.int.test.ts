import { ROLES, type Role } from '@appointment/contracts/roles';
import { startTestPlatform, type Caller, type TestPlatform } from '../testing/test-platform';

/**
 * Every API route, for each of the five roles and for anonymous callers: who gets past the
 * server's checks (any answer but 401/403) and who is refused. Bodies are deliberately
 * incomplete where a route changes data, so an allowed call stops at validation (400).
 */
type Audience = 'public' | 'signed-in' | readonly Role[];

const ROUTES: { method: string; path: string; body?: unknown; audience: Audience }[] = [
  { method: 'GET', path: '/api/health', audience: 'public' },
  { method: 'POST', path: '/api/auth/login', body: {}, audience: 'public' },
  { method: 'POST', path: '/api/auth/logout', audience: 'public' },
  { method: 'POST', path: '/api/auth/register', body: {}, audience: 'public' },
  { method: 'POST', path: '/api/auth/register/user', body: {}, audience: 'public' },
  { method: 'POST', path: '/api/auth/registerprovider', body: {}, audience: 'public' },
  { method: 'GET', path: '/api/auth/verify', audience: 'public' },
  { method: 'GET', path: '/api/dev/mailbox', audience: 'public' },
  { method: 'GET', path: '/api/auth/me', audience: 'signed-in' },
  { method: 'GET', path: '/api/profile/getprofile', audience: 'signed-in' },
  { method: 'POST', path: '/api/profile/updateprofile', body: {}, audience: 'signed-in' },
  { method: 'DELETE', path: '/api/profile/getprofile', body: {}, audience: 'signed-in' },
  { method: 'POST', path: '/api/profile/uploadprofilepic', body: {}, audience: 'signed-in' },
  { method: 'PUT', path: '/api/users/updatepassword', body: {}, audience: 'signed-in' },
  { method: 'GET', path: '/api/profile/getalluser', audience: ['admin', 'incharge'] },
  { method: 'GET', path: '/api/profile/getuser', audience: ['superadmin', 'support'] },
  { method: 'POST', path: '/api/providers/approveprovider', body: {}, audience: ['superadmin'] },
  { method: 'POST', path: '/api/providers/rejectprovider', body: {}, audience: ['superadmin'] },
  { method: 'GET', path: '/api/industry/getindustry', audience: 'signed-in' },
  { method: 'POST', path: '/api/providerservice/getservice', audience: ['admin', 'incharge'] },
  { method: 'POST', path: '/api/providerservice/addservice', body: {}, audience: ['admin'] },
  { method: 'POST', path: '/api/providerservice/editservice', body: {}, audience: ['admin'] },
  { method: 'POST', path: '/api/providerservice/deleteservice', body: {}, audience: ['admin'] },
  { method: 'POST', path: '/api/providers/addprovider', body: {}, audience: ['superadmin'] },
  { method: 'GET', path: '/api/providers/getprovider', audience: ['superadmin', 'support'] },
  { method: 'POST', path: '/api/providers/fetchprovider', body: {}, audience: 'signed-in' },
  { method: 'POST', path: '/api/providers/getserviceproviderid', body: {}, audience: 'signed-in' },
  { method: 'GET', path: '/api/providers/currency', audience: ['admin', 'incharge'] },
  { method: 'POST', path: '/api/providers/currency', body: {}, audience: ['admin'] },
  { method: 'GET', path: '/api/appointments/getfavorites', audience: ['user'] },
  { method: 'POST', path: '/api/appointments/updatefavoriteprovider', body: {}, audience: ['user'] },
  { method: 'POST', path: '/api/schedulemanage/addtimeslot', body: {}, audience: ['admin', 'incharge'] },
  { method: 'GET', path: '/api/schedulemanage/fetchallslot', audience: ['admin', 'incharge'] },
  { method: 'POST', path: '/api/schedulemanage/servicebyfilter', body: {}, audience: ['admin', 'incharge'] },
  { method: 'POST', path: '/api/schedulemanage/fetchslot', body: {}, audience: 'signed-in' },
  { method: 'GET', path: '/api/schedulemanage/getavailability', audience: ['admin', 'incharge'] },
  { method: 'POST', path: '/api/schedulemanage/setavailability', body: {}, audience: ['admin', 'incharge'] },
  { method: 'GET', path: '/api/schedulemanage/templates', audience: ['admin', 'superadmin'] },
  { method: 'POST', path: '/api/schedulemanage/savetemplate', body: {}, audience: ['admin', 'superadmin'] },
  {
    method: 'POST',
    path: '/api/schedulemanage/duplicatetemplate',
    body: {},
    audience: ['admin', 'superadmin'],
  },
  { method: 'POST', path: '/api/schedulemanage/deletetemplate', body: {}, audience: ['admin', 'superadmin'] },
  { method: 'POST', path: '/api/schedulemanage/applytemplate', body: {}, audience: ['admin', 'superadmin'] },
  { method: 'POST', path: '/api/appointments/bookappointment', body: {}, audience: ['user'] },
  {
    method: 'POST',
    path: '/api/appointments/appointmentstats',
    body: {},
    audience: ['user', 'admin', 'incharge', 'superadmin', 'support'],
  },
  {
    method: 'POST',
    path: '/api/appointments/appointmentlist',
    body: {},
    audience: ['user', 'admin', 'incharge', 'superadmin', 'support'],
  },
  { method: 'POST', path: '/api/appointments/updatestatus', body: {}, audience: ['admin'] },
  { method: 'POST', path: '/api/appointments/dashboarddetails', body: {}, audience: 'signed-in' },
  { method: 'GET', path: '/api/appointments/getnotification', audience: 'signed-in' },
  { method: 'POST', path: '/api/appointments/razorpay', body: {}, audience: ['user'] },
  { method: 'POST', path: '/api/appointments/paymentsuccess', body: {}, audience: ['user'] },
  { method: 'GET', path: '/api/payments/sandbox/checkout', audience: 'public' },
  { method: 'GET', path: '/api/payments/sandbox/checkout.js', audience: 'public' },
  { method: 'POST', path: '/api/payments/sandbox/pay', body: {}, audience: ['user'] },
  { method: 'POST', path: '/api/payments/checkout', body: {}, audience: ['user'] },
  { method: 'POST', path: '/api/appointments/deletenotification', body: {}, audience: 'signed-in' },
  { method: 'POST', path: '/api/appointments/deleteallnotification', audience: 'signed-in' },
];

const expected = (audience: Audience, role: Role | 'anonymous'): 'allowed' | 401 | 403 => {
  if (audience === 'public') return 'allowed';
  if (role === 'anonymous') return 401;
  if (audience === 'signed-in') return 'allowed';
  return audience.includes(role) ? 'allowed' : 403;
};

describe('authorization of every API route', () => {
  let test: TestPlatform;
  const callers = new Map<Role | 'anonymous', Caller>();

  beforeAll(async () => {
    test = await startTestPlatform({ demoData: true, name: 'authz' });
    callers.set('anonymous', test.caller());
    for (const role of ROLES) callers.set(role, await test.signedIn(`${role}@example.com`));
  });
  afterAll(async () => {
    await test.stop();
  });

  const cases = ROUTES.flatMap((route) =>
    (['anonymous', ...ROLES] as const).map((role) => [`${route.method} ${route.path}`, role, route] as const),
  );

  it.each(cases)('%s as %s', async (_name, role, route) => {
    // Signing out ends the session, so that case gets a session of its own.
    const caller =
      route.path === '/api/auth/logout' && role !== 'anonymous'
        ? await test.signedIn(`${role}@example.com`)
        : callers.get(role)!;
    const { status, body } = await caller.call(route.method, route.path, route.body);
    const outcome = expected(route.audience, role);
    if (outcome === 'allowed') {
      expect(status).not.toBe(401);
      expect(status).not.toBe(403);
      expect(status).toBeLessThan(500);
    } else {
      expect(status).toBe(outcome);
      expect(body).toEqual({
        message: outcome === 401 ? 'Please sign in to continue' : 'You do not have permission to do this',
      });
    }
  });
});
