/**
 * Test data generators (conventions.md: `createX(overrides)`), valid against the contracts.
 */
import type { VisaDataInput } from '../applications/desk';
import type { FormDocument } from '../applications/document-fields';
import type { AssessForm } from '../assessment/assess-form';
import type { CourseData, CourseDetailResponse } from '../courses/course';
import { buildQualOption } from '../qualifications/catalogue';
import type { Scenario } from '../scenarios/scenario';
import type { DecisionEmailPayload } from '../notifications/outbox';

export function createCourse(overrides: Partial<CourseData> = {}): CourseData {
  return {
    UCAS_CODE: 'G400',
    COURSE_CODE_OVERRIDE: null,
    COURSE_TITLE: 'Computer Science',
    QUALIFICATION: 'BSc (Hons)',
    SCHOOL: 'SCI',
    SCHOOL_NAME: 'School of Science and Technology',
    DEPT: 'CMPS',
    DEPT_NAME: 'Computer Science',
    CAMPUS_CODE: 'NH',
    CAMPUS_NAME: 'Northampton Square',
    TARIFF_ADVERTISED: 128,
    TARIFF_ACCEPTED: 112,
    SUSPENDED: false,
    VACANCIES_EXTERNAL: 20,
    VACANCIES_INTERNAL: 5,
    CLEARING_PLACES: 5,
    OFFER_ALLOWANCE: 1,
    // No IB requirement unless a test sets one: IB applicants are priced by their components.
    IB_ADVERTISED: null,
    IB_ACCEPTED: null,
    EXTERNAL: false,
    EXTERNAL_URL: null,
    INTERMEDIARY: true,
    ALLOW_SECOND_YEAR_ENTRY: false,
    URL: null,
    NOTES: '<p>Typical offer: 128 UCAS Tariff points.</p>',
    CONSIDERATION_TEXT: null,
    DOCUMENT_TYPES: 'ALEVELS,GCSE5',
    EXTENSION_NO: '8000',
    FEEDBACK_TELEPHONE: '020 7040 8716',
    FEEDBACK_NOTE: null,
    COURSE_START_DATE: '2026-09-28',
    DEPART_NUMBER: '31',
    assessmentInfo: {
      interviews: false,
      automaticOffer: true,
      automaticRejection: true,
      engineering: false,
      functionalSkillsAccepted: false,
      minimumIelts: 6,
    },
    ...overrides,
  };
}

/**
 * Courses with places left that still take no application: one not intermediary,
 * one external (applied for at a partner's EXTERNAL_URL). Test data only, never the demo
 * catalogue: with them a test tells the course-open rule (contracts' courseClosedCode) from a
 * check of vacancies alone.
 */
export function createCoursesClosedWithPlaces(): { notIntermediary: CourseData; external: CourseData } {
  return {
    notIntermediary: createCourse({ UCAS_CODE: 'T901', COURSE_TITLE: 'Test Course Not Intermediary', INTERMEDIARY: false }),
    external: createCourse({
      UCAS_CODE: 'T902',
      COURSE_TITLE: 'Test Course External',
      EXTERNAL: true,
      INTERMEDIARY: false,
      EXTERNAL_URL: 'https://partner.example/apply',
    }),
  };
}

export function createCourseDetail(overrides: Partial<CourseData> = {}): CourseDetailResponse {
  return {
    courseData: createCourse(overrides),
    qualOptions: [buildQualOption('ALEVEL'), buildQualOption('GCSE'), buildQualOption('ENGLISH_TEST')],
    access: null,
  };
}

/**
 * An assessable form: a GBR applicant aged 18+ on 2026-09-28, first-year entry, A levels
 * A*AB (144 points) and five GCSEs at 5-6 incl. English Language and Mathematics: green against
 * `createCourse()` (128 advertised, Sciences school).
 */
