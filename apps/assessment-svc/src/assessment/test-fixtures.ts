/**
 * Test helpers for the engine's tests (not used by the service): qualification items by type and a
 * one-call `assessWith`. Course and form come from '@clearing-desk/contracts/testing'.
 */
import {
  QUALIFICATION_CODES,
  buildQualOption,
  type AlternativeCandidate,
  type AssessForm,
  type CourseData,
  type QualificationItem,
  type QualOption,
  type Role,
} from '@clearing-desk/contracts';
import { createAssessForm, createCourse } from '@clearing-desk/contracts/testing';
import { assess } from './assess';

/** Every catalogue type, uncoloured and counted. */
export const ALL_QUAL_OPTIONS: QualOption[] = QUALIFICATION_CODES.map((code) => buildQualOption(code));

export const gcse = (SUBJECT: string, GRADE: string, QUALIFICATION = 'GCSE'): QualificationItem => ({
  QUALIFICATION,
  SUBJECT,
  GRADE,
  YEAR: '2022',
});
export const alevel = (SUBJECT: string, GRADE: string, QUALIFICATION = 'ALEVEL'): QualificationItem => ({
  QUALIFICATION,
  SUBJECT,
  GRADE,
  YEAR: '2024',
});
/** A levels graded `grades` in History, Geography and Sociology: no subject a GCSE-level rule names. */
export const humanities = (...grades: [string, string, string]): QualificationItem[] =>
  ['History', 'Geography', 'Sociology'].map((subject, i) => alevel(subject, grades[i] as string));
export const englishTest = (TEST: string, SCORE = '7'): QualificationItem => ({
  QUALIFICATION: 'ENGLISH_TEST',
  TEST,
  SCORE,
  YEAR: '2024',
});

/** English Language and Mathematics at 5 plus three sciences at 6: meets every GCSE rule. */
export const FIVE_GCSES: QualificationItem[] = [
  gcse('English Language', '5'),
  gcse('Mathematics', '5'),
  gcse('Physics', '6'),
  gcse('Chemistry', '6'),
  gcse('Biology', '6'),
];

export type AssessWith = {
  course?: Partial<CourseData>;
  assessmentInfo?: Partial<CourseData['assessmentInfo']>;
  form?: Partial<AssessForm>;
  access?: Role | null;
  qualOptions?: QualOption[];
  alternatives?: AlternativeCandidate[];
};

/** Assesses `createAssessForm(form)` for `createCourse(course)` (Sciences school, 128/112) with every type offered. */
export function assessWith({ course, assessmentInfo, form, access = null, qualOptions = ALL_QUAL_OPTIONS, alternatives }: AssessWith = {}) {
  const base = createCourse(course);
  return assess({
    course: { ...base, assessmentInfo: { ...base.assessmentInfo, ...assessmentInfo } },
    qualOptions,
    form: createAssessForm(form),
    access,
    alternatives,
  });
}

/**
 * An open course of the same school as `createCourse()` (Sciences, every type offered, no colours)
 * accepting `accepted` points, advertising 16 more: a candidate for ALTERNATE.
 */
export function candidate(UCAS_CODE: string, accepted: number, overrides: Partial<AlternativeCandidate> = {}): AlternativeCandidate {
  return {
    ...createCourse({
      UCAS_CODE,
      COURSE_TITLE: `Course ${UCAS_CODE}`,
      TARIFF_ADVERTISED: accepted + 16,
      TARIFF_ACCEPTED: accepted,
      VACANCIES_EXTERNAL: 10,
      VACANCIES_INTERNAL: 3,
      EXTENSION_NO: `7${UCAS_CODE.slice(1)}`,
    }),
    qualOptions: ALL_QUAL_OPTIONS,
    ...overrides,
  };
}
