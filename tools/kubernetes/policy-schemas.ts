import { z } from 'zod';

const metadata = z.object({
  name: z.string().min(1),
  namespace: z.string().optional(),
  labels: z.record(z.string(), z.string()).optional(),
  annotations: z.record(z.string(), z.string()).optional(),
});
/** An nginx size (`client_max_body_size`): up to 4 digits and k, m or g. */
const size = z.string().regex(/^\d{1,4}(k|m|g)?$/);
/** An nginx duration: up to 4 digits and ms, s, m or h. */
const duration = z.string().regex(/^[0-9]{1,4}(ms|s|m|h)?$/);

/**
 * NGINX Gateway Fabric's ClientSettingsPolicy (gateway.nginx.org/v1alpha1), written here from its
 * documented API for the fields the manifests may use (the body limit and timeout, the keep-alive
 * settings, the target), strict so a misspelt field is an error: no npm package carries its CRD,
 * and validation must work offline.
 */
const clientSettingsPolicy = z
  .object({
    apiVersion: z.literal('gateway.nginx.org/v1alpha1'),
    kind: z.literal('ClientSettingsPolicy'),
    metadata,
    spec: z
      .object({
        targetRef: z
          .object({ group: z.literal('gateway.networking.k8s.io'), kind: z.enum(['Gateway', 'HTTPRoute', 'GRPCRoute']), name: z.string().min(1).max(253) })
          .strict(),
        body: z.object({ maxSize: size.optional(), timeout: duration.optional() }).strict().optional(),
        keepAlive: z
          .object({
            requests: z.number().int().min(0).optional(),
            time: duration.optional(),
            minTimeout: duration.optional(),
            timeout: z.object({ server: duration.optional(), header: duration.optional() }).strict().optional(),
          })
          .strict()
          .optional(),
      })
      .strict(),
  })
  .strict();

/** Schemas of custom resources no kubernetes-models package covers, by `apiVersion/kind`. */
export const POLICY_SCHEMAS: Record<string, z.ZodType> = {
  'gateway.nginx.org/v1alpha1/ClientSettingsPolicy': clientSettingsPolicy,
};
