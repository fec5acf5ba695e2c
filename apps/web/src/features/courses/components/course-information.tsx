import {
  APPLY_MESSAGES,
  displayCourseCode,
  formatLongDate,
  hasInternalPlaces,
  hasNoPlaces,
  hasNoPlacesForStaff,
  PLACES_MESSAGES,
  SECOND_YEAR_TEXTS,
  type CourseData,
} from '@clearing-desk/contracts';
import { buttonClassName, SummaryList, VisuallyHidden, WarningText } from '@clearing-desk/ui';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { COURSE_TEXTS } from '../texts';
import { CourseTariff } from './course-tariff';

type CourseInformationProps = {
  course: CourseData;
  /** coursePageState(course).canApply: not suspended, intermediary, not external. */
  canApply: boolean;
  /** Where 'Start application' leads (step 1 of the form). */
  startHref: string;
  /**
   * A signed-in adviser taking a call: a course with every place offered stays open to them
   * (staffCourseClosedCode), with the no-places warning instead of the closed text.
   */
  staff?: boolean;
};

export const courseHeading = (course: Pick<CourseData, 'COURSE_TITLE' | 'QUALIFICATION'>): string => `${course.COURSE_TITLE} ${course.QUALIFICATION}`;

/** The information page shown before the application form (spec section 2). */
export function CourseInformation({ course, canApply, startHref, staff = false }: CourseInformationProps) {
  // No external or no internal vacancies: the gateway refuses with COURSE_CLOSED, so say so here.
  // Staff: only a manager's close (no external vacancies); the places guard's leaves them the call.
  const closed = staff ? hasNoPlacesForStaff(course) : hasNoPlaces(course);
  const noPlacesForStaff = staff && !closed && !hasInternalPlaces(course);
  return (
    <article className="cd-course-information">
      <span className="cd-caption-l">{displayCourseCode(course)}</span>
      <h1 className="cd-heading-l">{courseHeading(course)}</h1>

      <SummaryList
        rows={[
          { key: 'Course code', value: displayCourseCode(course) },
          { key: 'School', value: course.SCHOOL_NAME },
          { key: 'Department', value: course.DEPT_NAME },
          { key: 'Campus', value: course.CAMPUS_NAME },
          { key: 'Start date', value: <time dateTime={course.COURSE_START_DATE}>{formatLongDate(course.COURSE_START_DATE)}</time> },
          {
            key: 'Entry requirements',
            value: (
              <span className="cd-tariff cd-tariff--page">
                <CourseTariff course={course} where="page" />
              </span>
            ),
          },
        ]}
      />

      {course.NOTES && <div className="cd-course-notes cd-body" dangerouslySetInnerHTML={{ __html: sanitizeHtml(course.NOTES) }} />}
      {course.CONSIDERATION_TEXT && <p className="cd-body">{course.CONSIDERATION_TEXT}</p>}
      {!course.ALLOW_SECOND_YEAR_ENTRY && <p className="cd-body">{SECOND_YEAR_TEXTS.FIRST_YEAR_ONLY}</p>}
      {course.URL && (
        <p className="cd-body">
          <a href={course.URL} target="_blank" rel="noopener noreferrer" className="cd-link">
            More about this course<VisuallyHidden> {COURSE_TEXTS.OPENS_IN_NEW_TAB}</VisuallyHidden>
          </a>
        </p>
      )}
      {course.FEEDBACK_TELEPHONE && (
        <p className="cd-body">
          Questions about this course? Call the Clearing team on{' '}
          <a className="cd-link" href={`tel:${course.FEEDBACK_TELEPHONE.replace(/\s+/g, '')}`}>
            {course.FEEDBACK_TELEPHONE}
          </a>
          .
        </p>
      )}

      {closed ? (
        <>
          <WarningText>{APPLY_MESSAGES.COURSE_CLOSED}</WarningText>
          {/* The closed text sends people to the open courses: give them the way there. */}
          <p className="cd-body">
            <Link className="cd-link" to={paths.apply.search.getHref()}>
              {COURSE_TEXTS.OPEN_COURSES_LINK}
            </Link>
          </p>
        </>
      ) : (
        canApply && (
          <>
            {noPlacesForStaff && <WarningText>{PLACES_MESSAGES.NO_PLACES_STAFF_WARNING}</WarningText>}
            <Link to={startHref} className={buttonClassName('primary', 'cd-button--start')}>
              {COURSE_TEXTS.START_APPLICATION}
              <span className="cd-button__start-icon" aria-hidden="true">
                {' '}
                →
              </span>
            </Link>
          </>
        )
      )}
    </article>
  );
}
