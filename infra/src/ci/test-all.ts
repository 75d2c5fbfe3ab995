import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTestDatabase, TEMPLATE_DATABASE_VARIABLE, type TestDatabase } from '../testing/postgres';

/**
 * `npm test`: prepares the machine (infra/scripts/prepare-machine.sh) and a migrated template
 * database, runs the checks at once (typecheck, lint, the compose file, the build), then each
 * suite in turn (jest, Vitest, cucumber, Playwright), then the date-dependent tests again at three
 * pinned hours (the any-hour step), prints each suite's time and slowest files, and ends with one
 * line `N passed, N failed[, N skipped]` summing them all. On CI a skipped test is a failure.
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
  /** How long the suite took, start to end, in seconds. */
  seconds?: number;
  /** Seconds spent in each of the suite's files (each test's own time, summed per file). */
  files?: Map<string, number>;
}

/** Adds a file's seconds to a suite's tally of files. */
const addSeconds = (files: Map<string, number>, file: string, seconds: number) =>
  files.set(file, (files.get(file) ?? 0) + seconds);

/** The seconds of each file of a jest or Vitest JSON report (its start and end, epoch ms). */
const secondsOfFiles = (results: { name: string; startTime?: number; endTime?: number }[] = []) => {
  const files = new Map<string, number>();
  for (const file of results)
    if (file.startTime && file.endTime)
      addSeconds(files, path.relative(ROOT, file.name), (file.endTime - file.startTime) / 1000);
  return files;
};

/** Runs a suite and records how long it took. */
const timed = async (suite: () => Promise<Tally>): Promise<Tally> => {
  const started = performance.now();
  const tally = await suite();
  return { ...tally, seconds: (performance.now() - started) / 1000 };
};

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

/** Runs a command with its output held back, so that several can run at once; answers its exit code and output. */
const runQuietly = (command: string, args: string[]): Promise<{ code: number; output: string }> =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
    child.once('error', (error) => resolve({ code: 127, output: String(error) }));
  });

/**
 * The checks that pass or fail as a whole (typecheck, lint, the compose file, the build), all at
 * once: each is mostly one process on one core. Each one's output is printed under its
 * banner when it ends.
 */
const checks = (list: { suite: string; command: string; args: string[] }[]): Promise<Tally[]> =>
  Promise.all(
    list.map(async ({ suite, command, args }) => {
      const started = performance.now();
      const { code, output } = await runQuietly(command, args);
      banner(suite);
      process.stdout.write(output);
      return {
        suite,
        passed: code === 0 ? 1 : 0,
        failed: code === 0 ? 0 : 1,
        skipped: 0,
        seconds: (performance.now() - started) / 1000,
      };
    }),
  );

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
      startTime?: number;
      endTime?: number;
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
    files: secondsOfFiles(report.testResults),
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
    testResults?: { name: string; startTime?: number; endTime?: number }[];
  }>(output);
  if (!report) return { suite: label, passed: 0, failed: 1, skipped: 0 };
  return {
    suite: label,
    passed: report.numPassedTests,
    failed: report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0),
    skipped: report.numPendingTests + report.numTodoTests,
    files: secondsOfFiles(report.testResults),
  };
};

/** Scenarios run at once (CUCUMBER_PARALLEL; 2 by default, for the two cores of our machines). */
const CUCUMBER_PARALLEL = process.env.CUCUMBER_PARALLEL ?? '2';

interface CucumberStep {
  name?: string;
  /** duration: nanoseconds. */
  result: { status: string; error_message?: string; duration?: number };
}

