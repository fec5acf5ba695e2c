/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { DECISION_FACT_CASES, DECISION_FACT_CONTEXT } from '@clearing-desk/contracts/testing';
import { chromium, type Browser } from '@playwright/test';
import { renderDecisionEmail } from '../sending/render-email';

/**
 * Every email variant opened in real Chromium (Debian's, as the browser tests) at a phone's width:
 * with its viewport the email lays out at 390 px (never 980 px shrunk to 0.4), nothing wider than
 * the screen, and no text smaller than 14 px.
 */
const ctx = { publicUrl: 'https://clearing.university.example/', ...DECISION_FACT_CONTEXT };
let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
}, 60_000);
afterAll(async () => browser?.close());

describe('decision emails on a phone (Chromium, 390 px wide)', () => {
  it.each(DECISION_FACT_CASES.map((c) => [c.name, c.payload] as const))('%s: body at most 390 px wide, text at least 14 px', async (_name, payload) => {
    const email = await renderDecisionEmail(payload, ctx);
    if (!email) throw new Error('every case sends an email');
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, deviceScaleFactor: 3 });
    try {
      await page.setContent(email.html);
      const measured = await page.evaluate(() => {
        const texts = [...document.body.querySelectorAll('*')].filter((el) =>
          [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '' && (el as HTMLElement).offsetParent !== null),
        );
        return {
          scrollWidth: document.body.scrollWidth,
          innerWidth: window.innerWidth,
          smallest: Math.min(...texts.map((el) => parseFloat(getComputedStyle(el).fontSize))),
          texts: texts.length,
        };
      });
      expect(measured.innerWidth).toBe(390);
      expect(measured.scrollWidth).toBeLessThanOrEqual(390);
      expect(measured.texts).toBeGreaterThan(5);
      expect(measured.smallest).toBeGreaterThanOrEqual(14);
    } finally {
      await page.close();
    }
  });
});
