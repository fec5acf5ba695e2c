import { displayCourseCode, type CourseRow } from '@clearing-desk/contracts';
import { Table, type TableColumn } from '@clearing-desk/ui';
import { COURSE_TEXTS } from '../texts';
import { CourseAction } from './course-action';
import { CourseTariff } from './course-tariff';

const columns: TableColumn<CourseRow>[] = [
  {
    id: 'course',
    header: 'Course',
    cell: (course) => (
      <>
        <span className="cd-course-title">{course.COURSE_TITLE}</span> <span>{course.QUALIFICATION}</span>
      </>
    ),
  },
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
  { id: 'action', header: 'Action', headerHidden: true, cell: (course) => <CourseAction course={course} /> },
];

/** Search results: one row per course with its Apply / Closed / Check back later control. */
export function CourseResults({ rows }: { rows: readonly CourseRow[] }) {
  if (rows.length === 0) return <p className="cd-body cd-no-results">{COURSE_TEXTS.NO_RESULTS}</p>;
  return (
    <div className="cd-table-container">
      <Table
        caption={COURSE_TEXTS.RESULTS_CAPTION}
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(course) => course.UCAS_CODE}
        className="cd-course-results"
      />
    </div>
  );
}
