import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { REPORT_HEADINGS, writeReport } from '../src/render';
import { sampleReportData } from '../src/sample-data';

/** Screenshots for people to look at (not compared): tmp/rehearsal-report/screenshots. */
const SHOTS = path.resolve(__dirname, '../../../tmp/rehearsal-report/screenshots');
const PAGES = path.resolve(__dirname, '../../../tmp/rehearsal-report/e2e');

/**
 * axe's WCAG 2.2 A/AA rules. A chart is one image (role img, named); the shapes and labels inside
 * it are its presentational children, so axe checks the image and not each of its thousands of
 * shapes (which takes minutes on a shared machine and checks nothing a reader meets).
 */
async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .exclude('svg.chart > *')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}

for (const mode of ['rehearsal', 'real-day'] as const) {
  test.describe(`the ${mode} report`, () => {
    let file: string;
    test.beforeAll(() => {
      file = writeReport(sampleReportData({ mode }), path.join(PAGES, `${mode}.html`)).htmlPath;
    });

    test('reads at the width of the screen, with every section, axe clean', async ({ page }, info) => {
      const requests: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith('file:')) requests.push(r.url());
      });
      await page.goto(`file://${file}`);
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(Object.values(REPORT_HEADINGS));

      // Nothing wider than the screen but the tables' own scrolling regions.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
      if (mode === 'rehearsal') {
        const chart = page.getByRole('img', { name: 'Line chart of POST /api/apply/:course: p50, p95 and p99 latency in milliseconds per minute' });
        await expect(chart).toBeVisible();
        const region = await page.getByRole('region', { name: 'Chart: POST /api/apply/:course' }).boundingBox();
        const drawn = await chart.boundingBox();
        // At 1280 px the chart is drawn at its full 1000 px; on a phone it keeps 640 px and scrolls in its region.
        expect({ region: region!.width <= (info.project.name === 'phone' ? 390 : 1120), drawn: Math.round(drawn!.width) }).toEqual({
          region: true,
          drawn: info.project.name === 'phone' ? 640 : 1000,
        });
      } else {
        await expect(page.getByRole('region', { name: REPORT_HEADINGS.latency }).getByText('Not recorded.')).toBeVisible();
      }
      await page.screenshot({ path: path.join(SHOTS, `${mode}-${info.project.name}.png`), fullPage: true });
      await expectNoAxeViolations(page, 'tables closed');
      expect(requests).toEqual([]);
    });

    test('opens every data table from the keyboard, still axe clean', async ({ page }) => {
      await page.goto(`file://${file}`);
      // Open every data table with the keyboard, as someone who cannot see the charts would.
      const summaries = page.locator('details > summary');
      for (let i = 0; i < (await summaries.count()); i++) {
        await summaries.nth(i).focus();
        await page.keyboard.press('Enter');
      }
      await expect(page.locator('details:not([open])')).toHaveCount(0);
      await expectNoAxeViolations(page, 'tables open');
    });

    test('prints every data table', async ({ page }) => {
      await page.goto(`file://${file}`);
      await page.emulateMedia({ media: 'print' });
      const tables = page.locator('details table');
      const count = await tables.count();
      for (let i = 0; i < count; i++) await expect(tables.nth(i)).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Sections' })).toBeHidden();
    });
  });
}
