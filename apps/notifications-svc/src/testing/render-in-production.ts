import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DecisionEmailPayload } from '@clearing-desk/contracts';
import { renderDecisionEmail, type RenderContext } from '../sending/render-email';

/**
 * A child process of render-production.test.ts, started as production starts the app (NODE_ENV
 * from its environment): reads `{ payloads, ctx }` as JSON on stdin, renders each decision email
 * with renderDecisionEmail and prints `{ emails, reactBuilds }` as JSON: the emails, and the
 * React and React DOM files Node loaded (`react/cjs/react.production.js`, …) to tell which build
 * rendered them.
 */
async function main() {
  const { payloads, ctx } = JSON.parse(readFileSync(0, 'utf8')) as { payloads: DecisionEmailPayload[]; ctx: RenderContext };
  const emails = [];
  for (const payload of payloads) emails.push(await renderDecisionEmail(payload, ctx));
  const loaded = Object.keys(createRequire(path.join(process.cwd(), 'index.js')).cache);
  const reactBuilds = loaded
    .map((file) => /node_modules\/(react(?:-dom)?\/cjs\/[^/]+\.js)$/.exec(file)?.[1])
    .filter((file): file is string => Boolean(file))
    .sort();
  process.stdout.write(JSON.stringify({ emails, reactBuilds }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
