import { compare } from './compare';

/**
 * `npm run bench [-- <suite>...]`: runs the named suites, or all of them.
 * `npm run bench -- compare <git-ref> [<suite>...]`: those suites of the ref and of this
 * checkout, alternately in one sitting, with each figure's ratio (compare.ts).
 * Figures go to stdout as `<suite>.<figure>: <number> <unit>`; progress goes to stderr.
 *
 * BENCH_DATABASE_URL points the suites at a PostgreSQL server other than the machine's
 * 127.0.0.1:5432 (each suite creates and drops its own databases there).
 */

interface Suite {
  run(): Promise<void>;
}

// Loaded lazily: the test-database helper reads its server URL when first imported.
const SUITES: Record<string, () => Promise<Suite>> = {
  eventstore: () => import('./eventstore.bench'),
  availability: () => import('./availability.bench'),
  booking: () => import('./booking.bench'),
  apikeys: () => import('./apikeys.bench'),
  webhooks: () => import('./webhooks.bench'),
  history: () => import('./history.bench'),
  lifecycle: () => import('./lifecycle.bench'),
  series: () => import('./series.bench'),
  waitlist: () => import('./waitlist.bench'),
};

const main = async (): Promise<void> => {
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const comparing = args[0] === 'compare';
  const requested = comparing ? args.slice(2) : args;
  const unknown = requested.filter((name) => !(name in SUITES));
  if (unknown.length > 0) {
    process.stderr.write(
      `Unknown bench suite(s): ${unknown.join(', ')}; known: ${Object.keys(SUITES).join(', ')}\n`,
    );
    process.exitCode = 2;
    return;
  }
  if (comparing) {
    await compare(args.slice(1));
    return;
  }
  for (const name of requested.length > 0 ? requested : Object.keys(SUITES)) {
    const suite = await SUITES[name]!();
    await suite.run();
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
