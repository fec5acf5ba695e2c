import {
  API_ROUTES,
  APPLY_MESSAGES,
  appliedQuerySchema,
  applyApiBodySchema,
  assessApiBodySchema,
  checkSubmission,
  claimNeeded,
  clearingClosedRefusal,
  courseOpenRefusal,
  courseDocumentTypes,
  decidePublicOutcome,
  dropHiddenFields,
  noPlaceRefusal,
  publicStatusRefusal,
  submissionKindRefusal,
  type ApplicationDecision,
  type SubmitRefusal,
  describeIssues,
  documentNotAttachedText,
  formDocuments,
  statusPageResponseSchema,
  STATUS_PAGE_MESSAGES,
  withoutDocuments,
  validateQualificationItems,
  type AppliedResponse,
  type ApplyResponse,
  type ApplySubmission,
  type AssessResponse,
  type CourseData,
  FORM_OPEN_HEADER,
  LOGIN_MESSAGES,
  FORM_PROOF_HEADER,
  FORM_PROOF_REQUIRED_MESSAGE,
  FORM_START_HEADER,
  FORM_START_INVALID_MESSAGE,
  type FormProofChallenge,
  type FormProofRequired,
  type FormStartResponse,
  normaliseEmail,
} from '@clearing-desk/contracts';
import { decisionDeadline } from '@clearing-desk/contracts/server';
import { createCourseDetail } from '@clearing-desk/contracts/testing';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../api-url';
import { createApplyResponse } from '../applications';
import { db } from '../db';

/** The mock's proof-of-work key (the gateway's is derived from its secret). */
const POW_KEY = 'mock-gateway-proof-of-work-key-0123456789';
/** A challenge as the gateway makes it, cheap (a few PBKDF2 rounds) so a test solves it at once. */
async function cheapChallenge(): Promise<FormProofChallenge> {
  const made = await createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 1, counter: 3, deriveKey, hmacSignatureSecret: POW_KEY });
  return { parameters: { ...made.parameters }, signature: made.signature ?? '' };
}
/** Whether FORM_PROOF_HEADER's value solves a challenge of cheapChallenge. */
async function proofHolds(header: string): Promise<boolean> {
  try {
    const { challenge, solution } = JSON.parse(atob(header)) as { challenge: Challenge; solution: Solution };
    return (await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: POW_KEY })).verified;
  } catch {
    return false;
  }
}

const error = (status: number, message: string) => HttpResponse.json({ message }, { status });
const findCourse = (code: unknown): CourseData | undefined => db.courses.find((c) => c.UCAS_CODE === code);
/** The course's qualOptions in the mock catalogue (the test detail's when none were seeded). */
export const qualOptionsOf = (course: CourseData) => db.qualOptions[course.UCAS_CODE] ?? createCourseDetail().qualOptions;

/**
 * 409 for a course that takes no applications, as the gateway's assertOpen: contracts'
 * courseClosedCode for the public, staffCourseClosedCode for staff taking a call (no internal
 * vacancies leaves the course open to them).
 */
export const unavailable = (course: CourseData, who: 'public' | 'staff' = 'public') => {
  const refusal = courseOpenRefusal(course, who);
  return refusal ? error(refusal.status, refusal.message) : null;
};

const sameEmail = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && normaliseEmail(a) === normaliseEmail(b);

/** The stored applications to a course of the person with this email, or UCAS Personal ID when they applied through UCAS (the duplicate check). */
const appliedBy = (ucasCode: unknown, person: { email?: unknown; ucasPersonalId?: unknown }) =>
  db.applications
    .filter((a) => a.response.id[1] === ucasCode)
    .filter(
      (a) =>
        (person.email && sameEmail(a.body.EMAIL, person.email)) ||
        (person.ucasPersonalId && a.body.APPLIED_TO_UCAS === '1' && a.body.UCAS_PERSONAL_ID === person.ucasPersonalId),
    );

/**
 * Stores a submission as POST /api/apply/{course} does and returns its answer: the `decision`
 * (contracts' decidePublicOutcome in the apply handler; an offer when none), with db.applyResponse
 * laid over it for a test that wants a given answer. Tests use it to seed applications (duplicates, the review page).
 */