interface CucumberFeature {
  uri?: string;
  elements?: {
    type: string;
    name?: string;
    before?: CucumberStep[];
    after?: CucumberStep[];
    steps: CucumberStep[];
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
      // Each scenario runs its own platform on its own database: two at once share the cores
      // with the time each spends waiting on PostgreSQL and its projector.
      '--parallel',
      CUCUMBER_PARALLEL,
      '--format',
      `json:${path.relative(ROOT, output)}`,
      ...(tags ? ['--tags', tags] : []),
    ],
    env,
  );
  const features = readJson<CucumberFeature[]>(output);
  if (!features) return { suite: label, passed: 0, failed: 1, skipped: 0 };
  const tally: Tally = { suite: label, passed: 0, failed: 0, skipped: 0, failures: [], files: new Map() };
  for (const feature of features) {
    for (const scenario of feature.elements ?? []) {
      const steps = [...(scenario.before ?? []), ...scenario.steps, ...(scenario.after ?? [])];
      const nanoseconds = steps.reduce((sum, step) => sum + (step.result.duration ?? 0), 0);
      addSeconds(tally.files!, feature.uri ?? '', nanoseconds / 1e9);
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

interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { file?: string; tests?: { results?: { duration?: number }[] }[] }[];
}

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
      suites?: PlaywrightSuite[];
    }>(output);
    if (!report) return { suite: label, passed: 0, failed: 1, skipped: 0 };
    const files = new Map<string, number>();
    const walk = (suite: PlaywrightSuite) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          for (const result of test.results ?? [])
            addSeconds(files, `frontend/e2e/${spec.file ?? suite.file ?? ''}`, (result.duration ?? 0) / 1000);
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
    return {
      files,
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
 * The date-dependent jest files: those whose first line is `// @any-hour: <why>`, because what
 * they check depends on the day or the hour (today's slots, what falls due, the day in a zone).
 * A file that only needs some future time slot (`bookAtSunrise`, a slot a day ahead) passes the
 * same at every hour and runs once; the booking and schedule files cover the days.
 */
const dateDependentJestFiles = (): string[] =>
  execFileSync('git', ['grep', '-l', '-E', '^// @any-hour: ', '--', '*.test.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
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
    tallies.push(await timed(() => jest(`jest ${label}`, files, env)));
    tallies.push(await timed(() => cucumber(`cucumber ${label}`, ANY_HOUR_TAG, env)));
    tallies.push(await timed(() => playwright(`playwright ${label}`, ANY_HOUR_TAG, env)));
  }
  return tallies;
};

/** 125 s as "2:05". */
const minutes = (seconds: number): string =>
  `${Math.floor(Math.round(seconds) / 60)}:${String(Math.round(seconds) % 60).padStart(2, '0')}`;

/**
 * Where the time went: each suite's ten slowest files, with the seconds their tests took, so the
 * next slow test shows in every CI log.
 */
const printSlowest = (tallies: Tally[]) => {
  banner('slowest files');
  for (const tally of tallies) {
    if (!tally.files || tally.files.size === 0) continue;
    const slowest = [...tally.files].sort(([, a], [, b]) => b - a).slice(0, 10);
    console.log(`${tally.suite}${tally.seconds === undefined ? '' : ` (${minutes(tally.seconds)})`}`);
    for (const [file, seconds] of slowest) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${file}`);
  }
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
  // One migrated database for the run, copied by every platform a test starts.
  const { createMigratedTemplate } = await import('@appointment/services/testing/template-database');
  let template: TestDatabase | undefined;
  try {
    template = await createMigratedTemplate();
    process.env[TEMPLATE_DATABASE_VARIABLE] = template.name;
  } catch (error) {
    console.log(`No migrated template database (${String(error)}); each test migrates its own.`);
  }
  const tallies: Tally[] = [];
  tallies.push(
    ...(await checks([
      { suite: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
      { suite: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
      // The compose file against the Compose specification (no Docker engine needed).
      {
        suite: 'compose file',
        command: 'docker-compose',
        args: ['--env-file', '.env.example', '-f', 'docker-compose.yml', 'config', '-q'],
      },
      { suite: 'build', command: 'npm', args: ['run', '--silent', 'build'] },
    ])),
  );
  tallies.push(await timed(() => jest()));
  tallies.push(await timed(() => vitest()));
  tallies.push(await timed(() => cucumber()));
  tallies.push(await timed(() => playwright()));
  if (process.env.CI === 'true' || process.env.ANY_HOUR !== 'false') tallies.push(...(await anyHour()));

  await template?.drop();

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
  printSlowest(tallies);
  if (failures.length > 0) {
    banner('what failed');
    for (const line of failures) console.log(line);
  }
  banner('summary');
  for (const tally of tallies) {
    const took = tally.seconds === undefined ? '' : `  ${minutes(tally.seconds)}`;
    console.log(
      `${tally.suite.padEnd(24)} ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped${took}`,
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
