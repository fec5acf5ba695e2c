/**
 * Where a page's main-thread JavaScript time goes on a phone (the TBT behind
 * Lighthouse's score). Loads the page in Chromium with the CPU slowed 4x (Lighthouse's mobile
 * factor), records a CPU profile through the DevTools protocol until 4 s after load, maps every
 * sampled frame through the build's source maps and prints self time (ms, at 4x) per npm
 * package or source folder. A running gateway with a build that has source maps (vite build
 * writes them) is needed; figures go in tools/bench/README.md.
 *
 *   CHROME_PATH=/usr/bin/chromium npx tsx tools/bench/web/profile.ts http://localhost:3000/apply [--dist apps/web/dist]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { REPO_ROOT } from '@clearing-desk/stack';
import { chromium } from 'playwright';

const args = process.argv.slice(2);
const url = args.find((a) => !a.startsWith('--')) ?? 'http://localhost:3000/apply';
const distIndex = args.indexOf('--dist');
const dist = path.resolve(REPO_ROOT, distIndex >= 0 ? (args[distIndex + 1] ?? '') : 'apps/web/dist');

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** 'node_modules/zod/v4/core/core.js' -> 'zod'; '../../src/lib/auth.tsx' -> 'src/lib'. */
const packageOf = (source: string): string => {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inModules) return inModules[1] as string;
  return (
    source
      .replace(/^(\.\.\/)+/, '')
      .split('/')
      .slice(0, -1)
      .join('/') || source
  );
};

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(4000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };

    const selfMs = new Map<number, number>();
    profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
    const maps = new Map<string, TraceMap | null>();
    const totals = new Map<string, number>();
    for (const node of profile.nodes) {
      const ms = selfMs.get(node.id) ?? 0;
      if (ms === 0) continue;
      const { functionName, url: script, lineNumber, columnNumber } = node.callFrame;
      // Frames without a script are the browser's own: (program), (garbage collector), (idle)...
      if (functionName === '(idle)') continue;
      let key = script ? path.basename(new URL(script).pathname) : `(${functionName.replace(/[()]/g, '') || 'browser'})`;
      const file = path.join(dist, 'assets', key);
      if (script && !maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, 'utf8')) : null);
      const map = maps.get(file);
      if (map) key = packageOf(originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }).source ?? key);
      totals.set(key, (totals.get(key) ?? 0) + ms);
    }
    console.log(`${url}: main-thread self time at 4x CPU slowdown, by package or folder`);
    for (const [key, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${ms.toFixed(0).padStart(7)} ms  ${key}`);
  } finally {
    await browser.close();
  }
}

void main();
