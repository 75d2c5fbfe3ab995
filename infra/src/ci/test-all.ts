import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTestDatabase } from '../testing/postgres';

/**
 * `npm test`: prepares the machine (infra/scripts/prepare-machine.sh), runs every suite in turn
 * (checks, jest, Vitest, cucumber, Playwright), then the date-dependent ones again at three pinned hours
 * (the any-hour step), and ends with one line `N passed, N failed[, N skipped]` summing them all.
 * On CI a skipped test is a failure.
 *
 * `TEST_CLOCK=<instant> npm test` runs the whole of it as if it started at that instant.
 * `ANY_HOUR=false` leaves out the any-hour step (it is never left out on CI).
 */

const ROOT = path.resolve(__dirname, '../../..');
const REPORTS = path.join(ROOT, 'reports');

interface Tally {
  suite: string;
  passed: number;
  failed: number;
  skipped: number;
  /** What failed, a line each, printed again above the summary so a log's tail names it. */
  failures?: string[];
}

/** The first lines of a failure message, without colour codes, on one line of at most 300 characters. */
const firstLine = (message = ''): string =>
  message
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .slice(0, 4)
    .join(' ⏎ ')
    .slice(0, 300);

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}, cwd = ROOT): Promise<number> =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.once('error', () => resolve(127));
  });

const readJson = <T>(file: string): T | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;

const banner = (title: string) => console.log(`\n━━━ ${title} ${'━'.repeat(Math.max(0, 70 - title.length))}`);

const check = async (suite: string, command: string, args: string[]): Promise<Tally> => {
  banner(suite);
  const code = await run(command, args);
  return { suite, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 };
};

