import { APP_STARTED_ATTRIBUTE } from '@clearing-desk/contracts';
import { expect, test, type Page } from '@playwright/test';
import { gotoServerRendered } from './support/apply';
import { DEMO_PASSWORD, signIn, signOut } from './support/desk';
import { expectNoAxeViolations } from './support/axe';

/** How the app is served, kinder validation and the search's focus. */
test.describe('Serving the web app', () => {
  test('answers an unknown address with HTTP 404 and the 404 page, known pages with 200 @phone', async ({ page }) => {
    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 - Not Found' })).toBeVisible();
    await expectNoAxeViolations(page);
    for (const known of ['/apply', '/apply/G400', '/apply/G400/personal-details', '/accessibility']) {
      expect((await page.request.get(known)).status(), known).toBe(200);
    }
    expect((await page.request.get('/apply/G400/not-a-step')).status()).toBe(404);
  });

  test('sends compressed JavaScript, hashed assets cached immutably and index.html revalidated', async ({ page }) => {
    const scripts: { url: string; encoding?: string; cacheControl?: string }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        const headers = response.headers();
        scripts.push({ url: response.url(), encoding: headers['content-encoding'], cacheControl: headers['cache-control'] });
      }
    });
    const html = await page.goto('/apply');
    expect(html?.headers()['cache-control']).toBe('no-cache');
    await expect(page.getByRole('status').filter({ hasText: /courses? found/ })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.cacheControl, script.url).toBe('public, max-age=31536000, immutable');
    // Every script of a useful size comes compressed (the build skips files under 1 KiB).
    const entry = scripts.find((s) => /\/assets\/index-[\w-]+\.js$/.test(s.url));
    expect(entry?.encoding).toMatch(/^(br|gzip)$/);
    const gzip = await page.request.get(entry?.url ?? '', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    expect(gzip.headers()['vary']).toMatch(/accept-encoding/i);
  });

  test('/apply paints its heading and search box from the HTML alone, styled, before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/apply');
    await expect(page.getByRole('heading', { level: 1, name: 'Find a degree' })).toBeVisible();
    await expect(page.getByRole('searchbox')).toBeVisible();
    // The stylesheet is in the page (no request for it before the first paint) and applies.
    await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('font-weight', '700');
    expect(requests.filter((url) => !url.startsWith('data:')).map((url) => new URL(url).pathname)).toEqual(['/apply']);
    await context.close();
  });

  test('the pre-rendered pages fetch their scripts only from the boot module, after the first paint', async ({ page }) => {
    for (const path of ['/apply', '/apply/G400']) {
      const html = await (await page.request.get(path)).text();
      expect(html, path).not.toMatch(/<link rel="(stylesheet|modulepreload)"/);
      expect(html.match(/<script type="module"[^>]*src="[^"]+"/g), path).toEqual([expect.stringMatching(/src="\/assets\/boot-\w+\.js"/)]);
    }
    await page.goto('/apply');
    await expect(page.getByRole('status').filter({ hasText: /courses? found/ })).toBeVisible();
  });
});

test.describe('The pre-rendered /apply', () => {
  test('is taken over without waiting for the Clearing status: a search works while the status never answers', async ({ page }) => {
    await page.route('**/api/admin/status**', async (route) => {
      // Hold the status call well past the test; the page must not wait for it.
      await new Promise((resolve) => setTimeout(resolve, 30_000));
      await route.continue().catch(() => undefined);
    });
    await page.goto('/apply');
    await page.getByRole('searchbox').fill('psychology');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('.cd-course-title', { hasText: 'Psychology' }).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
  });
});

