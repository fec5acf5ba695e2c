import {
  type ApplyResponse,
  type ApplySubmission,
  CALLBACK_REQUEST_TEXTS,
  callerFormValues,
  COURSE_PAGE_ERRORS,
  type CourseData,
  courseTelephone,
  coursePageState,
  decisionCourseName,
  displayCourseCode,
  isCourseOpen,
  staffCourseClosedCode,
  editRefusalReason,
  NEW_STUDENT,
  type StudentSearchRow,
  WORK_QUEUE_TEXTS,
} from '@clearing-desk/contracts';
import { Button, ConfirmDialog, Notice, Spinner } from '@clearing-desk/ui';
import { use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, Outlet, useMatch, useNavigate, useParams } from 'react-router-dom';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useCourse } from '@/features/courses/api/get-course';
import { COURSE_TEXTS } from '@/features/courses/texts';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AUTH_TEXTS } from '@/features/auth/texts';
import { useAuth, useSetUser, useSignInRequest } from '@/lib/auth';
import {
  clearDraft,
  clearFormMark,
  discardStaffDrafts,
  type FormMark,
  onSignOutElsewhere,
  onSignOutHere,
  publicDraftKey,
  readDraft,
  readFormMark,
  signedOutSince,
  writeDraft,
  writeFormMark,
} from '@/lib/drafts';
import { clearCaller, readCaller } from '@/lib/queue-caller';
import type { SavedLocationState } from '../application-edit-context';
import type { CourseOutletContext } from './course-context';
import { loadApplicationFormShell, loadedApplicationFormShell } from './load-application-form-shell';

function CourseError({ message }: { message: string }) {
  useDocumentTitle(message);
  return (
    <>
      <h1 className="cd-heading-l">{COURSE_TEXTS.COURSE_PAGE_HEADING_ERROR}</h1>
      <Notice variant="error">
        <p className="cd-notice__heading">{message}</p>
      </Notice>
      <BackToSearch />
    </>
  );
}

function BackToSearch() {
  return (
    <p className="cd-body">
      <Link className="cd-link" to={paths.apply.search.getHref()}>
        {COURSE_TEXTS.BACK_TO_SEARCH}
      </Link>
    </p>
  );
}

/**
 * The suspended course's page (spec section 4 'Suspended'): the spec's error, under the course's
 * name and code so the visitor knows which course it is, and a telephone to ask about it (the
 * course's, else the Clearing team's: courseTelephone), as every decision's email gives.
 */
function SuspendedCourse({ course }: { course: CourseData }) {
  useDocumentTitle(COURSE_PAGE_ERRORS.SUSPENDED);
  const telephone = courseTelephone(course, env.VITE_CLEARING_TEAM_TELEPHONE);
  return (
    <>
      <h1 className="cd-heading-l">{decisionCourseName(course)}</h1>
      <p className="cd-body">{COURSE_TEXTS.courseCodeLine(displayCourseCode(course))}</p>
      <Notice variant="error">
        <p className="cd-notice__heading">{COURSE_PAGE_ERRORS.SUSPENDED}</p>
      </Notice>
      <p className="cd-body">
        {COURSE_TEXTS.SUSPENDED_CALL}{' '}
        <a className="cd-link" href={`tel:${telephone.replace(/\s+/g, '')}`}>
          {telephone}
        </a>
        .
      </p>
      <BackToSearch />
    </>
  );
}

/**
 * The form's mark at load (domain.md 'Staff sessions on results day'): a staff mark that a
 * sign-out in this browser has ended since loses its draft but stays a staff mark (the sign-in
 * shows, never the public form; `discarded`); a public mark holds only while its draft does (a
 * visitor who typed nothing leaves no mark: a signed-in adviser then gets the staff form).
 */
