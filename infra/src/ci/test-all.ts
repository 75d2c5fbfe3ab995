import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTestDatabase } from '../testing/postgres';

/**
 * `npm test`: every suite in turn (checks, jest, cucumber, Playwright), then one line
 * `N passed, N failed[, N skipped]` summing them all. On CI a skipped test is a failure.
 */

const ROOT = path.resolve(__dirname, '../../..');
const REPORTS = path.join(ROOT, 'reports');

interface Tally {
  suite: string;
  passed: number;
  failed: number;
  skipped: number;
}

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

const jest = async (): Promise<Tally> => {
  banner('jest (unit and integration)');
  const output = path.join(REPORTS, 'jest.json');
  const code = await run('npx', ['jest', '--json', `--outputFile=${output}`]);
  const report = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numRuntimeErrorTestSuites: number;
  }>(output);
  if (!report) return { suite: 'jest', passed: 0, failed: 1, skipped: 0 };
  const crashed = report.numRuntimeErrorTestSuites + (code !== 0 && report.numFailedTests === 0 ? 1 : 0);
  return {
    suite: 'jest',
    passed: report.numPassedTests,
    failed: report.numFailedTests + crashed,
    skipped: report.numPendingTests + report.numTodoTests,
  };
};

interface CucumberFeature {
  elements?: { type: string; steps: { result: { status: string } }[] }[];
}

const cucumber = async (): Promise<Tally> => {
  banner('cucumber (features)');
  const output = path.join(REPORTS, 'cucumber.json');
  const code = await run('npx', ['cucumber-js', '--config', 'features/cucumber.js']);
  const features = readJson<CucumberFeature[]>(output);
  if (!features) return { suite: 'cucumber', passed: 0, failed: 1, skipped: 0 };
  const tally: Tally = { suite: 'cucumber', passed: 0, failed: 0, skipped: 0 };
  for (const scenario of features.flatMap((feature) => feature.elements ?? [])) {
    if (scenario.type !== 'scenario') continue;
    const statuses = scenario.steps.map((step) => step.result.status);
    if (statuses.every((status) => status === 'passed')) tally.passed++;
    else if (
      statuses.some((status) => status === 'failed' || status === 'undefined' || status === 'ambiguous')
    )
      tally.failed++;
    else tally.skipped++;
  }
  if (code !== 0 && tally.failed === 0) tally.failed++;
  return tally;
};

const playwright = async (): Promise<Tally> => {
  banner('playwright (browser)');
  const output = path.join(REPORTS, 'playwright.json');
  const database = await createTestDatabase('e2e');
  try {
    const code = await run(
      'npx',
      ['playwright', 'test'],
      { E2E_DATABASE_URL: database.url, E2E_PREBUILT: '1' },
      path.join(ROOT, 'frontend'),
    );
    const report = readJson<{
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    }>(output);
    if (!report) return { suite: 'playwright', passed: 0, failed: 1, skipped: 0 };
    return {
      suite: 'playwright',
      passed: report.stats.expected,
      failed:
        report.stats.unexpected + report.stats.flaky + (code !== 0 && report.stats.unexpected === 0 ? 1 : 0),
      skipped: report.stats.skipped,
    };
  } finally {
    await database.drop();
  }
};

const main = async () => {
  rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
  const tallies: Tally[] = [];
  tallies.push(await check('typecheck', 'npm', ['run', '--silent', 'typecheck']));
  tallies.push(await check('lint', 'npm', ['run', '--silent', 'lint']));
  tallies.push(await check('build', 'npm', ['run', '--silent', 'build']));
  tallies.push(await jest());
  tallies.push(await cucumber());
  tallies.push(await playwright());

  const total = tallies.reduce(
    (sum, tally) => ({
      suite: 'total',
      passed: sum.passed + tally.passed,
      failed: sum.failed + tally.failed,
      skipped: sum.skipped + tally.skipped,
    }),
    { suite: 'total', passed: 0, failed: 0, skipped: 0 },
  );
  banner('summary');
  for (const tally of tallies) {
    console.log(
      `${tally.suite.padEnd(12)} ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`,
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
