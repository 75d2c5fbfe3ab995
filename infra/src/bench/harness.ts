import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import cliProgress from 'cli-progress';

/**
 * Shared pieces of the bench suites. Figures go to stdout, one per line, as
 * `<suite>.<figure>: <number> <unit>`; everything else (progress, notes) goes to stderr.
 */

export const figure = (suite: string, name: string, value: number, unit: string): void => {
  process.stdout.write(`${suite}.${name}: ${formatNumber(value)}${unit === '' ? '' : ` ${unit}`}\n`);
};

const formatNumber = (value: number): string => {
  if (!Number.isFinite(value) || Number.isInteger(value)) return String(value);
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return String(Math.round(value));
  if (magnitude >= 10) return value.toFixed(1);
  return value.toFixed(2);
};

export const note = (message: string): void => {
  process.stderr.write(`${message}\n`);
};

/** The non-negative number an env variable asks for, or the default. */
export const envNumber = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, got ${raw}`);
  return value;
};

/** The q-quantile (0..1) of sorted samples, nearest-rank. */
export const quantileOfSorted = (sorted: Float64Array, q: number): number => {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
};

/** Latency samples in milliseconds, growing without boxing every number. */
export class Samples {
  private values = new Float64Array(4096);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  /** A sorted copy, for quantiles. */
  sorted(): Float64Array {
    return this.values.slice(0, this.length).sort();
  }
}

/**
 * Shows a phase: a line on stderr, and while it runs a progress bar when stderr is a terminal.
 * `tick` reports progress in [0, total].
 */
export const withProgress = async <T>(
  label: string,
  total: number,
  run: (tick: (value: number) => void) => Promise<T>,
): Promise<T> => {
  note(`  ${label}`);
  if (!process.stderr.isTTY) return run(() => undefined);
  const bar = new cliProgress.SingleBar(
    {
      format: '    [{bar}] {percentage}%',
      stream: process.stderr,
      clearOnComplete: true,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  try {
    return await run((value) => bar.update(Math.min(total, value)));
  } finally {
    bar.stop();
  }
};

export interface PacedResult {
  sent: number;
  /** Answers by HTTP status; a request that failed outright counts under 0. */
  statuses: Map<number, number>;
  /** Milliseconds from each request's scheduled moment to its answer, sorted. */
  latencies: Float64Array;
}

/**
 * Open-loop load at a steady `rate` per second for `seconds`: request i is due at i / rate,
 * sent then whatever the answers before it are doing. autocannon's rate limit sends each
 * connection's quota at the start of every second instead, which measures bursts. Latency
 * counts from the due moment, so a late send (a busy client) is not hidden.
 */
export const paced = async (
  rate: number,
  seconds: number,
  send: (i: number) => Promise<number>,
): Promise<PacedResult> => {
  const statuses = new Map<number, number>();
  const samples = new Samples();
  const total = Math.round(rate * seconds);
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < total;) {
    const now = performance.now();
    for (; i < total && start + (i * 1000) / rate <= now; i++) {
      const due = start + (i * 1000) / rate;
      inFlight.push(
        send(i)
          .catch(() => 0)
          .then((status) => {
            samples.push(performance.now() - due);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }),
      );
    }
    const next = start + (i * 1000) / rate;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  await Promise.all(inFlight);
  return { sent: total, statuses, latencies: samples.sorted() };
};

/**
 * The bench bookings' bodies: the nth takes time slot `n` mod the time slots and interval `n` div the
 * time slots + 1, so bookings spread over the time slots and never take one interval twice.
 */
export const bookingBodyFor =
  (service: string, providerId: string, timeSlots: readonly { _id: string; date: string }[]) =>
  (n: number): string => {
    const timeSlot = timeSlots[n % timeSlots.length]!;
    return JSON.stringify({
      servicename: service,
      providerId,
      timeslotId: timeSlot._id,
      date: timeSlot.date,
      index: String(Math.floor(n / timeSlots.length) + 1),
    });
  };

/**
 * The paced phases' connections, kept open between requests. node:http, not fetch: at 1,000
 * requests/s fetch's client cost this process about 0.6 ms of CPU per request, a third of this
 * 2-core machine, taken from the server it measures; node:http costs a fraction of that.
 */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1024 });

/**
 * The server's steps per request (BENCH_SERVER_TIMING=1 starts the server with SERVER_TIMING, and
 * its booking answers carry a `Server-Timing` header): each step's durations while a collection
 * runs, and `outside`, the request's time on this side less the server's `total` (the sockets, and
 * the server's event loop before it read the request).
 */
let stepSink: Map<string, number[]> | undefined;

export const collectSteps = (): { stop(): Map<string, number[]> } => {
  const sink = new Map<string, number[]>();
  stepSink = sink;
  return {
    stop: () => {
      if (stepSink === sink) stepSink = undefined;
      for (const durations of sink.values()) durations.sort((a, b) => a - b);
      return sink;
    },
  };
};

const durationsOf = (sink: Map<string, number[]>, name: string): number[] => {
  let durations = sink.get(name);
  if (!durations) sink.set(name, (durations = []));
  return durations;
};

const recordSteps = (header: string | string[] | undefined, roundTripMs: number): void => {
  if (!stepSink || typeof header !== 'string') return;
  for (const part of header.split(',')) {
    const [name, duration] = part.trim().split(';dur=');
    if (!name || duration === undefined) continue;
    const ms = Number(duration);
    // A step met twice in one request (a retried fold, say) counts each time.
    durationsOf(stepSink, name).push(ms);
    if (name === 'total') durationsOf(stepSink, 'outside').push(roundTripMs - ms);
  }
};

/** Each step's p50 and p99 (`<prefix>step.<name>_p50_ms`), when the server said them. */
export const stepFigures = (suite: string, prefix: string, steps: Map<string, number[]>): void => {
  for (const [name, durations] of steps) {
    const sorted = Float64Array.from(durations);
    figure(suite, `${prefix}step.${name}_p50_ms`, quantileOfSorted(sorted, 0.5), '');
    figure(suite, `${prefix}step.${name}_p99_ms`, quantileOfSorted(sorted, 0.99), '');
  }
};

/** One JSON POST on a kept-open connection, its answer read to the end: its status (0 when the connection failed). */
export const postOnce = (base: string, route: string, token: string, body: string): Promise<number> =>
  new Promise((resolve) => {
    const sent = performance.now();
    const url = new URL(route, base);
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: keepAlive,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        response.resume();
        response.once('end', () => {
          recordSteps(response.headers['server-timing'], performance.now() - sent);
          resolve(response.statusCode ?? 0);
        });
        response.once('error', () => resolve(0));
      },
    );
    request.once('error', () => resolve(0));
    request.end(body);
  });

/** One booking request, its answer read to the end: its status (0 when the connection failed). */
export const bookOnce = (base: string, token: string, body: string): Promise<number> =>
  postOnce(base, '/api/appointments/bookappointment', token, body);

/**
 * Closed-loop load, flat out: `connections` senders, each sending its next request as soon as its
 * last is answered, for `seconds` or until `send` answers false (nothing left to send). `send`
 * sends one request and counts and times what the suite needs; the phase's milliseconds come back,
 * the answers of the last requests included.
 */
export const flatOut = async (
  connections: number,
  seconds: number,
  send: () => Promise<boolean>,
): Promise<number> => {
  const start = performance.now();
  const end = start + seconds * 1000;
  let stopped = false;
  const sender = async () => {
    while (!stopped && performance.now() < end) if (!(await send())) stopped = true;
  };
  await Promise.all(Array.from({ length: connections }, sender));
  return performance.now() - start;
};

/** Linux counts CPU time in ticks of 1/100 s (USER_HZ) in /proc. */
const TICK_MS = 10;

/**
 * CPU time spent so far, in ms, for the CPU-per-operation figures: the whole machine's busy time
 * (every core's user, system, interrupt and steal time, from /proc/stat), and one process's
 * (user and system, from /proc/<pid>/stat). A phase's figure is the difference of two readings.
 */
export const cpuMs = (pid?: number): number => {
  if (pid === undefined) {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
    return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) * TICK_MS;
  }
  // The fields after the command name (which may hold spaces) start at its closing parenthesis.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop()!.trim().split(/\s+/);
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};

/**
 * The CPU time of every PostgreSQL process (backends, WAL writer, checkpointer…) so far, in ms,
 * by their command name in /proc. A backend that exits during a phase takes its time with it:
 * the servers' pools keep theirs for the run, so the figure misses little.
 */
export const postgresCpuMs = (): number => {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
    const fields = stat
      .slice(stat.lastIndexOf(')') + 1)
      .trim()
      .split(/\s+/);
    total += (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  }
  return total;
};

/** A phase's CPU time, in ms: every process but this one (the server, PostgreSQL, Redis), the server's and PostgreSQL's. */
export interface PhaseCpu {
  machine: number;
  server: number;
  postgres: number;
}

/**
 * Starts measuring a phase's CPU time; the function it returns reads it once the phase's effects
 * are done. CPU time per operation is the figure a busy machine moves least, so every phase
 * prints it (`cpuFigures`) and `npm run bench -- compare` sets it beside the ref's.
 */
export const cpuMeter = (pid: number): (() => PhaseCpu) => {
  const machine = cpuMs();
  const server = cpuMs(pid);
  const postgres = postgresCpuMs();
  const bench = process.cpuUsage();
  return () => {
    const own = process.cpuUsage(bench);
    return {
      machine: cpuMs() - machine - (own.user + own.system) / 1000,
      server: cpuMs(pid) - server,
      postgres: postgresCpuMs() - postgres,
    };
  };
};

/**
 * `<prefix>cpu_ms_per_<unit>` (all processes but the bench's), `<prefix>server_cpu_ms_per_<unit>`
 * and `<prefix>postgres_cpu_ms_per_<unit>` (every PostgreSQL process: the server's statements,
 * the projector's and the workers').
 */
export const cpuFigures = (
  suite: string,
  prefix: string,
  unit: string,
  cpu: PhaseCpu,
  count: number,
): void => {
  const per = Math.max(1, count);
  figure(suite, `${prefix}cpu_ms_per_${unit}`, cpu.machine / per, 'ms');
  figure(suite, `${prefix}server_cpu_ms_per_${unit}`, cpu.server / per, 'ms');
  figure(suite, `${prefix}postgres_cpu_ms_per_${unit}`, cpu.postgres / per, 'ms');
};
