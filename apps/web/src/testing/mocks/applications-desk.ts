import { deskApplicationResponseSchema, type DeskApplicationResponse, type ApplicationSearchRow, type StudentSearchRow } from '@clearing-desk/contracts';
import { createApplicationForm, createCourse, createCourseDetail } from '@clearing-desk/contracts/testing';
import { createAssessment } from './applications';

/** A stored application of the mock desk: the edit screen's answer (its row is derived). */
export type DeskApplication = DeskApplicationResponse & { VISA_STATUS: string | null; public: boolean; version: number };
export type DeskStudent = StudentSearchRow;

/**
 * A stored application as GET /api/admin/applications/{s}/{c} answers it (Computer Science G400,
 * Amara Okafor, status S, version 1), valid against the contracts.
 */
export function createDeskApplication(data: Record<string, unknown> = {}, extra: Partial<Omit<DeskApplication, 'applicationData'>> = {}): DeskApplication {
  const detail = createCourseDetail();
  const course = createCourse({ UCAS_CODE: typeof data.UCAS_CODE === 'string' ? data.UCAS_CODE : 'G400' });
  const response = deskApplicationResponseSchema.parse({
    applicationData: {
      ...createApplicationForm(),
      STUDENT_ID: 'S0001',
      APPLICATION_ID: 'A0001',
      REFERENCE: '004217',
      DEPART_NUMBER: '31',
      UCAS_CODE: course.UCAS_CODE,
      STATUS: 'S',
      SUB_STATUS: null,
      REJECTION_REASONS: [],
      OUTBOUND_CALL_FLAG: 0,
      OUTBOUND_CALL_REMARK: null,
      OVER18: 1,
      LOG: [{ MESSAGE: 'Application created', STATUS: 'S', USER: 'public', TIME: '2025-08-14T09:30:00.000Z' }],
      CREATED_AT: '2025-08-14T09:30:00.000Z',
      UPDATED_AT: '2025-08-14T09:30:00.000Z',
      ...data,
    },
    assessment: createAssessment(),
    courseData: course,
    access: null,
    qualOptions: detail.qualOptions,
    documents: [],
    CYCLE: '2025/26',
  });
  return { ...response, VISA_STATUS: null, public: true, version: 1, ...extra };
}

/** The listing row of a stored application (spec section 3 "Application search row"). */
export const deskRow = (a: DeskApplication): ApplicationSearchRow => ({
  STUDENT_ID: a.applicationData.STUDENT_ID,
  APPLICATION_ID: a.applicationData.APPLICATION_ID,
  UCAS_CODE: a.applicationData.UCAS_CODE,
  COURSE_CODE_OVERRIDE: a.courseData.COURSE_CODE_OVERRIDE,
  NAME1: a.applicationData.NAME1 ?? '',
  NAME2: a.applicationData.NAME2 ?? '',
  EMAIL: a.applicationData.EMAIL ?? '',
  UCAS_PERSONAL_ID: a.applicationData.UCAS_PERSONAL_ID || null,
  NATIONALITY: a.applicationData.NATIONALITY || null,
  STATUS: a.applicationData.STATUS,
  SUB_STATUS: a.applicationData.SUB_STATUS,
  VISA_STATUS: a.VISA_STATUS,
  SUBMITTED_AT: a.applicationData.CREATED_AT,
});