test.describe('Before the app takes over, with the CPU slowed 4x', () => {
  /** Slows the page's CPU 4x (Chrome DevTools Protocol), as Lighthouse's mobile preset does. */
  const slowCpu = async (page: Page) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  };

  test('text typed into the pre-rendered search box and a click on Search in the first second count', async ({ page }) => {
    await slowCpu(page);
    await page.goto('/apply', { waitUntil: 'commit' });
    const box = page.getByRole('searchbox', { name: 'Search for a course' });
    await box.pressSequentially('psychology');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    // Whether the app or the browser sent it (the boot module holds a search for the app; before
    // it runs the form is a plain GET form), the search is for what was typed, and the box keeps it.
    await expect(page).toHaveURL(/[?&]q=psychology/);
    await expect(page.locator('.cd-course-title', { hasText: 'Psychology' }).first()).toBeVisible();
    await expect(box).toHaveValue('psychology');
  });

  test('on a slow phone an Enter pressed before the app takes over runs the search without a reload, and take-over never scrolls @phone', async ({ page }) => {
    // A slow phone: the CPU slowed 4x and the app's scripts (everything but the pre-rendered page's
    // tiny boot module) arriving 3 s late, so the Enter below lands well before the app has taken the page over.
    await slowCpu(page);
    await page.route(/\/assets\/(?!boot-)[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue().catch(() => undefined);
    });
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.goto('/apply', { waitUntil: 'commit' });
    const box = page.getByRole('searchbox', { name: 'Search for a course' });
    await box.pressSequentially('psychology');
    // Still the pre-rendered page: the app has not started.
    await expect(page.locator(`html[${APP_STARTED_ATTRIBUTE}]`)).toHaveCount(0);
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await box.press('Enter');
    await expect(page.locator('.cd-course-title', { hasText: 'Psychology' }).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.locator(`html[${APP_STARTED_ATTRIBUTE}="true"]`)).toBeAttached();
    await expect(page).toHaveURL(/[?&]q=psychology/);
    // One document only: the search ran in the app, not as a page load of /apply?q=psychology.
    expect(documents.map((url) => new URL(url).pathname + new URL(url).search)).toEqual(['/apply']);
    await expect(box).toHaveValue('psychology');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
  });

  test('the app taking over the pre-rendered /apply leaves the page where it was scrolled @phone', async ({ page }) => {
    await slowCpu(page);
    await page.route(/\/assets\/(?!boot-)[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue().catch(() => undefined);
    });
    await page.goto('/apply', { waitUntil: 'commit' });
    await expect(page.getByRole('searchbox', { name: 'Search for a course' })).toBeVisible();
    // Room to scroll whatever the screen, then scrolled down before the app runs.
    await page.evaluate(() => {
      document.body.style.paddingBottom = '3000px';
      window.scrollTo(0, 200);
    });
    expect(await page.evaluate(() => window.scrollY)).toBe(200);
    await expect(page.locator(`html[${APP_STARTED_ATTRIBUTE}="true"]`)).toBeAttached({ timeout: 20_000 });
    await expect(page.getByRole('status').filter({ hasText: /courses? found/ })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(200);
  });

  test("a click on 'Start application' on the server-rendered course page in the first second opens the form", async ({ page }) => {
    await slowCpu(page);
    await page.goto('/apply/G400', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Start application' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
  });
});

test.describe('The server-rendered course page', () => {
  test('paints the course and its Start application link from the HTML, before any script runs @phone', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/apply/G400');
    expect(response?.headers()['cache-control']).toBe('no-cache');
    expect(response?.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
    await expect(page).toHaveTitle('Computer Science BSc (Hons) - Clearing Desk');
    await expect(page.getByRole('heading', { level: 1, name: 'Computer Science BSc (Hons)' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start application' })).toHaveAttribute('href', '/apply/G400/personal-details');
    // A suspended course is not rendered on the server: the app says why once it runs.
    await page.goto('/apply/H401');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    await context.close();
  });

  test('the app takes over with the answers the page came with: no second course call, the form opens', async ({ page }) => {
    const courseCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/courses\/G400/.test(request.url())) courseCalls.push(request.url());
    });
    await gotoServerRendered(page, '/apply/G400');
    await page.getByRole('link', { name: 'Start application' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
    await expect(page.getByLabel('Given name')).toBeEditable();
    expect(courseCalls).toEqual([]);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Computer Science BSc (Hons)' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('public pages make no staff call and log no console error', async ({ page }) => {
    const staffCalls: string[] = [];
    const consoleErrors: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/admin\/auth\//.test(request.url())) staffCalls.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await gotoServerRendered(page, '/apply');
    await expect(page.getByRole('status').filter({ hasText: /courses? found/ })).toBeVisible();
    await gotoServerRendered(page, '/apply/G400');
    await page.getByRole('link', { name: 'Start application' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeVisible();
    expect(staffCalls).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('Kinder validation', () => {
  test('no error after one keystroke; the error shows once the field is left @phone', async ({ page }) => {
    await page.goto('/apply/G400/personal-details');
    const email = page.getByLabel('Email address');
    await email.pressSequentially('a');
    await expect(page.getByText(/Error: 'Email address'/)).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toHaveCount(0);
    await email.blur();
    await expect(page.getByText("Error: 'Email address' must have have email format.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the error of the field just left moves nothing: not the field focus went to, not the question sideways @phone', async ({ page }) => {
    await page.goto('/apply/G400/personal-details');
    const email = page.getByLabel('Email address');
    await email.pressSequentially('a');
    // The email question near the top of the screen, the date of birth below it in view.
    await email.evaluate((input) => window.scrollTo(0, input.getBoundingClientRect().top + window.scrollY - 150));
    const day = page.getByRole('textbox', { name: 'Day' });
    const dayTop = await day.evaluate((input) => input.getBoundingClientRect().top);
    const emailLeft = await email.evaluate((input) => input.getBoundingClientRect().left);
    await page.keyboard.press('Tab');
    await expect(day).toBeFocused();
    await expect(page.getByText("Error: 'Email address' must have have email format.")).toBeVisible();
    await expect.poll(() => day.evaluate((input) => input.getBoundingClientRect().top)).toBe(dayTop);
    expect(await email.evaluate((input) => input.getBoundingClientRect().left)).toBe(emailLeft);
  });
});

test.describe('Course search', () => {
  test('keeps focus on the search button after a search and finds courses despite a typo @phone', async ({ page }) => {
    // Focus after a search is the app's doing: wait until it has taken the pre-rendered page over
    // (a search sent before that is covered by the early-input tests above).
    await gotoServerRendered(page, '/apply');
    await page.getByRole('searchbox').fill('pyschology');
    const button = page.getByRole('search').getByRole('button');
    await button.click();
    await expect(page).toHaveURL(/q=pyschology/);
    await expect(page.locator('.cd-course-title', { hasText: 'Psychology' }).first()).toBeVisible();
    await expect(button).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test('a page past the end shows the last page', async ({ page }) => {
    // The whole catalogue at 10 a page spans several pages, far fewer than 400.
    await page.goto('/apply?page_size=10&p=400');
    await expect(page.getByRole('status').filter({ hasText: /courses? found/ })).toBeVisible();
    await expect(page.locator('.cd-course-results tbody tr').first()).toBeVisible();
    // The pagination marks the last page as current, and nothing beyond it is offered.
    const current = page.locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).not.toHaveText('400');
    await expect(page.getByRole('link', { name: /next/i })).toHaveCount(0);
  });
});

test.describe('The server-painted /staff', () => {
  /** Records, in the page, whether an h1 'Staff sign in' was ever on it (from the first byte of each document on). */
  const watchForSignInHeading = (page: Page) =>
    page.addInitScript(() => {
      const seen = () => Array.from(document.querySelectorAll('h1')).some((h1) => h1.textContent === 'Staff sign in');
      (window as { signInSeen?: boolean }).signInSeen = false;
      new MutationObserver(() => {
        if (seen()) (window as { signInSeen?: boolean }).signInSeen = true;
      }).observe(document, { childList: true, subtree: true });
    });
  const signInSeen = (page: Page) => page.evaluate(() => (window as { signInSeen?: boolean }).signInSeen);

  test('paints the sign-in screen from the HTML alone, and with the sign-in hint the frame checking the sign-in instead @phone', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/staff');
    expect(response?.headers()['cache-control']).toBe('no-cache');
    expect(response?.headers()['vary']).toMatch(/cookie/i);
    await expect(page).toHaveTitle('Staff sign in - Clearing Desk');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    // Until the app runs the form cannot be sent; were it sent, it is a POST: no password in a URL.
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    await expect(page.locator('form:has(#password)')).toHaveAttribute('method', 'post');

    await context.addCookies([{ name: 'clearing_staff_signed_in', value: '1', url: baseURL as string }]);
    await page.goto('/staff');
    await expect(page.getByRole('status').filter({ hasText: 'Checking your sign-in' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    await expect(page.getByLabel('Username')).toHaveCount(0);
    await context.close();
  });

  test('a signed-in adviser reloading /staff never sees the sign-in screen; signed out, the painted form counts what was typed before the app took over', async ({
    page,
  }) => {
    await watchForSignInHeading(page);
    await signIn(page, 'backoffice');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Find a course' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
    expect(await signInSeen(page)).toBe(false);

    await signOut(page);
    // The app's scripts are held until the adviser has typed into the painted form.
    let releaseScripts = () => undefined as void;
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\/assets\/(?!boot-)[^/]+\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/staff');
    await page.getByLabel('Username').fill('backoffice');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await expect(page.locator(`html[${APP_STARTED_ATTRIBUTE}]`)).toHaveCount(0);
    releaseScripts();
    await expect(page.locator(`html[${APP_STARTED_ATTRIBUTE}="true"]`)).toBeAttached();
    await expect(page.getByLabel('Username')).toHaveValue('backoffice');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Find a course' })).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
  });
});
