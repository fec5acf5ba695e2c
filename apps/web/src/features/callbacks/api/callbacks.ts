import {
  callbackBookingSchema,
  callbackCapacityAnswerSchema,
  callbackSlotsResponseSchema,
  type CallbackBooking,
  type CallbackCapacity,
  type CallbackSlotsResponse,
} from '@clearing-desk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

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
