import { createService } from '@clearing-desk/service-kit';
import type { FilesConfig } from './config';

/** Builds files-svc (document uploads and virus scanning (issue 5)) without listening. */
export async function buildApp(config: FilesConfig) {
  const app = createService({ name: 'files-svc', logLevel: config.LOG_LEVEL, internalToken: config.INTERNAL_TOKEN });
  return app;
}
