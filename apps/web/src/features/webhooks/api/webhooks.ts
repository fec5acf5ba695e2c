import {
  webhookAttemptListSchema,
  webhookEndpointIssuedSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  type WebhookAttemptList,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointIssued,
  type WebhookEndpointList,
} from '@clearing-desk/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META } from '@/lib/auth';

/** Query keys of the webhook endpoints (general to specific). */
export const webhooksKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhooksKeys.all, 'list'] as const,
  attempts: (id: string) => [...webhooksKeys.all, 'attempts', id] as const,
};

/** GET /api/admin/webhooks: the endpoints with their backlog, never a secret (Administrators only). */
export const getWebhooks = (signal?: AbortSignal): Promise<WebhookEndpointList> => api.get(apiPaths.adminWebhooks(), webhookEndpointListSchema, { signal });

export const useWebhooks = () =>
  useQuery(queryOptions({ queryKey: webhooksKeys.list(), queryFn: ({ signal }) => getWebhooks(signal), staleTime: 0, meta: STAFF_QUERY_META }));

/** GET /api/admin/webhooks/:id/attempts: the latest attempts, newest first. */
export const getWebhookAttempts = (id: string, signal?: AbortSignal): Promise<WebhookAttemptList> =>
  api.get(apiPaths.adminWebhookAttempts(id), webhookAttemptListSchema, { signal });

export const useWebhookAttempts = (id: string) =>
  useQuery(
    queryOptions({ queryKey: webhooksKeys.attempts(id), queryFn: ({ signal }) => getWebhookAttempts(id, signal), staleTime: 0, meta: STAFF_QUERY_META }),
  );

/** POST /api/admin/webhooks: `{ data: { url, eventTypes }, token }`; answers the endpoint with its secret, once. */
export const registerWebhook = (request: WebhookEndpointCreate): Promise<WebhookEndpointIssued> =>
  api.post(apiPaths.adminWebhookCreate(), request, webhookEndpointIssuedSchema);

export const useRegisterWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registerWebhook, onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksKeys.list() }) });
};

/** POST /api/admin/webhooks/:id/resume: the resumed endpoint replaces its row. */
export const resumeWebhook = (id: string): Promise<WebhookEndpoint> => api.post(apiPaths.adminWebhookResume(id), {}, webhookEndpointSchema);

export const useResumeWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeWebhook,
    onSuccess: (resumed) => {
      queryClient.setQueryData<WebhookEndpointList>(
        webhooksKeys.list(),
        (list) => list && { endpoints: list.endpoints.map((e) => (e.id === resumed.id ? resumed : e)) },
      );
      void queryClient.invalidateQueries({ queryKey: webhooksKeys.attempts(resumed.id) });
    },
  });
};
