// One runner for unit (*.unit.test.ts) and integration (*.int.test.ts) tests of every
// Node workspace; integration tests talk to the machine's real Postgres and Redis.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/contracts', '<rootDir>/projections', '<rootDir>/services', '<rootDir>/infra'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      {
        tsconfig: { module: 'commonjs', moduleResolution: 'node10', isolatedModules: true },
        diagnostics: false,
      },
    ],
  },
  testTimeout: 60_000,
  maxWorkers: 2,
};
