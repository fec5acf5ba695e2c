import { presenceResponseSchema, type PresenceResponse } from '@clearing-desk/contracts';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/**
 * PUT /api/admin/applications/{student}/{course}/presence: opens the application for the user, or
 * keeps it open (the form's heartbeat), or with `takeOver` claims it from the adviser who has it.
 * Answers who holds it after the call, whether that is the user, and when to call again.
 */
export const claimPresence = (studentId: string, ucasCode: string, takeOver = false): Promise<PresenceResponse> =>
  api.put(apiPaths.deskPresence(studentId, ucasCode), { take_over: takeOver }, presenceResponseSchema);

/**
 * DELETE .../presence: the user closed the application (or recorded its outcome); others may now
 * save it, and a 'Next call' item of theirs on it not closed returns to the queue. `keepalive`
 * lets it go out as the tab closes.
 */
export const releasePresence = (studentId: string, ucasCode: string, keepalive = false): Promise<PresenceResponse> =>
  api.delete(apiPaths.deskPresence(studentId, ucasCode), presenceResponseSchema, { keepalive });
