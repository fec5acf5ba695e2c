/**
 * Records the results-day mix from a real browser: Chromium applies to Computer
 * Science [G400] the way the browser tests do (course-page.spec.ts, apply-outcomes.spec.ts,
 * apply-uploads.spec.ts): page load, search, the course page, step 1, the qualifications (the
 * web app assesses on every form change), one A-level document upload, submit, then the review
 * page. Every request the page makes to the gateway (documents and /api calls; static assets are
 * left out) is written in order to `mix.json` beside this file, with the gap before it, for
 * `results-day.ts` to replay. Needs a built web app (apps/web/dist, or WEB_DIST_DIR).
 *
 *   npx tsx tools/bench/results-day/record.ts [--url http://localhost:3000]
 *
 * The recorded applicant's names and email are the MARKERS of mix.ts, so the replay can give every
 * journey its own person.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createSampleDocument } from '@clearing-desk/contracts/testing';
import { startStack, type Stack } from '@clearing-desk/stack';
import { chromium, expect, type Page } from '@playwright/test';
import { MARKERS, type MixStep } from './mix';

const { values } = parseArgs({ options: { url: { type: 'string' } } });
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Step 1 as support/apply.ts fillPersonalDetails, with the marker identity. */
async function personalDetails(page: Page) {
  await page.getByLabel('Given name').fill(MARKERS.NAME1);
  await page.getByLabel('Family name').fill(MARKERS.NAME2);
  await page.getByLabel('Email address').fill(MARKERS.EMAIL);
  await page.getByLabel('Day').fill('14');
  await page.getByLabel('Month').fill('5');
  await page.getByLabel('Year', { exact: true }).fill('2000');
  await page.getByLabel('Telephone number', { exact: true }).fill('07700 900123');
  await page.getByLabel('Nationality').selectOption('GBR');
}

/** One qualification as support/apply.ts addQualification. */
async function addQualification(page: Page, group: 'Qualification' | 'GCSE qualification', type: string, fields: Record<string, string>) {
  const count = await page.getByRole('heading', { name: new RegExp(`^${group} \\d+:`) }).count();
  await page.getByRole('button', { name: group === 'Qualification' ? 'Add a qualification' : 'Add a GCSE qualification' }).click();
  const editor = page.getByRole('group', { name: `${group} ${count + 1}`, exact: true });
  await editor.getByLabel('Type of qualification').selectOption(type);
  for (const [label, value] of Object.entries(fields)) {
    const input = editor.getByLabel(label, { exact: true });
    if ((await input.evaluate((el) => el.tagName)) === 'SELECT') await input.selectOption(value);
    else await input.fill(value);
  }
  await editor.getByRole('button', { name: /^Done/ }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`^${group} ${count + 1}:`) })).toBeVisible();
}

