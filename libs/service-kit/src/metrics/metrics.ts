import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import * as promClient from '@prometheus-io/client';
import { Registry } from '@prometheus-io/client';

/**
 * Upper bounds (seconds) of the request latency histogram: from a 5 ms assessment to a 10 s
 * upload scan (SCAN_TIMEOUT_MS), so both the fast public routes and the slow ones have buckets.
 */
export const HTTP_LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Route label of requests that matched no route (the gateway's web pages, 404s): one value, never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * A Prometheus registry of one process with Node's process metrics (@prometheus-io/client's default
 * metrics: CPU seconds, resident memory, event-loop lag, heap, GC, open handles), every series
 * labelled `app="<app>"` (e.g. `gateway`, `files-worker`), so dashboards tell the apps apart
 * whatever labels the scraper adds. One per app instance rather than the client's global
 * registry, so tests may build several apps in one process.
 */
export function createMetricsRegistry(app: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ app });
  promClient.collectDefaultMetrics({ register: registry });
  return registry;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry: served on its metrics port, never on its API port (startService). */
    metricsRegistry: Registry;
  }
}

/**
 * Request metrics of a Fastify app (fastify-metrics on the app's own registry):
 * `http_request_duration_seconds{app, method, route, status_code}`, a histogram whose `_count` is the
 * request count, by route template (`/applications/:hash`, never the URL; `unmatched` for no
 * route) and status code; plus the process metrics. Adds no route: the registry is served on the
 * metrics port by startMetricsServer. Prometheus naming (conventions.md): the unit in the name,
 * labels of low cardinality.
 */
export function registerRequestMetrics(app: FastifyInstance, registry: Registry): Registry {
  app.decorate('metricsRegistry', registry);
  // Registered without await: its onRequest/onResponse hooks are added before any route plugin.
  void app.register(fastifyMetrics, {
    endpoint: null,
    promClient,
    defaultMetrics: { enabled: false },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      registeredRoutesOnly: false,
      invalidRouteGroup: UNMATCHED_ROUTE,
      overrides: {
        histogram: {
          name: 'http_request_duration_seconds',
          help: 'Time to answer an HTTP request, by route template and status code',
          buckets: HTTP_LATENCY_BUCKETS_SECONDS,
          registers: [registry],
        },
        // Not collected (summaries do not add up across pods), and kept out of every registry.
        summary: { registers: [] },
      },
    },
  });
  return registry;
}

/** A readiness check of a process without an API port (the scan worker): throws when a dependency is down. */
export type ProbeCheck = () => Promise<void>;

export type MetricsServerOptions = {
  registry: Registry;
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /**
   * For a process that has no HTTP API of its own (the scan worker): the metrics port then also
   * answers `/healthz` (alive) and `/readyz` (every check passes, else 503 naming the failure),
   * for Kubernetes' probes.
   */
  readiness?: ProbeCheck[];
};

export type MetricsServer = { url: string; close: () => Promise<void> };

const send = (res: ServerResponse, status: number, type: string, body: string) => {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
};

/**
 * Serves a registry as Prometheus text at `GET /metrics` on a port of its own (architecture.md:
 * metrics never on the public gateway port); everything else answers 404. The port is the
 * scraper's only: Kubernetes' NetworkPolicies let Prometheus reach it and nothing else.
 * @throws when the port cannot be bound (EADDRINUSE), like the API port.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const { registry, readiness } = options;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') return send(res, 405, 'application/json', JSON.stringify({ message: 'Method Not Allowed' }));
    if (path === '/metrics') return send(res, 200, registry.contentType, await registry.metrics());
    if (readiness && path === '/healthz') return send(res, 200, 'application/json', JSON.stringify({ status: 'ok' }));
    if (readiness && path === '/readyz') {
      const failures = (await Promise.allSettled(readiness.map((check) => check()))).filter((r) => r.status === 'rejected');
      if (failures.length === 0) return send(res, 200, 'application/json', JSON.stringify({ status: 'ready' }));
      const reasons = failures.map((f) => ((f as PromiseRejectedResult).reason instanceof Error ? (f as PromiseRejectedResult).reason.message : 'failed'));
      return send(res, 503, 'application/json', JSON.stringify({ message: 'Service Unavailable', failures: reasons }));
    }
    return send(res, 404, 'application/json', JSON.stringify({ message: `Route GET ${path} not found` }));
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, 'application/json', JSON.stringify({ message: 'Internal Server Error' })));
  });
  // A scrape is one short request every few seconds: no reason to keep connections open on shutdown.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
