import { startStack } from '@clearing-desk/tools/stack';
import autocannon from 'autocannon';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { RED_FORM, TYPICAL_FORM } from './fixtures';
function pids() {
  const out = execSync("ps -eo pid,args | grep -E 'server.ts|postgres: ' | grep -v grep").toString().trim().split('\n');
  return out.map((l) => { const [pid, ...rest] = l.trim().split(/\s+/); const a = rest.join(' '); return { pid: Number(pid), name: a.includes('server.ts') ? a.split('/apps/')[1]!.split('/')[0]! : 'postgres' }; });
}
function cpu(pid: number) { try { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10; } catch { return 0; } }
async function main() {
  const s = await startStack({ services: ['courses', 'applications', 'assessment'], database: 'test', seedDemoData: true });
  try {
    const res = await fetch(`${s.gatewayUrl}/api/ping`);
    const pairs = res.headers.getSetCookie().map((l) => l.split(';')[0]!);
    const token = decodeURIComponent(pairs.find((p) => p.startsWith('XSRF-TOKEN='))!.slice(11));
    const cookie = pairs.join('; ');
    for (const [name, form] of [['green', TYPICAL_FORM], ['red', RED_FORM], ['green', TYPICAL_FORM]] as const) {
      const ps = pids();
      const before = ps.map((p) => cpu(p.pid));
      const self0 = process.cpuUsage();
      const r = await autocannon({ url: `${s.gatewayUrl}/api/apply/G400/assess`, method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ data: form, token }), connections: 32, duration: 5 });
      const self = process.cpuUsage(self0);
      const n = r.requests.total;
      const per: Record<string, number> = {};
      ps.forEach((p, i) => { per[p.name] = (per[p.name] ?? 0) + (cpu(p.pid) - before[i]!) / n * 1000; });
      per.autocannon = (self.user + self.system) / 1000 / n * 1000;
      console.log(name, 'req/s', Math.round(r.requests.average), 'p99', r.latency.p99, 'µs CPU per request:', Object.entries(per).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', '));
    }
  } finally { await s.stop(); }
}
main();
