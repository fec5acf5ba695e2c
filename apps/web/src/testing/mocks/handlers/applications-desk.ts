import {
  API_ROUTES,
  accessForCourse,
  DESK_MESSAGES,
  applicationListingFilterSchema,
  applicationListingSortSchema,
  canEditApplication,
  DEFAULT_LISTING_SORT,
  heldByOther,
  presenceClaimSchema,
  PRESENCE_TEXTS,
  type PresenceResponse,
  orderWorkQueue,
  workQueueEntry,
  workQueueReason,
  type WorkQueueItem,
  type WorkQueueNextResponse,
  INTERVIEW_MESSAGES,
  interviewNeeded,
  interviewSummary,
  keptStatus,
  staffEditRefusal,
  staffStatusRefusal,
  EMAIL_HISTORY_TEXTS,
  type EmailListResponse,
  type EmailRecord,
  type ResendEmailResponse,
  LISTING_FILTER_STATUSES,
  LOGIN_MESSAGES,
  NEW_STUDENT,
  outboundCallDataSchema,
  canEditVisa,
  visaStateDataSchema,
  visaStateLogMessage,
  type VisaResponse,
  type VisaStateResponse,
  listingTotalCap,
  overAllowanceRefusal,
  offerOverAllowance,
  offerWithoutPlace,
  PLACES_MESSAGES,
  outboundCallRemark,
  parseVersionEtag,
  staffCreateSubmissionSchema,
  staffUpdateSubmissionSchema,
  studentSearchQuerySchema,
  TIMESTAMP_PARAM,
  versionEtag,
  type ApplicationListingResponse,
  type ApplyResponse,
  type CourseData,
  type OutboundCallResponse,
  type StaffUpdateResponse,
  type StudentSearchResponse,
  checkSubmission,
  courseDocumentTypes,
  decideStaffOutcome,
  dropHiddenFields,
  submissionKindRefusal,
} from '@clearing-desk/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../api-url';
import { createApplyResponse } from '../applications';
import { qualOptionsOf, unavailable } from './applications';
import { createDeskApplication, deskRow, type DeskApplication } from '../applications-desk';
import { db } from '../db';

const error = (status: number, message: string) => HttpResponse.json({ message }, { status });
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Filters of spec section 2 as domain.md "Statuses" maps them. */
const has = (statuses: readonly string[], a: DeskApplication) => statuses.includes(a.applicationData.STATUS);
const FILTERS: Record<string, (a: DeskApplication) => boolean> = {
  p: (a) => has(LISTING_FILTER_STATUSES.p, a) && a.public,
  b: (a) => has(LISTING_FILTER_STATUSES.b, a),
  o: (a) => has(LISTING_FILTER_STATUSES.o, a),
  r: (a) => has(LISTING_FILTER_STATUSES.r, a),
  v: (a) => a.VISA_STATUS !== null,
  c: (a) => a.applicationData.OUTBOUND_CALL_FLAG === 1,
};

const matchesText = (a: DeskApplication, q: string): boolean => {
  const d = a.applicationData;
  const needle = fold(q);
  return [
    d.STUDENT_ID,
    d.APPLICATION_ID,
    `${d.DEPART_NUMBER}${d.REFERENCE}`,
    d.NAME1 ?? '',
    d.NAME2 ?? '',
    `${d.NAME1} ${d.NAME2}`,
    d.UCAS_PERSONAL_ID ?? '',
  ].some((value) => fold(value).includes(needle));
};

const find = (student: unknown, course: unknown) =>
  db.desk.applications.find((a) => a.applicationData.STUDENT_ID === student && a.applicationData.UCAS_CODE === course);

const now = () => new Date().toISOString();

