import { defineConfig } from '@playwright/test';

/**
 * The report page in a browser: Debian's Chromium (/usr/bin/chromium, as apps/web-e2e; never a
 * downloaded browser) opening a rendered sample report from a file, at 1280 px (desktop) and
 * 390 px (phone). No stack: the page is self-contained.
 *
 *   npx playwright test -c tools/rehearsal/playwright.config.ts [--project=desktop|phone]
 */
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // axe over a page of charts and tables takes minutes on a loaded two-core machine.
  timeout: 240_000,
  reporter: [['list']],
  outputDir: '../../tmp/playwright-rehearsal',
  use: { launchOptions },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 900 }, launchOptions } },
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, launchOptions } },
  ],
});
