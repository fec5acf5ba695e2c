import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';
import { POLICY_SCHEMAS } from './policy-schemas';

/** Repository root (this file is tools/kubernetes/manifests.ts). */
const REPO_ROOT = path.resolve(__dirname, '../..');
/** deploy/kubernetes: `base/` and one folder per overlay under `overlays/`. */
export const KUBERNETES_DIR = path.join(REPO_ROOT, 'deploy/kubernetes');

/** One object of a rendered kustomization, as YAML gives it. */
export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  // Kinds differ below metadata; tests narrow with the kubernetes-models interfaces.
  [field: string]: unknown;
};

/** `base` and every `overlays/<name>` (the kustomizations `npm test` renders), relative to KUBERNETES_DIR. */
export function kustomizations(): string[] {
  const overlays = path.join(KUBERNETES_DIR, 'overlays');
  const names = readdirSync(overlays).filter((name) => statSync(path.join(overlays, name)).isDirectory());
  return ['base', ...names.sort().map((name) => `overlays/${name}`)];
}

/**
 * Renders a kustomization with `kubectl kustomize` (kustomize v5 inside kubectl; no cluster is
 * asked) and parses the YAML stream.
 * @throws Error with kubectl's message when it cannot render (a missing file, a bad patch), or
 * when kubectl is missing.
 */
export async function renderKustomization(dir: string): Promise<Manifest[]> {
  const absolute = path.resolve(KUBERNETES_DIR, dir);
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)('kubectl', ['kustomize', absolute], { maxBuffer: 32 * 1024 * 1024 }));
  } catch (err) {
    const { code, stderr } = err as { code?: string | number; stderr?: string };
    if (code === 'ENOENT') throw new Error('kubectl is not installed: it renders the kustomizations (kubectl kustomize) and is needed by this check');
    throw new Error(`kubectl kustomize ${dir} failed: ${stderr?.trim() || String(err)}`);
  }
  return parseAllDocuments(stdout)
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`kubectl kustomize ${dir} printed invalid YAML: ${doc.errors[0]?.message}`);
      return doc.toJS() as Manifest | null;
    })
    .filter((doc): doc is Manifest => doc !== null);
}

/** `Kind/name` of an object, for messages. */
export const describe = (object: Manifest): string => `${object.kind}/${object.metadata?.name ?? '(no name)'}`;

const requireModel = createRequire(__filename);
/** An npm package's folder: the models are ES modules exported for `import` only, loaded by file. */
const packageDir = (name: string) =>
  requireModel.resolve
    .paths(name)
    ?.map((dir) => path.join(dir, name))
    .find((dir) => existsSync(path.join(dir, 'package.json')));
const modelsDir = packageDir('kubernetes-models');

/**
 * The custom resources the manifests use, with the package that carries their CRD schemas (the
 * kubernetes-models family, generated from each project's CRDs; pinned in package-lock.json, so
 * validation needs no network): the Prometheus Operator's PrometheusRule, the Gateway API's routes.
 */
const CRD_PACKAGES: Record<string, string> = {
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
  'gateway.networking.k8s.io': '@kubernetes-models/gateway-api',
};
const crdPackage = (apiVersion: string): string | undefined => (apiVersion.includes('/') ? CRD_PACKAGES[apiVersion.split('/')[0] as string] : undefined);
/** A real `import()` (SWC under Jest would turn one written here into `require()`, which cannot load these ES modules under tsx). */
const importModel = new Function('url', 'return import(url)') as (url: string) => Promise<Record<string, unknown>>;

/** The models module of a kind, e.g. `kubernetes-models/apps/v1/Deployment` (its types, for the unknown-field check). */
const modelModule = (object: Pick<Manifest, 'apiVersion' | 'kind'>) =>
  `${crdPackage(object.apiVersion) ?? 'kubernetes-models'}/${object.apiVersion}/${object.kind}`;

