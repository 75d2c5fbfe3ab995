/**
 * `npm run soak -- <suite> [flags]`: long runs that check the product under faults.
 * Figures go to stdout as `<suite>.<figure>: <value>`, like the bench; progress goes to stderr.
 * A suite that finds a fault sets a non-zero exit code.
 *
 * SOAK_DATABASE_URL points the suites at a PostgreSQL server other than the machine's
 * 127.0.0.1:5432 (each suite creates and drops its own databases there).
 */

export interface Suite {
  run(args: string[]): Promise<void>;
}

// Loaded lazily: the test-database helper reads its server URL when first imported.
const SUITES: Record<string, () => Promise<Suite>> = {
  kills: () => import('./kills.soak'),
  fuzz: () => import('./fuzz.soak'),
  faults: () => import('./faults.soak'),
};

const main = async (): Promise<void> => {
  if (process.env.SOAK_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.SOAK_DATABASE_URL;
  const [name, ...args] = process.argv.slice(2).filter((arg) => arg !== '--');
  if (!name || !(name in SUITES)) {
    process.stderr.write(
      `${name ? `Unknown soak suite: ${name}` : 'Name a soak suite'}; known: ${Object.keys(SUITES).join(', ')}\n`,
    );
    process.exitCode = 2;
    return;
  }
  const suite = await SUITES[name]!();
  await suite.run(args);
};

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
