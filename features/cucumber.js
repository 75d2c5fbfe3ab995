// Scenarios product owners read; the steps drive the real API and CLI on a fresh database.
module.exports = {
  default: {
    paths: ['features/**/*.feature'],
    requireModule: ['tsx/cjs'],
    require: ['features/support/**/*.ts', 'features/steps/**/*.ts'],
    format: ['progress', 'json:reports/cucumber.json', 'html:reports/cucumber.html'],
    strict: true,
  },
};
