import {
  applyResponseSchema,
  staffUpdateResponseSchema,
  versionEtag,
  type ApplyResponse,
  type StaffCreateSubmission,
  type StaffUpdateResponse,
  type StaffUpdateSubmission,
} from '@clearing-desk/contracts';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/**
 * POST /api/admin/applications/{student}/{course} (spec section 7): an adviser takes an
 * application by phone, for a new student (NEW_STUDENT) or one chosen in the student search, with
 * a status their role allows; allowed while Clearing is closed. Same answer as the public
 * submission; 409 with the duplicate text, COURSE_CLOSED or COURSE_SUSPENDED, 403 without the
 * permission.
 */
export const createDeskApplication = (studentId: string, ucasCode: string, submission: StaffCreateSubmission): Promise<ApplyResponse> =>
  api.post(apiPaths.deskApplication(studentId, ucasCode), submission, applyResponseSchema);

/**
 * PUT /api/admin/applications/{student}/{course} (spec section 7): the changed form with the
 * chosen STATUS, `If-Match` with the version the screen read (the GET's ETag). 409 with
 * DESK_MESSAGES.VERSION_CONFLICT when someone saved in between (nothing is
 * overwritten), 403 when the user may not edit it or set that status.
 */
export const updateDeskApplication = (
  studentId: string,
  ucasCode: string,
  submission: StaffUpdateSubmission,
  version: number | null,
): Promise<StaffUpdateResponse> =>
  api.put(apiPaths.deskApplication(studentId, ucasCode), submission, staffUpdateResponseSchema, {
    headers: version === null ? {} : { 'If-Match': versionEtag(version) },
  });
