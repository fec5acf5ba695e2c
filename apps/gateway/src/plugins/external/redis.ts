import { registerRedisUp } from '@clearing-desk/service-kit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { GatewayConfig } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** Redis of the staff sessions and rate limits (ioredis). */
    redis: Redis;
  }
}

/**
 * One ioredis connection for sessions and rate limits. It never queues commands while Redis is
 * down (`enableOfflineQueue: false`): a staff request then fails at once with 503 instead of
 * hanging, public routes keep working (their limits count locally, plugins/external/rate-limit.ts), and the
 * client reconnects by itself.
 */
export const redisPlugin = fp<{ config: GatewayConfig }>(
  async (fastify, { config }) => {
    const redis = new Redis(config.REDIS_URL, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
    });
    let lastError = '';
    redis.on('error', (err: Error) => {
      // ioredis repeats the same error on every reconnect attempt; log each change once.
      if (err.message !== lastError) fastify.log.warn({ err }, 'redis connection error');
      lastError = err.message;
    });
    redis.on('ready', () => {
      if (lastError) fastify.log.info('redis connection restored');
      lastError = '';
    });
    fastify.decorate('redis', redis);
    registerRedisUp(fastify.metricsRegistry, redis);
    fastify.addHook('onClose', async () => {
      redis.disconnect();
    });
  },
  { name: 'redis' },
);
