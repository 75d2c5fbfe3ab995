// One runner for unit (*.unit.test.ts) and integration (*.int.test.ts) tests of every
// Node workspace; integration tests talk to the machine's real Postgres and Redis.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/contracts', '<rootDir>/projections', '<rootDir>/services', '<rootDir>/infra'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022' } }] },
  testTimeout: 60_000,
  maxWorkers: 2,
};
