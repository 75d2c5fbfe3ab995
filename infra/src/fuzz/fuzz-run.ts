import { ROLES } from '@appointment/contracts/roles';
import { startTestPlatform, type Caller } from '@appointment/services/testing/test-platform';
import { dayKeyFromToday } from '../testing/clock';
import { fuzzApi, type FuzzCaller, type FuzzOptions, type FuzzReport } from './api-fuzz';
import type { Knowledge } from './schema-arbitrary';

/** Keys whose string values name something the system holds. */
const ID_KEYS = new Set([
  '_id',
  'id',
  'providerId',
  'serviceId',
  'servicename',
  'name',
  'orderId',
  'timeslotId',
]);

const collectStrings = (value: unknown, into: Set<string>): void => {
  if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (value && typeof value === 'object')
    for (const [key, field] of Object.entries(value)) {
      if (ID_KEYS.has(key) && typeof field === 'string' && field.length > 0) into.add(field);
      else collectStrings(field, into);
    }
};

/** What the demo system holds, read through the API as its roles see it. */
export const knowledgeOf = async (callers: Map<string, Caller>): Promise<Knowledge> => {
  const strings = new Set<string>();
  const admin = callers.get('admin')!;
  const user = callers.get('user')!;
  for (const [caller, method, path] of [
    [admin, 'POST', '/api/providerservice/getservice'],
    [admin, 'GET', '/api/schedulemanage/fetchallslot'],
    [admin, 'GET', '/api/schedulemanage/templates'],
    [admin, 'POST', '/api/appointments/appointmentlist'],
    [user, 'POST', '/api/providers/fetchprovider'],
    [user, 'GET', '/api/appointments/getnotification'],
  ] as const) {
    const reply = await caller.call(method, path, method === 'POST' ? {} : undefined);
    collectStrings(reply.body, strings);
  }
  // The accounts' own ids are left out: the fuzzer must not delete the callers it signs in with.
  const me = await Promise.all(
    [...callers.values()].map((caller) =>
      caller.get<{ user: { _id?: string; id?: string } }>('/api/auth/me'),
    ),
  );
  for (const reply of me) {
    strings.delete(String(reply.body.user?._id));
    strings.delete(String(reply.body.user?.id));
  }
  // Around today in zones on both sides of UTC, where the demo providers are.
  const days = ['America/Chicago', 'Asia/Kolkata'].flatMap((zone) =>
    [-1, 0, 1, 2, 3, 7, 30].map((offset) => dayKeyFromToday(zone, offset)),
  );
  return { strings: [...strings], days: [...new Set(days)] };
};

export interface FuzzRunResult extends FuzzReport {
  healthyAfter: boolean;
  signInAfter: boolean;
  seconds: number;
}

/**
 * The whole API with demo data on a fresh database, fuzzed as every role and signed out; then
 * whether the process is still healthy: /api/health up, and a demo account still signs in.
 */
export const runApiFuzz = async (
  options: Pick<FuzzOptions, 'runs' | 'seed' | 'operations' | 'onProgress'> & { name?: string },
): Promise<FuzzRunResult> => {
  const started = Date.now();
  const test = await startTestPlatform({
    demoData: true,
    name: options.name ?? 'fuzz',
    jobs: true,
    // The fuzzer registers, books, fails to sign in and uploads far more than a person would
    // from one address.
    env: {
      REGISTRATION_LIMIT: '100000',
      BOOKING_LIMIT: '0',
      LOGIN_ADDRESS_LIMIT: '100000',
      UPLOAD_LIMIT: '100000',
    },
  });
  try {
    const signedIn = new Map<string, Caller>();
    for (const role of ROLES) signedIn.set(role, await test.signedIn(`${role}@example.com`));
    const callers: FuzzCaller[] = [
      { role: 'anonymous' },
      ...[...signedIn].map(([role, caller]) => ({ role, token: caller.token })),
    ];
    const known = await knowledgeOf(signedIn);
    const report = await fuzzApi({ ...options, base: test.base, callers, known });
    const health = await test.caller().get<{ status?: string }>('/api/health');
    // The fuzzer may have changed the user's e-mail through a valid profile update: sign in
    // with the one the account has now (the password cannot have changed without the old one).
    const me = await signedIn.get('user')!.get<{ user: { email: string } }>('/api/auth/me');
    const again = await test.caller().login(me.body.user.email);
    return {
      ...report,
      healthyAfter: health.status === 200 && health.body.status === 'ok',
      signInAfter: again.status === 200,
      seconds: Math.round((Date.now() - started) / 1000),
    };
  } finally {
    await test.stop();
  }
};
