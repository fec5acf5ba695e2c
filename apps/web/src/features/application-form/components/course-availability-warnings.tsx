import { APPLY_MESSAGES, hasInternalPlaces, PLACES_MESSAGES } from '@clearing-desk/contracts';
import { WarningText } from '@clearing-desk/ui';
import { useApplicationForm } from './application-form-provider';

/**
 * Spec section 2: a warning when the course has no vacancies and one when it is suspended, from
 * the course data or a COURSE_CLOSED / COURSE_SUSPENDED answer (spec sections 4 and 8). Staff on
 * a course whose places are all offered (no internal vacancies) are warned too, and
 * keep the form: they refer or pool the caller.
 */
export function CourseAvailabilityWarnings() {
  const { hasVacancies, suspended, staff, course } = useApplicationForm();
  const noPlaces = staff !== undefined && hasVacancies && !hasInternalPlaces(course);
  if (hasVacancies && !suspended && !noPlaces) return null;
  return (
    <div role="alert">
      {!hasVacancies && <WarningText>{APPLY_MESSAGES.COURSE_CLOSED}</WarningText>}
      {noPlaces && <WarningText>{PLACES_MESSAGES.NO_PLACES_STAFF_WARNING}</WarningText>}
      {suspended && <WarningText>{APPLY_MESSAGES.COURSE_SUSPENDED}</WarningText>}
    </div>
  );
}
