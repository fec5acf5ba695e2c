import { useParams } from 'react-router-dom';
import { CourseControl } from '@/features/course-control/components/course-control';

/** /staff/courses/{code}: course control; the page says so when the user may not edit the course. */
export function CourseControlRoute() {
  const { ucasCode = '' } = useParams();
  return <CourseControl key={ucasCode} ucasCode={ucasCode} />;
}

export { CourseControlRoute as Component };
