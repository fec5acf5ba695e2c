import {
  eventApiKeyIssuedSchema,
  eventApiKeyListSchema,
  eventApiKeySchema,
  type EventApiKey,
  type EventApiKeyCreate,
  type EventApiKeyIssued,
  type EventApiKeyList,
} from '@clearing-desk/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META } from '@/lib/auth';

/** Query keys of the API keys (general to specific). */
export const eventApiKeysKeys = {
  all: ['event-api-keys'] as const,
  list: () => [...eventApiKeysKeys.all, 'list'] as const,
};

/** GET /api/admin/event-keys: every key, newest first, never a secret (Administrators only). */
export const getEventApiKeys = (signal?: AbortSignal): Promise<EventApiKeyList> => api.get(apiPaths.adminEventKeys(), eventApiKeyListSchema, { signal });

export const useEventApiKeys = () =>
  useQuery(queryOptions({ queryKey: eventApiKeysKeys.list(), queryFn: ({ signal }) => getEventApiKeys(signal), staleTime: 0, meta: STAFF_QUERY_META }));

/** POST /api/admin/event-keys: `{ data: { name, eventTypes }, token }`; answers the key with its secret, once. */
export const issueEventApiKey = (request: EventApiKeyCreate): Promise<EventApiKeyIssued> =>
  api.post(apiPaths.adminEventKeyCreate(), request, eventApiKeyIssuedSchema);

export const useIssueEventApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueEventApiKey,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: eventApiKeysKeys.list() }),
  });
};

/** POST /api/admin/event-keys/:id/revoke: the revoked key replaces its row. */
export const revokeEventApiKey = (id: string): Promise<EventApiKey> => api.post(apiPaths.adminEventKeyRevoke(id), {}, eventApiKeySchema);

export const useRevokeEventApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeEventApiKey,
    onSuccess: (revoked) =>
      queryClient.setQueryData<EventApiKeyList>(eventApiKeysKeys.list(), (list) => list && { keys: list.keys.map((k) => (k.id === revoked.id ? revoked : k)) }),
  });
};
