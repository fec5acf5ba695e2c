import { assessRequestSchema } from '@clearing-desk/contracts';
import { createAssessForm, createCourseDetail } from '@clearing-desk/contracts/testing';
import { assessRequestJson } from './assessment-gateway';

/** Issue 26 item 1: the course part of assessment-svc's body is serialised once per cached course object. */
describe('assessRequestJson', () => {
  const form = createAssessForm();

  it('is the JSON of the assessment body the contract describes, alternatives included', () => {
    const detail = createCourseDetail();
    const candidate = { ...detail.courseData, qualOptions: detail.qualOptions, UCAS_CODE: 'X001' };
    const text = assessRequestJson(detail, form, [candidate]);
    const expected = { course: detail.courseData, qualOptions: detail.qualOptions, access: detail.access, form, alternatives: [candidate] };
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(assessRequestSchema.parse(JSON.parse(text))).toEqual(assessRequestSchema.parse(expected));
    expect(JSON.parse(assessRequestJson(detail, form, []))).toEqual(JSON.parse(JSON.stringify({ ...expected, alternatives: [] })));
  });

  it('serialises a course object once: the same object gives its first text; a course read again (a new object) is serialised again', () => {
    const detail = createCourseDetail();
    type Body = { course: { COURSE_TITLE: string }; form: unknown };
    assessRequestJson(detail, form, []); // serialises this course object
    // A cached course object is never changed in place; changing it here shows the text was kept.
    const title = detail.courseData.COURSE_TITLE;
    detail.courseData.COURSE_TITLE = 'Changed in place';
    const otherForm = createAssessForm({ DOB: '2000-01-01' });
    const again = JSON.parse(assessRequestJson(detail, otherForm, [])) as Body;
    expect(again.course.COURSE_TITLE).toBe(title);
    expect(again.form).toEqual(otherForm); // the form is serialised per call
    const reread = { ...detail, courseData: { ...detail.courseData } };
    expect((JSON.parse(assessRequestJson(reread, form, [])) as Body).course.COURSE_TITLE).toBe('Changed in place');
  });
});
