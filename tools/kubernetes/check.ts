import path from 'node:path';
import { kustomizations, KUBERNETES_DIR, manifestProblems, renderKustomization } from './manifests';

/**
 * `npx tsx tools/kubernetes/check.ts [kustomization folder ...]`: renders each folder (default:
 * deploy/kubernetes/base and every overlay) with `kubectl kustomize` and validates every object
 * offline against the Kubernetes schemas, unknown fields included. Prints one line per folder;
 * exits 1 when anything is invalid. A site runs it on its own overlay before applying it.
 */
async function main() {
  const args = process.argv.slice(2);
  const dirs = args.length > 0 ? args.map((arg) => path.resolve(arg)) : kustomizations().map((dir) => path.join(KUBERNETES_DIR, dir));
  let failed = false;
  for (const dir of dirs) {
    const objects = await renderKustomization(dir);
    const problems = await manifestProblems(objects);
    const shown = path.relative(process.cwd(), dir) || '.';
    if (problems.length === 0) console.log(`${shown}: ${objects.length} objects valid`);
    else {
      failed = true;
      console.log(`${shown}: ${problems.length} problems\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    }
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
