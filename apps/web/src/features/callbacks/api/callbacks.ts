import {
  API_ROUTES,
  basePrefix,
  callbackBookingSchema,
  callbackCapacityAnswerSchema,
  callbackRequestBookedSchema,
  callbackRequestPageSchema,
  callbackSlotsResponseSchema,
  fillPath,
  type CallbackBooking,
  type CallbackCapacity,
  type CallbackRequest,
  type CallbackRequestBooked,
  type CallbackSlotsResponse,
} from '@clearing-desk/contracts';
import { useMutation, useQuery, useQueryClient, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import { BASE_URL } from '@/config/base-path';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/**
 * The course page's and the private link's URLs, built here rather than in config/paths (whose
 * module is in /apply's first load): this module is loaded only with the booking screens.
 */
const requestPaths = {
  free: () => `${basePrefix(BASE_URL)}${fillPath(API_ROUTES.callbackFreeSlots.path)}`,
  book: () => `${basePrefix(BASE_URL)}${fillPath(API_ROUTES.callbackRequestBook.path)}`,
  byToken: (token: string) => `${basePrefix(BASE_URL)}${fillPath(API_ROUTES.callbackRequest.path, { token })}`,
};

const key = (hash: string) => ['callback', hash] as const;

/** GET /api/applications/{hash}/callback: the free slots and the applicant's booked call. */
export const getCallbackSlots = (hash: string): Promise<CallbackSlotsResponse> => api.get(apiPaths.callback(hash), callbackSlotsResponseSchema);

export const useCallbackSlots = (hash: string) => useQuery({ queryKey: key(hash), queryFn: () => getCallbackSlots(hash) });

/** PUT /api/applications/{hash}/callback `{ data: { START }, token }`: books or moves the call; 409 when the slot has just been taken. */
export const useBookCallback = (hash: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (START: string): Promise<CallbackBooking> => api.put(apiPaths.callback(hash), { START }, callbackBookingSchema),
    onSettled: () => client.invalidateQueries({ queryKey: key(hash) }),
  });
};

/** DELETE /api/applications/{hash}/callback: cancels the call and answers the free slots again. */
export const useCancelCallback = (hash: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<CallbackSlotsResponse> => api.delete(apiPaths.callback(hash), callbackSlotsResponseSchema),
    onSuccess: (answer) => client.setQueryData(key(hash), answer),
  });
};

/** The booking panel's queries and mutations, from the status page (by hash) or a private link (by token): one screen for both. */
export type CallbackBookingSource = {
  query: UseQueryResult<CallbackSlotsResponse>;
  book: UseMutationResult<CallbackBooking, Error, string>;
  cancel: UseMutationResult<CallbackSlotsResponse, Error, void>;
};

/** GET /api/callbacks: the free slots for someone who has not applied (the course page). */
export const useFreeCallbackSlots = () => useQuery({ queryKey: ['callback-free'], queryFn: () => api.get(requestPaths.free(), callbackSlotsResponseSchema) });

/** POST /api/callbacks `{ data: { NAME, TEL, EMAIL, UCAS_CODE, START }, token }`: books a call; 201 with the private link's token, 409 when just taken. */
export const useBookCallbackRequest = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: CallbackRequest): Promise<CallbackRequestBooked> => api.post(requestPaths.book(), request, callbackRequestBookedSchema),
    onSettled: () => client.invalidateQueries({ queryKey: ['callback-free'] }),
  });
};

const requestKey = (token: string) => ['callback-request', token] as const;

/** GET /api/callbacks/{token}: the private link's booked call and the free slots. */
export const useCallbackRequest = (token: string) =>
  useQuery({ queryKey: requestKey(token), queryFn: () => api.get(requestPaths.byToken(token), callbackRequestPageSchema) });

/** The private link's booking panel: PUT (move, or book again) and DELETE (cancel) /api/callbacks/{token}. */
export const useCallbackRequestSource = (token: string): CallbackBookingSource => {
  const client = useQueryClient();
  const query = useCallbackRequest(token);
  const book = useMutation({
    mutationFn: (START: string): Promise<CallbackBooking> => api.put(requestPaths.byToken(token), { START }, callbackBookingSchema),
    onSettled: () => client.invalidateQueries({ queryKey: requestKey(token) }),
  });
  const cancel = useMutation({
    mutationFn: (): Promise<CallbackSlotsResponse> => api.delete(requestPaths.byToken(token), callbackRequestPageSchema),
    onSuccess: (answer) => client.setQueryData(requestKey(token), answer),
  });
  return { query, book, cancel };
};

/** GET /api/admin/callback-capacity: advisers on shift per hour, and the days to show from the service's today (Administrator). */
export const useCallbackCapacity = () =>
  useQuery({ queryKey: ['callback-capacity'], queryFn: () => api.get(apiPaths.deskCallbackCapacity(), callbackCapacityAnswerSchema) });

/** PUT /api/admin/callback-capacity `{ data: { rows }, token }`: sets the hours given. */
export const useSaveCallbackCapacity = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (capacity: CallbackCapacity) => api.put(apiPaths.deskCallbackCapacity(), capacity, callbackCapacityAnswerSchema),
    onSuccess: (answer) => client.setQueryData(['callback-capacity'], answer),
  });
};
