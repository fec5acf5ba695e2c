import { assessRequestSchema } from '@clearing-desk/contracts';
import { createAssessForm, createCourseDetail } from '@clearing-desk/contracts/testing';
import { serialiseReusing } from './reused-json';

describe('serialiseReusing', () => {
  const form = createAssessForm();
  const reuse = { course: 'whole', qualOptions: 'whole', alternatives: 'each' } as const;

  it('is the JSON of the body: the assessment body the contract describes, alternatives included, an undefined field left out', () => {
    const detail = createCourseDetail();
    const candidate = { ...detail.courseData, qualOptions: detail.qualOptions, UCAS_CODE: 'X001' };
    const body = { course: detail.courseData, qualOptions: detail.qualOptions, access: undefined, form, alternatives: [candidate] };
    const text = serialiseReusing(body, reuse);
    expect(text).toBe(JSON.stringify(body));
    expect(assessRequestSchema.parse(JSON.parse(text))).toEqual(assessRequestSchema.parse(body));
    expect(serialiseReusing({ ...body, alternatives: [] }, reuse)).toBe(JSON.stringify({ ...body, alternatives: [] }));
  });

  it('serialises a reused object once: the same object gives its first text; a new object is serialised again; other fields per call', () => {
    const detail = createCourseDetail();
    type Body = { course: { COURSE_TITLE: string }; form: unknown };
    serialiseReusing({ course: detail.courseData, form }, reuse);
    // A cached course object is never changed in place; changing it here shows the text was kept.
    const title = detail.courseData.COURSE_TITLE;
    detail.courseData.COURSE_TITLE = 'Changed in place';
    const otherForm = createAssessForm({ DOB: '2000-01-01' });
    const again = JSON.parse(serialiseReusing({ course: detail.courseData, form: otherForm }, reuse)) as Body;
    expect(again.course.COURSE_TITLE).toBe(title);
    expect(again.form).toEqual(otherForm);
    const reread = { ...detail.courseData };
    expect((JSON.parse(serialiseReusing({ course: reread, form }, reuse)) as Body).course.COURSE_TITLE).toBe('Changed in place');
  });
});
