import {
  API_ROUTES,
  APPLY_MESSAGES,
  appliedQuerySchema,
  applyApiBodySchema,
  assessApiBodySchema,
  courseClosedCode,
  staffCourseClosedCode,
  courseDocumentTypes,
  describeIssues,
  documentNotAttachedText,
  formDocuments,
  statusPageResponseSchema,
  STATUS_PAGE_MESSAGES,
  withoutDocuments,
  validateApplicationForm,
  validateQualificationItems,
  type AppliedResponse,
  type ApplyResponse,
  type ApplySubmission,
  type AssessResponse,
  type CourseData,
  FORM_OPEN_HEADER,
  LOGIN_MESSAGES,
  submissionIdKind,
  SUBMISSION_ID_KIND_MISMATCH,
  FORM_PROOF_HEADER,
  FORM_PROOF_REQUIRED_MESSAGE,
  FORM_START_HEADER,
  FORM_START_INVALID_MESSAGE,
  type FormProofChallenge,
  type FormProofRequired,
  type FormStartResponse,
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
const qualOptionsOf = (course: CourseData) => db.qualOptions[course.UCAS_CODE] ?? createCourseDetail().qualOptions;

/**
 * 409 for a course that takes no applications, as the gateway's assertOpen: contracts'
 * courseClosedCode for the public, staffCourseClosedCode for staff taking a call (no internal
 * vacancies leaves the course open to them).
 */
export const unavailable = (course: CourseData, who: 'public' | 'staff' = 'public') => {
  const code = who === 'staff' ? staffCourseClosedCode(course) : courseClosedCode(course);
  return code ? error(409, code) : null;
};

const sameEmail = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Stores a submission as POST /api/apply/{course} does and returns its answer (db.applyResponse
 * laid over an offer). Tests use it to seed applications (duplicates, the review page).
 */
export function storeApplication(course: CourseData, submission: ApplySubmission): ApplyResponse {
  const n = db.applications.length + 1;
  const response = createApplyResponse({
    id: [`S000${n}`, course.UCAS_CODE, `A000${n}`, `00421${n}`],
    hash: `hash-${n}`,
    app_id: `A000${n}`,
    depart_number: course.DEPART_NUMBER,
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
    const rows: AppliedResponse['rows'] = db.applications
      .filter((a) => a.response.id[1] === params.ucasCode)
      .filter(
        (a) =>
          (query.email && sameEmail(a.body.EMAIL, query.email)) ||
          (query.ucas_personal_id && a.body.APPLIED_TO_UCAS === '1' && a.body.UCAS_PERSONAL_ID === query.ucas_personal_id),
      )
      .map((a) => ({ UCAS_CODE: a.response.id[1] }));
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
    // As the gateway: a submission without SUBMISSION_ID (spec section 7 clients) gets a new one.
    const submission = { ...parsed.data.data, SUBMISSION_ID: parsed.data.data.SUBMISSION_ID ?? crypto.randomUUID() };
    // As the gateway: an id issued by a staff form is refused here.
    if (submissionIdKind(submission.SUBMISSION_ID) === 'staff') return error(409, SUBMISSION_ID_KIND_MISMATCH.public);
    const course = findCourse(params.course);
    if (!course) return error(404, 'Course not found');
    const repeated = db.applications.find((a) => a.submissionId === submission.SUBMISSION_ID);
    if (repeated) return HttpResponse.json(repeated.response);
    const refused = unavailable(course);
    if (refused) return refused;
    const duplicate = db.applications.some((a) => a.response.id[1] === course.UCAS_CODE && sameEmail(a.body.EMAIL, submission.EMAIL));
    if (duplicate) return error(409, APPLY_MESSAGES.DUPLICATE);
    const documentTypes = courseDocumentTypes(course);
    const errors = validateApplicationForm(submission, { qualOptions: qualOptionsOf(course), documentTypes });
    if (errors.length > 0) return error(400, errors.map((e) => e.message).join(' '));
    // Binds the documents' tokens as the gateway does (files-svc claim): all or nothing.
    const documents = formDocuments(submission, documentTypes);
    const unbound = documents.find(({ document }) => {
      const upload = db.uploads.find((u) => u.token === document.file_token);
      return !upload || (upload.owner !== null && upload.owner !== submission.SUBMISSION_ID);
    });
    if (unbound) return error(409, documentNotAttachedText(unbound.field.label));
    for (const { document } of documents) {
      const upload = db.uploads.find((u) => u.token === document.file_token);
      if (upload) upload.owner = submission.SUBMISSION_ID;
    }

    const response = storeApplication(course, submission);
    return HttpResponse.json(response);
  }),

  http.get(apiUrl(API_ROUTES.application.path), ({ params }) => {
    const stored = db.applications.find((a) => a.response.hash === params.hash);
    if (!stored) return error(404, STATUS_PAGE_MESSAGES.NOT_FOUND);
    if (db.statusPageExpired) return error(410, STATUS_PAGE_MESSAGES.expired('2025/26'));
    return HttpResponse.json(stored.review);
  }),
];
