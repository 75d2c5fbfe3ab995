import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { envNumber, note } from './harness';

/**
 * `npm run bench -- compare <git-ref> [suite…]`: the named suites (booking and availability by
 * default) of `<git-ref>` and of this checkout, run alternately in one sitting (ref, head, ref,
 * head; BENCH_ROUNDS pairs, 2 by default), each on a fresh database, then every figure with its
 * runs and the ratio of the means (head ÷ ref). Machines of our kind differ by up to 2× and a
 * busy one moves every figure, so two commits are compared only this way; CPU time per
 * operation is the figure a busy machine moves least.
 *
 * The ref is checked out once in a worktree under the system's temp folder (its dependencies
 * installed with `npm ci`, its frontend built) and kept there for the next comparison.
 */

/**
 * Patches to an older ref's bench, applied once to its worktree, so both sides measure alike:
 * ec5f1b3's paced phase sent with fetch, whose client cost this process a third of the machine
 * at 1,000/s (docs/performance.md), and gets today's node:http client.
 */
const REF_PATCHES = 'infra/src/bench/ref-patches';

const FIGURE = /^([\w.]+): (-?[\d.]+)(?: (.*))?$/;

const git = (...args: string[]): string => execFileSync('git', args, { encoding: 'utf8' }).trim();

const run = (command: string, args: string[], cwd: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${command} ${args.join(' ')} in ${cwd} exited with ${code}`)),
    );
  });

/** The ref's worktree, ready to run its bench: checked out, installed and built. */
const refCheckout = async (sha: string): Promise<string> => {
  const dir = path.join(os.tmpdir(), `appointment-bench-${sha.slice(0, 12)}`);
  if (!existsSync(path.join(dir, 'package.json'))) {
    note(`compare: checking out ${sha.slice(0, 12)} in ${dir}…`);
    git('worktree', 'add', '--force', '--detach', dir, sha);
    // An older ref's bench made comparable (its load client, say): ref-patches/<sha12>.patch.
    const patch = path.resolve(REF_PATCHES, `${sha.slice(0, 12)}.patch`);
    if (existsSync(patch)) {
      note(`compare: applying ${path.relative(process.cwd(), patch)} to the ref's bench…`);
      execFileSync('git', ['apply', patch], { cwd: dir });
    }
  }
  if (!existsSync(path.join(dir, 'node_modules'))) {
    note('compare: installing its dependencies (npm ci)…');
    await run('npm', ['ci', '--no-audit', '--no-fund'], dir);
  }
  if (!existsSync(path.join(dir, 'frontend', 'dist', 'index.html'))) {
    note('compare: building its frontend…');
    await run('npm', ['run', 'build'], dir);
  }
  return dir;
};

interface Figure {
  unit: string;
  ref: number[];
  head: number[];
}

const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;

const shown = (value: number): string =>
  Number.isInteger(value) ? String(value) : Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2);

export const compare = async (args: string[]): Promise<void> => {
  const [ref, ...requested] = args;
  if (!ref) throw new Error('usage: npm run bench -- compare <git-ref> [suite…]');
  const sha = git('rev-parse', '--verify', `${ref}^{commit}`);
  const suites = requested.length > 0 ? requested : ['booking', 'availability'];
  const rounds = Math.max(1, Math.round(envNumber('BENCH_ROUNDS', 2)));
  const head = process.cwd();
  const refDir = await refCheckout(sha);
  note(
    `compare: ${ref} (${sha.slice(0, 12)}) against this checkout, ${rounds} round(s) of ${suites.join(' ')}`,
  );

  const figures = new Map<string, Figure>();
  for (let round = 1; round <= rounds; round++) {
    for (const [side, dir] of [
      ['ref', refDir],
      ['head', head],
    ] as const) {
      note(`compare: round ${round}, ${side}…`);
      const out = await run('npm', ['run', '--silent', 'bench', '--', ...suites], dir);
      for (const line of out.split('\n')) {
        const match = FIGURE.exec(line.trim());
        if (!match) continue;
        const [, name, value, unit = ''] = match;
        const entry = figures.get(name!) ?? { unit, ref: [], head: [] };
        entry[side].push(Number(value));
        figures.set(name!, entry);
      }
    }
  }

  const rows = [...figures].map(([name, { unit, ref: refRuns, head: headRuns }]) => {
    const ratio =
      refRuns.length && headRuns.length && mean(refRuns) !== 0 ? mean(headRuns) / mean(refRuns) : NaN;
    // A figure one side does not print (the ref predates it) shows as a dash, not its unit alone.
    const runs = (values: number[]) =>
      values.length > 0 ? `${values.map(shown).join(' / ')} ${unit}`.trim() : '—';
    return [name, runs(refRuns), runs(headRuns), Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '—'];
  });
  const header = ['figure', `${ref} (${sha.slice(0, 8)})`, 'this checkout', 'head ÷ ref'];
  process.stdout.write(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|\n`);
  for (const row of rows) process.stdout.write(`| ${row.join(' | ')} |\n`);
};
