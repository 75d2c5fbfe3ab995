import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets two checkouts on one machine run their browser tests side by side.
const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
const externalBaseUrl = process.env.E2E_BASE_URL;
const baseURL = externalBaseUrl ?? `http://localhost:${E2E_PORT}`;

// The product as `npm start` runs it: the single-node launcher serving the built frontend and
// the API. `npm test` passes a fresh database (E2E_DATABASE_URL) and builds beforehand;
// alone, it uses an embedded PostgreSQL under .data/e2e.
const launcherEnv = [
  `PORT=${E2E_PORT}`,
  'LOG_LEVEL=warn',
  // Every browser test registers from 127.0.0.1; the real limit is covered by the API tests.
  'REGISTRATION_LIMIT=10000',
  // Argon2id at its lowest cost (refused in production): the same sign-in, ~0.45 s less CPU each.
  'PASSWORD_HASH_COST=test',
  // The password reset journey reads its mail from the local outbox (/api/dev/mailbox).
  'DEV_MAILBOX=true',
  // The no-show journey sees its own appointment ended (X-Test-Clock-Shift; refused in production).
  'TEST_CLOCK_SHIFTS=true',
  // The webhook journey's receiver listens on this machine.
  'WEBHOOK_ALLOW_PRIVATE_URLS=true',
  // The messaging journey's stand-in for the WhatsApp business API (e2e/local-peer.ts).
  `WHATSAPP_API_URL=http://127.0.0.1:${E2E_PORT + 1}/v18.0`,
  process.env.E2E_DATABASE_URL ? `DATABASE_URL=${process.env.E2E_DATABASE_URL}` : 'DATA_DIR=.data/e2e',
].join(' ');
// A pinned clock (TEST_CLOCK, see e2e/clock.ts) is shared by the launcher, the workers and every
// page; one anchor makes them agree, so it is set here before any of them starts.
if (process.env.TEST_CLOCK && !process.env.TEST_CLOCK_ANCHOR)
  process.env.TEST_CLOCK_ANCHOR = String(Date.now());
const build = process.env.E2E_PREBUILT ? '' : 'npm run build && ';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? '../reports/playwright.json' }],
  ],
  use: {
    baseURL,
    // A failed test keeps its trace: every action with the page's DOM before and after. Not its
    // screencast, whose frames cost ~12% of the run's time on two cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      // The machine's Debian Chromium; Playwright never downloads a browser here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // With E2E_BASE_URL the tests run against a server started elsewhere.
  webServer: externalBaseUrl
    ? undefined
    : {
        command: `cd .. && ${build}env ${launcherEnv} node --import tsx services/src/main/all-in-one.ts`,
        url: baseURL,
        reuseExistingServer: !process.env.CI,
        timeout: 120_000,
      },
});
