/**
 * Test data generators (conventions.md: `createX(overrides)`), valid against the contracts.
 */
import type { CourseData, CourseDetailResponse } from '../courses/course';
import { buildQualOption } from '../qualifications/catalogue';

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

export function createCourseDetail(overrides: Partial<CourseData> = {}): CourseDetailResponse {
  return {
    courseData: createCourse(overrides),
    qualOptions: [buildQualOption('ALEVEL'), buildQualOption('GCSE'), buildQualOption('ENGLISH_TEST')],
    access: null,
  };
}
