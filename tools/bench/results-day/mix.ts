/** One recorded request of the results-day mix (mix.json, written by record.ts). */
export type MixStep = {
  /** Milliseconds since the previous request of the recording (the person's think time). */
  gapMs: number;
  method: string;
  /** Path and query on the gateway, e.g. `/api/courses?q=computer&p=1`. */
  path: string;
  /** JSON body as the web app sent it. */
  json?: unknown;
  /** A multipart document upload (POST /api/file/upload) of this document type. */
  upload?: { documentType: string };
  /** The status the recording got. */
  recordedStatus?: number;
  /** Values of the recorded answer that later requests carry: an upload's file token, an application's hash. */
  answers?: { token?: string; hash?: string };
};

export type Mix = { recordedFrom: string; steps: MixStep[] };

/** The recorded applicant: the replay swaps these for a person of its own per journey. */
export const MARKERS = { NAME1: 'Amara', NAME2: 'Recordedapplicant', EMAIL: 'recorded.applicant@example.com' } as const;

/**
 * The route a request counts under in the figures: its method and path with the variable parts
 * named (`GET /api/courses/:code`), or `page` for a document load.
 */
export function routeOf(step: Pick<MixStep, 'method' | 'path'>): string {
  const p = step.path.replace(/\?.*/, '');
  if (!p.startsWith('/api/')) return 'GET page';
  const named = p
    .replace(/^\/api\/courses\/[^/]+$/, '/api/courses/:code')
    .replace(/^\/api\/apply\/[^/]+\/assess$/, '/api/apply/:code/assess')
    .replace(/^\/api\/apply\/[^/]+$/, '/api/apply/:code')
    .replace(/^\/api\/applications\/[^/]+\/applied$/, '/api/applications/:code/applied')
    .replace(/^\/api\/applications\/[^/]+$/, '/api/applications/:hash');
  return `${step.method} ${named}`;
}
