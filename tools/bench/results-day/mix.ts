import { API_ROUTES, isWebPage } from '@clearing-desk/contracts';

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

/** Each public route of API_ROUTES with a pattern matching its filled paths. */
const DECLARED = Object.values(API_ROUTES).map((r) => ({
  ...r,
  pattern: new RegExp(`^${r.path.replace(/[.]/g, '\\.').replace(/:\w+/g, '[^/]+')}$`),
}));

/**
 * The route a request counts under in the figures: its method and its declared path template in
 * API_ROUTES (`GET /api/courses/:id`), or `GET page` for a document load.
 */
export function routeOf(step: Pick<MixStep, 'method' | 'path'>): string {
  const p = step.path.replace(/\?.*/, '');
  const route = DECLARED.find((r) => r.method === step.method && r.pattern.test(p));
  if (route) return `${route.method} ${route.path}`;
  return step.method === 'GET' && isWebPage(p) ? 'GET page' : `${step.method} ${p}`;
}
