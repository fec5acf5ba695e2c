import { STAFF_SIGNED_IN_COOKIE, standardCycle } from '@clearing-desk/contracts';
import type {
  ErasureRequest,
  ErasureResult,
  RetentionRun,
  ApplyResponse,
  Assessment,
  ClearingStatusAuditEntry,
  ClearingStatusResponse,
  CourseData,
  DocumentType,
  EmailRecord,
  EventApiKey,
  WebhookAttempt,
  WebhookEndpoint,
  LoginLockout,
  LoginOptions,
  QualOption,
  StaffCreateSubmission,
  StaffUser,
  CycleRollEntry,
  RecruitmentCycle,
} from '@clearing-desk/contracts';
import { createCourse } from '@clearing-desk/contracts/testing';
import { createAssessment, type StoredApplication } from './applications';
import type { DeskApplication, DeskStudent } from './applications-desk';
import type { PresenceHolder, WorkQueueItem } from '@clearing-desk/contracts';
import { initialScenarios, type MockScenarios } from './scenarios';

/** In-memory data behind the msw handlers; reset after every test (setup-tests.ts). */
type MockDb = {
  courses: CourseData[];
  clearingStatus: ClearingStatusResponse;
  pingState: 0 | 1;
  /** qualOptions per UCAS code; createCourseDetail's (A Level, GCSE, English test) otherwise. */
  qualOptions: Record<string, QualOption[]>;
  /** What POST /api/apply/{course}/assess answers. */
  assessment: Assessment;
  /** What POST /api/apply/{course} answers (with the course's depart number), by default an offer. */
  applyResponse: Partial<ApplyResponse>;
  /**
   * The form guard (contracts' form-guard.ts): GET /api/form-start answers `mock-form-start-{n}`;
   * with `askProof` a public POST /api/apply/{course} without a solved proof answers 428 with a
   * real (cheap) ALTCHA challenge, as the gateway does past an address's budget. `sent` records the
   * start token and proof header of every public submission.
   */
  formGuard: { starts: number; askProof: boolean; sent: { start: string | null; proof: string | null }[] };
  /** Stored applications: the applied check and duplicates look here. */
  applications: StoredApplication[];
  /** The status page by hash answers 410 (the intake's cycle has ended). */
  statusPageExpired: boolean;
  /** Files POST /api/file/upload accepted, by token; `owner` once a submission carried the token. */
  uploads: MockUpload[];
  /**
   * How the next uploads are answered, in order (then 'clean'): a token, or an error status and
   * message (422 file_virus, 503...). 'hold' keeps the upload waiting until `releaseUploads()`.
   */
  uploadOutcomes: UploadOutcome[];
  /** The staff session behind the cookie: GET /api/admin/auth/user answers it, 401 when null. */
  sessionUser: StaffUser | null;
  /** Directory accounts PUT /api/admin/auth/ldap accepts. */
  directory: DirectoryAccount[];
  /** GET /api/admin/auth/options. */
  loginOptions: LoginOptions;
  /** GET /api/admin/status/audit, newest first; PUT /api/admin/status adds to the front. */
  clearingAudit: ClearingStatusAuditEntry[];
  /** The recruitment cycles behind GET /api/admin/cycle: the current one last; rolls newest first. */
  cycles: RecruitmentCycle[];
  cycleRolls: CycleRollEntry[];
  /** GET /api/admin/auth/lockouts: the sign-in lockouts in force; a lift removes one. */
  signInLockouts: LoginLockout[];
  /** GET /api/admin/event-keys, newest first; an issue adds to the front, a revoke marks one. */
  eventApiKeys: EventApiKey[];
  /** GET /api/admin/webhooks (a register adds to the front, a resume sets it active) and each endpoint's attempts by id. */
  webhooks: { endpoints: WebhookEndpoint[]; attempts: Record<string, WebhookAttempt[]> };
  /** Bodies of staff creates (POST /api/admin/applications/{student}/{course}), as sent. */
  staffCreates: StaffCreateSubmission[];
  /** The applications desk: stored applications as staff see them, and the students. */
  desk: { applications: DeskApplication[]; students: DeskStudent[] };
  /** Decision emails per application, keyed `${STUDENT_ID}/${UCAS_CODE}` (notifications-svc's records). */
  deskEmails: Record<string, EmailRecord[]>;
  /** Who has each application open (applications-svc's presence), keyed `${STUDENT_ID}/${UCAS_CODE}`. */
  presence: Record<string, PresenceHolder>;
  /** Work-queue claims (applications-svc's queue_claims), keyed `${STUDENT_ID}/${UCAS_CODE}`: who took it, its item. */
  queueClaims: Record<string, { username: string; item: WorkQueueItem; closed?: boolean }>;
  /** Training scenarios: the catalogue, completions per user, injected failures. */
  scenarios: MockScenarios;
  /** Erasure requests as sent, the answer to the next one, and the retention job's runs (newest first). */
  dataProtection: {
    erasures: ErasureRequest[];
    erasureAnswer: Omit<ErasureResult, 'TICKET'> | { status: number; message: string };
    runs: RetentionRun[];
  };
};

