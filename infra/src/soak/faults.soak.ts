import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * `npm run soak -- faults [attempts]`: the scale-out fault test
 * (services/src/main/scale-out-faults.int.test.ts) at full size, 10,000 booking attempts over
 * three API processes while one of them and the projector are killed. CI runs it with fewer.
 */
export const run = async (args: string[]): Promise<void> => {
  const attempts = args[0] ?? '10000';
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn('npx', ['jest', 'services/src/main/scale-out-faults.int.test.ts'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, FAULT_ATTEMPTS: attempts },
    });
    child.once('exit', resolve);
    child.once('error', () => resolve(127));
  });
  process.stdout.write(`faults.attempts: ${attempts}\nfaults.passed: ${code === 0 ? 1 : 0}\n`);
  if (code !== 0) process.exitCode = 1;
};
