/**
 * Training scenarios: latency of scenarios-svc's GET /scenarios/{gender}/{dept}/{course}
 * (the next scenario a trainee has not completed, with the filter lists) and PUT /completions over
 * HTTP (keep-alive), the service started by tools/stack on a fresh PostgreSQL database with the 46
 * demo scenarios; `trainees` users each complete every scenario in turn. Over HTTP rather than
 * in-process: importing the service's app would clash with files-svc's `db` type in tools'
 * type-check. No target; prints figures, asserts nothing.
 *
 *   npx tsx tools/bench/scenarios/next-scenario.ts [trainees=20]
 */
import { fillPath, SCENARIOS_SVC, scenarioSearchResultSchema, USER_HEADER, type StaffUser } from '@clearing-desk/contracts';
import { encodeStaffUser, INTERNAL_TOKEN_HEADER } from '@clearing-desk/service-kit';
import { startStack } from '@clearing-desk/stack';
import { printTable } from '../assessment/fixtures';

const TRAINEES = Number(process.argv[2] ?? 20);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const row = (name: string, ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    operation: name,
    calls: ms.length,
    'mean ms': ms.reduce((a, b) => a + b, 0) / ms.length,
    'p50 ms': percentile(sorted, 50),
    'p99 ms': percentile(sorted, 99),
  };
};

async function main() {
  const stack = await startStack({ database: 'test', seedDemoData: true, services: ['scenarios'], ports: 'free', logs: 'silent' });
  const base = stack.urls.scenarios as string;
  const call = async (method: 'GET' | 'PUT', path: string, headers: Record<string, string>, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    return res.json() as Promise<unknown>;
  };
  try {
    const next: number[] = [];
    const filtered: number[] = [];
    const complete: number[] = [];
    for (let t = 0; t < TRAINEES; t += 1) {
      const user: StaffUser = { username: `trainee${t}`, name: `Trainee ${t}`, roles: [{ role: 'Front Office', scope: 'all' }] };
      const headers = { [INTERNAL_TOKEN_HEADER]: stack.internalToken, [USER_HEADER]: encodeStaffUser(user) };
      for (;;) {
        let start = performance.now();
        const body = await call('GET', fillPath(SCENARIOS_SVC.next.path, { gender: 'all', dept: 'all', course: 'all' }), headers);
        next.push(performance.now() - start);
        const { scenario } = scenarioSearchResultSchema.parse(body);
        if (!scenario) break;
        start = performance.now();
        await call('GET', fillPath(SCENARIOS_SVC.next.path, { gender: scenario.GENDER, dept: scenario.DEPT, course: scenario.UCAS_CODE }), headers);
        filtered.push(performance.now() - start);
        start = performance.now();
        await call('PUT', SCENARIOS_SVC.complete.path, headers, { applicationHash: scenario.HASH, STATUS: 'R' });
        complete.push(performance.now() - start);
      }
    }
    console.log(`scenarios-svc over HTTP, PostgreSQL, ${TRAINEES} trainees x every demo scenario`);
    printTable([row('GET next (all/all/all)', next), row('GET next (gender/dept/course)', filtered), row('PUT completion', complete)]);
  } finally {
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
