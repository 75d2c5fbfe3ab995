import autocannon from 'autocannon';
import { envNumber, figure, note } from './harness';
import { call, signIn, startLauncher } from './launcher';

/**
 * `npm run bench -- apikeys`: the cost of authenticating with an API key. The same
 * read, GET /api/schedulemanage/getavailability, against the real single-node launcher, once
 * with the admin's session token and once with an API key holding `schedule:read`, each driven
 * by autocannon at 50 connections over loopback. A key is found by its SHA-256 and then kept
 * briefly, and its last use is written at most once a minute, so the two should be close.
 *
 * Set BENCH_CONNECTIONS and BENCH_DURATION_S to change the run.
 */

const SUITE = 'apikeys';
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 50);
const DURATION_S = envNumber('BENCH_DURATION_S', 10);
const WORKERS = envNumber('BENCH_WORKERS', 2);
const PATH = '/api/schedulemanage/getavailability';

const measure = async (base: string, bearer: string) => {
  const request = {
    url: `${base}${PATH}`,
    method: 'GET' as const,
    headers: { authorization: `Bearer ${bearer}` },
  };
  await autocannon({ ...request, connections: CONNECTIONS, duration: 2, workers: WORKERS });
  const result = await autocannon({
    ...request,
    connections: CONNECTIONS,
    duration: DURATION_S,
    workers: WORKERS,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors during the run`);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
};

export const run = async (): Promise<void> => {
  const { base, stop } = await startLauncher('bench_apikeys');
  try {
    const session = await signIn(base, 'admin@example.com');
    const { key } = (await call(base, session, '/api/integrations/apikeys', {
      name: 'Bench',
      scopes: ['schedule:read'],
    })) as { key: string };

    note(`${SUITE}: ${CONNECTIONS} connections for ${DURATION_S} s with the session token…`);
    const withSession = await measure(base, session);
    note(`${SUITE}: ${CONNECTIONS} connections for ${DURATION_S} s with the API key…`);
    const withKey = await measure(base, key);

    figure(SUITE, 'session.rps', withSession.rps, '');
    figure(SUITE, 'session.p99_ms', withSession.p99, '');
    figure(SUITE, 'key.rps', withKey.rps, '');
    figure(SUITE, 'key.p50_ms', withKey.p50, '');
    figure(SUITE, 'key.p99_ms', withKey.p99, '');
    figure(SUITE, 'key_vs_session.rps', withKey.rps / withSession.rps, 'x');
  } finally {
    await stop();
  }
};
