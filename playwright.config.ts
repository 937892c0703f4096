import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium.ts';

// The config is read by the runner and again by each worker: create the server's data folder once.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'cs-e2e-'));
process.env.E2E_PORT ??= String(4300 + Math.floor(Math.random() * 500));
const baseURL = `http://localhost:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Shared, noisy machines: a staff sign-in hashes a password at OWASP strength more than once.
  expect: { timeout: 10_000 },
  // A test's own budget: the suite shares 2 cores with the server, its database and two browsers,
  // and CI's machines differ: a staff flow that takes 25 s on a quiet one took over 60 s on a slow
  // one (stop 33's CI). A limit against a hang, not a measure of speed.
  timeout: 120_000,
  forbidOnly: Boolean(process.env.CI),
  globalTeardown: './e2e/global-teardown.ts',
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    // A small phone: 375 px wide, with touch, as many reporters will use the site.
    {
      name: 'mobile',
      use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
    },
  ],
  // The real server on the built app, with its own embedded database in a temporary folder.
  webServer: {
    // Its logs go to a file that the teardown reads: they must hold no personal data, no address,
    // no session token (exec: the signals reach node itself).
    command: `sh -c 'exec node --max-semi-space-size=16 apps/server/src/main.ts > "$E2E_DATA_DIR/server.log" 2>&1'`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // SIGTERM lets the app stop its embedded database; a plain kill would leave it running.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: process.env.E2E_PORT,
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      E2E_DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'debug',
      // A neutral site that the quick-exit test stands in for (page.route), so nothing leaves the machine.
      QUICK_EXIT_URL: 'https://neutral.example/',
      // Every browser test comes from 127.0.0.1; the hourly limits are proven by the server tests.
      REPORTS_PER_HOUR_PER_IP: '1000',
      MESSAGES_PER_HOUR_PER_IP: '1000',
      SIGN_IN_ATTEMPTS_PER_IP: '1000',
      PLAIN_FORM_POSTS_PER_10_MINUTES_PER_IP: '1000',
      // The follow-up tests refuse a 4th wrong receipt; each gives its browser an address of its own.
      WRONG_RECEIPTS_PER_HOUR_PER_IP: '3',
      TRUST_PROXY: 'loopback',
    },
  },
});
