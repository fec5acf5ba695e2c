import { createHash, randomUUID } from 'node:crypto';
import {
  APPLICATIONS_SVC,
  DESK_MESSAGES,
  assessFormSchema,
  courseDocumentTypes,
  DEFAULT_CLOSED_MESSAGE,
  ERROR_CODES,
  decidePublicOutcome,
  dropHiddenFields,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MISMATCH,
  LIMITS,
  describeFormErrors,
  documentNotAttachedText,
  fileClaimErrorSchema,
  FILES_SVC,
  formDocuments,
  NEW_STUDENT,
  PUBLIC_STATUS_ONLY,
  PUBLIC_USER,
  recommendedCourses,
  staffEditRefusal,
  staffStatusRefusal,
  rejectionReasonsRefusal,
  offerWithoutPlace,
  PLACES_MESSAGES,
  SUBMISSION_BUTTONS,
  TARIFF_TABLES_VERSION,
  toAssessForm,
  validateSubmission,
  withoutDocuments,
  type ApplicationDecision,
  type ApplicationStatus,
  type ApplyResponse,
  type ApplySubmission,
  type AssessForm,
  type CourseDetailResponse,
  type DocumentType,
  type EmailCourseFacts,
  type KeyedSubmission,
  type StaffUpdateResponse,
  type StaffCreateSubmission,
  type StaffUpdateSubmission,
  type StoreApplicationRequestInput,
  type StoreUpdateRequestInput,
  submissionIdKind,
  SUBMISSION_ID_KIND_MISMATCH,
  type SubmissionIdKind,
} from '@clearing-desk/contracts';
import { courseRequirementsHash } from '@clearing-desk/contracts/server';
import { forbidIfRefused, HttpError } from '@clearing-desk/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AssessOutcome } from '../plugins/app/assessment-gateway';
import { ServiceError } from '../plugins/app/service-clients';

/**
 * The keys the duplicate check looks a person up by (domain.md "Statuses"): the trimmed EMAIL, and
 * the UCAS Personal ID when APPLIED_TO_UCAS is '1'. A value longer than any stored application can
 * hold (EMAIL over LIMITS.EMAIL_MAX, a UCAS Personal ID over its digits) matches nobody, so it is
 * left out: the form's own check then refuses it in spec section 5's words, never the lookup's.
 */
export function duplicateKeys(form: Pick<ApplySubmission, 'EMAIL' | 'APPLIED_TO_UCAS' | 'UCAS_PERSONAL_ID'>): {
  email: string | undefined;
  ucasPersonalId: string | undefined;
} {
  const email = typeof form.EMAIL === 'string' ? form.EMAIL.trim() : '';
  const ucasPersonalId = form.APPLIED_TO_UCAS === '1' && typeof form.UCAS_PERSONAL_ID === 'string' ? form.UCAS_PERSONAL_ID.trim() : '';
  return {
    email: email && email.length <= LIMITS.EMAIL_MAX ? email : undefined,
    ucasPersonalId: ucasPersonalId && ucasPersonalId.length <= LIMITS.UCAS_PERSONAL_ID_DIGITS ? ucasPersonalId : undefined,
  };
}

