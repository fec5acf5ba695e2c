import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests: Debian's Chromium (/usr/bin/chromium, installed by tools/scripts/ensure-system.sh;
 * never a downloaded browser) against the real stack started by global-setup.ts as `npm start`
 * does, on fresh PostgreSQL test databases with the demo catalogue.
 */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // Without the background-networking flags Chromium keeps dialling out on a closed network.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
};

export default defineConfig({
  testDir: './src',
  globalSetup: './src/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../../tmp/test-results/web-e2e.json' }]],
  outputDir: '../../tmp/playwright',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions: chromium }, grep: /@phone/ },
  ],
});
