import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHTTPRoute } from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1/HTTPRoute';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IService } from 'kubernetes-models/v1/Service';
import { GATEWAY_METRICS_PORT, SERVICES as STACK_SERVICES } from '@clearing-desk/stack';
import { describe as name, kustomizations, manifestProblems, renderKustomization, type Manifest } from './manifests';
import { allows, podIn, podsOf, selects, type Pod } from './network-policy';

/** Every app of the product with its API and metrics ports (README "Configuration"). */
const APPS = {
  gateway: { port: 3000, metrics: 9300 },
  'courses-svc': { port: 3101, metrics: 9301 },
  'applications-svc': { port: 3102, metrics: 9302 },
  'assessment-svc': { port: 3103, metrics: 9303 },
  'files-svc': { port: 3104, metrics: 9304 },
  'scenarios-svc': { port: 3105, metrics: 9305 },
  'notifications-svc': { port: 3106, metrics: 9306 },
  'files-worker': { port: undefined, metrics: 9310 },
} as const;
type App = keyof typeof APPS;
const APP_NAMES = Object.keys(APPS) as App[];
const SERVICES = APP_NAMES.filter((app) => app !== 'gateway' && app !== 'files-worker');

/** The Secrets the manifests reference (created by the site, never committed: docs/deploy.md). */
const SECRETS = [
  'clearing-desk-internal',
  'clearing-desk-gateway',
  'clearing-desk-courses',
  'clearing-desk-applications',
  'clearing-desk-files',
  'clearing-desk-scenarios',
  'clearing-desk-notifications',
];

const rendered = new Map<string, Manifest[]>();
beforeAll(async () => {
  for (const dir of kustomizations()) rendered.set(dir, await renderKustomization(dir));
}, 120_000);

const objectsOf = (dir: string): Manifest[] => rendered.get(dir) ?? [];
const find = <T>(objects: Manifest[], kind: string, objectName: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === objectName) as unknown as (T & Manifest) | undefined;
const containerOf = (objects: Manifest[], app: App): IContainer => {
  const deployment = find<IDeployment>(objects, 'Deployment', app);
  const container = deployment?.spec?.template.spec?.containers[0];
  if (!container) throw new Error(`no Deployment/${app} with a container`);
  return container;
};

it('names the same ports as npm start (tools/stack, the apps’ config defaults)', () => {
  expect(APPS.gateway.metrics).toBe(GATEWAY_METRICS_PORT);
  for (const spec of Object.values(STACK_SERVICES)) {
    const app = spec.dir.replace('apps/', '') as App;
    expect({ app, ...APPS[app] }).toEqual({ app, port: spec.port, metrics: spec.metricsPort });
  }
});

