import { apiPath } from '@clearing-desk/contracts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Stack } from '@clearing-desk/stack';
import { startTestStack } from '../../testing/stack-client';

/**
 * The course page and /staff rendered per request (web-app.ts),
 * through the real gateway and services, with a stand-in for the web app's server build: it
 * writes what it was given into the page, answers null for a suspended course and throws for
 * NN34, so the test sees what the gateway passed and how it falls back to the app's index.html.
 */
const INDEX_HTML = '<!doctype html><html lang="en-GB"><head><title>Clearing Desk</title></head><body><div id="root"></div></body></html>';
const STAND_IN = `
export async function renderCoursePage(template, ucasCode, detail, status) {
  if (ucasCode === 'NN34') throw new Error('render failed');
  if (detail.courseData.SUSPENDED) return null;
  return template.replace('<div id="root"></div>', '<div id="root"><h1>' + detail.courseData.COURSE_TITLE + '</h1><p>' + ucasCode + ' state ' + status.state + '</p>' + '<p>Entry requirements</p>'.repeat(100) + '</div>');
}
export async function renderStaffEntry(template, options) {
  return template.replace('<div id="root"></div>', '<div id="root">staff entry ' + JSON.stringify(options) + '</div>');
}
`;

/** A hashed script of the build and the source map the build keeps beside it (vite `sourcemap: 'hidden'`). */
const ASSET = 'assets/index-Ab12Cd34.js';
const SCRIPT = 'console.log("app");\n';
const SOURCE_MAP = '{"version":3,"sources":["../src/main.tsx"],"sourcesContent":["secret source"],"mappings":"AAAA"}';

let stack: Stack;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'web-app-test-'));
  const dist = path.join(dir, 'dist');
  const server = path.join(dir, 'dist-server');
  for (const [file, text] of [
    [path.join(dist, 'index.html'), INDEX_HTML],
    [path.join(dist, ASSET), SCRIPT],
    [path.join(dist, `${ASSET}.map`), SOURCE_MAP],
    [path.join(server, 'package.json'), '{ "type": "module" }'],
    [path.join(server, 'prerender.js'), STAND_IN],
    [path.join(server, 'page-template.html'), INDEX_HTML],
  ] as const) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  stack = await startTestStack({ services: ['courses', 'applications'], gatewayEnv: { WEB_DIST_DIR: dist, WEB_SSR_DIR: server } });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const page = (pathname: string, headers: Record<string, string> = {}) => fetch(`${stack.gatewayUrl}${pathname}`, { headers });

describe('GET /apply/{code}, rendered by the gateway', () => {
  it('renders the course from GET /api/courses/{code} and the Clearing status, as HTML revalidated on every visit', async () => {
    const res = await page('/apply/G400');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<div id="root"><h1>Computer Science</h1><p>G400 state 1</p><p>Entry requirements</p>');
  });

  it('compresses the page for a browser that accepts br or gzip', async () => {
    const br = await page('/apply/G400', { 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toContain('<h1>Computer Science</h1>');
    const gzip = await page('/apply/G400/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
  });

  it.each([
    ['a course the page would not show (suspended)', '/apply/H401'],
    ['an unknown course', '/apply/NOPE1'],
    ['a failing render', '/apply/NN34'],
    ['a hostile code', `/apply/${encodeURIComponent("<script>alert(1)</script>' OR 1=1")}`],
    ['a code longer than any course has', `/apply/${'G'.repeat(90)}`],
  ])('sends the app (index.html, 200) for %s', async (_case, pathname) => {
    const res = await page(pathname);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX_HTML);
  });

  it('refuses an address past the router limit with a 4xx, not a 5xx', async () => {
    expect((await page(`/apply/${'G'.repeat(5000)}`)).status).toBe(414);
  });

  it('leaves the form steps to the app', async () => {
    const res = await page('/apply/G400/personal-details');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX_HTML);
  });
});

describe('GET /staff, rendered by the gateway', () => {
  it('paints the sign-in screen without the sign-in hint and the signed-in frame with it, revalidated and varying by cookie', async () => {
    const signedOut = await page('/staff?q=law', { cookie: 'XSRF-TOKEN=abc' });
    expect(signedOut.status).toBe(200);
    expect(signedOut.headers.get('cache-control')).toBe('no-cache');
    expect(signedOut.headers.get('vary')).toMatch(/cookie/i);
    expect(await signedOut.text()).toContain('<div id="root">staff entry {"signedIn":false,"enterprise":false}</div>');
    const signedIn = await page('/staff', { cookie: 'XSRF-TOKEN=abc; clearing_staff_signed_in=1' });
    expect(await signedIn.text()).toContain('<div id="root">staff entry {"signedIn":true,"enterprise":false}</div>');
    // Other staff pages are the app's.
    expect(await (await page('/staff/figures', { cookie: 'clearing_staff_signed_in=1' })).text()).toBe(INDEX_HTML);
  });
});

describe('built assets', () => {
  it('serves a hashed script cached for a year', async () => {
    const res = await page(`/${ASSET}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(SCRIPT);
  });

  it('sets no cookie on a static file (cached publicly), while a page and an API call issue the XSRF cookies', async () => {
    for (const pathname of [`/${ASSET}`, `/${ASSET}?v=2`, '/index.html', '/favicon.ico']) {
      const res = await page(pathname);
      expect({ pathname, cookies: res.headers.getSetCookie() }).toEqual({ pathname, cookies: [] });
    }
    for (const pathname of ['/apply', apiPath('ping')]) {
      const names = (await page(pathname)).headers.getSetCookie().map((line) => line.split('=')[0]);
      expect(names.sort()).toEqual(['XSRF-TOKEN', '_csrf']);
    }
  });

  it.each([`/${ASSET}.map`, `/${ASSET}.map?v=1`, `/${ASSET}%2Emap`, `/assets/../${ASSET}.map`])('never serves the source map (%s): 404', async (pathname) => {
    const res = await page(pathname);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('secret source');
  });
});
