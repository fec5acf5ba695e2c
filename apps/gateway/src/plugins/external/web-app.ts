import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayConfig } from '../../config';

/** Vite names every built asset `<name>-<8+ char content hash>.<ext>`: its content never changes. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(?:\.(?:br|gz))?$/;

/** A year, immutable: the browser never revalidates a hashed asset (issue 12 item 4). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** index.html and unhashed files: always revalidated, so a new build is picked up at once. */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

const setCacheHeaders = (reply: FastifyReply, filePath: string) => {
  reply.header('cache-control', HASHED_ASSET.test(filePath) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL);
};

/**
 * Serves the built web app under BASE_PATH (issue 12 item 4): the `.br`/`.gz` files the build
 * writes beside each asset are sent when the browser accepts them (`Vary: Accept-Encoding`),
 * hashed assets are cached for a year as immutable and everything else (index.html) revalidated.
 * The gateway's not-found handler sends index.html for page addresses (`sendWebPage`). Skipped
 * when there is no build.
 */
export const webAppPlugin = fp<{ config: GatewayConfig }>(
  async (fastify, { config }) => {
    const root = config.WEB_DIST_DIR;
    if (!existsSync(path.join(root, 'index.html'))) {
      fastify.log.warn({ root }, 'no web build found: the gateway serves the API only');
      return;
    }
    await fastify.register(fastifyStatic, {
      root,
      prefix: config.BASE_PATH,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      // Our own Cache-Control per file (setHeaders) instead of send's default max-age=0.
      cacheControl: false,
      setHeaders: setCacheHeaders,
    });
    fastify.decorate('webAppAvailable', true);
    // dist/<page>/index.html files the build pre-rendered, e.g. 'apply/index.html'.
    const prerendered = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('/index.html') || f.endsWith('\\index.html'));
    fastify.decorate('prerenderedPages', new Set(prerendered.map((f) => f.replace(/\\/g, '/'))));
  },
  { name: 'web-app' },
);

declare module 'fastify' {
  interface FastifyInstance {
    webAppAvailable?: boolean;
    prerenderedPages?: Set<string>;
  }
}