describe.each(kustomizations())('kubectl kustomize deploy/kubernetes/%s', (dir) => {
  it('renders objects that all validate against the Kubernetes schemas, with no unknown field', async () => {
    const objects = objectsOf(dir);
    expect(objects.length).toBeGreaterThan(40);
    expect(await manifestProblems(objects)).toEqual([]);
  }, 60_000);

  it('puts every object in the clearing-desk namespace with the product label', () => {
    for (const object of objectsOf(dir)) {
      expect([name(object), object.metadata.labels?.['app.kubernetes.io/part-of']]).toEqual([name(object), 'clearing-desk']);
      if (object.kind !== 'Namespace') expect([name(object), object.metadata.namespace]).toEqual([name(object), 'clearing-desk']);
    }
  });

  it.each(APP_NAMES)('runs %s with probes, resources, a disruption budget and its metrics port scraped', (app) => {
    const objects = objectsOf(dir);
    const deployment = find<IDeployment>(objects, 'Deployment', app);
    const template = deployment?.spec?.template;
    const container = containerOf(objects, app);
    const { port, metrics } = APPS[app];
    const probePort = port ? 'http' : 'metrics';

    expect(container.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: probePort });
    expect(container.readinessProbe?.httpGet?.port).toBe(probePort);
    expect(container.startupProbe?.httpGet?.port).toBe(probePort);
    // The gateway's readiness stays /healthz (a service outage must not empty its Service); it starts on /readyz.
    if (app === 'gateway') expect([container.startupProbe?.httpGet?.path, container.readinessProbe?.httpGet?.path]).toEqual(['/readyz', '/healthz']);
    else expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
    for (const kind of ['requests', 'limits'] as const) {
      expect(Object.keys(container.resources?.[kind] ?? {}).sort()).toEqual(['cpu', 'memory']);
    }

    const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value]));
    expect(env.METRICS_PORT).toBe(String(metrics));
    if (port) expect(env.PORT).toBe(String(port));
    expect(container.ports).toEqual([...(port ? [{ name: 'http', containerPort: port }] : []), { name: 'metrics', containerPort: metrics }]);
    expect(template?.metadata?.annotations).toEqual({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': String(metrics),
      'prometheus.io/path': '/metrics',
    });

    // Restricted Pod Security: non-root, no privilege escalation, nothing written outside /tmp and the files volume.
    expect(template?.spec?.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, seccompProfile: { type: 'RuntimeDefault' } });
    expect(container.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
    expect(template?.spec?.automountServiceAccountToken).toBe(false);

    const podLabels = template?.metadata?.labels ?? {};
    const budget = find<IPodDisruptionBudget>(objects, 'PodDisruptionBudget', app);
    expect(budget?.spec?.maxUnavailable).toBe(1);
    expect(selects(budget?.spec?.selector, podLabels)).toBe(true);
    // A budget selecting every pod of the namespace would block every drain: it names its app.
    expect(budget?.spec?.selector?.matchLabels).toEqual({ 'app.kubernetes.io/name': app });

    const service = find<IService>(objects, 'Service', app);
    if (!port) return expect(service).toBeUndefined();
    expect(service?.spec?.selector).toEqual({ 'app.kubernetes.io/name': app });
    expect(service?.spec?.ports).toEqual([
      { name: 'http', port, targetPort: 'http' },
      { name: 'metrics', port: metrics, targetPort: 'metrics' },
    ]);
  });

  it.each(['courses-svc', 'applications-svc', 'files-svc', 'scenarios-svc', 'notifications-svc'])(
    'migrates the database of %s once per release: a Job as the DDL role, non-root and read-only; the service only verifies',
    (app) => {
      const objects = objectsOf(dir);
      const job = find<IJob>(objects, 'Job', `${app}-migrate`);
      const pod = job?.spec?.template;
      const container = pod?.spec?.containers[0];
      const database = app === 'files-svc' ? 'files' : app.replace('-svc', '');
      expect(container?.image).toMatch(new RegExp(`^clearing-desk/${app}:`));
      expect(container?.command).toEqual(['node', 'migrate.js', `apps/${app}`]);
      expect(container?.env).toEqual([
        { name: 'MIGRATION_DATABASE_URL', valueFrom: { secretKeyRef: { name: `clearing-desk-${database}`, key: 'MIGRATION_DATABASE_URL' } } },
        { name: 'MIGRATIONS_GRANT_TO', valueFrom: { secretKeyRef: { name: `clearing-desk-${database}`, key: 'SERVICE_DATABASE_ROLE' } } },
      ]);
      expect(pod?.spec?.restartPolicy).toBe('OnFailure');
      expect(pod?.spec?.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, seccompProfile: { type: 'RuntimeDefault' } });
      expect(container?.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
      // A finished Job goes, so the next release's apply creates it with the new image.
      expect(job?.spec?.ttlSecondsAfterFinished).toBeGreaterThan(0);
      // The migration pod carries no label a Service or budget of the app selects.
      expect(pod?.metadata?.labels?.['app.kubernetes.io/name']).toBe(`${app}-migrate`);
      // Services check the schema and never change it.
      const common = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('clearing-desk-common')) as
        { data?: Record<string, string> } | undefined;
      expect(common?.data?.DATABASE_MIGRATIONS).toBe('verify');
      expect(containerOf(objects, app as App).envFrom?.map((e) => e.configMapRef?.name?.replace(/-[a-z0-9]{10}$/, ''))).toContain('clearing-desk-common');
    },
  );

  it('accepts a second internal token on every service while the secret rotates (optional key)', () => {
    for (const app of SERVICES) {
      const secondary = containerOf(objectsOf(dir), app).env?.find((e) => e.name === 'INTERNAL_TOKEN_SECONDARY');
      expect([app, secondary?.valueFrom?.secretKeyRef]).toEqual([app, { name: 'clearing-desk-internal', key: 'INTERNAL_TOKEN_SECONDARY', optional: true }]);
    }
  });

  it('lets the public in through the Gateway API: an HTTPRoute on the shared Gateway to the gateway, uploads of 5 MB allowed by its policy', () => {
    const objects = objectsOf(dir);
    expect(objects.filter((o) => o.kind === 'Ingress')).toEqual([]);
    const route = find<IHTTPRoute>(objects, 'HTTPRoute', 'gateway');
    expect(route?.spec?.parentRefs).toEqual([
      { group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'university-gateway', namespace: 'nginx-gateway', sectionName: 'https' },
    ]);
    expect(route?.spec?.rules?.flatMap((r) => r.backendRefs ?? [])).toEqual([{ name: 'gateway', port: APPS.gateway.port }]);
    const policy = objects.find((o) => o.kind === 'ClientSettingsPolicy') as { spec?: { targetRef?: unknown; body?: { maxSize?: string } } } | undefined;
    expect(policy?.spec?.targetRef).toEqual({ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'gateway' });
    const [, amount, unit] = /^(\d+)(k|m|g)?$/.exec(policy?.spec?.body?.maxSize ?? '') ?? [];
    const multiplier: Record<string, number> = { k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
    const bytes = Number(amount) * (multiplier[unit ?? ''] ?? 1);
    // Spec section 9's 5 MB document plus its multipart envelope gets through; the gateway refuses more itself.
    expect(bytes).toBeGreaterThanOrEqual(5 * 1024 * 1024 + 64 * 1024);
    expect(bytes).toBeLessThanOrEqual(8 * 1024 * 1024);
  });

  it('runs every pod, clamd and its freshclam included, within the restricted Pod Security profile the namespace enforces', () => {
    const objects = objectsOf(dir);
    const namespace = objects.find((o) => o.kind === 'Namespace');
    expect(namespace?.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
    for (const workload of objects.filter((o) => o.kind === 'Deployment' || o.kind === 'Job') as unknown as (IDeployment & Manifest)[]) {
      const pod = workload.spec?.template.spec;
      expect([name(workload), pod?.securityContext?.runAsNonRoot, pod?.securityContext?.seccompProfile?.type]).toEqual([
        name(workload),
        true,
        'RuntimeDefault',
      ]);
      for (const container of [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])]) {
        expect([name(workload), container.name, container.securityContext]).toEqual([
          name(workload),
          container.name,
          { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
        ]);
      }
    }
  });

  it('loads ClamAV signatures from the university’s mirror only, before clamd starts and as they change', () => {
    const objects = objectsOf(dir);
    const clamav = find<IDeployment>(objects, 'Deployment', 'clamav')?.spec?.template.spec;
    expect(clamav?.securityContext).toMatchObject({ runAsUser: 100, runAsGroup: 101 });
    expect(clamav?.initContainers?.map((c) => c.command?.[0])).toEqual(['freshclam']);
    expect(clamav?.containers.map((c) => c.command?.slice(0, 2))).toEqual([
      ['clamd', '--foreground'],
      ['freshclam', '--daemon'],
    ]);
    const mirror = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('clamav-mirror-config')) as
      { data?: Record<string, string> } | undefined;
    const conf = mirror?.data?.['freshclam.conf'] ?? '';
    expect(conf).toMatch(/^PrivateMirror https:\/\/clamav-mirror\.university\.example$/m);
    expect(conf).not.toMatch(/^DatabaseMirror/m);
    expect(conf).not.toContain('clamav.net');
    // Its egress reaches the mirror's address only, never the internet.
    const policy = objects.find((o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'clamav') as
      { spec?: { egress?: { to?: { ipBlock?: { cidr?: string } }[] }[] } } | undefined;
    expect(policy?.spec?.egress?.flatMap((rule) => rule.to?.map((peer) => peer.ipBlock?.cidr) ?? [])).toEqual(['192.0.2.15/32']);
  });

  it('keeps capacity through every rollout (maxUnavailable 0)', () => {
    for (const deployment of objectsOf(dir).filter((o) => o.kind === 'Deployment') as unknown as (IDeployment & Manifest)[]) {
      expect([name(deployment), deployment.spec?.strategy?.type, deployment.spec?.strategy?.rollingUpdate?.maxUnavailable]).toEqual([
        name(deployment),
        'RollingUpdate',
        0,
      ]);
    }
  });

  it('references its secrets and never inlines one', () => {
    const objects = objectsOf(dir);
    expect(objects.filter((o) => o.kind === 'Secret').map(name)).toEqual([]);
    const secretLike = /SECRET|TOKEN|PASSWORD|DATABASE_URL|REDIS_URL/;
    for (const object of objects.filter((o) => o.kind === 'ConfigMap')) {
      expect([name(object), Object.keys((object.data as Record<string, string>) ?? {}).filter((k) => secretLike.test(k))]).toEqual([name(object), []]);
    }
    const referenced = new Set<string>();
    for (const app of APP_NAMES) {
      for (const variable of containerOf(objects, app).env ?? []) {
        if (variable.valueFrom?.secretKeyRef) referenced.add(variable.valueFrom.secretKeyRef.name as string);
        else if (secretLike.test(variable.name)) throw new Error(`${app}: ${variable.name} is inlined; reference a Secret`);
      }
    }
    expect([...referenced].sort()).toEqual([...SECRETS].sort());
  });

  describe('NetworkPolicies', () => {
    const pods = () => podsOf(objectsOf(dir));
    const pod = (app: App | 'clamav' | `${string}-migrate`): Pod => {
      const found = pods().get(app);
      if (!found) throw new Error(`no pod of ${app}`);
      return found;
    };
    const can = (from: Pod | { ip: string }, to: Pod | { ip: string }, port: number, protocol?: 'TCP' | 'UDP') =>
      allows(objectsOf(dir), { from, to, port, protocol });
    // NGINX Gateway Fabric's nginx pods, in the shared Gateway's namespace.
    const ingressController = podIn('nginx-gateway', { 'app.kubernetes.io/name': 'nginx-gateway' });
    const prometheus = podIn('monitoring', { 'app.kubernetes.io/name': 'prometheus' });
    const stranger = podIn('other-team');
    const POSTGRESQL = { ip: '192.0.2.10' };
    const REDIS = { ip: '192.0.2.11' };
    const DIRECTORY = { ip: '192.0.2.12' };
    const SMTP_RELAY = { ip: '192.0.2.14' };
    const RECORD_SYSTEM = { ip: '192.0.2.16' };
    const kubeDns = podIn('kube-system', { 'k8s-app': 'kube-dns' });

    it('lets the ingress controller reach the gateway and nothing else', () => {
      expect(can(ingressController, pod('gateway'), 3000)).toBe(true);
      expect(can(stranger, pod('gateway'), 3000)).toBe(false);
      for (const app of SERVICES) expect([app, can(ingressController, pod(app), APPS[app].port as number)]).toEqual([app, false]);
    });

    it('lets only the gateway reach the services’ ports', () => {
      for (const app of SERVICES) {
        const port = APPS[app].port as number;
        expect([app, can(pod('gateway'), pod(app), port)]).toEqual([app, true]);
        for (const other of APP_NAMES.filter((o) => o !== 'gateway')) expect([other, app, can(pod(other), pod(app), port)]).toEqual([other, app, false]);
        expect(can(stranger, pod(app), port)).toBe(false);
      }
    });

    it('lets the Prometheus scraper reach every metrics port, and only those', () => {
      for (const app of APP_NAMES) {
        expect([app, can(prometheus, pod(app), APPS[app].metrics)]).toEqual([app, true]);
        expect([app, can(stranger, pod(app), APPS[app].metrics)]).toEqual([app, false]);
        const port = APPS[app].port;
        if (port) expect([app, can(prometheus, pod(app), port)]).toEqual([app, false]);
        // Another app cannot read a neighbour's metrics either.
        if (app !== 'gateway') expect([app, can(pod('gateway'), pod(app), APPS[app].metrics)]).toEqual([app, false]);
      }
    });

    it('gives each app the egress it needs: DNS, then its database, Redis, clamd, directory, SMTP or the record system only', () => {
      const none = { postgres: false, redis: false, clamd: false, directory: false, smtp: false, records: false };
      const needs: Record<App, typeof none> = {
        gateway: { ...none, redis: true, directory: true },
        'courses-svc': { ...none, postgres: true, redis: true },
        // Webhooks of application events to the record system.
        'applications-svc': { ...none, postgres: true, redis: true, records: true },
        'assessment-svc': none,
        'files-svc': { ...none, postgres: true, redis: true },
        'scenarios-svc': { ...none, postgres: true },
        'notifications-svc': { ...none, postgres: true, redis: true, smtp: true },
        'files-worker': { ...none, postgres: true, redis: true, clamd: true },
      };
      for (const app of APP_NAMES) {
        const from = pod(app);
        expect([app, can(from, kubeDns, 53, 'UDP'), can(from, kubeDns, 53, 'TCP')]).toEqual([app, true, true]);
        expect({
          app,
          postgres: can(from, POSTGRESQL, 5432),
          redis: can(from, REDIS, 6379),
          clamd: can(from, pod('clamav'), 3310),
          directory: can(from, DIRECTORY, 636),
          smtp: can(from, SMTP_RELAY, 587),
          records: can(from, RECORD_SYSTEM, 443),
        }).toEqual({ app, ...needs[app] });
        // Nothing else leaves: not the internet, not PostgreSQL on another port.
        expect([app, can(from, { ip: '203.0.113.7' }, 443), can(from, POSTGRESQL, 6379)]).toEqual([app, false, false]);
      }
      for (const app of ['courses-svc', 'applications-svc', 'files-svc', 'scenarios-svc', 'notifications-svc']) {
        const from = pod(`${app}-migrate`);
        expect([app, can(from, POSTGRESQL, 5432), can(from, REDIS, 6379), can(from, pod('gateway'), 3000)]).toEqual([app, true, false, false]);
        expect([app, can(from, { ip: '203.0.113.7' }, 443), can(from, POSTGRESQL, 6379)]).toEqual([app, false, false]);
      }
    });
  });
});

