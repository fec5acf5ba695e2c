import { APPLY_MESSAGES } from '@clearing-desk/contracts';
import { WarningText } from '@clearing-desk/ui';
import { useApplicationForm } from './application-form-provider';

/**
 * Spec section 2: a warning when the course has no vacancies and one when it is suspended, from
 * the course data or a COURSE_CLOSED / COURSE_SUSPENDED answer (spec sections 4 and 8).
 */
export function CourseAvailabilityWarnings() {
  const { hasVacancies, suspended } = useApplicationForm();
  if (hasVacancies && !suspended) return null;
  return (
    <div role="alert">
      {!hasVacancies && <WarningText>{APPLY_MESSAGES.COURSE_CLOSED}</WarningText>}
      {suspended && <WarningText>{APPLY_MESSAGES.COURSE_SUSPENDED}</WarningText>}
    </div>
  );
}