export function createAssessForm(overrides: Partial<AssessForm> = {}): AssessForm {
  return {
    NATIONALITY: 'GBR',
    DOB: '2006-05-14',
    SECOND_YEAR_ENTRY: '0',
    APPLIED_TO_UCAS: '1',
    GCSE_QUALIFICATIONS: [
      { QUALIFICATION: 'GCSE', SUBJECT: 'English Language', GRADE: '5', YEAR: '2022' },
      { QUALIFICATION: 'GCSE', SUBJECT: 'Mathematics', GRADE: '5', YEAR: '2022' },
      { QUALIFICATION: 'GCSE', SUBJECT: 'Physics', GRADE: '6', YEAR: '2022' },
      { QUALIFICATION: 'GCSE', SUBJECT: 'Chemistry', GRADE: '6', YEAR: '2022' },
      { QUALIFICATION: 'GCSE', SUBJECT: 'Biology', GRADE: '6', YEAR: '2022' },
    ],
    QUALIFICATIONS: [
      { QUALIFICATION: 'ALEVEL', SUBJECT: 'Mathematics', GRADE: 'A*', YEAR: '2024' },
      { QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'A', YEAR: '2024' },
      { QUALIFICATION: 'ALEVEL', SUBJECT: 'Computer Science', GRADE: 'B', YEAR: '2024' },
    ],
    ...overrides,
  };
}

/** Five GCSEs at 5 incl. English Language and Mathematics (what the Sciences school asks for, e.g. G400). */
export const FIVE_GCSES = ['English Language', 'Mathematics', 'Physics', 'Chemistry', 'Biology'].map((SUBJECT) => ({
  QUALIFICATION: 'GCSE',
  SUBJECT,
  GRADE: '5',
  YEAR: '2023',
}));

/** A*AB at A level in Mathematics, Physics and Chemistry, 2025: a green applicant for G400-like courses. */
export const A_STAR_A_B_A_LEVELS = ['Mathematics', 'Physics', 'Chemistry'].map((SUBJECT, i) => ({
  QUALIFICATION: 'ALEVEL',
  SUBJECT,
  GRADE: ['A*', 'A', 'B'][i],
  YEAR: '2025',
}));

/**
 * A complete, valid application form for the G400-like course of `createCourseDetail` (an A level
 * applicant from the UK); override any field.
 */
export function createApplicationForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    NAME1: 'Amara',
    NAME2: 'Okafor',
    EMAIL: 'amara.okafor@example.com',
    DOB: '2006-05-14',
    TEL1: '07700 900123',
    TEL2: '',
    POSTCODE: 'EC1V 0HB',
    NATIONALITY: 'GBR',
    VISA_TYPE: '',
    APPLIED_TO_UCAS: '1',
    UCAS_PERSONAL_ID: '1234567890',
    APPLIED_TO_UNIGO: '',
    PREVIOUSLY_STUDIED_AT_CITY: '0',
    PREVIOUSLY_APPLIED_TO_CITY: '0',
    NOTES: '',
    SECOND_YEAR_ENTRY: '0',
    PREVIOUS_UNI_STUDY: '0',
    PREVIOUS_STUDY_NOTES: '',
    QUALIFICATIONS: [
      { QUALIFICATION: 'ALEVEL', SUBJECT: 'Mathematics', GRADE: 'A*', YEAR: '2025' },
      { QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'A', YEAR: '2025' },
      { QUALIFICATION: 'ALEVEL', SUBJECT: 'Chemistry', GRADE: 'B', YEAR: '2025' },
    ],
    GCSE_QUALIFICATIONS: [
      { QUALIFICATION: 'GCSE', SUBJECT: 'English Language', GRADE: '5', YEAR: '2023' },
      { QUALIFICATION: 'GCSE', SUBJECT: 'Mathematics', GRADE: '5', YEAR: '2023' },
    ],
    ...overrides,
  };
}

/**
 * A legacy visa record (spec section 3) valid against `visaDataSchema`: approved, student route,
 * every required field answered; override any field.
 */
export function createVisaData(overrides: Partial<VisaDataInput> = {}): VisaDataInput {
  return {
    VISA_STATUS: 'A',
    VISA_TYPE: 't4gen',
    HAS_PREVIOUS_UK_STUDY: '0',
    FIVE_YEAR_CAP_ASSESSMENT: 'na',
    PROGRESSION_ASSESSMENT: 'na',
    HAS_ENGLISH_QUALIFICATION: 'ielts',
    HAS_COURSE_FEES: '1',
    ...overrides,
  };
}