/** How often the mock asks the form to renew its hold: long enough that no test waits for it. */
export const MOCK_HEARTBEAT_MS = 600_000;
const presenceKey = (student: unknown, course: unknown) => `${String(student)}/${String(course)}`;
const presenceAnswer = (key: string, username: string): PresenceResponse => {
  const holder = db.presence[key] ?? null;
  return { holder, mine: holder?.username === username, heartbeat_ms: MOCK_HEARTBEAT_MS };
};
/** As applications-svc: a save or call while someone else holds the application is 409 naming them; a decision or call releases it and closes its queue item. */
const heldRefusal = (student: unknown, course: unknown, username: string): Response | null => {
  const holder = db.presence[presenceKey(student, course)] ?? null;
  return heldByOther(holder, username) ? error(409, PRESENCE_TEXTS.held(holder.name)) : null;
};
const releaseIfMine = (student: unknown, course: unknown, username: string) => {
  const key = presenceKey(student, course);
  if (db.presence[key]?.username === username) delete db.presence[key];
  // An outcome also closes the application's work-queue item for good.
  const claim = db.queueClaims[key];
  if (claim) claim.closed = true;
};

/**
 * The places guard as applications-svc and the gateway keep it, over the course's
 * VACANCIES_INTERNAL, each step the contracts rule they call: asking to offer over the allowance
 * without the right is 403 (overAllowanceRefusal); a new O with no place left is 409 NO_PLACE_LEFT
 * (offerWithoutPlace), also an Administrator's unless confirmed (offerOverAllowance with
 * OVER_ALLOWANCE), which the LOG row records. Answers the refusal, or the note for the LOG ('' for none).
 */
function placesGuard(
  course: CourseData,
  access: string | null,
  before: string | null,
  requested: string | undefined,
  overAllowance: boolean | undefined,
): { refused: Response } | { note: string } {
  const forbidden = overAllowanceRefusal(access, overAllowance);
  if (forbidden) return { refused: error(403, forbidden) };
  const overTheAllowance = offerOverAllowance(access, before, requested, course.VACANCIES_INTERNAL);
  if (offerWithoutPlace(access, before, requested, course.VACANCIES_INTERNAL) || (overTheAllowance && !overAllowance)) {
    return { refused: error(409, PLACES_MESSAGES.NO_PLACE_LEFT) };
  }
  return { note: overTheAllowance ? ` ${PLACES_MESSAGES.OVER_ALLOWANCE_LOG}` : '' };
}

/**
 * The applications desk endpoints of spec section 7 over the mock store: the listing
 * (only courses the user has a role on), one application with the user's access, the staff
 * create and update (version checked, 409 on a stale one), the outbound call and the student
 * search. 401 without a session; permissions as the services enforce them.
 */