function loadFormMark(formKey: string): { mark: FormMark | null; discarded: boolean } {
  const mark = readFormMark(formKey);
  if (mark?.audience === 'public' && readDraft(publicDraftKey(formKey)) === null) {
    clearFormMark(formKey);
    return { mark: null, discarded: false };
  }
  if (mark?.audience !== 'staff') return { mark, discarded: false };
  if (mark.discarded) return { mark, discarded: true };
  if (!signedOutSince(mark.openedAt)) return { mark, discarded: false };
  discardStaffDrafts();
  return { mark: readFormMark(formKey) ?? { audience: 'staff', user: null, openedAt: Date.now(), discarded: true }, discarded: true };
}

/**
 * /apply/:ucasCode: the application wrapper (spec section 2). It loads the course once and shows
 * the course page states of spec section 4; when the course can be shown, its child route
 * renders: the information page (index), a form step or the confirmation. The application form's
 * state lives here, around every child, so switching steps keeps the answers; a course of its
 * own starts a new form. The form (application-form-shell.tsx: its state, rules
 * and leave-page question) comes in with its first page, a step or the confirmation, and stays
 * from then on, the information page included: until then the information page is all there is,
 * and it starts without the form's modules.
 */
export function CourseRoute() {
  const { ucasCode = '' } = useParams();
  return <CourseApplication key={ucasCode} ucasCode={ucasCode} />;
}

/**
 * The application to one course. Whose form it is belongs to the form, not to the session of the
 * moment (domain.md 'Staff sessions on results day'): the form opened by a signed-in adviser is
 * marked staff in the tab with its draft (lib/drafts), the one a visitor opened public, and that
 * mark decides what renders. A staff form without a session (a reload, a restored tab, a session
 * ended elsewhere) shows the sign-in over its kept draft and goes on as whoever signs in (another
 * adviser is asked whether to continue the call or discard it); a sign-out in any tab discards
 * its draft (the sign-in shows over an empty staff form). The public form never shows staff
 * buttons or scripts; its draft is kept in the tab too, until it is submitted.
 */