export function storeApplication(course: CourseData, submission: ApplySubmission, decision?: ApplicationDecision): ApplyResponse {
  const n = db.applications.length + 1;
  const status = db.applyResponse.confirmed_status ?? decision?.confirmed_status ?? 'O';
  const response = createApplyResponse({
    id: [`S000${n}`, course.UCAS_CODE, `A000${n}`, `00421${n}`],
    hash: `hash-${n}`,
    app_id: `A000${n}`,
    depart_number: course.DEPART_NUMBER,
    ...(decision
      ? { confirmed_status: decision.confirmed_status, rejection_reasons: decision.rejection_reasons, recommended_courses: decision.recommended_courses }
      : {}),
    assessment: db.assessment,
    // As the gateway: the decision's deadline from when it was stored, and the institution code.
    decision_deadline: decisionDeadline(status, new Date('2025-08-14T09:30:00.000Z'))?.toISOString() ?? null,
    institution_code: 'Z99',
    ...db.applyResponse,
  });
  const { SUBMISSION_ID: _id, STATUS: _status, REJECTION_REASONS: _reasons, ...form } = submission;
  const documents = db.uploads
    .filter((u) => u.owner === submission.SUBMISSION_ID)
    .map((u, i) => ({
      file_id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      file_type: u.fileType || 'application/pdf',
      file_name: u.fileName,
      file_size: u.fileSize,
      document_type: u.documentType,
      created_at: '2025-08-14T09:29:00.000Z',
    }));
  // As applications-svc: decided when stored, its deadline by the working-day rules (contracts/server).
  const decidedAt = '2025-08-14T09:30:00.000Z';
  // As the gateway: a public offer or rejection is automatic (AO, AX; domain.md "Public submissions").
  const subStatus = response.confirmed_status === 'O' ? 'AO' : response.confirmed_status === 'X' ? 'AX' : null;
  const review = statusPageResponseSchema.parse({
    applicationData: {
      ...withoutDocuments(form),
      STUDENT_ID: response.id[0],
      APPLICATION_ID: response.id[2],
      REFERENCE: response.id[3],
      DEPART_NUMBER: response.depart_number,
      UCAS_CODE: course.UCAS_CODE,
      STATUS: response.confirmed_status,
      SUB_STATUS: subStatus,
      REJECTION_REASONS: response.rejection_reasons,
      OUTBOUND_CALL_FLAG: 0,
      OUTBOUND_CALL_REMARK: null,
      OVER18: 1,
      LOG: [],
      CREATED_AT: '2025-08-14T09:30:00.000Z',
      UPDATED_AT: '2025-08-14T09:30:00.000Z',
    },
    assessment: response.assessment,
    courseData: course,
    qualOptions: qualOptionsOf(course),
    documents,
    decision: {
      STATUS: response.confirmed_status,
      SUB_STATUS: subStatus,
      DECIDED_AT: decidedAt,
      DEADLINE: decisionDeadline(response.confirmed_status, new Date(decidedAt))?.toISOString() ?? null,
      INTERVIEW: null,
      RECOMMENDED_COURSES: response.recommended_courses,
      LINK_VALID_UNTIL: '2026-03-31T22:59:00.000Z',
      INSTITUTION_CODE: 'Z99',
    },
  });
  db.applications.push({ submissionId: submission.SUBMISSION_ID ?? crypto.randomUUID(), body: submission, response, review });
  return response;
}

/**
 * The application endpoints of the form (spec section 7) over the mock store: the applied check,
 * the assessment, submission (idempotent per SUBMISSION_ID, duplicates refused) and the review
 * page. Bodies and answers are checked against the contracts.
 */