export const applicationsDeskHandlers = [
  http.get(apiUrl(API_ROUTES.deskApplications.path), ({ request }) => {
    const user = db.sessionUser;
    if (!user) return error(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
    const url = new URL(request.url);
    const q = (url.searchParams.get('q') ?? '').trim();
    const s = applicationListingFilterSchema.safeParse(url.searchParams.get('s') ?? '');
    const nationality = (url.searchParams.get('nationality') ?? '').toUpperCase();
    const page = Number(url.searchParams.get('page') ?? '1');
    const size = Number(url.searchParams.get('page_size') ?? '10');
    const sort = applicationListingSortSchema.safeParse(url.searchParams.get('sort') ?? DEFAULT_LISTING_SORT);
    if (!sort.success) return error(400, sort.error.issues[0]?.message ?? 'Bad request');
    const submitted = (a: DeskApplication) => Date.parse(deskRow(a).SUBMITTED_AT);
    const found = db.desk.applications
      .filter((a) => accessForCourse(user.roles, a.courseData) !== null)
      .filter((a) => !q || matchesText(a, q))
      .filter((a) => !s.success || !s.data || (FILTERS[s.data]?.(a) ?? true))
      .filter((a) => !nationality || a.applicationData.NATIONALITY === nationality)
      // Newest or oldest submitted first, as applications-svc orders (a stable sort keeps the store's order for equal times).
      .sort((a, b) => (sort.data === 'oldest' ? submitted(a) - submitted(b) : submitted(b) - submitted(a)));
    // Counted up to the cap as applications-svc counts.
    const cap = listingTotalCap(page, size);
    const body: ApplicationListingResponse = {
      rows: found.slice((page - 1) * size, page * size).map(deskRow),
      total: Math.min(found.length, cap),
      total_capped: found.length > cap,
    };
    return HttpResponse.json(body);
  }),

  http.get(apiUrl(API_ROUTES.deskApplication.path), ({ params }) => {
    const user = db.sessionUser;
    if (!user) return error(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
    const found = find(params.student, params.course);
    if (!found) return error(404, DESK_MESSAGES.NOT_FOUND);
    const access = accessForCourse(user.roles, found.courseData);
    if (!access) return error(403, DESK_MESSAGES.NO_ROLE);
    const { VISA_STATUS: _v, public: _p, version, ...detail } = found;
    return HttpResponse.json({ ...detail, access }, { headers: { ETag: versionEtag(version) } });
  }),

  http.put(apiUrl(API_ROUTES.deskApplicationUpdate.path), async ({ params, request }) => {
    const user = db.sessionUser;
    if (!user) return error(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
    const found = find(params.student, params.course);
    if (!found) return error(404, DESK_MESSAGES.NOT_FOUND);
    const parsed = staffUpdateSubmissionSchema.safeParse(((await request.json()) as { data?: unknown }).data);
    if (!parsed.success) return error(400, parsed.error.issues[0]?.message ?? 'Bad request');
    const access = accessForCourse(user.roles, found.courseData);
    // As the gateway's updateStaff and applications-svc: the edit rule, the places guard (a new O
    // needs a place), then the contracts' one status rule, over the assessment's buttons.
    const before = found.applicationData.STATUS;
    const editRefusal = staffEditRefusal(access, before);
    if (editRefusal) return error(403, editRefusal);
    const places = placesGuard(found.courseData, access, before, parsed.data.STATUS, parsed.data.OVER_ALLOWANCE);
    if ('refused' in places) return places.refused;
    const refusal = staffStatusRefusal(access, found.applicationData.STATUS, parsed.data.STATUS, db.assessment.SUBMISSION_OPTIONS.BUTTONS);
    if (refusal) return error(403, refusal);
    // V keeps the current status: it is never stored.
    const status = keptStatus(parsed.data.STATUS, found.applicationData.STATUS) ?? found.applicationData.STATUS;
    const held = heldRefusal(params.student, params.course, user.username);
    if (held) return held;
    const ifMatch = parseVersionEtag(request.headers.get('If-Match') ?? undefined);
    if (ifMatch !== undefined && ifMatch !== found.version) return error(409, DESK_MESSAGES.VERSION_CONFLICT);
    const { SUBMISSION_ID: _id, STATUS: _status, REJECTION_REASONS: _r, INTERVIEW, OVER_ALLOWANCE: _o, ...form } = parsed.data;
    // As applications-svc: a change to I needs the interview, which its LOG row records.
    if (interviewNeeded(before, status) && !INTERVIEW) return error(400, INTERVIEW_MESSAGES.REQUIRED);
    const interviewNote = INTERVIEW && interviewNeeded(before, status) ? ` Interview: ${interviewSummary(INTERVIEW)}.` : '';
    found.applicationData = {
      ...found.applicationData,
      ...form,
      STATUS: status,
      LOG: [
        ...found.applicationData.LOG,
        {
          MESSAGE: before === status ? 'Application updated' : `Status changed from ${before} to ${status}${interviewNote}${places.note}`,
          STATUS: status,
          USER: user.username,
          TIME: now(),
        },
      ],
    };
    found.version += 1;
    if (status !== before) releaseIfMine(params.student, params.course, user.username);
    const body: StaffUpdateResponse = { confirmed_status: status, version: found.version, updated_at: now() };
    return HttpResponse.json(body);
  }),

  http.post(apiUrl(API_ROUTES.deskApplicationCreate.path), async ({ params, request }) => {
    const user = db.sessionUser;
    if (!user) return error(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
    const parsed = staffCreateSubmissionSchema.safeParse(((await request.json()) as { data?: unknown }).data);
    if (!parsed.success) return error(400, parsed.error.issues[0]?.message ?? 'Bad request');
    // The gateway's submitStaff through the same contracts steps (submit-steps): an id issued by the public form is refused first.
    const kindRefusal = submissionKindRefusal(parsed.data.SUBMISSION_ID ?? '', 'staff');
    if (kindRefusal) return error(kindRefusal.status, kindRefusal.message);
    const course = db.courses.find((c) => c.UCAS_CODE === params.course);
    if (!course) return error(404, 'Course not found');
    // As the gateway's submitStaff: the edit rule for a new application, the course open to staff
    // (staffCourseClosedCode), the places guard, then the status among the assessment's buttons;
    // applications-svc then wants the interview of an I.
    const access = accessForCourse(user.roles, course);
    const editRefusal = staffEditRefusal(access, null);
    if (editRefusal) return error(403, editRefusal);
    const closed = unavailable(course, 'staff');
    if (closed) return closed;
    // CALLBACK_ID (a booked call the create answers) is applications-svc's to close, not part of the form.
    const { INTERVIEW, OVER_ALLOWANCE, CALLBACK_ID: _callback, ...submission } = parsed.data;
    const { STATUS: _status, REJECTION_REASONS: _reasons, ...form } = submission;
    const { refusal: formRefusal } = checkSubmission(
      { courseData: course, qualOptions: qualOptionsOf(course) },
      dropHiddenFields(form, courseDocumentTypes(course)),
    );
    if (formRefusal) return error(formRefusal.status, formRefusal.message);
    const requested = submission.STATUS ?? 'S';
    const places = placesGuard(course, access, null, requested, OVER_ALLOWANCE);
    if ('refused' in places) return places.refused;
    const statusRefusal = staffStatusRefusal(access, null, requested, db.assessment.SUBMISSION_OPTIONS.BUTTONS);
    if (statusRefusal) return error(403, statusRefusal);
    if (interviewNeeded(null, requested) && !INTERVIEW) return error(400, INTERVIEW_MESSAGES.REQUIRED);
    db.staffCreates.push(parsed.data);
    const n = db.desk.applications.length + 1;
    const studentId = params.student === NEW_STUDENT ? `S100${n}` : String(params.student);
    const stored = createDeskApplication(
      { ...submission, STUDENT_ID: studentId, APPLICATION_ID: `A100${n}`, UCAS_CODE: String(params.course), STATUS: submission.STATUS ?? 'S' },
      { public: false },
    );
    stored.applicationData.LOG = [{ MESSAGE: `Application created${places.note}`, STATUS: stored.applicationData.STATUS, USER: user.username, TIME: now() }];
    db.desk.applications.push(stored);
    const decision = decideStaffOutcome(requested, db.assessment, submission.REJECTION_REASONS, []);
    const response: ApplyResponse = createApplyResponse({
      id: [studentId, String(params.course), `A100${n}`, `10${n}`],
      confirmed_status: decision.confirmed_status,
      rejection_reasons: decision.rejection_reasons,
      recommended_courses: decision.recommended_courses,
      assessment: db.assessment,
    });
    return HttpResponse.json(response);
  }),

  http.put(apiUrl(API_ROUTES.deskOutboundCall.path), async ({ params, request }) => {
    const user = db.sessionUser;
    if (!user) return error(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
    const found = find(params.student, params.course);
    if (!found) return error(404, DESK_MESSAGES.NOT_FOUND);
    // As applications-svc: only a user who may edit the application logs a call on it.
    const refusal = staffEditRefusal(accessForCourse(user.roles, found.courseData), found.applicationData.STATUS);
    if (refusal) return error(403, refusal);
    const parsed = outboundCallDataSchema.safeParse(((await request.json()) as { data?: unknown }).data);
    if (!parsed.success) return error(400, parsed.error.issues[0]?.message ?? 'Bad request');
    const held = heldRefusal(params.student, params.course, user.username);
    if (held) return held;
    releaseIfMine(params.student, params.course, user.username);
    const remark = outboundCallRemark(parsed.data);
    found.applicationData = {
      ...found.applicationData,
      OUTBOUND_CALL_FLAG: 1,
      OUTBOUND_CALL_REMARK: remark,
      LOG: [...found.applicationData.LOG, { MESSAGE: `Outbound call: ${remark}`, STATUS: found.applicationData.STATUS, USER: user.username, TIME: now() }],
    };
    found.version += 1;
    const body: OutboundCallResponse = { OUTBOUND_CALL_FLAG: 1, OUTBOUND_CALL_REMARK: remark, log: { MESSAGE: `Outbound call: ${remark}` } };
    return HttpResponse.json(body);
  }),

  // The visa screen (as the gateway and applications-svc): users with the visa permission on the course.
  http.get(apiUrl(API_ROUTES.deskVisa.path), ({ params }) => {
    const user = db.sessionUser;
    if (!user) return error(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
    const found = find(params.student, params.course);
    if (!found) return error(404, DESK_MESSAGES.NOT_FOUND);
    if (!canEditVisa(accessForCourse(user.roles, found.courseData), true)) return error(403, DESK_MESSAGES.CANNOT_EDIT_VISA);
    const body: VisaResponse = {
      applicationData: found.applicationData,
      visaData: null,
      VISA_STATUS: found.VISA_STATUS,
      courseData: found.courseData,
      qualOptions: found.qualOptions,
      access: found.access,
      assessment: found.assessment,
    };
    return HttpResponse.json(body);
  }),

  http.put(apiUrl(API_ROUTES.deskVisaState.path), async ({ params, request }) => {
    const user = db.sessionUser;
    if (!user) return error(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
    const found = find(params.student, params.course);
    if (!found) return error(404, DESK_MESSAGES.NOT_FOUND);
    if (!canEditVisa(accessForCourse(user.roles, found.courseData), true)) return error(403, DESK_MESSAGES.CANNOT_EDIT_VISA);
    const parsed = visaStateDataSchema.safeParse(((await request.json()) as { data?: unknown }).data);
    if (!parsed.success) return error(400, parsed.error.issues[0]?.message ?? 'Bad request');
    found.VISA_STATUS = parsed.data.VISA_STATUS;
    const message = visaStateLogMessage(parsed.data.VISA_STATUS);
    found.applicationData = {
      ...found.applicationData,
      LOG: [...found.applicationData.LOG, { MESSAGE: message, STATUS: found.applicationData.STATUS, USER: user.username, TIME: now() }],
    };
    const body: VisaStateResponse = { VISA_STATUS: parsed.data.VISA_STATUS, updated_at: now() };
    return HttpResponse.json(body);
  }),

  // Presence as applications-svc keeps it: the first who may edit holds it; take_over claims it; a reader never holds it.
  http.put(apiUrl(API_ROUTES.deskPresence.path), async ({ params, request }) => {
    const user = db.sessionUser;
    if (!user) return error(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
    const found = find(params.student, params.course);
    if (!found) return error(404, DESK_MESSAGES.NOT_FOUND);
    const access = accessForCourse(user.roles, found.courseData);
    if (!access) return error(403, DESK_MESSAGES.NO_ROLE);
    const claim = presenceClaimSchema.safeParse(((await request.json()) as { data?: unknown }).data);
    if (!claim.success) return error(400, claim.error.issues[0]?.message ?? 'Bad request');
    const key = presenceKey(params.student, params.course);
    const holder = db.presence[key];
    if (canEditApplication(access, found.applicationData.STATUS) && (!holder || holder.username === user.username || claim.data.take_over)) {
      db.presence[key] = holder?.username === user.username ? holder : { username: user.username, name: user.name, since: now() };
    }
    return HttpResponse.json(presenceAnswer(key, user.username));
  }),

  http.delete(apiUrl(API_ROUTES.deskPresenceRelease.path), ({ params }) => {
    const user = db.sessionUser;
    if (!user) return error(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
    if (!find(params.student, params.course)) return error(404, DESK_MESSAGES.NOT_FOUND);
    releaseIfMine(params.student, params.course, user.username);
    return HttpResponse.json(presenceAnswer(presenceKey(params.student, params.course), user.username));
  }),

  // 'Next call' as applications-svc answers it: the adviser's open item first, else the contracts'
  // order over what they may edit (24 hours for a lapsing offer), claimed for them; closed claims never come back.
  http.post(apiUrl(API_ROUTES.deskQueueNext.path), () => {
    const user = db.sessionUser;
    if (!user) return error(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
    const mine = Object.values(db.queueClaims).find((c) => c.username === user.username && !c.closed);
    if (mine) return HttpResponse.json({ item: mine.item } satisfies WorkQueueNextResponse);
    const at = new Date();
    const entries = db.desk.applications.flatMap((a) => {
      const d = a.applicationData;
      const key = presenceKey(d.STUDENT_ID, d.UCAS_CODE);
      if (db.queueClaims[key] || !canEditApplication(accessForCourse(user.roles, a.courseData), d.STATUS)) return [];
      const lastCall = d.OUTBOUND_CALL_FLAG === 1 ? (d.LOG.at(-1)?.TIME ?? null) : null;
      const entry = workQueueEntry(
        {
          status: d.STATUS,
          public: a.public,
          submittedAt: d.CREATED_AT,
          deadline: a.decision?.DEADLINE ?? null,
          outboundCallRemark: d.OUTBOUND_CALL_REMARK,
          lastCallAt: lastCall,
          callback: null,
        },
        at,
        { offerLapsingHours: 24 },
      );
      return entry ? [{ ...entry, id: d.APPLICATION_ID, a }] : [];
    });
    const [first] = orderWorkQueue(entries);
    if (!first) return HttpResponse.json({ item: null } satisfies WorkQueueNextResponse);
    const d = first.a.applicationData;
    const item: WorkQueueItem = {
      kind: first.kind,
      reason: workQueueReason(first, at),
      due_at: first.dueAt,
      claimed_until: new Date(at.getTime() + 15 * 60_000).toISOString(),
      STUDENT_ID: d.STUDENT_ID,
      APPLICATION_ID: d.APPLICATION_ID,
      UCAS_CODE: d.UCAS_CODE,
      NAME: `${d.NAME1 ?? ''} ${d.NAME2 ?? ''}`.trim(),
    };
    db.queueClaims[presenceKey(d.STUDENT_ID, d.UCAS_CODE)] = { username: user.username, item };
    return HttpResponse.json({ item } satisfies WorkQueueNextResponse);
  }),

  http.get(apiUrl(API_ROUTES.deskEmails.path), ({ params }) => {
    if (!db.sessionUser) return error(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
    if (!find(params.student, params.course)) return error(404, DESK_MESSAGES.NOT_FOUND);
    const body: EmailListResponse = { emails: db.deskEmails[`${String(params.student)}/${String(params.course)}`] ?? [] };
    return HttpResponse.json(body);
  }),

  http.post(apiUrl(API_ROUTES.deskEmailResend.path), ({ params }) => {
    const user = db.sessionUser;
    if (!user) return error(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
    const found = find(params.student, params.course);
    if (!found) return error(404, DESK_MESSAGES.NOT_FOUND);
    // The contracts' edit rule, called, not copied: Resend is for users who may edit the application.
    const refusal = staffEditRefusal(accessForCourse(user.roles, found.courseData), found.applicationData.STATUS);
    if (refusal) return error(403, refusal);
    const key = `${String(params.student)}/${String(params.course)}`;
    const original = (db.deskEmails[key] ?? []).find((e) => e.id === params.emailId);
    if (!original) return error(404, 'Email not found.');
    const email: EmailRecord = {
      ...original,
      id: crypto.randomUUID(),
      recipient: found.applicationData.EMAIL ?? original.recipient,
      state: 'queued',
      attempts: 0,
      lastError: null,
      smtpResponse: null,
      queuedAt: now(),
      sentAt: null,
      failedAt: null,
      resendOf: original.id,
      requestedBy: user.username,
    };
    db.deskEmails[key] = [...(db.deskEmails[key] ?? []), email];
    found.applicationData = {
      ...found.applicationData,
      LOG: [
        ...found.applicationData.LOG,
        { MESSAGE: EMAIL_HISTORY_TEXTS.logResent(email.subject, email.recipient), STATUS: found.applicationData.STATUS, USER: user.username, TIME: now() },
      ],
    };
    const body: ResendEmailResponse = { email, message: EMAIL_HISTORY_TEXTS.RESENT };
    return HttpResponse.json(body, { status: 201 });
  }),

  http.get(apiUrl(API_ROUTES.deskStudents.path), ({ request }) => {
    if (!db.sessionUser) return error(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
    const query = studentSearchQuerySchema.safeParse(Object.fromEntries([...new URL(request.url).searchParams].filter(([k]) => k !== TIMESTAMP_PARAM)));
    if (!query.success) return error(400, query.error.issues[0]?.message ?? 'Bad request');
    const { NAME1, NAME2 } = query.data;
    const rows = db.desk.students.filter((s) => (!NAME1 || fold(s.NAME1).includes(fold(NAME1))) && (!NAME2 || fold(s.NAME2).includes(fold(NAME2))));
    const body: StudentSearchResponse = { rows };
    return HttpResponse.json(body);
  }),
];
