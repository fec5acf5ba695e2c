import path from 'node:path';
import { buildStackBundles } from './stack-bundles';

/**
 * `node --import tsx tools/images/build-stack.ts [folder]`: compiles the apps and the launcher
 * that `npm start` runs (stack-bundles.ts; tools/scripts/start.mjs calls it when sources changed).
 */
const started = Date.now();
buildStackBundles(process.argv[2] ? path.resolve(process.argv[2]) : undefined)
  .then(() => console.log(`Compiled the apps for npm start in ${((Date.now() - started) / 1000).toFixed(1)} s`))
  .catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