export const applicationsHandlers = [
  http.get(apiUrl(API_ROUTES.applied.path), ({ params, request }) => {
    const query = appliedQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const rows: AppliedResponse['rows'] = appliedBy(params.ucasCode, { email: query.email, ucasPersonalId: query.ucas_personal_id }).map((a) => ({
      UCAS_CODE: a.response.id[1],
    }));
    return HttpResponse.json<AppliedResponse>({ rows });
  }),

  http.post(apiUrl(API_ROUTES.assess.path), async ({ params, request }) => {
    const body = assessApiBodySchema.safeParse(await request.json());
    if (!body.success) return error(400, body.error.issues[0]?.message ?? 'Bad request');
    const course = findCourse(params.course);
    if (!course) return error(404, 'Course not found');
    // As the gateway's assess route: the public is refused a closed course at once; staff are not
    // (they re-assess applications on courses closed since), their create meets
    // staffCourseClosedCode when it is submitted (the staff-create handler).
    // An open staff form without a session is 401, never the public's answer (the gateway's rule).
    if (!db.sessionUser && request.headers.get(FORM_OPEN_HEADER) === '1') return error(401, LOGIN_MESSAGES.NOT_LOGGED_IN);
    const refused = db.sessionUser ? null : unavailable(course, 'public');
    if (refused) return refused;
    const issues = validateQualificationItems(body.data.data, qualOptionsOf(course));
    if (issues.length > 0) return error(400, describeIssues(issues));
    return HttpResponse.json<AssessResponse>({ result: db.assessment });
  }),

  http.get(apiUrl(API_ROUTES.formStart.path), () => {
    db.formGuard.starts += 1;
    return HttpResponse.json<FormStartResponse>({ token: `mock-form-start-${db.formGuard.starts}` });
  }),

  http.post(apiUrl(API_ROUTES.apply.path), async ({ params, request }) => {
    // The gateway's form guard (plugins/app/form-guard.ts), for the public form.
    if (!db.sessionUser) {
      const start = request.headers.get(FORM_START_HEADER);
      const proof = request.headers.get(FORM_PROOF_HEADER);
      db.formGuard.sent.push({ start, proof });
      if (start !== null && !/^mock-form-start-\d+$/.test(start)) return error(400, FORM_START_INVALID_MESSAGE);
      if (db.formGuard.askProof && !(start && proof && (await proofHolds(proof)))) {
        return HttpResponse.json<FormProofRequired>({ message: FORM_PROOF_REQUIRED_MESSAGE, challenge: await cheapChallenge() }, { status: 428 });
      }
    }
    const parsed = applyApiBodySchema.safeParse(await request.json());
    if (!parsed.success) return error(400, parsed.error.issues[0]?.message ?? 'Bad request');
    // The gateway's submitPublic, step by step, through the same contracts steps (submit-steps):
    // the public STATUS and the id's kind before anything is read.
    const refused = (refusal: SubmitRefusal | null) => (refusal ? error(refusal.status, refusal.message) : null);
    const { STATUS, REJECTION_REASONS: _ignored, ...data } = parsed.data.data;
    const statusRefused = refused(publicStatusRefusal(STATUS));
    if (statusRefused) return statusRefused;
    // A submission without SUBMISSION_ID (spec section 7 clients) gets a new one.
    const submissionId = data.SUBMISSION_ID ?? crypto.randomUUID();
    const kindRefused = refused(submissionKindRefusal(submissionId, 'public'));
    if (kindRefused) return kindRefused;
    // Submit facts: the Clearing setting, a stored key (a retry), a person who applied (the mock's
    // ledger: none, so the course's own fields decide below).
    const course = findCourse(params.course);
    const repeated = db.applications.find((a) => a.submissionId === submissionId);
    const applied =
      appliedBy(params.course, { email: data.EMAIL, ucasPersonalId: data.APPLIED_TO_UCAS === '1' ? data.UCAS_PERSONAL_ID : undefined }).length > 0;
    const facts = { clearing: db.clearingStatus, stored: repeated !== undefined, applied, placesLeft: null };
    const closedRefused = db.sessionUser ? null : refused(clearingClosedRefusal(facts.clearing));
    if (closedRefused) return closedRefused;
    const placeRefused = refused(noPlaceRefusal(facts));
    if (placeRefused) return placeRefused;
    if (!course) return error(404, 'Course not found');
    const openRefused = refused(courseOpenRefusal(course));
    if (openRefused) return openRefused;
    const documentTypes = courseDocumentTypes(course);
    const submission = dropHiddenFields({ ...data, SUBMISSION_ID: submissionId }, documentTypes);
    const detail = { courseData: course, qualOptions: qualOptionsOf(course) };
    const { refusal, checked } = checkSubmission(detail, submission);
    if (refusal) return error(refusal.status, refusal.message);
    // The assessment (the mock's db.assessment, after the gateway's item check), then the decision.
    const issues = validateQualificationItems(checked.assessable, detail.qualOptions);
    if (issues.length > 0) return error(400, describeIssues(issues));
    const decision = decidePublicOutcome({ assessment: db.assessment, form: checked.assessable, course, candidates: [] });
    // Claim only for a new key of a person who has not applied: the store answers a retry its record, a second application 409.
    if (claimNeeded(facts)) {
      // Binds the documents' tokens as files-svc's claim: all or nothing.
      const documents = formDocuments(submission, documentTypes);
      const unbound = documents.find(({ document }) => {
        const upload = db.uploads.find((u) => u.token === document.file_token);
        return !upload || (upload.owner !== null && upload.owner !== submissionId);
      });
      if (unbound) return error(409, documentNotAttachedText(unbound.field.label));
      for (const { document } of documents) {
        const upload = db.uploads.find((u) => u.token === document.file_token);
        if (upload) upload.owner = submissionId;
      }
    }
    if (repeated) return HttpResponse.json(repeated.response);
    if (applied) return error(409, APPLY_MESSAGES.DUPLICATE);

    const response = storeApplication(course, submission, decision);
    return HttpResponse.json(response);
  }),

  http.get(apiUrl(API_ROUTES.application.path), ({ params }) => {
    const stored = db.applications.find((a) => a.response.hash === params.hash);
    if (!stored) return error(404, STATUS_PAGE_MESSAGES.NOT_FOUND);
    if (db.statusPageExpired) return error(410, STATUS_PAGE_MESSAGES.expired('2025/26'));
    return HttpResponse.json(stored.review);
  }),
];
