import fp from 'fastify-plugin';
import type { FilesConfig } from '../../config';
import { createScanQueue, type ScanQueue } from '../../scanning/scan-queue';

declare module 'fastify' {
  interface FastifyInstance {
    scanQueue: ScanQueue;
  }
}

/**
 * The BullMQ scan queue on Redis (REDIS_URL): readiness pings Redis; closed on shutdown, its keys
 * deleted too when FILES_QUEUE_EPHEMERAL.
 */
export const scanQueuePlugin = fp<{ config: FilesConfig }>(
  async (fastify, { config }) => {
    const scanQueue = createScanQueue(config);
    fastify.decorate('scanQueue', scanQueue);
    fastify.readinessChecks.push(scanQueue.ping);
    // Runs after the in-process worker has closed (onClose hooks run in reverse order).
    fastify.addHook('onClose', () => scanQueue.close({ obliterate: config.FILES_QUEUE_EPHEMERAL }));
  },
  { name: 'scan-queue' },
);
