import type { Access, CourseDetailResponse, StudentSearchRow } from '@clearing-desk/contracts';
import { useOutletContext } from 'react-router-dom';

/** What the /apply/:ucasCode wrapper hands its child pages once the course has loaded. */
export type CourseOutletContext = {
  detail: CourseDetailResponse;
  /** The signed-in user's role on the course (from GET /api/admin/courses/{id}); null for the public. */
  access: Access;
  /** coursePageState(...).canApply */
  canApply: boolean;
  /** The course takes applications (contracts' isCourseOpen; staffCourseClosedCode for an adviser): the form may be opened. */
  canStart: boolean;
  /** A signed-in adviser taking the application by phone: the student chosen in the student search; null for the public. */
  staffApplication?: { student: StudentSearchRow | null; setStudent: (student: StudentSearchRow | null) => void } | null;
};

export const useCourseContext = () => useOutletContext<CourseOutletContext>();
