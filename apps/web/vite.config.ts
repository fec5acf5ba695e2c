import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, createServer, defineConfig, type Plugin, type Rollup } from 'vite';
// By path: the config is bundled on its own, without the workspace's package resolution.
// eslint-disable-next-line @nx/enforce-module-boundaries -- a build config, not app code: @clearing-desk/contracts does not resolve here
import { APP_STARTED_EVENT, HOLD_EARLY_SUBMIT_MS } from '../../libs/contracts/src/web/app-started';

// Every page and /api path is served under BASE_PATH (same variable the gateway reads), e.g. '/clearing/'.
const withSlashes = (value: string): string => `/${value.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
const base = withSlashes(process.env.BASE_PATH ?? '/');
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';
const require = createRequire(import.meta.url);
/** `@/…` imports resolve to src/, in the browser build, the build-time rendering and the server build alike. */
const srcAlias = { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) };

/**
 * react-router 7 resolves to its development build under every export condition; the
 * production build (no dev warnings, about 40 % smaller) is only reachable by path.
 */
const reactRouterDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production');
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
];

/**
 * Zod 4 classic wires its JSON-schema generator into every schema class, so tree-shaking cannot
 * drop it (~20 KiB compressed). The browser never generates JSON Schema (the gateway's OpenAPI
 * does, on the server), so in the web build those modules become stubs with the same export
 * names: a stub returns a function that throws if anyone ever asks for a JSON schema.
 */
function zodWithoutJsonSchema(): Plugin {
  const stubbed = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema|json-schema-generator)\.js$/;
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!stubbed.test(id)) return null;
      const source = readFileSync(id, 'utf8');
      const names = new Set<string>();
      for (const m of source.matchAll(/^export (?:async )?(?:function\*?|const|let|class) (\w+)/gm)) names.add(m[1] as string);
      for (const m of source.matchAll(/^export \{([^}]+)\}/gm)) {
        for (const part of (m[1] as string).split(','))
          names.add(
            part
              .trim()
              .split(/\s+as\s+/)
              .pop() as string,
          );
      }
      const lines = [
        "const unavailable = () => { throw new Error('JSON Schema is not part of the browser bundle'); };",
        'const stub = () => unavailable;',
        ...[...names]
          .filter(Boolean)
          .map((n) => (n === 'JSONSchemaGenerator' ? `export class ${n} { constructor() { unavailable(); } }` : `export const ${n} = stub;`)),
      ];
      return lines.join('\n');
    },
  };
}

/** Compressed copies of one written file, as `precompress` makes them. */
const writeCompressed = (file: string, content: Buffer) => {
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
};

/**
 * Writes `.br` and `.gz` beside every text asset of the build so the gateway serves them
 * precompressed (@fastify/static `preCompressed`) at the best level without compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // writeBundle, not generateBundle: Vite rewrites chunk code (its __VITE_PRELOAD__ markers)
    // after plugins' generateBundle, so only the files on disk hold the final bytes.
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const buffer = readFileSync(file);
        if (buffer.length < 1024) continue;
        writeCompressed(file, buffer);
      }
    },
  };
}

/**
 * The pre-rendered pages start the app from a tiny boot module, after the first frame is painted
 *. The HTML and its inline stylesheet are all the first screen needs, so on a
 * phone's network nothing competes with them: the boot module asks for the entry and its imports
 * (as modulepreload links, all at once) only once the page is painted. It then evaluates one
 * chunk per task, dependencies first, so no single task runs the whole ~260 KB of script and the
 * page keeps answering input while the app starts (Lighthouse's Total Blocking Time). In a
 * background tab (no frames) it starts at once. The pages' own modulepreload links are dropped.
 */
function bootAfterFirstPaint(template: string, outDir: string, bundle: Rollup.OutputBundle): string {
  const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const entry = entryTag.exec(template)?.[1];
  const entryChunk = Object.values(bundle).find((output): output is Rollup.OutputChunk => output.type === 'chunk' && output.isEntry);
  if (!entry || !entryChunk) throw new Error('prerender: no entry <script type="module"> in index.html');
  const ordered: string[] = [];
  const visit = (fileName: string) => {
    const output = bundle[fileName];
    if (ordered.includes(fileName) || output?.type !== 'chunk') return;
    output.imports.forEach(visit);
    ordered.push(fileName);
  };
  visit(entryChunk.fileName);
  const urls = ordered.map((fileName) => `${base}${fileName}`);
  const boot = [
    `const chunks = ${JSON.stringify(urls)};`,
    'const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));',
    'const start = async () => {',
    '  for (const href of chunks) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href, crossOrigin: "" }));',
    '  for (const href of chunks) {',
    '    await import(href);',
    '    await nextTask();',
    '  }',
    '};',
    // A search sent from the pre-rendered form before the app runs is held and sent again through
    // the app once it has taken over (APP_STARTED_EVENT); if the app never comes, the browser sends it.
    'const held = [];',
    'const hold = (event) => {',
    '  if (!(event.target instanceof HTMLFormElement) || !event.target.closest("#root")) return;',
    '  event.preventDefault();',
    '  held.push([event.target, event.submitter]);',
    '};',
    'const release = () => {',
    '  document.removeEventListener("submit", hold, true);',
    '  for (const [form, submitter] of held.splice(0)) if (form.isConnected) form.requestSubmit(submitter ?? undefined);',
    '};',
    'document.addEventListener("submit", hold, true);',
    `document.addEventListener(${JSON.stringify(APP_STARTED_EVENT)}, release, { once: true });`,
    `setTimeout(release, ${HOLD_EARLY_SUBMIT_MS});`,
    // A script that fails to load: the app will not come, so the browser sends a held search now.
    'const run = () => start().catch(release);',
    "if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(run, 0));",
    'else run();',
    '',
  ].join('\n');
  const name = `assets/boot-${createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`;
  writeFileSync(path.join(outDir, name), boot);
  return template.replace(entryTag, `<script type="module" crossorigin src="${base}${name}"></script>`).replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
}

/**
 * The pre-rendered pages carry the app's stylesheet inline instead of linking it: a linked
 * stylesheet blocks the first paint for one more request, which on a phone's network is the
 * largest part of the time to first paint (Lighthouse: render-blocking resources).
 * At 25 KB (about 4.4 KiB compressed) the whole file fits in the first round trip with the HTML.
 * Pages that are not pre-rendered keep the cached link.
 */
function inlineStylesheet(template: string, outDir: string): string {
  const linkTag = /<link rel="stylesheet" crossorigin href="([^"]+)">/;
  const href = linkTag.exec(template)?.[1];
  if (!href) throw new Error('prerender: no <link rel="stylesheet"> in index.html');
  const css = readFileSync(path.join(outDir, href.slice(base.length)), 'utf8');
  if (/<\/style/i.test(css)) throw new Error(`prerender: ${href} cannot be inlined (it contains "</style")`);
  return template.replace(linkTag, () => `<style>${css.trim()}</style>`);
}

/** Where the server build of src/prerender.tsx and the page template go (read by the gateway). */
const serverOutDir = fileURLToPath(new URL('./dist-server', import.meta.url));

/**
 * After the build, renders the first screen of each page in src/prerender.tsx (the real
 * components, through Vite's SSR loader) into a copy of index.html at that page's path, e.g.
 * dist/apply/index.html, which the gateway serves for /apply: the phone paints the heading and
 * search box from the HTML and CSS alone. It also builds src/prerender.tsx for
 * Node into dist-server/prerender.js, with the page template beside it (page-template.html), for
 * the pages the gateway renders per request (a course page). Other pages keep the empty index.html.
 */
function prerenderPages(): Plugin {
  let outDir = '';
  return {
    name: 'prerender-pages',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const root = fileURLToPath(new URL('.', import.meta.url));
      const resolve = { alias: [srcAlias] };
      const template = inlineStylesheet(bootAfterFirstPaint(readFileSync(path.join(outDir, 'index.html'), 'utf8'), outDir, bundle), outDir);
      const server = await createServer({
        configFile: false,
        root,
        resolve,
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
        logLevel: 'error',
      });
      try {
        const { renderShell, pageDocument, PRERENDERED_PAGES } = (await server.ssrLoadModule('/src/prerender.tsx')) as typeof import('./src/prerender');
        for (const page of PRERENDERED_PAGES) {
          const html = pageDocument(template, { html: renderShell(page.path), title: page.title });
          const file = path.join(outDir, page.file);
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, html);
          writeCompressed(file, Buffer.from(html));
        }
      } finally {
        await server.close();
      }
      // One self-contained ES module (every dependency bundled): the gateway imports it as it is.
      await build({
        configFile: false,
        root,
        // i18n-iso-countries' Node entry requires every language file by a computed path, which a
        // bundle cannot hold; its browser entry is the same library without them (contracts
        // registers English itself).
        // DOMPurify needs a DOM: notes are sanitised with the services' allow-list instead.
        resolve: {
          alias: [
            { find: /^@\/lib\/sanitize-html$/, replacement: fileURLToPath(new URL('./src/lib/sanitize-html.server.ts', import.meta.url)) },
            srcAlias,
            { find: /^i18n-iso-countries$/, replacement: require.resolve('i18n-iso-countries/index.js') },
          ],
        },
        logLevel: 'error',
        ssr: { noExternal: true, target: 'node' },
        // React's production server renderer, whatever NODE_ENV the gateway runs with.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: { ssr: 'src/prerender.tsx', outDir: serverOutDir, emptyOutDir: true, sourcemap: false, minify: false },
      });
      writeFileSync(path.join(serverOutDir, 'page-template.html'), template);
    },
  };
}

export default defineConfig({
  base,
  plugins: [react(), zodWithoutJsonSchema(), precompress(), prerenderPages()],
  resolve: {
    alias: [srcAlias, ...(process.argv.includes('build') ? reactRouterProduction : [])],
  },
  server: {
    port: 4200,
    proxy: {
      [`${base}api`]: { target: apiTarget, changeOrigin: false },
    },
  },
  preview: { port: 4300 },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Source maps are written for error reports (a stack trace from a user's browser decoded
    // against dist/assets/*.map) but never referenced from the scripts, and the gateway never
    // serves them (they would publish the source).
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: which chunks each entry and route module imports, read by the
    // first-load measure (tools/bench/web/first-load.ts). A dot folder, so the gateway never serves it.
    manifest: true,
    // Every browser the service supports preloads modules itself (<link rel=modulepreload>: Chromium
    // 66, Firefox 115, Safari 17); on an older one a lazy page's chunks load one after another, which
    // is slower but still works. Without the polyfill /apply's first load is the smaller for it.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Rolldown moves modules shared by several lazy pages into the entry chunk by default, so
      // /apply would evaluate the staff pages' schemas (figures, uploads...) before its first
      // screen is live; off, they stay in shared chunks that the lazy pages load.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      output: {
        // The libraries each get a chunk of their own: cached across releases of the app, and
        // evaluated in a task of their own by the pre-rendered pages' boot module.
        codeSplitting: {
          groups: [{ name: (id) => /[\\/]node_modules[\\/]@?(react-dom|react|scheduler|zod|react-router|tanstack)[\\/]/.exec(id)?.[1] ?? null }],
        },
      },
    },
  },
});
