import { assessFormSchema, ERROR_CODES, errorsOfSection, type Assessment } from '@clearing-desk/contracts';
import { useEffect, useMemo } from 'react';
import { ApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { useAssessment } from '../api/assess-application';
import { useApplicationForm } from '../components/application-form-provider';
import { toAssessable } from '../utils/form-values';
import { useDebouncedValue } from './use-debounced-value';

/** Wait this long after the last change before assessing again. */
export const ASSESS_DEBOUNCE_MS = 400;

export type FormAssessment = {
  /** The latest assessment, or null before the first one (or while the qualifications are invalid). */
  assessment: Assessment | null;
  isAssessing: boolean;
};

/**
 * Live assessment of the form (POST /api/apply/{course}/assess), debounced, only while the
 * qualification part is valid. COURSE_CLOSED / COURSE_SUSPENDED answers mark the course
 * (spec section 4). Used by the submit step and the staff feedback panel (one request for both).
 * A staff form's assessment is the signed-in user's; while its session is being renewed (401) the
 * last one stays, so the staff buttons and script stay, and a sign-in asks again for whoever
 * signed in (domain.md 'Staff sessions on results day').
 */
export function useFormAssessment(): FormAssessment {
  const { course, values, errors, dispatch, staff, lastAssessment } = useApplicationForm();
  const viewer = useUser()?.username ?? null;
  const qualificationsValid = errorsOfSection(errors, 'qualifications').length === 0;
  const assessable = useMemo(() => toAssessable(values), [values]);
  const ready = qualificationsValid && assessFormSchema.safeParse(assessable).success;
  const form = useDebouncedValue(ready ? assessable : null, ASSESS_DEBOUNCE_MS);
  const query = useAssessment(course.UCAS_CODE, ready ? form : null, staff ? viewer : undefined);
  // The last assessment a staff form had (the form's, across its steps): kept over a 401 (the session being renewed).
  const { data } = query;
  useEffect(() => {
    if (staff && data) lastAssessment.current = data;
  }, [staff, data, lastAssessment]);
  const sessionEnded = staff !== undefined && query.error instanceof ApiError && query.error.status === 401;

  const { error } = query;
  useEffect(() => {
    if (!(error instanceof ApiError) || error.status !== 409) return;
    if (error.message === ERROR_CODES.COURSE_CLOSED) dispatch({ type: 'course-unavailable', reason: 'closed' });
    if (error.message === ERROR_CODES.COURSE_SUSPENDED) dispatch({ type: 'course-unavailable', reason: 'suspended' });
  }, [error, dispatch]);

  const assessment = data ?? (sessionEnded ? lastAssessment.current : null);
  return { assessment: ready && assessment ? assessment : null, isAssessing: query.isFetching };
}
