import type { CourseDetailResponse } from '@clearing-desk/contracts';
import { useOutletContext } from 'react-router-dom';

/** What the /apply/:ucasCode wrapper hands its child pages once the course has loaded. */
export type CourseOutletContext = {
  detail: CourseDetailResponse;
  /** coursePageState(...).canApply */
  canApply: boolean;
  /** canApply and the course still has external vacancies: the form may be opened. */
  canStart: boolean;
};

export const useCourseContext = () => useOutletContext<CourseOutletContext>();
