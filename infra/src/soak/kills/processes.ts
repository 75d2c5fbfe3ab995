import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import path from 'node:path';

/**
 * One process of the scale-out profile (services/src/main/<entry>.ts) that the soak starts,
 * kills and starts again. Its output goes to `<logDir>/<name>.log`, each start marked.
 */
export class Supervised {
  private child?: ChildProcess;
  private exit?: Promise<number | null>;
  private readyPromise?: Promise<void>;
  private readonly log: WriteStream;
  /** Starts so far (the first included). */
  starts = 0;
  /** Exits nobody asked for (neither a kill of ours nor a stop). */
  readonly unexpectedExits: string[] = [];
  private expectingExit = false;
  /** When each SIGKILL of ours was sent (epoch ms). */
  readonly killedAt: number[] = [];
  /** The port an API process named in its start-up line. */
  port?: number;

  constructor(
    readonly name: string,
    private readonly entry: string,
    private readonly env: NodeJS.ProcessEnv,
    /** What its stdout says once it serves (a line of its own start-up). */
    private readonly readyLine: RegExp,
    logDir: string,
  ) {
    this.log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process; `ready` resolves once its start-up line is out. */
  start(): void {
    if (this.running) throw new Error(`${this.name} is already running`);
    this.starts++;
    this.expectingExit = false;
    this.log.write(`\n===== start ${this.starts} at ${new Date().toISOString()} =====\n`);
    const child = spawn(process.execPath, ['--import', 'tsx', `services/src/main/${this.entry}.ts`], {
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let seen = '';
    let markReady: () => void = () => undefined;
    let markFailed: (error: Error) => void = () => undefined;
    this.readyPromise = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      markFailed = reject;
    });
    // Nobody may be waiting when it fails; the failure still shows through `ready()`.
    this.readyPromise.catch(() => undefined);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      this.log.write(chunk);
      seen = (seen + chunk).slice(-8192);
      const match = this.readyLine.exec(seen);
      if (match) {
        if (match[1]) this.port = Number(match[1]);
        markReady();
      }
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => this.log.write(chunk));
    this.exit = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.log.write(`\n===== exit ${code ?? signal} at ${new Date().toISOString()} =====\n`);
        if (!this.expectingExit) this.unexpectedExits.push(`${this.name} exited with ${code ?? signal}`);
        markFailed(new Error(`${this.name} exited with ${code ?? signal} before it was ready`));
        resolve(code);
      }),
    );
  }

  /** Resolves once the current start is ready; fails when it exits first or `seconds` pass. */
  async ready(seconds = 120): Promise<void> {
    if (!this.readyPromise) throw new Error(`${this.name} was never started`);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.readyPromise,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`${this.name} was not ready within ${seconds} s`)),
            seconds * 1000,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** SIGKILL, and waits for the exit. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.expectingExit = true;
    this.killedAt.push(Date.now());
    this.log.write(`\n===== SIGKILL at ${new Date().toISOString()} =====\n`);
    this.child!.kill('SIGKILL');
    await this.exit;
  }

  /** SIGTERM (a clean stop), and its exit code; SIGKILL after `seconds`. */
  async stop(seconds = 30): Promise<number | null> {
    if (!this.running) return this.child?.exitCode ?? null;
    this.expectingExit = true;
    this.child!.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), seconds * 1000);
    try {
      return await this.exit!;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.running) {
      this.expectingExit = true;
      this.child!.kill('SIGKILL');
      await this.exit;
    }
    await new Promise<void>((resolve) => this.log.end(() => resolve()));
  }
}