/** A form checked against a course: the submission without STATUS/REJECTION_REASONS and its assessable part. */
export type CheckedForm<T> = { submission: T; assessable: AssessForm; documentTypes: DocumentType[] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** A UUID for any idempotency key: the key itself when it is a UUID, else a name-based UUID (SHA-256, version 8). */
export function idempotencyKeyToUuid(key: string): string {
  if (UUID.test(key)) return key.toLowerCase();
  const hex = createHash('sha256').update(`idempotency-key:${key}`).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The SUBMISSION_ID a submission is stored under (issue 12 item 2): the body's SUBMISSION_ID, or the
 * `Idempotency-Key` header (any 1-255 visible characters, as a UUID: idempotencyKeyToUuid), or a
 * new UUID when the client sends neither (a client following spec section 7 exactly; it gets no
 * replay protection, the duplicate rule still holds). 400 when the header is malformed or differs
 * from the body's SUBMISSION_ID.
 */
export function settleSubmissionId(request: FastifyRequest, bodyId: string | undefined): string {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  const header = Array.isArray(raw) ? raw[0] : raw;
  if (header === undefined) return bodyId?.toLowerCase() ?? randomUUID();
  if (!IDEMPOTENCY_KEY.test(header)) throw new HttpError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters.');
  const fromHeader = idempotencyKeyToUuid(header);
  if (bodyId !== undefined && bodyId.toLowerCase() !== fromHeader) throw new HttpError(400, IDEMPOTENCY_KEY_MISMATCH);
  return fromHeader;
}

/**
 * Refuses a submission whose SUBMISSION_ID was issued for the other kind of form (domain.md 'Staff
 * sessions on results day'): 409 SUBMISSION_ID_KIND_MISMATCH[route] when `id` is bound to the kind
 * other than `route` (submissionIdKind of the contracts); unbound ids pass. Nothing is read or
 * stored before it, so a staff call can never be filed as public, nor the reverse.
 */
export function refuseOtherKindOfId(id: string, route: SubmissionIdKind): void {
  const kind = submissionIdKind(id);
  if (kind !== null && kind !== route) throw new HttpError(409, SUBMISSION_ID_KIND_MISMATCH[route]);
}

/**
 * The one submit pipeline (issue 9 item 0) that the public submit (POST /api/apply/{course}), the
 * staff create (POST /api/admin/applications/{student}/{course}) and the staff update (PUT) run.
 * Steps, each a method so the routes compose them and tests reach them:
 * 1. the public submit's `reserve` (one applications-svc call): while Clearing is closed the public is
 *    refused (403, the closing message; spec section 4), and a course with no place left (COURSE_CLOSED);
 * 2. `course`: the course read fresh from courses-svc, with the user's access (404 passes through);
 * 3. `check`: the rules of spec section 5 for the course (400, messages joined by ' '), then the
 *    assessable part with exact values (400 naming the field);
 * 4. `assess`: the assessment exactly as POST /api/apply/{course}/assess makes it (buttons for the user's role);
 * 5. decision: decidePublicOutcome for the public, the chosen button for staff (`staffDecision`);
 * 6. `alreadyApplied` then `claimDocuments`: the duplicate check runs BEFORE documents are claimed,
 *    so a person's second application never binds files; a retried submission (same
 *    SUBMISSION_ID) skips the claim and gets its stored record from the store;
 * 7. `store`: applications-svc stores it with its first LOG row in one transaction.
 * Needs `fastify.assessmentGateway` (assessmentGatewayPlugin) registered in the calling plugin.
 */
export function createSubmitPipeline(fastify: FastifyInstance) {
  const gateway = () => fastify.assessmentGateway;

  const pipeline = {
    /** Step 2: the course, fresh (never the assessment's short-lived cache), with the user's access. */
    course(request: FastifyRequest, code: string): Promise<CourseDetailResponse> {
      return gateway().course(request, code, { fresh: true });
    },

    /**
     * The submission as it is checked and stored: its SUBMISSION_ID settled (settleSubmissionId),
     * STATUS and REJECTION_REASONS taken out, and the values of hidden fields dropped (domain.md "Form
     * behaviour": what is stored is exactly what the rules checked).
     */
    keyed(
      request: FastifyRequest,
      detail: CourseDetailResponse,
      data: ApplySubmission,
    ): { submission: KeyedSubmission; status: ApplySubmission['STATUS']; reasons: ApplySubmission['REJECTION_REASONS'] } {
      const { STATUS, REJECTION_REASONS, ...rest } = data;
      const SUBMISSION_ID = settleSubmissionId(request, rest.SUBMISSION_ID);
      const submission = dropHiddenFields({ ...rest, SUBMISSION_ID }, courseDocumentTypes(detail.courseData));
      return { submission, status: STATUS, reasons: REJECTION_REASONS };
    },

    /** Step 3: spec section 5's rules for this course (documents of its DOCUMENT_TYPES included), then the assessable values. */
    check<T extends Readonly<Record<string, unknown>>>(detail: CourseDetailResponse, submission: T): CheckedForm<T> {
      const { courseData, qualOptions } = detail;
      const documentTypes = courseDocumentTypes(courseData);
      const errors = validateSubmission(submission, { qualOptions, documentTypes, ALLOW_SECOND_YEAR_ENTRY: courseData.ALLOW_SECOND_YEAR_ENTRY });
      if (errors.length > 0) throw new HttpError(400, describeFormErrors(errors));
      // The rules above trim; the assessment takes exact values (e.g. ' 1' is not a year of entry).
      const assessable = assessFormSchema.safeParse(submission);
      if (!assessable.success) {
        const issue = assessable.error.issues[0];
        throw new HttpError(400, `${issue?.path.join('.') ?? 'data'}: ${issue?.message ?? 'is invalid'}`);
      }
      return { submission, assessable: assessable.data, documentTypes };
    },

    /** Step 4: the assessment for the user's role (its buttons are the statuses staff may choose). */
    assess(request: FastifyRequest, detail: CourseDetailResponse, form: AssessForm): Promise<AssessOutcome> {
      return gateway().assess(request, detail, toAssessForm(form));
    },

    /** Step 5 for staff: the chosen STATUS (S when none), with the reasons and alternatives of a rejection. */
    staffDecision(status: ApplicationStatus, outcome: AssessOutcome, reasons: readonly { MESSAGE: string }[] | undefined): ApplicationDecision {
      const rejected = status === 'X';
      return {
        confirmed_status: status,
        sub_status: null,
        rejection_reasons: reasons
          ? [...reasons]
          : rejected
            ? outcome.result.EXPLANATION.filter((e) => e.STATUS === 'R').map((e) => ({ MESSAGE: e.MESSAGE }))
            : [],
        recommended_courses: rejected ? recommendedCourses(outcome.result.ALTERNATE, outcome.candidates) : [],
      };
    },

    /** Step 6a: whether this person already applied to the course (same email or UCAS Personal ID). */
    async alreadyApplied(
      request: FastifyRequest,
      ucasCode: string,
      form: Pick<ApplySubmission, 'EMAIL' | 'APPLIED_TO_UCAS' | 'UCAS_PERSONAL_ID'>,
    ): Promise<boolean> {
      const { email, ucasPersonalId } = duplicateKeys(form);
      if (!email && !ucasPersonalId) return false;
      const { rows } = await fastify.services.applications.send(request, APPLICATIONS_SVC.applied, {
        query: { ucas_code: ucasCode, email, ucas_personal_id: ucasPersonalId },
      });
      return rows.length > 0;
    },

    /**
     * Step 6b: binds the uploaded documents of the course's categories to the submission
     * (files-svc POST /files/claim, all or nothing, idempotent for the same owner). files-svc
     * refuses with a code of the contracts and the refused token's index (fileClaimErrorSchema);
     * the answer names its document. Returns whether anything was claimed.
     */
    async claimDocuments(request: FastifyRequest, submission: KeyedSubmission, types: readonly DocumentType[]): Promise<boolean> {
      const documents = formDocuments(submission, types);
      if (documents.length === 0) return false;
      const body = { tokens: documents.map((d) => d.document.file_token), owner: submission.SUBMISSION_ID };
      try {
        await fastify.services.files.send(request, FILES_SVC.claim, { body });
      } catch (err) {
        const refusal = err instanceof ServiceError && err.statusCode === 409 ? fileClaimErrorSchema.safeParse(err.body) : null;
        if (!refusal?.success) throw err;
        const refused = documents[refusal.data.index] ?? documents[0];
        request.log.warn({ code: refusal.data.code, field: refused?.field.name }, 'document claim refused');
        throw new HttpError(409, documentNotAttachedText(refused?.field.label ?? 'document'));
      }
      return true;
    },

    /**
     * Unbinds the documents claimed for a submission whose store was then refused (issue 14 item
     * 3), so the applicant can use them again and files-svc's sweeper deletes them if nobody does.
     * A failure is logged, never hides the refusal the applicant must see.
     */
    async releaseDocuments(request: FastifyRequest, owner: string): Promise<void> {
      try {
        await fastify.services.files.send(request, FILES_SVC.release, { body: { owner } });
      } catch (err) {
        request.log.error({ err, owner }, 'claimed documents of a refused submission could not be released');
      }
    },

    /** Step 7: applications-svc stores the decided submission (201/200 the record; 409 duplicate). */
    store(request: FastifyRequest, body: StoreApplicationRequestInput): Promise<ApplyResponse> {
      return fastify.services.applications.send(request, APPLICATIONS_SVC.store, { body });
    },

    /** Whether an application is already stored under the submission's SUBMISSION_ID (a replayed key). */
    async keyStored(request: FastifyRequest, submission: KeyedSubmission): Promise<boolean> {
      const { stored } = await fastify.services.applications.send(request, APPLICATIONS_SVC.submission, { params: { id: submission.SUBMISSION_ID } });
      return stored;
    },

    /**
     * Steps 6 and 7 together: claim only when the key is new and the person has not applied yet (a
     * repeat of a stored submission goes straight to the store, which answers its record, or 409 when
     * the key is another applicant's: a replayed key never binds, nor releases, anyone's files; a
     * second application its 409).
     * When the store refuses (4xx: nothing was stored under this SUBMISSION_ID, since a retry of a
     * stored one answers its record) the claimed documents are released. After a 5xx or timeout
     * the store may have happened, so the claim stays (a retry binds the same owner again).
     */
    async claimAndStore(
      request: FastifyRequest,
      checked: CheckedForm<KeyedSubmission>,
      body: StoreApplicationRequestInput,
      known?: { claim: boolean },
    ): Promise<ApplyResponse> {
      const ucasCode = body.course.UCAS_CODE;
      let claimed = false;
      const claim = known
        ? known.claim
        : !(await pipeline.keyStored(request, checked.submission)) && !(await pipeline.alreadyApplied(request, ucasCode, checked.submission));
      if (claim) claimed = await pipeline.claimDocuments(request, checked.submission, checked.documentTypes);
      try {
        return await pipeline.store(request, body);
      } catch (err) {
        if (claimed && err instanceof ServiceError && err.statusCode < 500) await pipeline.releaseDocuments(request, checked.submission.SUBMISSION_ID);
        throw err;
      }
    },

    /**
     * The public submit's reserve step (issue 22 item 3, issue 23): one applications-svc call
     * (POST /applications/reserve) answers the Clearing setting, whether the SUBMISSION_ID is
     * stored (a retry), whether the person applied to the course (a duplicate) and the course's
     * places left by the ledger. Its commit is the store (POST /applications), which takes the
     * place in the transaction that stores the application.
     */
    reserve(request: FastifyRequest, ucasCode: string, data: Pick<ApplySubmission, 'EMAIL' | 'APPLIED_TO_UCAS' | 'UCAS_PERSONAL_ID'>, submissionId: string) {
      const { email, ucasPersonalId } = duplicateKeys(data);
      return fastify.services.applications.send(request, APPLICATIONS_SVC.reserve, {
        body: { ucas_code: ucasCode, submission_id: submissionId, email, ucas_personal_id: ucasPersonalId },
      });
    },

    /**
     * The whole public submit (POST /api/apply/{course}), in named steps; a green submit without
     * documents makes 4 internal calls (reserve, course, assess, store):
     * 1. validate the STATUS: when sent, the public button's S (400 PUBLIC_STATUS_ONLY, before anything is read or stored);
     * 2. reserve (applications-svc, one call): Clearing closed answers 403 with the closing message;
     *    a course the ledger has no place left on answers 409 COURSE_CLOSED (spec section 8);
     * 3. the course, fresh (courseClosedCode: 409 COURSE_SUSPENDED / COURSE_CLOSED), then validate
     *    the form against it (spec section 5: 400);
     * 4. assess, and decide (decidePublic: decidePublicOutcome; the body's REJECTION_REASONS are ignored);
     * 5. check duplicate and claim files: only for a new key of a person who has not applied (the
     *    reserve's answer), so a duplicate or a retry never binds files;
     * 6. store: the commit, which takes the place of an O in its transaction (no place: 409
     *    COURSE_CLOSED); a refused store releases the files claimed (compensation in claimAndStore's one place);
     * 7. respond with the stored record.
     */
    async submitPublic(request: FastifyRequest, code: string, data: ApplySubmission): Promise<ApplyResponse> {
      if (data.STATUS !== undefined && data.STATUS !== SUBMISSION_BUTTONS.SUBMIT.STATUS) throw new HttpError(400, PUBLIC_STATUS_ONLY);
      const submissionId = settleSubmissionId(request, data.SUBMISSION_ID);
      refuseOtherKindOfId(submissionId, 'public');
      const reservation = await pipeline.reserve(request, code, data, submissionId);
      if (!request.staffUser && reservation.clearing.state !== 1) throw new HttpError(403, reservation.clearing.closing_message || DEFAULT_CLOSED_MESSAGE);
      // The ledger is exact; the course's VACANCIES_INTERNAL follows it within a second.
      if (reservation.placesLeft === 0 && !reservation.stored) throw new HttpError(409, ERROR_CODES.COURSE_CLOSED);
      const detail = await pipeline.course(request, code);
      gateway().assertOpen(detail.courseData);
      const { submission } = pipeline.keyed(request, detail, { ...data, SUBMISSION_ID: submissionId });
      const checked = pipeline.check(detail, submission);
      const outcome = await pipeline.assess(request, detail, checked.assessable);
      return pipeline.claimAndStore(request, checked, pipeline.decidePublic(request, detail, checked, outcome), {
        claim: !reservation.stored && !reservation.applied,
      });
    },

    /**
     * Step 5 for the public: the decision of the assessment (decidePublicOutcome: the automatic
     * decisions of domain.md; any REJECTION_REASONS the body sent are ignored), as the body the
     * store takes: the submission without its documents, the course fields an application keeps,
     * the facts its decision email names and the course's places (the ledger's seed).
     */
    decidePublic(
      request: FastifyRequest,
      detail: CourseDetailResponse,
      checked: CheckedForm<KeyedSubmission>,
      outcome: AssessOutcome,
    ): StoreApplicationRequestInput {
      const { courseData, qualOptions } = detail;
      return {
        submission: withoutDocuments(checked.submission),
        course: courseBody(detail),
        qualOptions,
        assessment: outcome.result,
        decision: decidePublicOutcome({ assessment: outcome.result, form: checked.assessable, course: courseData, candidates: outcome.candidates }),
        decisionRules: { TARIFF_TABLES_VERSION, COURSE_REQUIREMENTS_HASH: courseRequirementsHash(courseData, qualOptions) },
        user: request.staffUser?.username ?? PUBLIC_USER,
        courseFacts: emailCourseFacts(detail),
        placesSeed: courseData.VACANCIES_INTERNAL,
      };
    },

    /**
     * The staff create (POST /api/admin/applications/{student}/{course}; issue 9 item 3): allowed
     * while Clearing is closed; the course must take applications (409 COURSE_SUSPENDED / CLOSED);
     * the user needs a role that edits new applications and a STATUS among the assessment's
     * buttons for that role (403); an offer with no place left is 409 NO_PLACE_LEFT (issue 23). `student` is NEW_STUDENT or the STUDENT_ID chosen in the search.
     */
    async submitStaff(request: FastifyRequest, student: string, code: string, data: StaffCreateSubmission): Promise<ApplyResponse> {
      const user = request.staffUser;
      if (!user) throw new HttpError(401, DESK_MESSAGES.NO_ROLE);
      refuseOtherKindOfId(settleSubmissionId(request, data.SUBMISSION_ID), 'staff');
      const detail = await pipeline.course(request, code);
      forbidIfRefused(staffEditRefusal(detail.access, null));
      gateway().assertOpen(detail.courseData, 'staff');
      const { INTERVIEW, OVER_ALLOWANCE, ...form } = data;
      const { submission, status: STATUS, reasons: REJECTION_REASONS } = pipeline.keyed(request, detail, form);
      forbidIfRefused(rejectionReasonsRefusal(detail.access, REJECTION_REASONS));
      const checked = pipeline.check(detail, submission);
      const status = STATUS ?? 'S';
      if (!OVER_ALLOWANCE) refuseOfferWithoutPlace(detail, null, status);
      const outcome = await pipeline.assess(request, detail, checked.assessable);
      forbidIfRefused(staffStatusRefusal(detail.access, null, status, outcome.result.SUBMISSION_OPTIONS.BUTTONS));
      return pipeline.claimAndStore(request, checked, {
        submission: withoutDocuments(submission),
        course: courseBody(detail),
        qualOptions: detail.qualOptions,
        assessment: outcome.result,
        decision: pipeline.staffDecision(status, outcome, REJECTION_REASONS),
        decisionRules: { TARIFF_TABLES_VERSION, COURSE_REQUIREMENTS_HASH: courseRequirementsHash(detail.courseData, detail.qualOptions) },
        user: user.username,
        courseFacts: emailCourseFacts(detail),
        placesSeed: detail.courseData.VACANCIES_INTERNAL,
        // An Administrator confirmed offering over the allowance (issue 23 item 3; applications-svc checks the role too).
        ...(OVER_ALLOWANCE && status === 'O' ? { overAllowance: true } : {}),
        // Created as I: the interview arranged goes with it to its LOG row and email (issue 24 item 3).
        ...(INTERVIEW && status === 'I' ? { interview: INTERVIEW } : {}),
        staff: true,
        ...(student === NEW_STUDENT ? {} : { studentId: student }),
      });
    },

    /**
     * The staff update (PUT /api/admin/applications/{student}/{course}; issue 9 item 2) of a stored
     * application whose status is `current`: editing rules of spec section 6 (403), the form checked
     * and re-assessed for the user's role, the STATUS among its buttons (or the current one, or V),
     * and the version the client read (`ifMatch`; 409 when stale). Documents are not re-claimed:
     * they stay bound to the application's SUBMISSION_ID.
     */
    async updateStaff(
      request: FastifyRequest,
      params: { student: string; course: string },
      detail: CourseDetailResponse,
      current: ApplicationStatus,
      data: StaffUpdateSubmission,
      ifMatch: number | undefined,
    ): Promise<StaffUpdateResponse> {
      forbidIfRefused(staffEditRefusal(detail.access, current));
      const { REJECTION_REASONS, INTERVIEW, OVER_ALLOWANCE, ...rest } = data;
      forbidIfRefused(rejectionReasonsRefusal(detail.access, REJECTION_REASONS));
      const checked = pipeline.check(detail, dropHiddenFields(withoutDocuments(rest), []));
      if (!OVER_ALLOWANCE) refuseOfferWithoutPlace(detail, current, data.STATUS);
      const outcome = await pipeline.assess(request, detail, checked.assessable);
      forbidIfRefused(staffStatusRefusal(detail.access, current, data.STATUS, outcome.result.SUBMISSION_OPTIONS.BUTTONS));
      const body: StoreUpdateRequestInput = {
        // The interview (a change to I) travels with the status change to its LOG row and email (issue 24).
        // An Administrator's confirmed offer over the allowance travels with it too (issue 23 item 3).
        submission: { ...checked.submission, ...(INTERVIEW ? { INTERVIEW } : {}), ...(OVER_ALLOWANCE && data.STATUS === 'O' ? { OVER_ALLOWANCE } : {}) },
        courseFacts: emailCourseFacts(detail),
        placesSeed: detail.courseData.VACANCIES_INTERNAL,
        qualOptions: detail.qualOptions,
        ALLOW_SECOND_YEAR_ENTRY: detail.courseData.ALLOW_SECOND_YEAR_ENTRY,
        assessment: outcome.result,
        ...(REJECTION_REASONS ? { rejection_reasons: REJECTION_REASONS } : {}),
        ...(ifMatch !== undefined ? { ifMatch } : {}),
      };
      return fastify.services.applications.send(request, APPLICATIONS_SVC.deskUpdate, { params, body });
    },
  };
  return pipeline;
}
export type SubmitPipeline = ReturnType<typeof createSubmitPipeline>;

/**
 * 409 NO_PLACE_LEFT for a staff offer on a course with no place left (contracts offerWithoutPlace;
 * issue 23 item 3), ahead of the status rule's 403: the adviser's form still showed O (the place
 * went while it was open), so it is told why and re-assesses. An Administrator's unconfirmed offer
 * goes on to applications-svc, whose guard answers the same.
 */
function refuseOfferWithoutPlace(detail: CourseDetailResponse, current: ApplicationStatus | null, requested: ApplicationStatus | undefined): void {
  if (offerWithoutPlace(detail.access, current, requested, detail.courseData.VACANCIES_INTERNAL)) throw new HttpError(409, PLACES_MESSAGES.NO_PLACE_LEFT);
}

/**
 * The course facts a decision's email names (issue 24 item 2): the gateway has just read the
 * course fresh, so applications-svc copies them into the outbox row and nobody asks courses-svc later.
 */
function emailCourseFacts(detail: CourseDetailResponse): EmailCourseFacts {
  const { UCAS_CODE, COURSE_CODE_OVERRIDE, COURSE_TITLE, QUALIFICATION, COURSE_START_DATE, FEEDBACK_TELEPHONE, SCHOOL } = detail.courseData;
  return { UCAS_CODE, COURSE_CODE_OVERRIDE, COURSE_TITLE, QUALIFICATION, COURSE_START_DATE, FEEDBACK_TELEPHONE, SCHOOL };
}

/** The course fields an application keeps (the public reference, the second-year rule, scopes for the listing). */
function courseBody(detail: CourseDetailResponse): StoreApplicationRequestInput['course'] {
  const c = detail.courseData;
  return {
    UCAS_CODE: c.UCAS_CODE,
    DEPART_NUMBER: c.DEPART_NUMBER,
    ALLOW_SECOND_YEAR_ENTRY: c.ALLOW_SECOND_YEAR_ENTRY,
    SCHOOL: c.SCHOOL,
    DEPT: c.DEPT,
    COURSE_CODE_OVERRIDE: c.COURSE_CODE_OVERRIDE,
  };
}
