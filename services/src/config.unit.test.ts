import { ConfigError, loadConfig, publicUrlOf } from './config';

describe('configuration', () => {
  it('has working defaults for the single-node profile', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: '.data', LOG_LEVEL: 'info' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads the settings it is given', () => {
    const config = loadConfig({
      PORT: '4000',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app',
      KAFKA_BROKERS: 'a:9092, b:9093',
    });
    expect(config.PORT).toBe(4000);
    expect(config.KAFKA_BROKERS).toEqual(['a:9092', 'b:9093']);
  });

  it('points e-mail links at PUBLIC_URL, else at this machine on PORT', () => {
    expect(publicUrlOf(loadConfig({ PORT: '4000' }))).toBe('http://localhost:4000');
    expect(publicUrlOf(loadConfig({ PORT: '4000', PUBLIC_URL: 'https://book.example.com' }))).toBe(
      'https://book.example.com',
    );
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 0 to 65535'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a URL like postgres://user@host:5432/db'],
    [{ EVENTSTORE_URL: 'http://x' }, 'EVENTSTORE_URL must be a URL like esdb://localhost:2113?tls=false'],
    [{ KAFKA_BROKERS: 'nohostport' }, 'KAFKA_BROKERS must be a comma-separated list of host:port'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
  ])('names the variable that is wrong: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('lists every wrong variable at once', () => {
    expect(() => loadConfig({ PORT: '-1', REDIS_URL: 'nope' })).toThrow(/PORT[\s\S]*REDIS_URL/);
  });

  describe('production refuses what is only safe on a developer machine (issue 16)', () => {
    it('creates no demo accounts by default, and refuses DEMO_DATA=true', () => {
      expect(loadConfig({ NODE_ENV: 'production' }).DEMO_DATA).toBe(false);
      expect(loadConfig({}).DEMO_DATA).toBe(true);
      expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' })).toThrow(
        'DEMO_DATA: demo accounts share one known password; they are never created in production',
      );
    });
    it('checks answers against their schemas outside production only, and refuses CHECK_ANSWERS=true there (issue 27)', () => {
      expect(loadConfig({}).CHECK_ANSWERS).toBe(true);
      expect(loadConfig({ NODE_ENV: 'test' }).CHECK_ANSWERS).toBe(true);
      expect(loadConfig({ CHECK_ANSWERS: 'false' }).CHECK_ANSWERS).toBe(false);
      expect(loadConfig({ NODE_ENV: 'production' }).CHECK_ANSWERS).toBe(false);
      expect(() => loadConfig({ NODE_ENV: 'production', CHECK_ANSWERS: 'true' })).toThrow(/CHECK_ANSWERS/);
      expect(() => loadConfig({ CHECK_ANSWERS: 'yes' })).toThrow('CHECK_ANSWERS must be true or false');
    });
    it('never serves the local mailbox, which is off unless asked for', () => {
      expect(loadConfig({}).DEV_MAILBOX).toBe(false);
      expect(loadConfig({ DEV_MAILBOX: 'true' }).DEV_MAILBOX).toBe(true);
      expect(() => loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX/);
    });
    it('never runs on a pinned clock', () => {
      expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: '2026-11-24T00:30:00Z' })).toThrow(
        /TEST_CLOCK/,
      );
      expect(() => loadConfig({ TEST_CLOCK: 'yesterday' })).toThrow(/TEST_CLOCK must be an ISO 8601 instant/);
    });
    it('never moves the clock per request', () => {
      expect(loadConfig({}).TEST_CLOCK_SHIFTS).toBe(false);
      expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK_SHIFTS: 'true' })).toThrow(
        /TEST_CLOCK_SHIFTS/,
      );
    });
    it('hashes passwords at the full cost, never the test cost', () => {
      expect(loadConfig({}).PASSWORD_HASH_COST).toBe('standard');
      expect(loadConfig({ PASSWORD_HASH_COST: 'test' }).PASSWORD_HASH_COST).toBe('test');
      expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: 'test' })).toThrow(
        /PASSWORD_HASH_COST/,
      );
      expect(() => loadConfig({ PASSWORD_HASH_COST: 'cheap' })).toThrow(
        'PASSWORD_HASH_COST must be standard or test',
      );
    });
    it('trusts the proxies it is told to trust', () => {
      expect(loadConfig({}).TRUST_PROXY).toEqual(['loopback']);
      expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
      expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).TRUST_PROXY).toEqual([
        '10.0.0.0/8',
        'loopback',
      ]);
    });
  });
});
