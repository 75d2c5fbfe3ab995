import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ConfigSchema } from '@appointment/services/config';

/**
 * The compose file of the scale-out profile. Its syntax is checked against the Compose
 * specification by `docker-compose config -q` in `npm test`; here, that what it runs exists.
 */
const ROOT = path.resolve(__dirname, '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface Service {
  build?: { context: string; dockerfile: string };
  image?: string;
  command?: string[];
  environment?: Record<string, string | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const ours = Object.entries(services).filter(([, service]) => service.build);
/** Settings for tests or a single machine, not for the compose profile. */
const NOT_FOR_COMPOSE = [
  'TEST_CLOCK',
  'TEST_CLOCK_ANCHOR',
  'TEST_CLOCK_SHIFTS',
  'PASSWORD_HASH_COST',
  'DEV_MAILBOX',
  // Tests and development only; the compose stack runs production, which refuses it.
  'CHECK_ANSWERS',
  'FRONTEND_DIST',
  'DATA_DIR',
  'HOST',
  'PORT',
];

describe('docker-compose.yml', () => {
  it('runs the stores, two API processes, the projector, the worker and a proxy', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['api-1', 'api-2', 'kafka', 'kurrentdb', 'postgres', 'projector', 'proxy', 'redis', 'worker'].sort(),
    );
    expect(Object.keys(compose.volumes).sort()).toEqual(
      ['kafka-data', 'kurrentdb-data', 'postgres-data', 'redis-data', 'uploads'].sort(),
    );
  });

  it('starts each of our processes from an entry point that exists, in the one image', () => {
    expect(ours.map(([name]) => name).sort()).toEqual(['api-1', 'api-2', 'projector', 'worker']);
    const dockerfile = read('infra/Dockerfile');
    for (const [name, service] of ours) {
      expect({ name, dockerfile: service.build?.dockerfile }).toEqual({
        name,
        dockerfile: 'infra/Dockerfile',
      });
      const entry = service.command?.[0] ?? '';
      expect({ name, entry, exists: existsSync(path.join(ROOT, entry)) }).toEqual({
        name,
        entry: expect.stringMatching(/^services\/src\/main\/[a-z-]+\.ts$/),
        exists: true,
      });
    }
    const defaultEntry = /^CMD \["([^"]+)"\]$/m.exec(dockerfile)?.[1] ?? '';
    expect(existsSync(path.join(ROOT, defaultEntry))).toBe(true);
    // The image installs every workspace from the lock file.
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const workspace of workspaces) {
      expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
    }
  });

  it('starts our processes once the stores are healthy, and the proxy once the API processes are', () => {
    for (const name of ['kurrentdb', 'postgres', 'redis', 'kafka', 'api-1', 'api-2', 'proxy']) {
      expect({ name, healthcheck: Boolean(services[name]!.healthcheck?.test.length) }).toEqual({
        name,
        healthcheck: true,
      });
    }
    const stores = ['postgres', 'kurrentdb', 'redis', 'kafka'];
    for (const [name, service] of ours) {
      expect({ name, dependsOn: service.depends_on }).toEqual({
        name,
        dependsOn: Object.fromEntries(stores.map((store) => [store, { condition: 'service_healthy' }])),
      });
    }
    expect(services.proxy!.depends_on).toEqual({
      'api-1': { condition: 'service_healthy' },
      'api-2': { condition: 'service_healthy' },
    });
    const targets = services.proxy!.command!.filter((_, i, all) => all[i - 1] === '--to');
    expect(targets).toEqual(['api-1:3000', 'api-2:3000']);
  });

  it('passes every setting through, each described in .env.example', () => {
    const example = read('.env.example');
    const settings = Object.keys(ConfigSchema.shape).filter((key) => !NOT_FOR_COMPOSE.includes(key));
    for (const [name, service] of ours) {
      const environment = Object.keys(service.environment ?? {});
      expect({ name, missing: settings.filter((key) => !environment.includes(key)) }).toEqual({
        name,
        missing: [],
      });
    }
    const fromCompose = ['DATABASE_URL', 'EVENTSTORE_URL', 'REDIS_URL', 'KAFKA_BROKERS'];
    const described = settings.filter((key) => !fromCompose.includes(key));
    expect(described.filter((key) => !new RegExp(`^#? ?${key}=`, 'm').test(example))).toEqual([]);
  });
});
