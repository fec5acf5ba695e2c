import {
  type ApplyResponse,
  type ApplySubmission,
  COURSE_PAGE_ERRORS,
  coursePageState,
  isCourseOpen,
  staffCourseClosedCode,
  editRefusalReason,
  NEW_STUDENT,
  type StudentSearchRow,
} from '@clearing-desk/contracts';
import { Notice, Spinner } from '@clearing-desk/ui';
import { use, useCallback, useMemo, useRef, useState } from 'react';
import { Link, Navigate, Outlet, useMatch, useNavigate, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useCourse } from '@/features/courses/api/get-course';
import { COURSE_TEXTS } from '@/features/courses/texts';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/lib/auth';
import { clearDraft, readDraft, writeDraft } from '@/lib/drafts';
import type { SavedLocationState } from '../application-edit-context';
import type { CourseOutletContext } from './course-context';
import { loadCourseForm, loadedCourseForm } from './load-course-form';

function CourseError({ message }: { message: string }) {
  useDocumentTitle(message);
  return (
    <>
      <h1 className="cd-heading-l">{COURSE_TEXTS.COURSE_PAGE_HEADING_ERROR}</h1>
      <Notice variant="error">
        <p className="cd-notice__heading">{message}</p>
      </Notice>
      <p className="cd-body">
        <Link className="cd-link" to={paths.apply.search.getHref()}>
          {COURSE_TEXTS.BACK_TO_SEARCH}
        </Link>
      </p>
    </>
  );
}

/**
 * /apply/:ucasCode: the application wrapper (spec section 2). It loads the course once and shows
 * the course page states of spec section 4; when the course can be shown, its child route
 * renders: the information page (index), a form step or the confirmation. The application form's
 * state lives here, around every child, so switching steps keeps the answers; its key is the code
 * in the URL, so another course starts a new form. The form (course-form.tsx: its state, rules
 * and leave-page question) comes in with its first page, a step or the confirmation, and stays
 * from then on, the information page included: until then the information page is all there is,
 * and it starts without the form's modules (issue 21).
 */
export function CourseRoute() {
  const { ucasCode = '' } = useParams();
  const navigate = useNavigate();
  const courseQuery = useCourse(ucasCode);
  const applicationHref = paths.apply.course.getHref(ucasCode);
  const isInsideApplication = useCallback((pathname: string) => pathname === applicationHref || pathname.startsWith(`${applicationHref}/`), [applicationHref]);
  // A signed-in adviser takes the application by phone (issue 9): the staff POST, for the student
  // chosen in the student search or a new one, then the stored application's edit screen.
  const { user, isPending: sessionPending } = useAuth();
  // The phone application's draft in the tab (issue 19 item 1): the form's answers (the form
  // provider keeps them) and the student chosen, so a reload resumes the call.
  const draftKey = user ? `apply:${ucasCode}` : undefined;
  const studentDraftKey = `apply:${ucasCode}:student`;
  const [student, setStudentState] = useState<StudentSearchRow | null>(null);
  // Read once a user is known (a reload restores the session after the first render).
  const [studentRestored, setStudentRestored] = useState(false);
  if (user && !studentRestored) {
    setStudentRestored(true);
    setStudentState(readDraft<StudentSearchRow>(studentDraftKey));
  }
  const setStudent = useCallback(
    (next: StudentSearchRow | null) => {
      setStudentState(next);
      if (next) writeDraft(studentDraftKey, next);
      else clearDraft(studentDraftKey);
    },
    [studentDraftKey],
  );
  const studentRef = useRef(student);
  studentRef.current = student;
  const submitAsStaff = useCallback(
    async (submission: ApplySubmission) => {
      const { createAdminApplication } = await import('@/features/applications/api/save-application');
      return createAdminApplication(studentRef.current?.ID ?? NEW_STUDENT, ucasCode, submission);
    },
    [ucasCode],
  );
  // Rendered as <Navigate> once stored: by then the form is submitted, so the leave-page guard lets it go.
  const [storedByStaff, setStoredByStaff] = useState<ApplyResponse | null>(null);
  const onSubmitted = useCallback(
    (response: ApplyResponse) => {
      if (!user) return void navigate(paths.apply.confirmation.getHref(ucasCode));
      clearDraft(studentDraftKey);
      setStoredByStaff(response);
    },
    [navigate, ucasCode, user, studentDraftKey],
  );
  const onInformationPage = useMatch(paths.apply.course.path) !== null;
  const [formOpened, setFormOpened] = useState(false);
  if (!formOpened && !onInformationPage) setFormOpened(true);
  const access = courseQuery.data?.access ?? null;
  const staff = useMemo(() => (user ? { currentStatus: null, access, readOnlyReason: editRefusalReason(access, null) } : undefined), [user, access]);

  if (storedByStaff) {
    const saved: SavedLocationState = { saved: true };
    return <Navigate to={paths.applicationEdit.getHref(storedByStaff.id[0], storedByStaff.id[1])} state={saved} replace />;
  }
  // A reload in the middle of a phone call: the form waits for the session, so it starts as the
  // staff form from its draft (a public visitor has no draft and never waits).
  if (courseQuery.isPending || (sessionPending && readDraft(`apply:${ucasCode}`) !== null)) return <Spinner label={COURSE_TEXTS.LOADING_COURSE} />;
  if (courseQuery.isError) return <CourseError message={COURSE_PAGE_ERRORS.FETCH_FAILED} />;

  const state = coursePageState(courseQuery.data.courseData);
  if (state.kind === 'error') return <CourseError message={state.message} />;

  const context: CourseOutletContext = {
    detail: courseQuery.data,
    access: courseQuery.data.access,
    canApply: state.canApply,
    // An adviser keeps the form on a course with every place offered (issue 23 item 3): they refer or pool the caller.
    canStart: user ? staffCourseClosedCode(courseQuery.data.courseData) === null : isCourseOpen(courseQuery.data.courseData),
    staffApplication: user ? { student, setStudent } : null,
  };
  const page = <Outlet context={context} />;
  if (!formOpened && onInformationPage) return page;
  // The router loads the form with its pages, so it is here; anywhere else, wait for it.
  const CourseForm = loadedCourseForm() ?? use(loadCourseForm());
  return (
    <CourseForm
      key={ucasCode}
      draftKey={draftKey}
      course={courseQuery.data}
      onSubmitted={onSubmitted}
      audience={user ? 'staff' : 'public'}
      submitApplication={user ? submitAsStaff : undefined}
      staff={staff}
      isInsideApplication={isInsideApplication}
    >
      {page}
    </CourseForm>
  );
}

export { CourseRoute as Component };
