import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A text picture of libs/contracts' folder imports, against the layers of eslint.config.mjs
 * (CONTRACTS_LAYERS, bottom first): which folder imports which and how often, how many imports run
 * back up (a folder importing a layer above its own: lint refuses them), and how many import
 * cycles there are, between folders and between files. Tests (`*.test.ts`) are left out: lint lets
 * them import any layer. Run `npx tsx tools/lint/contracts-imports.ts`; `contracts-imports.test.ts`
 * holds the counts at 0.
 */

const REPO_ROOT = path.resolve(__dirname, '../..');
const CONTRACTS_SRC = path.join(REPO_ROOT, 'libs/contracts/src');

/** One relative import of a contracts module: the importing file and the file it resolves to (repo-relative). */
export type ContractsImport = { from: string; to: string };

/** What `contractsImports` found: the folders' layers, the imports between folders, those that run up, and the cycles. */
export type ContractsImportPicture = {
  layers: string[][];
  /** Imports from one folder to another (`from` → `to`: count), most first. */
  edges: { from: string; to: string; count: number }[];
  /** Imports whose target folder is in a layer above the importer's. */
  upward: ContractsImport[];
  /** Folders that import each other round a loop (strongly connected, two or more). */
  folderCycles: string[][];
  /** Files that import each other round a loop. */
  fileCycles: string[][];
  files: number;
  imports: number;
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });

/** The file a relative specifier names (TypeScript's resolution of './x': x.ts, x.tsx, x/index.ts), or null. */
function resolveRelative(fromFile: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The module specifiers of every import, re-export and dynamic import in a file's text (type-only ones included). */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]/g)) found.push(m[1] ?? '');
  for (const m of text.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) found.push(m[1] ?? '');
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1] ?? '');
  return found;
}

/** The top folder of a contracts file ('' for a file directly in src, like index.ts). */
const folderOf = (file: string): string => {
  const parts = path.relative(CONTRACTS_SRC, file).split(path.sep);
  return parts.length > 1 ? (parts[0] ?? '') : '';
};

/** Tarjan's strongly connected components of a graph; answers those of two or more nodes. */
function cycles(nodes: string[], next: (node: string) => Iterable<string>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, order.get(w) ?? 0));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      for (let w = stack.pop(); w !== undefined; w = stack.pop()) {
        onStack.delete(w);
        component.push(w);
        if (w === v) break;
      }
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of nodes) if (!order.has(v)) visit(v);
  return found;
}

/** Reads libs/contracts/src and answers its picture against `layers` (CONTRACTS_LAYERS, bottom first). */
export function contractsImports(layers: string[][]): ContractsImportPicture {
  const layerOf = new Map(layers.flatMap((layer, i) => layer.map((folder) => [folder, i] as const)));
  const files = sourceFiles(CONTRACTS_SRC);
  const rel = (file: string) => path.relative(REPO_ROOT, file);
  const imports: ContractsImport[] = [];
  const fileGraph = new Map<string, Set<string>>(files.map((f) => [rel(f), new Set<string>()]));
  for (const file of files) {
    for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = resolveRelative(file, specifier);
      if (!target || !target.startsWith(CONTRACTS_SRC)) continue;
      imports.push({ from: rel(file), to: rel(target) });
      fileGraph.get(rel(file))?.add(rel(target));
    }
  }
  const folder = (repoPath: string) => folderOf(path.join(REPO_ROOT, repoPath));
  const counts = new Map<string, number>();
  const folderGraph = new Map<string, Set<string>>();
  const upward: ContractsImport[] = [];
  for (const i of imports) {
    const [from, to] = [folder(i.from), folder(i.to)];
    if (from === to) continue;
    counts.set(`${from}\t${to}`, (counts.get(`${from}\t${to}`) ?? 0) + 1);
    folderGraph.set(from, (folderGraph.get(from) ?? new Set()).add(to));
    // The package entry (src/index.ts) sits above every layer; a folder importing it runs up.
    const fromLayer = from === '' ? layers.length : (layerOf.get(from) ?? -1);
    const toLayer = to === '' ? layers.length : (layerOf.get(to) ?? -1);
    if (toLayer > fromLayer) upward.push(i);
  }
  const edges = [...counts]
    .map(([key, count]) => {
      const [from = '', to = ''] = key.split('\t');
      return { from, to, count };
    })
    .sort((a, b) => b.count - a.count || a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  return {
    layers,
    edges,
    upward,
    folderCycles: cycles([...folderGraph.keys()], (f) => folderGraph.get(f) ?? []),
    fileCycles: cycles([...fileGraph.keys()], (f) => fileGraph.get(f) ?? []),
    files: files.length,
    imports: imports.length,
  };
}

/** The picture as text: the layers top first, each folder's imports of other folders, then the counts. */
export function describeContractsImports(picture: ContractsImportPicture): string {
  const lines = [`libs/contracts/src: ${picture.files} files (tests left out), ${picture.imports} relative imports`, '', 'Layers (top first):'];
  picture.layers
    .map((layer, i) => `  ${i + 1}. ${layer.join(', ')}`)
    .reverse()
    .forEach((line) => lines.push(line));
  lines.push('', 'Folder imports (importer -> imported: imports), top layer first:');
  const layerIndex = new Map(picture.layers.flatMap((layer, i) => layer.map((f) => [f, i] as const)));
  const importers = [...new Set(picture.edges.map((e) => e.from))].sort(
    (a, b) => (layerIndex.get(b) ?? picture.layers.length) - (layerIndex.get(a) ?? picture.layers.length) || a.localeCompare(b),
  );
  for (const from of importers) {
    const targets = picture.edges.filter((e) => e.from === from).map((e) => `${e.to || 'index.ts'} ${e.count}`);
    lines.push(`  ${from || 'index.ts'} -> ${targets.join(', ')}`);
  }
  lines.push('', `Imports that run back up a layer: ${picture.upward.length}`);
  for (const i of picture.upward) lines.push(`  ${i.from} -> ${i.to}`);
  lines.push(`Folder cycles: ${picture.folderCycles.length}`);
  for (const c of picture.folderCycles) lines.push(`  ${c.join(' <-> ')}`);
  lines.push(`File cycles: ${picture.fileCycles.length}`);
  for (const c of picture.fileCycles) lines.push(`  ${c.join(' <-> ')}`);
  return lines.join('\n');
}

/** CONTRACTS_LAYERS as eslint.config.mjs declares them (the one list lint and this picture read). */
export async function contractsLayers(): Promise<string[][]> {
  const config = (await import(pathToFileURL(path.join(REPO_ROOT, 'eslint.config.mjs')).href)) as { CONTRACTS_LAYERS: string[][] };
  return config.CONTRACTS_LAYERS;
}

if (require.main === module) {
  void contractsLayers().then((layers) => {
    process.stdout.write(`${describeContractsImports(contractsImports(layers))}\n`);
  });
}
