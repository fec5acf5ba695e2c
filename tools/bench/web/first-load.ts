/**
 * The first-load JavaScript of a pre-rendered page (ADR 0003): defined here once,
 * printed by the bench (web.ts), checked by `npm test` (tools/scripts/test.mjs runs this file with
 * --check) and quoted in README.
 *
 * It is the script the page runs before the applicant can use it, read from the build output
 * (apps/web/dist and Vite's manifest, dist/.vite/manifest.json):
 * - the boot module the page's HTML starts (`<script type="module" src>`);
 * - the app's entry chunk and every chunk it imports statically, transitively (the boot module
 *   loads them all before the app starts);
 * - the page's route module and its static imports: the app takes over a pre-rendered page only
 *   once that module is loaded (apps/web/src/app/start.tsx).
 * Chunks loaded later by a dynamic import (the form, staff screens, ...) are not counted. Sizes are
 * each file compressed with brotli at quality 11, as the build precompresses them and the gateway
 * serves them. 1 KiB = 1024 bytes.
 *
 *   npx tsx tools/bench/web/first-load.ts [--dist apps/web/dist] [--check]
 * prints the figure and its files; with --check exits 1 when /apply is over FIRST_LOAD_BUDGET_KIB.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';

/** /apply's first-load JavaScript may be at most this many KiB, brotli. */
export const FIRST_LOAD_BUDGET_KIB = 120;

/** Pre-rendered pages: their HTML file in the build and the route module the app waits for (app/router.tsx). */
export const FIRST_LOAD_PAGES = {
  '/apply': { html: 'apply/index.html', routeModule: 'src/app/routes/apply/course-search.tsx' },
} as const;

export type FirstLoadPage = keyof typeof FIRST_LOAD_PAGES;
export type FirstLoadFile = { file: string; bytes: number; brotliBytes: number };
export type FirstLoad = { page: FirstLoadPage; files: FirstLoadFile[]; bytes: number; brotliBytes: number; kib: number };

/** One chunk of Vite's build manifest (only the fields read here). */
type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };

const brotliSize = (content: Buffer): number => brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * The first-load JavaScript of `page` in the build at `distDir`.
 * @throws Error when the build, its manifest, the page's HTML, its boot module or route module is missing.
 */
export function measureFirstLoad(distDir: string, page: FirstLoadPage = '/apply'): FirstLoad {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`first-load: no build manifest at ${manifestFile} (build apps/web first)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const { html, routeModule } = FIRST_LOAD_PAGES[page];
  const pageHtml = readFileSync(path.join(distDir, html), 'utf8');
  const boot = /<script type="module" crossorigin src="[^"]*?(assets\/[^"/]+\.js)"><\/script>/.exec(pageHtml)?.[1];
  if (!boot) throw new Error(`first-load: no module script in ${html}`);
  const files = new Set<string>([boot]);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`first-load: ${key} is not in the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit('index.html');
  visit(routeModule);
  const measured = [...files].map((file) => {
    const content = readFileSync(path.join(distDir, file));
    return { file, bytes: content.length, brotliBytes: brotliSize(content) };
  });
  const brotliBytes = measured.reduce((sum, f) => sum + f.brotliBytes, 0);
  return { page, files: measured, bytes: measured.reduce((sum, f) => sum + f.bytes, 0), brotliBytes, kib: brotliBytes / 1024 };
}

/** One line: the figure against the budget, with 'ok' or 'OVER'. */
export const firstLoadLine = (load: FirstLoad): string =>
  `${load.page} first-load JS: ${load.kib.toFixed(1)} KiB brotli in ${load.files.length} files (${(load.bytes / 1024).toFixed(1)} KiB uncompressed), budget ${FIRST_LOAD_BUDGET_KIB} KiB: ${load.kib <= FIRST_LOAD_BUDGET_KIB ? 'ok' : 'OVER'}`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const distArg = args.indexOf('--dist');
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const dist = distArg >= 0 ? path.resolve(args[distArg + 1] ?? '') : path.join(repoRoot, 'apps/web/dist');
  const load = measureFirstLoad(dist);
  for (const f of [...load.files].sort((a, b) => b.brotliBytes - a.brotliBytes))
    console.log(`  ${(f.brotliBytes / 1024).toFixed(1).padStart(6)} KiB  ${f.file}`);
  console.log(firstLoadLine(load));
  if (args.includes('--check') && load.kib > FIRST_LOAD_BUDGET_KIB) process.exit(1);
}
