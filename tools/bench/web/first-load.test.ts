import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { FIRST_LOAD_BUDGET_KIB, firstLoadLine, measureFirstLoad } from './first-load';

/** A build output as Vite writes it: the pre-rendered page, its boot module, chunks and the manifest. */
function fakeBuild(dir: string, files: Record<string, string>, manifest: Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>) {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, 'apply'), { recursive: true });
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  for (const [file, content] of Object.entries(files)) writeFileSync(path.join(dir, file), content);
  writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    path.join(dir, 'apply/index.html'),
    '<html><head><script type="module" crossorigin src="/assets/boot-1.js"></script></head><body></body></html>',
  );
}

const brotli = (text: string) => brotliCompressSync(Buffer.from(text), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;

describe('/apply first-load JavaScript (tools/bench/web/first-load.ts)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'first-load-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('counts the boot module, the entry and its static imports and the route module with its imports, not dynamic imports', () => {
    const files = {
      'assets/boot-1.js': 'boot();',
      'assets/index-1.js': 'entry();'.repeat(50),
      'assets/react-dom-1.js': 'reactDom();'.repeat(200),
      'assets/course-search-1.js': 'search();'.repeat(30),
      'assets/shared-1.js': 'shared();',
      'assets/form-1.js': 'form();'.repeat(500),
    };
    fakeBuild(dir, files, {
      'index.html': { file: 'assets/index-1.js', imports: ['_react-dom-1.js'], dynamicImports: ['src/form.tsx'] },
      '_react-dom-1.js': { file: 'assets/react-dom-1.js' },
      '_shared-1.js': { file: 'assets/shared-1.js' },
      'src/app/routes/apply/course-search.tsx': { file: 'assets/course-search-1.js', imports: ['index.html', '_shared-1.js', '_react-dom-1.js'] },
      'src/form.tsx': { file: 'assets/form-1.js', imports: ['_react-dom-1.js'] },
    });
    const load = measureFirstLoad(dir);
    const counted = ['assets/boot-1.js', 'assets/index-1.js', 'assets/react-dom-1.js', 'assets/course-search-1.js', 'assets/shared-1.js'];
    expect(load.files.map((f) => f.file).sort()).toEqual([...counted].sort());
    expect(load.brotliBytes).toBe(counted.reduce((sum, file) => sum + brotli(files[file as keyof typeof files]), 0));
    expect(load.kib).toBeCloseTo(load.brotliBytes / 1024);
    expect(firstLoadLine(load)).toBe(
      `/apply first-load JS: ${load.kib.toFixed(1)} KiB brotli in 5 files (${(load.bytes / 1024).toFixed(1)} KiB uncompressed), budget ${FIRST_LOAD_BUDGET_KIB} KiB: ok`,
    );
  });

  it('says OVER past the budget, and refuses a build without a manifest', () => {
    expect(firstLoadLine({ page: '/apply', files: [], bytes: 0, brotliBytes: 121 * 1024, kib: 121 })).toMatch(/budget 120 KiB: OVER$/);
    expect(() => measureFirstLoad(dir)).toThrow(/no build manifest/);
  });
});