async function journey(page: Page, pdf: string) {
  await page.goto('/apply');
  await page.getByLabel('Search for a course').fill('computer');
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('main').getByRole('row').filter({ hasText: 'Computer Science' }).filter({ hasText: 'G400' });
  await row.getByRole('link', { name: /Apply/ }).click();
  await page.getByRole('link', { name: 'Start application' }).click();
  await personalDetails(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 2: Qualifications' })).toBeVisible();
  await page.getByRole('group', { name: 'A levels / BTEC / IB documents' }).getByLabel('A levels / BTEC / IB document 1', { exact: true }).setInputFiles(pdf);
  await expect(page.locator('#ALEVELS_DOCUMENT_1').getByText('Uploaded')).toBeVisible({ timeout: 20_000 });
  for (const [subject, grade] of [
    ['English Language', '5'],
    ['Mathematics', '5'],
    ['Physics', '6'],
    ['Chemistry', '6'],
    ['Biology', '6'],
  ] as const) {
    await addQualification(page, 'GCSE qualification', 'GCSE', { Subject: subject, Grade: grade, Year: '2021' });
  }
  for (const [subject, grade] of [
    ['Mathematics', 'A*'],
    ['Physics', 'A'],
    ['Computer Science', 'B'],
  ] as const) {
    await addQualification(page, 'Qualification', 'ALEVEL', { Subject: subject, Grade: grade, Year: '2023' });
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 3: Submit' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit', exact: true }).waitFor();
  // The submit step assesses the form. The person then tries other grades, going back to step 2
  // and forward again, as on results day: each changed form is assessed again.
  const steps = page.getByRole('navigation', { name: 'Application steps' });
  for (const [n, grade] of [
    [3, 'A'],
    [2, 'A*'],
  ] as const) {
    await steps.getByRole('link', { name: /Qualifications/ }).click();
    await page.getByRole('button', { name: `Edit qualification ${n}` }).click();
    const editor = page.getByRole('group', { name: `Qualification ${n}`, exact: true });
    await editor.getByLabel('Grade', { exact: true }).selectOption(grade);
    await editor.getByRole('button', { name: /^Done/ }).click();
    const assessed = page.waitForResponse((r) => r.url().includes('/assess'));
    await steps.getByRole('link', { name: /Submit/ }).click();
    await assessed;
  }
  await expect(page.getByRole('button', { name: 'Submit', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('dialog', { name: 'Are you sure you want to submit your application?' }).getByRole('button', { name: 'Yes, submit' }).click();
  await expect(page).toHaveURL(/\/apply\/G400\/confirmation$/, { timeout: 20_000 });
  await page.getByRole('link', { name: 'View your application' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your application' })).toBeVisible();
}

async function main() {
  const stack: Stack | null = values.url
    ? null
    : await startStack({ database: 'test', seedDemoData: true, services: ['courses', 'applications', 'assessment', 'files'] });
  const baseURL = values.url ?? stack!.gatewayUrl;
  const dir = mkdtempSync(path.join(tmpdir(), 'results-day-record-'));
  const pdf = path.join(dir, 'results.pdf');
  writeFileSync(pdf, createSampleDocument('pdf'));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const steps: MixStep[] = [];
  try {
    const page = await browser.newPage({ baseURL });
    const pending: Promise<void>[] = [];
    let last = Date.now();
    page.on('request', (request) => {
      const url = new URL(request.url());
      const kind = request.resourceType();
      if (url.origin !== new URL(baseURL).origin || !(kind === 'document' || url.pathname.startsWith('/api/'))) return;
      const now = Date.now();
      const step: MixStep = { gapMs: now - last, method: request.method(), path: `${url.pathname}${url.search}` };
      last = now;
      const type = request.headers()['content-type'] ?? '';
      if (type.startsWith('multipart/form-data')) {
        step.upload = { documentType: /name="document_type"\r\n\r\n([A-Z0-9_]+)/.exec(request.postData() ?? '')?.[1] ?? 'ALEVELS' };
      } else if (request.postData()) {
        step.json = JSON.parse(request.postData()!) as unknown;
      }
      steps.push(step);
      // Answers the replay needs to follow: the upload's file token, the stored application's hash.
      pending.push(
        request
          .response()
          .then(async (response) => {
            step.recordedStatus = response?.status();
            if (!response || !/json/.test(response.headers()['content-type'] ?? '')) return;
            const body = (await response.json()) as Record<string, unknown>;
            if (typeof body.token === 'string') step.answers = { token: body.token };
            if (typeof body.hash === 'string') step.answers = { hash: body.hash };
          })
          .catch(() => undefined),
      );
    });
    await journey(page, pdf);
    await Promise.all(pending);
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
    await stack?.stop();
  }
  const out = path.join(__dirname, 'mix.json');
  writeFileSync(out, `${JSON.stringify({ recordedFrom: 'tools/bench/results-day/record.ts (Chromium, course G400)', steps }, null, 2)}\n`);
  const counts = new Map<string, number>();
  for (const s of steps) counts.set(`${s.method} ${s.path.replace(/\?.*/, '')}`, (counts.get(`${s.method} ${s.path.replace(/\?.*/, '')}`) ?? 0) + 1);
  console.log(`${steps.length} requests written to ${path.relative(process.cwd(), out)}`);
  for (const [k, n] of counts) console.log(`${String(n).padStart(4)}  ${k}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
