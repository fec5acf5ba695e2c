import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import { renderKustomization, type Manifest } from './manifests';

/** The results-day alerts the platform team asked for, each with its runbook page. */
const EXPECTED = {
  SubmitLatencyP99High: 'submit-latency.md',
  GatewayErrorRatioHigh: 'gateway-5xx-ratio.md',
  EmailOutboxOld: 'email-outbox-age.md',
  ScanQueueOld: 'scan-queue-age.md',
  PlacesLedgerErrors: 'places-ledger-errors.md',
  RedisDown: 'redis-down.md',
  PostgreSQLDown: 'postgresql-down.md',
  RateLimitsFailingOpen: 'rate-limits-failing-open.md',
  DatabasePoolSaturated: 'database-pool-saturated.md',
};
const RUNBOOKS = path.resolve(__dirname, '../../docs/runbooks');

type Rule = { alert: string; expr: string; for?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
type RuleSpec = { groups: { name: string; rules: Rule[] }[] };

let spec: RuleSpec;
const folder = mkdtempSync(path.join(tmpdir(), 'alerts-'));
beforeAll(async () => {
  const objects: Manifest[] = await renderKustomization('base');
  const rule = objects.find((o) => o.kind === 'PrometheusRule');
  if (!rule) throw new Error('no PrometheusRule in deploy/kubernetes/base');
  spec = rule.spec as RuleSpec;
}, 60_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the results-day alerts (PrometheusRule)', () => {
  it('pass `promtool check rules` (Debian’s prometheus package)', async () => {
    const file = path.join(folder, 'alerts.rules.yaml');
    writeFileSync(file, stringify(spec));
    const { stdout } = await promisify(execFile)('promtool', ['check', 'rules', file]).catch((err: { code?: string; stdout?: string; stderr?: string }) => {
      if (err.code === 'ENOENT') throw new Error('promtool is missing: tools/scripts/ensure-system.sh installs Debian’s prometheus package');
      throw new Error(`promtool check rules failed:\n${err.stdout ?? ''}${err.stderr ?? ''}`);
    });
    expect(stdout).toContain(`SUCCESS: ${Object.keys(EXPECTED).length} rules found`);
  });

  it('cover every results-day SLO, each with a severity and a runbook page that exists', () => {
    const rules = spec.groups.flatMap((g) => g.rules);
    expect(rules.map((r) => r.alert).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const rule of rules) {
      const page = EXPECTED[rule.alert as keyof typeof EXPECTED];
      expect([rule.alert, rule.labels?.severity]).toEqual([rule.alert, expect.stringMatching(/^(page|ticket)$/)]);
      expect([rule.alert, rule.annotations?.runbook_url?.endsWith(`/docs/runbooks/${page}`)]).toEqual([rule.alert, true]);
      expect([page, existsSync(path.join(RUNBOOKS, page))]).toEqual([page, true]);
    }
  });
});