function CourseApplication({ ucasCode }: { ucasCode: string }) {
  const navigate = useNavigate();
  const courseQuery = useCourse(ucasCode);
  const applicationHref = paths.apply.course.getHref(ucasCode);
  const isInsideApplication = useCallback((pathname: string) => pathname === applicationHref || pathname.startsWith(`${applicationHref}/`), [applicationHref]);
  const { user, isPending: sessionPending } = useAuth();
  const setUser = useSetUser();
  const { requestSignIn, signInRequested } = useSignInRequest();
  const formKey = `apply:${ucasCode}`;
  const [loaded] = useState(() => loadFormMark(formKey));
  const [mark, setMark] = useState(loaded.mark);
  const markRef = useRef(mark);
  markRef.current = mark;
  // The sign-in is asked for because a sign-out discarded this tab's call.
  const [discarded, setDiscarded] = useState(loaded.discarded);
  // A new form (its draft discarded) remounts the form's state.
  const [generation, setGeneration] = useState(0);
  // Signed out in this tab: the page goes to the login screen; nothing of the form meanwhile.
  const [signedOutHere, setSignedOutHere] = useState(false);
  // The sign-in was asked for since the session went (asked again after a discard).
  const asked = useRef(false);
  // Before the form is opened (no mark yet) the session says whose it would be.
  const audience = mark?.audience ?? (user ? 'staff' : 'public');
  const staffForm = audience === 'staff';
  // A signed-in adviser takes the application by phone: the staff POST, for the student
  // chosen in the student search or a new one, then the stored application's edit screen.
  const draftKey = staffForm ? formKey : publicDraftKey(formKey);
  const studentDraftKey = `${formKey}:student`;
  const [student, setStudentState] = useState<StudentSearchRow | null>(null);
  const [studentRestored, setStudentRestored] = useState(false);
  if (staffForm && !studentRestored) {
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
  // A booked call without an application that 'Next call' handed out: the form starts with the
  // caller's details, shows why, and the saved application closes the call (CALLBACK_ID).
  const [caller] = useState(() => readCaller(ucasCode));
  const callerValues = useMemo(() => (caller?.CALLER ? callerFormValues(caller.CALLER) : undefined), [caller]);
  const submitAsStaff = useCallback(
    async (submission: ApplySubmission) => {
      const { createDeskApplication } = await import('@/features/desk/api/save-application');
      const CALLBACK_ID = caller?.CALLER?.CALLBACK_ID;
      return createDeskApplication(studentRef.current?.ID ?? NEW_STUDENT, ucasCode, CALLBACK_ID ? { ...submission, CALLBACK_ID } : submission);
    },
    [ucasCode, caller],
  );
  // Rendered as <Navigate> once stored: by then the form is submitted, so the leave-page guard lets it go.
  const [storedByStaff, setStoredByStaff] = useState<ApplyResponse | null>(null);
  const onSubmitted = useCallback(
    (response: ApplyResponse) => {
      clearFormMark(formKey);
      if (!staffForm) return void navigate(paths.apply.confirmation.getHref(ucasCode));
      clearDraft(studentDraftKey);
      clearCaller(ucasCode);
      setStoredByStaff(response);
    },
    [navigate, ucasCode, staffForm, studentDraftKey, formKey],
  );
  const onInformationPage = useMatch(paths.apply.course.path) !== null;
  const [formOpened, setFormOpened] = useState(false);
  if (!formOpened && !onInformationPage) setFormOpened(true);

  // The form is marked once it opens (and the session, if any, is known): from then on the mark decides.
  useEffect(() => {
    if (!formOpened || mark !== null || sessionPending || signedOutHere) return;
    const next: FormMark = { audience, user: user?.username ?? null, openedAt: Date.now() };
    writeFormMark(formKey, next);
    setMark(next);
  }, [formOpened, mark, sessionPending, signedOutHere, audience, user, formKey]);

  /** A sign-out elsewhere ended this tab's staff call: its draft goes, the form stays staff and asks to sign in. */
  const discardCall = useCallback(
    (signedIn: string | null) => {
      discardStaffDrafts();
      const next: FormMark = { audience: 'staff', user: signedIn, openedAt: Date.now() };
      writeFormMark(formKey, next);
      setMark(next);
      setStudentState(null);
      setGeneration((g) => g + 1);
    },
    [formKey],
  );
  useEffect(() => onSignOutHere(() => setSignedOutHere(true)), []);
  useEffect(() => {
    const signedOutElsewhere = () => {
      if (markRef.current?.audience !== 'staff') return;
      discardCall(null);
      setDiscarded(true);
      asked.current = false;
    };
    // Live (the storage event), and when the tab regains focus (a sign-out the tab did not hear).
    const onFocus = () => {
      const current = markRef.current;
      if (current?.audience !== 'staff' || !signedOutSince(current.openedAt)) return;
      signedOutElsewhere();
      setUser(null);
    };
    window.addEventListener('focus', onFocus);
    const unsubscribe = onSignOutElsewhere(signedOutElsewhere);
    return () => {
      window.removeEventListener('focus', onFocus);
      unsubscribe();
    };
  }, [discardCall, setUser]);

  // A staff form without a session asks to sign in over the form (once; 'Not now' leaves it a staff form).
  const [otherAdviser, setOtherAdviser] = useState<{ started: string; signedIn: string } | null>(null);
  useEffect(() => {
    if (user) {
      asked.current = false;
      return;
    }
    if (!staffForm || mark === null || sessionPending || signedOutHere || asked.current) return;
    asked.current = true;
    void requestSignIn(discarded ? 'discarded' : 'resume').then((signedIn) => {
      if (!signedIn) return;
      setDiscarded(false);
      const current = readFormMark(formKey) ?? markRef.current;
      if (!current) return;
      const kept = readDraft(formKey) !== null || readDraft(studentDraftKey) !== null;
      if (current.user !== null && current.user !== signedIn.username && kept) return setOtherAdviser({ started: current.user, signedIn: signedIn.username });
      const next: FormMark = { audience: current.audience, user: signedIn.username, openedAt: current.openedAt };
      writeFormMark(formKey, next);
      setMark(next);
    });
  }, [user, staffForm, mark, sessionPending, signedOutHere, discarded, requestSignIn, formKey, studentDraftKey]);

  const access = courseQuery.data?.access ?? null;
  const staff = useMemo(() => (staffForm ? { currentStatus: null, access, readOnlyReason: editRefusalReason(access, null) } : undefined), [staffForm, access]);

  if (signedOutHere) return null;
  if (storedByStaff) {
    const saved: SavedLocationState = { saved: true };
    return <Navigate to={paths.applicationEdit.getHref(storedByStaff.id[0], storedByStaff.id[1])} state={saved} replace />;
  }
  // A reload in the middle of a phone call: the form waits for the session, so it starts as the
  // staff form it was (a public visitor has no session hint and never waits).
  if (courseQuery.isPending || (sessionPending && mark?.audience !== 'public')) return <Spinner label={COURSE_TEXTS.LOADING_COURSE} />;
  if (courseQuery.isError) return <CourseError message={COURSE_PAGE_ERRORS.FETCH_FAILED} />;

  const state = coursePageState(courseQuery.data.courseData);
  if (state.kind === 'error') {
    return state.message === COURSE_PAGE_ERRORS.SUSPENDED ? <SuspendedCourse course={courseQuery.data.courseData} /> : <CourseError message={state.message} />;
  }

  const context: CourseOutletContext = {
    detail: courseQuery.data,
    access: courseQuery.data.access,
    canApply: state.canApply,
    // An adviser keeps the form on a course with every place offered: they refer or pool the caller.
    canStart: staffForm ? staffCourseClosedCode(courseQuery.data.courseData) === null : isCourseOpen(courseQuery.data.courseData),
    staffApplication: staffForm ? { student, setStudent } : null,
  };
  const page = <Outlet context={context} />;
  if (!formOpened && onInformationPage) return page;
  // The router loads the form with its pages, so it is here; anywhere else, wait for it.
  const ApplicationFormShell = loadedApplicationFormShell() ?? use(loadApplicationFormShell());
  return (
    <>
      {staffForm && mark !== null && !user && !sessionPending && !signInRequested && (
        <Notice>
          <p className="cd-body">{AUTH_TEXTS.STAFF_FORM_SIGNED_OUT}</p>
          <Button variant="secondary" onClick={() => void requestSignIn(discarded ? 'discarded' : 'resume')}>
            {AUTH_TEXTS.SIGN_IN_BUTTON}
          </Button>
        </Notice>
      )}
      {staffForm && caller && (
        <Notice title={WORK_QUEUE_TEXTS.REASON_HEADING}>
          <p className="cd-body">{caller.reason}</p>
          <p className="cd-body">{CALLBACK_REQUEST_TEXTS.PHONE_ENTRY_NOTE}</p>
        </Notice>
      )}
      <ApplicationFormShell
        key={`${ucasCode}:${generation}`}
        draftKey={draftKey}
        course={courseQuery.data}
        initialValues={staffForm ? callerValues : undefined}
        onSubmitted={onSubmitted}
        audience={audience}
        submitApplication={staffForm ? submitAsStaff : undefined}
        staff={staff}
        isInsideApplication={isInsideApplication}
      >
        {page}
      </ApplicationFormShell>
      <ConfirmDialog
        open={otherAdviser !== null}
        title={AUTH_TEXTS.OTHER_ADVISER_TITLE(otherAdviser?.started ?? '')}
        confirmLabel={AUTH_TEXTS.OTHER_ADVISER_CONTINUE}
        cancelLabel={AUTH_TEXTS.OTHER_ADVISER_DISCARD}
        onConfirm={() => {
          const current = readFormMark(formKey) ?? markRef.current;
          if (current && otherAdviser) {
            const next: FormMark = { audience: current.audience, user: otherAdviser.signedIn, openedAt: current.openedAt };
            writeFormMark(formKey, next);
            setMark(next);
          }
          setOtherAdviser(null);
        }}
        onCancel={() => {
          discardCall(otherAdviser?.signedIn ?? null);
          setOtherAdviser(null);
        }}
      >
        <p className="cd-body">{AUTH_TEXTS.OTHER_ADVISER_BODY}</p>
      </ConfirmDialog>
    </>
  );
}

export { CourseRoute as Component };
