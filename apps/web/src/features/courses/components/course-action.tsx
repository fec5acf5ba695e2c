import { APPLY_UNAVAILABLE_TEXTS, hasInternalPlaces, PLACES_MESSAGES, searchAction, type CourseSearchRow } from '@clearing-desk/contracts';
import { Button, buttonClassName, Tag, VisuallyHidden } from '@clearing-desk/ui';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { COURSE_TEXTS } from '../texts';

const courseName = (course: CourseSearchRow) => `${course.COURSE_TITLE} ${course.QUALIFICATION}`;

/**
 * The control of one search result (spec section 4): disabled 'Check back later', 'Closed', or
 * 'Apply' (a link when enabled: to the application, or to the external URL in a new tab).
 * Screen readers also hear the course name, since every row's control has the same text; the
 * visible text sits in its own element so it can be found exactly. In the staff search (`staff`)
 * a course whose role cannot take an application shows no Apply (its row says the role), and a
 * course with every place offered keeps its Apply with a hint that the caller is referred or
 * pooled.
 */
export function CourseAction({ course, staff = false }: { course: CourseSearchRow; staff?: boolean }) {
  const action = searchAction(course, staff ? { access: course.access } : undefined);
  if (action.kind === 'none') return null;
  const context = <VisuallyHidden> for {courseName(course)}</VisuallyHidden>;

  if (action.kind === 'check-back-later') {
    return (
      <Button variant="secondary" disabled className="cd-button--small">
        <span>{COURSE_TEXTS.CHECK_BACK_LATER}</span>
        {context}
      </Button>
    );
  }
  if (action.kind === 'closed') {
    return (
      <Tag colour="grey">
        <span>{COURSE_TEXTS.CLOSED}</span>
        {context}
      </Tag>
    );
  }
  if (!action.enabled) {
    // Why Apply is unavailable (no internal vacancies: the gateway answers COURSE_CLOSED), said beside it.
    const reasonId = `apply-unavailable-${course.UCAS_CODE}`;
    return (
      <span className="cd-course-action--unavailable">
        <Button disabled className="cd-button--small" aria-describedby={reasonId}>
          <span>{COURSE_TEXTS.APPLY}</span>
          {context}
        </Button>
        <span id={reasonId} className="cd-hint cd-course-action__reason">
          {APPLY_UNAVAILABLE_TEXTS.NO_PLACES}
        </span>
      </span>
    );
  }
  if (action.externalUrl) {
    return (
      <a href={action.externalUrl} target="_blank" rel="noopener noreferrer" className={buttonClassName('primary', 'cd-button--small')}>
        <span>{COURSE_TEXTS.APPLY}</span>
        {context}
        <VisuallyHidden> {COURSE_TEXTS.OPENS_IN_NEW_TAB}</VisuallyHidden>
      </a>
    );
  }
  const link = (describedBy?: string) => (
    <Link to={paths.apply.course.getHref(course.UCAS_CODE)} className={buttonClassName('primary', 'cd-button--small')} aria-describedby={describedBy}>
      <span>{COURSE_TEXTS.APPLY}</span>
      {context}
    </Link>
  );
  if (staff && !hasInternalPlaces(course)) {
    const hintId = `no-places-${course.UCAS_CODE}`;
    return (
      <span className="cd-course-action">
        {link(hintId)}
        <span id={hintId} className="cd-hint cd-course-action__reason">
          {PLACES_MESSAGES.NO_PLACES_STAFF_HINT}
        </span>
      </span>
    );
  }
  return link();
}
