import { parseArgs } from 'node:util';
import { runApiFuzz } from '../fuzz/fuzz-run';

/**
 * `npm run soak -- fuzz [--runs N] [--seed S]`: the API fuzzer of CI (infra/src/fuzz), longer:
 * N cases per operation and kind (default 300; CI runs 40). Prints the figures and each finding
 * with its shrunk request; exits non-zero when there is one.
 */
export const run = async (args: string[]): Promise<void> => {
  const { values } = parseArgs({
    args,
    options: { runs: { type: 'string', default: '300' }, seed: { type: 'string' } },
  });
  const result = await runApiFuzz({
    runs: Number(values.runs),
    seed: values.seed === undefined ? undefined : Number(values.seed),
    name: 'soak_fuzz',
    onProgress: (done, total, operation) => process.stderr.write(`fuzz ${done}/${total} ${operation}\n`),
  });
  const figures: [string, number | string][] = [
    ['seed', result.seed],
    ['runs_per_case', Number(values.runs)],
    ['requests', result.requests],
    ['seconds', result.seconds],
    ['requests_per_s', Math.round(result.requests / Math.max(1, result.seconds))],
    ...Object.entries(result.statuses).map(([status, count]): [string, number] => [
      `status_${status}`,
      count,
    ]),
    ['findings', result.findings.length],
    ['healthy_after', String(result.healthyAfter)],
    ['sign_in_after', String(result.signInAfter)],
  ];
  for (const [name, value] of figures) process.stdout.write(`fuzz.${name}: ${value}\n`);
  for (const finding of result.findings) process.stdout.write(`fuzz.finding: ${JSON.stringify(finding)}\n`);
  if (result.findings.length > 0 || !result.healthyAfter || !result.signInAfter) process.exitCode = 1;
};