export type DirectoryAccount = { password: string; user: StaffUser };

export type MockUpload = {
  token: string;
  fileName: string;
  fileType: string;
  fileSize: number;
  documentType: DocumentType;
  xsrfHeader: string | null;
  owner: string | null;
};
export type UploadOutcome = 'clean' | 'hold' | { status: number; message: string };

const initialDb = (): MockDb => ({
  courses: [createCourse()],
  clearingStatus: { state: 1, closing_message: null },
  pingState: 1,
  qualOptions: {},
  assessment: createAssessment(),
  applyResponse: {},
  formGuard: { starts: 0, askProof: false, sent: [] },
  applications: [],
  statusPageExpired: false,
  uploads: [],
  uploadOutcomes: [],
  sessionUser: null,
  directory: [],
  loginOptions: { enterprise: false },
  clearingAudit: [],
  cycles: [standardCycle('2025/26')],
  cycleRolls: [],
  signInLockouts: [],
  eventApiKeys: [],
  webhooks: { endpoints: [], attempts: {} },
  staffCreates: [],
  desk: { applications: [], students: [] },
  deskEmails: {},
  presence: {},
  queueClaims: {},
  scenarios: initialScenarios(),
  dataProtection: { erasures: [], erasureAnswer: { APPLICATIONS: 1, EMAILS: 2, FILES: 1 }, runs: [] },
});

export const db: MockDb = initialDb();

export function resetDb(): void {
  Object.assign(db, initialDb());
  setStaffSignedInHint(false);
}

/** The gateway's sign-in hint cookie (STAFF_SIGNED_IN_COOKIE), mirrored into jsdom's cookies as the gateway sets and clears it. */
export function setStaffSignedInHint(on: boolean): void {
  document.cookie = on ? `${STAFF_SIGNED_IN_COOKIE}=1; path=/` : `${STAFF_SIGNED_IN_COOKIE}=; path=/; max-age=0`;
}

/** Replaces the course catalogue. */
export function seedCourses(courses: CourseData[]): void {
  db.courses = courses;
}

/** Sets a course's qualification options. */
export function seedQualOptions(ucasCode: string, qualOptions: QualOption[]): void {
  db.qualOptions[ucasCode] = qualOptions;
}

/** Sets what the assessment answers. */
export function setAssessment(assessment: Assessment): void {
  db.assessment = assessment;
}

/** Sets what the next submissions answer (confirmed status, reasons, recommended courses). */
export function setApplyResponse(response: Partial<ApplyResponse>): void {
  db.applyResponse = response;
}

/** Sets the clearing state that both GET /api/admin/status and GET /api/ping report. */
export function setClearingStatus(status: ClearingStatusResponse): void {
  db.clearingStatus = status;
  db.pingState = status.state;
}

/** Sets how the next uploads are answered (see MockDb.uploadOutcomes). */
export function setUploadOutcomes(...outcomes: UploadOutcome[]): void {
  db.uploadOutcomes = outcomes;
}

/** Sets the signed-in staff user (the session cookie), or none. */
export function setSessionUser(user: StaffUser | null): void {
  db.sessionUser = user;
  setStaffSignedInHint(user !== null);
}

/** Adds a directory account that can sign in with its username and password. */
export function addDirectoryAccount(user: StaffUser, password: string): void {
  db.directory.push({ user, password });
}