describe('overlays/results-day', () => {
  const objects = () => objectsOf('overlays/results-day');

  it.each([
    ['assessment-svc', 4, 20, 60],
    ['gateway', 4, 12, 65],
  ] as const)('scales %s on CPU with a HorizontalPodAutoscaler (%i to %i pods at %i%%)', (app, min, max, cpu) => {
    const hpa = find<IHorizontalPodAutoscaler>(objects(), 'HorizontalPodAutoscaler', app);
    expect(hpa?.spec).toMatchObject({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: app },
      minReplicas: min,
      maxReplicas: max,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: cpu } } }],
    });
    // The autoscaler owns the replica count: the Deployment leaves it out, so an apply never resets it.
    expect(find<IDeployment>(objects(), 'Deployment', app)?.spec?.replicas).toBeUndefined();
    // Utilization is measured against requests: the container must have one.
    expect(containerOf(objects(), app).resources?.requests?.cpu).toBeDefined();
  });

  it('runs more replicas of the other apps than the base', () => {
    const replicas = (dir: string, app: string) => find<IDeployment>(objectsOf(dir), 'Deployment', app)?.spec?.replicas ?? 0;
    for (const app of ['courses-svc', 'applications-svc', 'files-svc', 'files-worker', 'clamav']) {
      expect([app, replicas('overlays/results-day', app) > replicas('base', app)]).toEqual([app, true]);
    }
  });

  it('offers requests per second as the metric where a Prometheus adapter runs (overlays/results-day-rps)', () => {
    const hpa = find<IHorizontalPodAutoscaler>(objectsOf('overlays/results-day-rps'), 'HorizontalPodAutoscaler', 'assessment-svc');
    expect(hpa?.spec?.metrics).toEqual([
      { type: 'Pods', pods: { metric: { name: 'http_requests_per_second' }, target: { type: 'AverageValue', averageValue: '100' } } },
    ]);
  });
});
