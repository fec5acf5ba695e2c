import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import {
  apiPath,
  basePrefix,
  clearingStatusResponseSchema,
  courseDetailResponseSchema,
  hasStaffSignedInHint,
  PAGE_ROUTES,
  type ClearingStatusResponse,
  type CourseDetailResponse,
} from '@clearing-desk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from '@clearing-desk/service-kit';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { oidcConfigured, type GatewayConfig } from '../../config';

/** Vite names every built asset `<name>-<8+ char content hash>.<ext>`: its content never changes. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(?:\.(?:br|gz))?$/;

/** Files of the web build that are never served: source maps (and their compressed copies). */
export const NEVER_SERVED = ['**/*.map', '**/*.map.br', '**/*.map.gz'] as const;

/** A year, immutable: the browser never revalidates a hashed asset. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** index.html and unhashed files: always revalidated, so a new build is picked up at once. */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

const setCacheHeaders = (reply: FastifyReply, filePath: string) => {
  reply.header('cache-control', HASHED_ASSET.test(filePath) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL);
};

/**
 * Serves the built web app under BASE_PATH: the `.br`/`.gz` files the build
 * writes beside each asset are sent when the browser accepts them (`Vary: Accept-Encoding`),
 * hashed assets are cached for a year as immutable and everything else (index.html) revalidated.
 * The course page /apply/{code} is rendered per request when the web server build is there
 * (`loadCoursePageRenderer`), compressed, and so is the staff entry /staff (`loadStaffEntryRenderer`);
 * the gateway's not-found handler sends index.html (or a pre-rendered page) for every other page
 * address. Skipped when there is no build.
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
      // The build keeps source maps for error reports; they are never served:
      // with `wildcard: false` only the files listed here get a route, so a map answers 404.
      globIgnore: [...NEVER_SERVED],
    });
    // Only pages rendered per request are compressed here (reply.compress): static files come
    // precompressed from the build, and API answers are small.
    await fastify.register(fastifyCompress, { global: false, encodings: ['br', 'gzip'] });
    fastify.decorate('webAppAvailable', true);
    // dist/<page>/index.html files the build pre-rendered, e.g. 'apply/index.html'.
    const prerendered = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('/index.html') || f.endsWith('\\index.html'));
    fastify.decorate('prerenderedPages', new Set(prerendered.map((f) => f.replace(/\\/g, '/'))));
    const web = await loadWebServerBuild(fastify, config);
    const renderStaffEntry = web && staffEntryRenderer(web, config);
    if (renderStaffEntry) {
      fastify.get(`${config.BASE_PATH}${PAGE_ROUTES.staff.slice(1)}`, async (request, reply) => {
        const rendered = await renderStaffEntry(request);
        if (rendered === null) return reply.type('text/html').sendFile('index.html');
        // Which screen depends on the sign-in hint cookie: no shared cache may give one visitor's to another.
        return reply.header('cache-control', REVALIDATE_CACHE_CONTROL).header('vary', 'Cookie').type('text/html; charset=utf-8').compress(rendered);
      });
    }
    const renderCoursePage = web && coursePageRenderer(fastify, web, config);
    if (renderCoursePage) {
      fastify.get<{ Params: { ucasCode: string } }>(`${config.BASE_PATH}${PAGE_ROUTES.applyCourse.slice(1)}`, async (request, reply) => {
        const rendered = await renderCoursePage(request, request.params.ucasCode);
        if (rendered === null) return reply.type('text/html').sendFile('index.html');
        return reply.header('cache-control', REVALIDATE_CACHE_CONTROL).type('text/html; charset=utf-8').compress(rendered);
      });
    }
  },
  { name: 'web-app' },
);

/** The server build of apps/web/src/prerender.tsx (vite.config.ts writes it to dist-server) and the page template beside it. */
type WebServerBuild = {
  template: string;
  renderCoursePage: (template: string, ucasCode: string, detail: CourseDetailResponse, status: ClearingStatusResponse) => Promise<string | null>;
  renderStaffEntry: (template: string, options: { signedIn: boolean; enterprise: boolean }) => Promise<string>;
};