/**
 * A training scenario valid against `scenarioSchema`: a green GBR caller on G400.
 * SCENARIO_ID and HASH come from `n` unless overridden, so several can be stored side by side.
 */
export function createScenario(n = 1, overrides: Partial<Scenario> = {}): Scenario {
  return {
    SCENARIO_ID: `T${String(n).padStart(3, '0')}`,
    HASH: n.toString(16).padStart(32, 'a'),
    NAME1: 'Priya',
    NAME2: 'Raman',
    DOB: '2006-03-14',
    GENDER: 'F',
    FEEDBACK_TELEPHONE: '020 7040 8716',
    COURSE_QUALIFICATION: 'BSc (Hons)',
    COURSE_TITLE: 'Computer Science',
    UCAS_CODE: 'G400',
    COURSE_CODE_OVERRIDE: null,
    DEPT: 'CMPS',
    SECOND_YEAR_ENTRY: '0',
    UCAS_PERSONAL_ID: '1234567890',
    OVER18: 1,
    EEA: 1,
    NATIONALITY: 'GBR',
    EMAIL: 'priya.raman@example.com',
    TEL1: '07700 900123',
    STAGE_DIRECTION: 'You are calm and read out your results when asked.',
    ADDITIONAL_INSTRUCTION: 'Expected outcome: Offer (O).',
    COURSE_START_DATE: '2025-09-29',
    GCSE_QUALIFICATIONS: [
      { QUALIFICATION: 'GCSE', SUBJECT: 'English Language', GRADE: '7', YEAR: '2023' },
      { QUALIFICATION: 'GCSE', SUBJECT: 'Mathematics', GRADE: '8', YEAR: '2023' },
    ],
    QUALIFICATIONS: [
      { QUALIFICATION: 'ALEVEL', SUBJECT: 'Mathematics', GRADE: 'A', YEAR: '2025' },
      { QUALIFICATION: 'ALEVEL', SUBJECT: 'Computer Science', GRADE: 'A', YEAR: '2025' },
      { QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'B', YEAR: '2025' },
    ],
    SCENARIOQUESTIONS: [{ STATUS: 'G', QUESTION: 'What are your A level results? (A, A, B)' }],
    ...overrides,
  };
}

/** An outbox payload of kind 'decision-email': an automatic public offer unless overridden. */
export function createDecisionEmailPayload(overrides: Partial<DecisionEmailPayload> = {}): DecisionEmailPayload {
  return {
    applicationId: '17',
    studentId: '2600001',
    ucasCode: 'G400',
    hash: 'a'.repeat(64),
    reference: '31100017',
    intake: '2025/26',
    source: 'public',
    previousStatus: null,
    status: 'O',
    subStatus: 'AO',
    decidedAt: '2025-08-14T08:30:00.000Z',
    applicant: { NAME1: 'Ann', NAME2: 'Example', EMAIL: 'ann@example.com', NATIONALITY: 'GBR', APPLIED_TO_UCAS: true },
    course: {
      UCAS_CODE: 'G400',
      COURSE_CODE_OVERRIDE: null,
      COURSE_TITLE: 'Computer Science',
      QUALIFICATION: 'BSc (Hons)',
      COURSE_START_DATE: '2025-09-29',
      FEEDBACK_TELEPHONE: '020 7040 8716',
      SCHOOL: 'SCI',
    },
    rejectionReasons: [],
    recommendedCourses: [],
    interview: null,
    ...overrides,
  };
}
/**
 * A form's reference to an uploaded document (FormDocument, the value of e.g. ALEVELS_DOCUMENT_1):
 * a 700-byte PDF of A level results under the upload's `fileToken`, a new file_id each call;
 * override any field.
 */
export function createDocumentReference(fileToken: string, overrides: Partial<FormDocument> = {}): FormDocument {
  return {
    file_id: globalThis.crypto.randomUUID(),
    file_type: 'application/pdf',
    file_name: 'results.pdf',
    file_size: 700,
    document_type: 'ALEVELS',
    file_token: fileToken,
    ...overrides,
  };
}

export * from './sample-documents';
