/**
 * Where the gateway's CPU goes under load: starts the stack with the gateway profiled
 * (cpu-profile-hook.mjs), sends `--route` (assess: the bench's 100 forms; courses: 10 searches) for
 * `--duration` s at 50 connections, stops the stack and prints the self time of the profile's top
 * functions and by package. Prints figures; asserts nothing.
 *
 *   flock /work/.locks/bench npx tsx tools/bench/gateway/profile.ts [--route assess|courses] [--duration 10]
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiPath, XSRF_COOKIE } from '@clearing-desk/contracts';
import { createAssessForm } from '@clearing-desk/contracts/testing';
import { startStack } from '@clearing-desk/stack';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: { route: { type: 'string', default: 'assess' }, duration: { type: 'string', default: '10' }, keep: { type: 'string' } },
});

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'clearing-gateway-prof-'));
  const stack = await startStack({
    services: ['courses', 'applications', 'assessment'],
    database: 'test',
    seedDemoData: true,
    gatewayEnv: {
      RATE_LIMIT_ASSESS_MAX: String(Number.MAX_SAFE_INTEGER),
      RATE_LIMIT_ASSESS_PER_APPLICANT_MAX: String(Number.MAX_SAFE_INTEGER),
      LOG_LEVEL: 'info',
      // NODE_OPTIONS may not carry --cpu-prof: a hook module profiles with the inspector instead.
      NODE_OPTIONS: `--import=${path.join(__dirname, 'cpu-profile-hook.mjs')}`,
      CPU_PROFILE_DIR: dir,
    },
  });
  try {
    const ping = await fetch(`${stack.gatewayUrl}${apiPath('ping')}`);
    const pairs = ping.headers.getSetCookie().map((l) => l.split(';')[0] ?? '');
    const token = decodeURIComponent(pairs.find((p) => p.startsWith(`${XSRF_COOKIE}=`))?.slice(XSRF_COOKIE.length + 1) ?? '');
    const cookie = pairs.join('; ');
    const requests: autocannon.Request[] =
      values.route === 'courses'
        ? ['', 'computer', 'law', 'history', 'biology'].map((q, i) => ({
            method: 'GET',
            path: `${apiPath('courseSearch')}?q=${q}&p=1&_=${i}`,
            headers: { cookie },
          }))
        : Array.from({ length: 100 }, (_, i) => ({
            method: 'POST',
            path: apiPath('assess', { course: 'G400' }),
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify({
              data: { ...createAssessForm({ DOB: `2006-01-${String(1 + (i % 28)).padStart(2, '0')}` }), EMAIL: `p${i}@example.com` },
              token,
            }),
          }));
    await autocannon({ url: stack.gatewayUrl, connections: 50, duration: 3, requests }); // warm-up, not profiled
    process.kill(stack.pid('gateway') as number, 'SIGWINCH');
    const r = await autocannon({ url: stack.gatewayUrl, connections: 50, duration: Number(values.duration), requests });
    console.log(`${values.route}: ${Math.round(r['2xx'] / r.duration)} 2xx/s, non-2xx ${r.non2xx}, p99 ${r.latency.p99} ms`);
  } finally {
    await stack.stop();
  }
  // Only the gateway ran with the hook (gatewayEnv): its profile is the one file there.
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile in ${dir}`);
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile;
  // --keep: the .cpuprofile for Chrome DevTools or speedscope.
  if (values.keep) copyFileSync(path.join(dir, file), values.keep);
  rmSync(dir, { recursive: true, force: true });
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = (byId.get(id) as Node).callFrame;
    const where = url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, 'nm:');
    byFunction.set(
      `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`,
      (byFunction.get(`${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`) ?? 0) + us,
    );
    const pkg = url.includes('/node_modules/')
      ? (/\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? url)
      : url.includes('/apps/') || url.includes('/libs/')
        ? (/\/((?:apps|libs)\/[^/]+)/.exec(url)?.[1] ?? url)
        : url
          ? 'node:internal'
          : functionName || '(vm)';
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n');
  console.log(`\nself time by package (${(total / 1e6).toFixed(1)} s sampled):\n${top(byPackage, 25)}`);
  console.log(`\nself time by function:\n${top(byFunction, 40)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
