import { importMetaEnv } from './import-meta-env';

/** A base prefix with a leading and a trailing '/' ('clearing' and '/clearing' give '/clearing/'); '/' when unset. */
export const normaliseBasePath = (value: string = '/'): string => `/${value.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');

/**
 * The prefix every page and /api path is served under (BASE_PATH at build time, Vite's BASE_URL).
 * Read without zod: routes and API paths need it on the first screen, and env.ts (which parses
 * the whole build-time environment with zod, with this same rule) is only loaded by the pages
 * that use the rest (ADR 0003).
 */
export const BASE_URL = normaliseBasePath(typeof importMetaEnv.BASE_URL === 'string' ? importMetaEnv.BASE_URL : undefined);
