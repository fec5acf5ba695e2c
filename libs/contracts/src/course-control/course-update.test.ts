import { createCourse } from '../testing';
import { COURSE_UPDATE_MESSAGES, courseChanges, courseEtag, courseUpdateDataSchema, courseUpdateIssue } from './course-update';

describe('courseUpdateDataSchema', () => {
  it('accepts only editable fields, strictly', () => {
    expect(courseUpdateDataSchema.safeParse({ VACANCIES_EXTERNAL: 0 }).success).toBe(true);
    expect(courseUpdateDataSchema.safeParse({ COURSE_TITLE: 'x' }).success).toBe(false);
    expect(courseUpdateDataSchema.safeParse({ VACANCIES_EXTERNAL: -1 }).success).toBe(false);
    expect(courseUpdateDataSchema.safeParse({}).error?.issues[0]?.message).toBe(COURSE_UPDATE_MESSAGES.NOTHING_TO_CHANGE);
  });

  it('normalises document types and blank texts', () => {
    expect(courseUpdateDataSchema.parse({ DOCUMENT_TYPES: 'GCSE5, ALEVELS, GCSE5', NOTES: '  ' })).toEqual({ DOCUMENT_TYPES: 'GCSE5,ALEVELS', NOTES: null });
    expect(courseUpdateDataSchema.safeParse({ DOCUMENT_TYPES: 'PASSPORT' }).success).toBe(false);
  });
});

describe('courseUpdateIssue and courseChanges', () => {
  it('refuses an accepted tariff above the advertised one', () => {
    expect(courseUpdateIssue({ TARIFF_ADVERTISED: 100, TARIFF_ACCEPTED: 101 })).toBe(COURSE_UPDATE_MESSAGES.TARIFFS);
    expect(courseUpdateIssue({ TARIFF_ADVERTISED: 100, TARIFF_ACCEPTED: 100 })).toBeNull();
  });

  it.each([
    ['advertised 30, accepted 28', { IB_ADVERTISED: 30, IB_ACCEPTED: 28 }, null],
    ['equal requirements', { IB_ADVERTISED: 30, IB_ACCEPTED: 30 }, null],
    ['no IB requirement', { IB_ADVERTISED: null, IB_ACCEPTED: null }, null],
    ['accepted above advertised', { IB_ADVERTISED: 30, IB_ACCEPTED: 31 }, COURSE_UPDATE_MESSAGES.IB_ORDER],
    ['advertised without accepted', { IB_ADVERTISED: 30, IB_ACCEPTED: null }, COURSE_UPDATE_MESSAGES.IB_BOTH],
    ['accepted without advertised', { IB_ADVERTISED: null, IB_ACCEPTED: 28 }, COURSE_UPDATE_MESSAGES.IB_BOTH],
  ])('IB requirement: %s', (_case, ib, expected) => {
    expect(courseUpdateIssue({ TARIFF_ADVERTISED: 128, TARIFF_ACCEPTED: 112, ...ib })).toBe(expected);
  });

  it('takes IB Diploma points from 0 to 45, or null, with its own message', () => {
    expect(courseUpdateDataSchema.parse({ IB_ADVERTISED: 45, IB_ACCEPTED: 0 })).toEqual({ IB_ADVERTISED: 45, IB_ACCEPTED: 0 });
    expect(courseUpdateDataSchema.parse({ IB_ADVERTISED: null, IB_ACCEPTED: null })).toEqual({ IB_ADVERTISED: null, IB_ACCEPTED: null });
    for (const bad of [46, -1, 30.5, '30']) {
      expect(courseUpdateDataSchema.safeParse({ IB_ADVERTISED: bad }).error?.issues[0]?.message).toBe(COURSE_UPDATE_MESSAGES.IB_RANGE);
    }
  });

  it('lists only the fields whose value changes, old and new', () => {
    const course = createCourse({ VACANCIES_EXTERNAL: 20, SUSPENDED: false });
    expect(courseChanges(course, { VACANCIES_EXTERNAL: 0, SUSPENDED: false })).toEqual([{ field: 'VACANCIES_EXTERNAL', old: 20, new: 0 }]);
  });
});

describe('courseEtag', () => {
  it('changes with any field of the course and not with key order', () => {
    const course = createCourse();
    const reordered = Object.fromEntries(Object.entries(course).reverse()) as typeof course;
    expect(courseEtag(reordered)).toBe(courseEtag(course));
    expect(courseEtag({ ...course, VACANCIES_EXTERNAL: course.VACANCIES_EXTERNAL + 1 })).not.toBe(courseEtag(course));
    expect(courseEtag({ ...course, CLEARING_PLACES: course.CLEARING_PLACES + 1 })).not.toBe(courseEtag(course));
  });

  it('leaves out the places left (the ledger moves them with every offer; no manager typed them)', () => {
    const course = createCourse();
    expect(courseEtag({ ...course, VACANCIES_INTERNAL: course.VACANCIES_INTERNAL + 1 })).toBe(courseEtag(course));
  });
});