/** Renders a page for a request, or null when the app should render it (index.html). */
type PageRenderer<Args extends unknown[] = []> = (request: FastifyRequest, ...args: Args) => Promise<string | null>;

/** The web server build, or undefined (pages are then rendered in the browser only) when it is missing. */
async function loadWebServerBuild(fastify: FastifyInstance, config: GatewayConfig): Promise<WebServerBuild | undefined> {
  const moduleFile = path.join(config.WEB_SSR_DIR, 'prerender.js');
  const templateFile = path.join(config.WEB_SSR_DIR, 'page-template.html');
  if (!existsSync(moduleFile) || !existsSync(templateFile)) {
    fastify.log.warn({ dir: config.WEB_SSR_DIR }, 'no web server build found: course pages and /staff are rendered in the browser only');
    return undefined;
  }
  const web = (await import(pathToFileURL(moduleFile).href)) as Omit<WebServerBuild, 'template'>;
  return { ...web, template: readFileSync(templateFile, 'utf8') };
}

/**
 * The staff entry /staff painted on the server (its first paint no longer waits
 * for the scripts). The page request carries no session (its cookie only travels to /api), so the
 * screen follows the sign-in hint cookie the gateway sets beside the session: with it, the page
 * frame checking the sign-in (a signed-in adviser reloading sees no sign-in form flash by); without
 * it, the sign-in screen, as the form or the enterprise link (OIDC configured). The two documents
 * depend on nothing else, so each is rendered once. Null (the app renders it) if rendering fails.
 */
function staffEntryRenderer(web: WebServerBuild, config: GatewayConfig): PageRenderer {
  const enterprise = oidcConfigured(config);
  const rendered = new Map<boolean, Promise<string>>();
  return async (request) => {
    const signedIn = hasStaffSignedInHint(request.headers.cookie ?? '');
    try {
      let page = rendered.get(signedIn);
      if (!page) {
        page = web.renderStaffEntry(web.template, { signedIn, enterprise });
        rendered.set(signedIn, page);
      }
      return await page;
    } catch (err) {
      rendered.delete(signedIn);
      request.log.error({ err }, '/staff server rendering failed: sending the app instead');
      return null;
    }
  };
}

/**
 * The course page rendered on the server (a phone paints the course from the
 * HTML instead of after the app and its API calls), from the same public answers the browser
 * would fetch: GET /api/courses/{code} and GET /api/admin/status, asked of this gateway itself
 * (`inject`), so validation, caching and the last-known status apply as for any caller. It is
 * the public page (the session cookie only travels to /api): for a signed-in adviser the app takes
 * over with their view, as on the pre-rendered /apply. Null, and the app renders the page as
 * before, when either answer is not a 200 (unknown course, a service down) or the page would not
 * show the course (Clearing closed, suspended, external).
 */
function coursePageRenderer(fastify: FastifyInstance, web: WebServerBuild, config: GatewayConfig): PageRenderer<[ucasCode: string]> {
  const base = basePrefix(config.BASE_PATH);
  // The page's request id travels on, so the logs tie the two API reads to the page.
  const read = async <S extends z.ZodType>(request: FastifyRequest, url: string, schema: S): Promise<z.infer<S> | null> => {
    const answer = await fastify.inject({ method: 'GET', url, headers: { [REQUEST_ID_HEADER]: request.id } });
    if (answer.statusCode !== 200) return null;
    const parsed = schema.safeParse(answer.json());
    return parsed.success ? parsed.data : null;
  };
  return async (request, ucasCode) => {
    try {
      const [detail, status] = await Promise.all([
        read(request, `${base}${apiPath('course', { id: ucasCode })}`, courseDetailResponseSchema),
        read(request, `${base}${apiPath('clearingStatus')}`, clearingStatusResponseSchema),
      ]);
      if (!detail || !status) return null;
      return await web.renderCoursePage(web.template, ucasCode, detail, status);
    } catch (err) {
      // A page must never fail for this: the browser renders it as it always could.
      request.log.error({ err }, 'course page server rendering failed: sending the app instead');
      return null;
    }
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    webAppAvailable?: boolean;
    prerenderedPages?: Set<string>;
  }
}