/**
 * Validates one object against the OpenAPI schema of its apiVersion and kind (the
 * `kubernetes-models` 5 release, and CRD_PACKAGES for the custom resources: types, required
 * fields, formats, enums; POLICY_SCHEMAS for the few no package carries). Returns the problems, empty when valid; an apiVersion/kind without a schema is one.
 */
export async function schemaProblems(object: Manifest): Promise<string[]> {
  if (typeof object.apiVersion !== 'string' || typeof object.kind !== 'string') return [`${describe(object)}: apiVersion and kind are required`];
  const own = POLICY_SCHEMAS[`${object.apiVersion}/${object.kind}`];
  if (own) {
    const result = own.safeParse(object);
    return result.success ? [] : result.error.issues.map((i) => `${describe(object)}: ${i.path.join('.')}: ${i.message}`);
  }
  let Model: new (data: unknown) => { validate(): void };
  try {
    const crd = crdPackage(object.apiVersion);
    const dir = crd ? packageDir(crd) : modelsDir;
    if (!dir) throw new Error(`${crd ?? 'kubernetes-models'} is not installed`);
    Model = (
      (await importModel(pathToFileURL(path.join(dir, `${object.apiVersion}/${object.kind}.js`)).href)) as Record<
        string,
        new (data: unknown) => { validate(): void }
      >
    )[object.kind] as typeof Model;
  } catch {
    return [`${describe(object)}: no Kubernetes schema for ${object.apiVersion} ${object.kind}`];
  }
  try {
    new Model(object).validate();
    return [];
  } catch (err) {
    return [`${describe(object)}: ${err instanceof Error ? err.message : String(err)}`];
  }
}

/**
 * The check the JSON schemas leave out (they allow any extra property): every field of every
 * object must be one its Kubernetes type declares, so a misspelt `readinesProbe` or `limit:` is
 * an error instead of a probe or limit silently missing. The objects are written as typed
 * literals of the kubernetes-models interfaces and type-checked with TypeScript's excess-property
 * check. Returns the problems, empty when every field is known.
 */
export function unknownFieldProblems(objects: Manifest[]): string[] {
  const fileName = path.join(__dirname, '__rendered-manifests__.ts');
  const lines: string[] = [];
  const owners: { from: number; object: Manifest }[] = [];
  objects.forEach((object, i) => {
    const type = `I${object.kind}`;
    lines.push(`import type { ${type} as T${i} } from '${modelModule(object)}';`);
  });
  objects.forEach((object, i) => {
    owners.push({ from: lines.length, object });
    lines.push(...`export const object${i}: T${i} = ${JSON.stringify(object, null, 2)};`.split('\n'));
  });
  const source = lines.join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    types: [],
    // The models need only ES5's types; without the DOM library the check takes a second, not ten.
    lib: ['lib.es5.d.ts'],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, languageVersion, ...rest) =>
    name === fileName ? ts.createSourceFile(name, source, languageVersion) : getSourceFile(name, languageVersion, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === fileName || fileExists(name);
  const program = ts.createProgram([fileName], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (diagnostic.file?.fileName !== fileName || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const owner = [...owners].reverse().find((o) => o.from <= line);
    return `${owner ? describe(owner.object) : 'imports'}: ${message} (${(lines[line] ?? '').trim()})`;
  });
}

/** Schema and unknown-field problems of every object of a rendered kustomization. */
export async function manifestProblems(objects: Manifest[]): Promise<string[]> {
  const schema = await Promise.all(objects.map(schemaProblems));
  // Objects of POLICY_SCHEMAS were checked field by field (strict) already.
  const modelled = objects.filter(
    (object, i) => !schema[i]?.some((problem) => problem.includes('no Kubernetes schema')) && !POLICY_SCHEMAS[`${object.apiVersion}/${object.kind}`],
  );
  return [...schema.flat(), ...unknownFieldProblems(modelled)];
}
