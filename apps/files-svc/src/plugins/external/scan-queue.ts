import fp from 'fastify-plugin';
import type { FilesConfig } from '../../config';
import { registerQueueDepth } from '../../scanning/scan-metrics';
import { createScanQueue, type ScanQueue } from '../../scanning/scan-queue';

declare module 'fastify' {
  interface FastifyInstance {
    scanQueue: ScanQueue;
  }
}

/**
 * The BullMQ scan queue on Redis (REDIS_URL): readiness pings Redis; its depth is a metric
 * (`files_scan_queue_jobs`); closed on shutdown, its keys deleted too when FILES_QUEUE_EPHEMERAL.
 */
export const scanQueuePlugin = fp<{ config: FilesConfig }>(
  async (fastify, { config }) => {
    const scanQueue = createScanQueue(config);
    fastify.decorate('scanQueue', scanQueue);
    fastify.readinessChecks.push(scanQueue.ping);
    // The queue's depth by state, read at each scrape of the metrics port.
    registerQueueDepth(fastify.metricsRegistry, scanQueue.queue);
    // Runs after the in-process worker has closed (onClose hooks run in reverse order).
    fastify.addHook('onClose', () => scanQueue.close({ obliterate: config.FILES_QUEUE_EPHEMERAL }));
  },
  { name: 'scan-queue' },
);