const jest = async (label = 'jest', files: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<Tally> => {
  banner(`${label} (unit and integration)`);
  const output = path.join(REPORTS, `${label.replace(/\W+/g, '-')}.json`);
  const code = await run('npx', ['jest', '--json', `--outputFile=${output}`, ...files], env);
  const report = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numRuntimeErrorTestSuites: number;
    testResults?: {
      name: string;
      message?: string;
      assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
    }[];
  }>(output);
  if (!report) return { suite: label, passed: 0, failed: 1, skipped: 0 };
  const crashed = report.numRuntimeErrorTestSuites + (code !== 0 && report.numFailedTests === 0 ? 1 : 0);
  const failures = (report.testResults ?? []).flatMap((file) => {
    const where = path.relative(ROOT, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (failed.length === 0 && file.message) return [`${where}: ${firstLine(file.message)}`];
    return failed.map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
  return {
    suite: label,
    passed: report.numPassedTests,
    failed: report.numFailedTests + crashed,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
};

/** The SPA's unit tests (slices, selectors, sagas, components): Vitest in jsdom, frontend/. */
const vitest = async (label = 'vitest'): Promise<Tally> => {
  banner(`${label} (frontend unit)`);
  const output = path.join(REPORTS, `${label.replace(/\W+/g, '-')}.json`);
  const code = await run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${output}`],
    {},
    path.join(ROOT, 'frontend'),
  );
  const report = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    success: boolean;
  }>(output);
  if (!report) return { suite: label, passed: 0, failed: 1, skipped: 0 };
  return {
    suite: label,
    passed: report.numPassedTests,
    failed: report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0),
    skipped: report.numPendingTests + report.numTodoTests,
  };
};

interface CucumberFeature {
  uri?: string;
  elements?: {
    type: string;
    name?: string;
    steps: { name?: string; result: { status: string; error_message?: string } }[];
  }[];
}

const cucumber = async (label = 'cucumber', tags?: string, env: NodeJS.ProcessEnv = {}): Promise<Tally> => {
  banner(`${label} (features)`);
  const name = label.replace(/\W+/g, '-');
  const output = path.join(REPORTS, `${name}.json`);
  const code = await run(
    'npx',
    [
      'cucumber-js',
      '--config',
      'features/cucumber.js',
      '--format',
      `json:${path.relative(ROOT, output)}`,
      ...(tags ? ['--tags', tags] : []),
    ],
    env,
  );
  const features = readJson<CucumberFeature[]>(output);
  if (!features) return { suite: label, passed: 0, failed: 1, skipped: 0 };
  const tally: Tally = { suite: label, passed: 0, failed: 0, skipped: 0, failures: [] };
  for (const feature of features) {
    for (const scenario of feature.elements ?? []) {
      if (scenario.type !== 'scenario') continue;
      const statuses = scenario.steps.map((step) => step.result.status);
      const broken = scenario.steps.find((step) =>
        ['failed', 'undefined', 'ambiguous'].includes(step.result.status),
      );
      if (statuses.every((status) => status === 'passed')) tally.passed++;
      else if (broken) {
        tally.failed++;
        tally.failures!.push(
          `${feature.uri ?? ''} › ${scenario.name ?? ''} › ${broken.name ?? ''}: ${firstLine(broken.result.error_message) || broken.result.status}`,
        );
      } else tally.skipped++;
    }
  }
  if (code !== 0 && tally.failed === 0) tally.failed++;
  return tally;
};

const playwright = async (
  label = 'playwright',
  grep?: string,
  env: NodeJS.ProcessEnv = {},
): Promise<Tally> => {
  banner(`${label} (browser)`);
  const output = path.join(REPORTS, `${label.replace(/\W+/g, '-')}.json`);
  const database = await createTestDatabase('e2e');
  try {
    const code = await run(
      'npx',
      ['playwright', 'test', ...(grep ? ['--grep', grep] : [])],
      { ...env, E2E_DATABASE_URL: database.url, E2E_PREBUILT: '1', PLAYWRIGHT_JSON_OUTPUT_FILE: output },
      path.join(ROOT, 'frontend'),
    );
    const report = readJson<{
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    }>(output);
    if (!report) return { suite: label, passed: 0, failed: 1, skipped: 0 };
    return {
      suite: label,
      passed: report.stats.expected,
      failed:
        report.stats.unexpected + report.stats.flaky + (code !== 0 && report.stats.unexpected === 0 ? 1 : 0),
      skipped: report.stats.skipped,
    };
  } finally {
    await database.drop();
  }
};

/** The hours (UTC) the any-hour step pins: past midnight, when Asia is a day ahead; and late. */
const ANY_HOUR = ['00:30', '05:00', '23:30'];
/** The tag of the date-dependent cucumber features and Playwright tests. */
const ANY_HOUR_TAG = '@any-hour';

/**
 * The date-dependent jest files: those that take "today" from the test clock, and those that use
 * the test platform's Sunrise helpers (which do).
 */
const dateDependentJestFiles = (): string[] =>
  execFileSync(
    'git',
    ['grep', '-l', '-E', "testing/clock'|bookAtSunrise|sunriseTimeSlots", '--', '*.test.ts'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter(Boolean)
    .sort();

/**
 * The date-dependent suites again at each pinned hour of today (UTC), every process of a run
 * sharing one clock: jest and cucumber through the platform's TEST_CLOCK, the launcher through
 * its environment, the browser through Playwright's page.clock (frontend/e2e/clock.ts).
 */
const anyHour = async (): Promise<Tally[]> => {
  const tallies: Tally[] = [];
  const files = dateDependentJestFiles();
  const day = new Date().toISOString().slice(0, 10);
  for (const hour of ANY_HOUR) {
    const env = { TEST_CLOCK: `${day}T${hour}:00Z`, TEST_CLOCK_ANCHOR: String(Date.now()) };
    const label = `at ${hour} UTC`;
    banner(`any hour: the date-dependent suites as if it were ${env.TEST_CLOCK}`);
    tallies.push(await jest(`jest ${label}`, files, env));
    tallies.push(await cucumber(`cucumber ${label}`, ANY_HOUR_TAG, env));
    tallies.push(await playwright(`playwright ${label}`, ANY_HOUR_TAG, env));
  }
  return tallies;
};

const main = async () => {
  rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
  banner('machine (PostgreSQL, Redis, Chromium, docker-compose)');
  if ((await run('bash', [path.join(ROOT, 'infra/scripts/prepare-machine.sh')])) !== 0) {
    writeFileSync(path.join(REPORTS, 'summary.txt'), '0 passed, 1 failed\n');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  // One pinned clock for every process of the run (contracts/src/clock.ts).
  if (process.env.TEST_CLOCK && !process.env.TEST_CLOCK_ANCHOR)
    process.env.TEST_CLOCK_ANCHOR = String(Date.now());
  const tallies: Tally[] = [];
  tallies.push(await check('typecheck', 'npm', ['run', '--silent', 'typecheck']));
  tallies.push(await check('lint', 'npm', ['run', '--silent', 'lint']));
  // Issue 13: the compose file against the Compose specification (no Docker engine needed).
  tallies.push(
    await check('compose file', 'docker-compose', [
      '--env-file',
      '.env.example',
      '-f',
      'docker-compose.yml',
      'config',
      '-q',
    ]),
  );
  tallies.push(await check('build', 'npm', ['run', '--silent', 'build']));
  tallies.push(await jest());
  tallies.push(await vitest());
  tallies.push(await cucumber());
  tallies.push(await playwright());
  if (process.env.CI === 'true' || process.env.ANY_HOUR !== 'false') tallies.push(...(await anyHour()));

  const total = tallies.reduce(
    (sum, tally) => ({
      suite: 'total',
      passed: sum.passed + tally.passed,
      failed: sum.failed + tally.failed,
      skipped: sum.skipped + tally.skipped,
    }),
    { suite: 'total', passed: 0, failed: 0, skipped: 0 },
  );
  const failures = tallies.flatMap((tally) =>
    (tally.failures ?? []).map((line) => `${tally.suite}: ${line}`),
  );
  if (failures.length > 0) {
    banner('what failed');
    for (const line of failures) console.log(line);
  }
  banner('summary');
  for (const tally of tallies) {
    console.log(
      `${tally.suite.padEnd(24)} ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`,
    );
  }
  const skippedIsFailure = process.env.CI === 'true' && total.skipped > 0;
  if (skippedIsFailure) console.log(`On CI nothing may be skipped: ${total.skipped} skipped`);
  const line = `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`;
  writeFileSync(path.join(REPORTS, 'summary.txt'), `${line}\n`);
  console.log(line);
  process.exit(total.failed > 0 || skippedIsFailure ? 1 : 0);
};

void main();
