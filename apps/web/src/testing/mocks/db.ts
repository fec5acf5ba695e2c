import type { ClearingStatusResponse, CourseData } from '@clearing-desk/contracts';
import { createCourse } from '@clearing-desk/contracts/testing';

/** In-memory data behind the msw handlers; reset after every test (setup-tests.ts). */
type MockDb = {
  courses: CourseData[];
  clearingStatus: ClearingStatusResponse;
  pingState: 0 | 1;
};

const initialDb = (): MockDb => ({
  courses: [createCourse()],
  clearingStatus: { state: 1, closing_message: null },
  pingState: 1,
});

export const db: MockDb = initialDb();

export function resetDb(): void {
  Object.assign(db, initialDb());
}

/** Replaces the course catalogue. */
export function seedCourses(courses: CourseData[]): void {
  db.courses = courses;
}

/** Sets the clearing state that both GET /api/admin/status and GET /api/ping report. */
export function setClearingStatus(status: ClearingStatusResponse): void {
  db.clearingStatus = status;
  db.pingState = status.state;
}
