import { canEditCourse, displayCourseCode, type CourseSearchRow } from '@clearing-desk/contracts';
import { Table, VisuallyHidden, type TableColumn } from '@clearing-desk/ui';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { COURSE_TEXTS, courseAccessText } from '../texts';
import { CourseAction } from './course-action';
import { CourseTariff } from './course-tariff';

const courseColumn = (showAccess: boolean): TableColumn<CourseSearchRow> => ({
  id: 'course',
  header: 'Course',
  cell: (course) => (
    <>
      <span className="cd-course-title">{course.COURSE_TITLE}</span> <span>{course.QUALIFICATION}</span>
      {showAccess && <span className="cd-block cd-secondary-text cd-course-access">{courseAccessText(course.access)}</span>}
      {/* Course control: only for users whose role on the course has edit-course. */}
      {showAccess && canEditCourse(course.access) && (
        <Link className="cd-block cd-link" to={paths.staffCourse.getHref(course.UCAS_CODE)}>
          Edit course<VisuallyHidden> {`${course.COURSE_TITLE} ${course.QUALIFICATION}`}</VisuallyHidden>
        </Link>
      )}
    </>
  ),
});

const otherColumns = (showAccess: boolean): TableColumn<CourseSearchRow>[] => [
  { id: 'code', header: 'Code', cell: (course) => displayCourseCode(course) },
  {
    id: 'school',
    header: 'School / department',
    cell: (course) => (
      <>
        <span className="cd-block">{course.SCHOOL_NAME}</span>
        <span className="cd-block cd-secondary-text">{course.DEPT_NAME}</span>
      </>
    ),
  },
  { id: 'campus', header: 'Campus', cell: (course) => course.CAMPUS_NAME },
  { id: 'tariff', header: 'Tariff', cell: (course) => <CourseTariff course={course} where="results" /> },
  { id: 'action', header: 'Action', headerHidden: true, cell: (course) => <CourseAction course={course} staff={showAccess} /> },
];

type CourseResultsProps = {
  rows: readonly CourseSearchRow[];
  /** Staff search: each course also shows the user's role on it ('Your role: Back Office'). */
  showAccess?: boolean;
};

/** Search results: one row per course with its Apply / Closed / Check back later control. */
export function CourseResults({ rows, showAccess = false }: CourseResultsProps) {
  if (rows.length === 0) return <p className="cd-body cd-no-results">{COURSE_TEXTS.NO_RESULTS}</p>;
  return (
    <div className="cd-table-container">
      <Table
        caption={COURSE_TEXTS.RESULTS_CAPTION}
        captionHidden
        columns={[courseColumn(showAccess), ...otherColumns(showAccess)]}
        rows={rows}
        rowKey={(course) => course.UCAS_CODE}
        className="cd-course-results"
      />
    </div>
  );
}
