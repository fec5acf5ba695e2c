import { createCourse, createCoursesClosedWithPlaces } from '../testing';
import { coursePageState, searchAction } from './course-state';
import {
  appliedElsewhere,
  appliedForHere,
  courseClosedCode,
  hasInternalPlaces,
  hasNoPlaces,
  hasNoPlacesForStaff,
  hasPublicPlaces,
  isCourseOpen,
  isSuspended,
  staffCourseClosedCode,
} from './course-open';

describe('courseClosedCode (can this course take an application?)', () => {
  it('takes an application on an intermediary, internal course with external and internal vacancies', () => {
    expect(courseClosedCode(createCourse())).toBeNull();
    expect(isCourseOpen(createCourse())).toBe(true);
  });

  it('answers COURSE_SUSPENDED for a suspended course, whatever else holds', () => {
    expect(courseClosedCode(createCourse({ SUSPENDED: true }))).toBe('COURSE_SUSPENDED');
    expect(courseClosedCode(createCourse({ SUSPENDED: true, VACANCIES_EXTERNAL: 0, EXTERNAL: true }))).toBe('COURSE_SUSPENDED');
  });

  it.each([
    ['no external vacancies', { VACANCIES_EXTERNAL: 0 }],
    ['no internal vacancies (the offer allowance used up)', { VACANCIES_INTERNAL: 0 }],
  ])('answers COURSE_CLOSED with %s', (_case, overrides) => {
    expect(courseClosedCode(createCourse(overrides))).toBe('COURSE_CLOSED');
  });

  it('answers COURSE_CLOSED for courses with places that are not intermediary or are external', () => {
    const { notIntermediary, external } = createCoursesClosedWithPlaces();
    for (const course of [notIntermediary, external]) {
      expect(course.VACANCIES_EXTERNAL).toBeGreaterThan(0);
      expect(course.VACANCIES_INTERNAL).toBeGreaterThan(0);
      expect(courseClosedCode(course)).toBe('COURSE_CLOSED');
      expect(isCourseOpen(course)).toBe(false);
    }
    // External and intermediary: the information page only (spec section 4), no application.
    expect(courseClosedCode(createCourse({ EXTERNAL: true, INTERMEDIARY: true }))).toBe('COURSE_CLOSED');
  });

  it('agrees with the course page: a course that takes applications is one whose page lets people apply', () => {
    const flags = [false, true];
    for (const SUSPENDED of flags)
      for (const EXTERNAL of flags)
        for (const INTERMEDIARY of flags)
          for (const VACANCIES_EXTERNAL of [0, 3])
            for (const VACANCIES_INTERNAL of [0, 2]) {
              const course = createCourse({ SUSPENDED, EXTERNAL, INTERMEDIARY, VACANCIES_EXTERNAL, VACANCIES_INTERNAL });
              const page = coursePageState(course);
              const action = searchAction(course);
              const pageApplies = page.kind === 'information' && page.canApply;
              const searchApplies = action.kind === 'apply' && action.enabled;
              expect({ course, open: isCourseOpen(course) }).toEqual({ course, open: pageApplies && searchApplies });
            }
  });
});

describe('searchAction for staff', () => {
  it('shows no Apply where the role cannot take an application, and Apply where it can', () => {
    const course = createCourse({ SUSPENDED: false, VACANCIES_EXTERNAL: 5, VACANCIES_INTERNAL: 2, EXTERNAL: false, INTERMEDIARY: false });
    expect(searchAction(course, { access: null })).toEqual({ kind: 'none' });
    expect(searchAction(course, { access: 'Visa Team' })).toEqual({ kind: 'none' });
    expect(searchAction(course, { access: 'Front Office' })).toEqual({ kind: 'apply', enabled: true, externalUrl: null });
    expect(searchAction(course)).toEqual({ kind: 'apply', enabled: true, externalUrl: null });
  });
});

describe('a course every place of which is offered, as staff meet it', () => {
  it("keeps the staff search Apply enabled and the course open to them; a manager's close still closes it", () => {
    const full = createCourse({ VACANCIES_EXTERNAL: 5, VACANCIES_INTERNAL: 0 });
    expect(searchAction(full)).toEqual({ kind: 'apply', enabled: false, externalUrl: null });
    expect(searchAction(full, { access: 'Back Office' })).toEqual({ kind: 'apply', enabled: true, externalUrl: null });
    expect(staffCourseClosedCode(full)).toBeNull();
    expect(staffCourseClosedCode(createCourse({ VACANCIES_EXTERNAL: 0, VACANCIES_INTERNAL: 0 }))).toBe('COURSE_CLOSED');
    expect(staffCourseClosedCode(createCourse({ SUSPENDED: true, VACANCIES_INTERNAL: 0 }))).toBe('COURSE_SUSPENDED');
  });

  it('agrees with the staff course page: open to staff exactly where their search lets them apply', () => {
    for (const VACANCIES_EXTERNAL of [0, 3])
      for (const VACANCIES_INTERNAL of [0, 2])
        for (const SUSPENDED of [false, true]) {
          const course = createCourse({ SUSPENDED, VACANCIES_EXTERNAL, VACANCIES_INTERNAL });
          const page = coursePageState(course);
          const action = searchAction(course, { access: 'Front Office' });
          const applies = page.kind === 'information' && page.canApply && action.kind === 'apply' && action.enabled;
          expect({ course, open: staffCourseClosedCode(course) === null }).toEqual({ course, open: applies });
        }
  });
});

describe('the named parts of the course-open rule (spec section 4)', () => {
  it('tells a course applied for at a partner from one applied for here, and from one that is neither', () => {
    const { notIntermediary, external } = createCoursesClosedWithPlaces();
    expect([appliedElsewhere(external), appliedForHere(external)]).toEqual([true, false]);
    expect([appliedElsewhere(notIntermediary), appliedForHere(notIntermediary)]).toEqual([false, false]);
    expect([appliedElsewhere(createCourse()), appliedForHere(createCourse())]).toEqual([false, true]);
    const externalIntermediary = createCourse({ EXTERNAL: true, INTERMEDIARY: true });
    expect([appliedElsewhere(externalIntermediary), appliedForHere(externalIntermediary)]).toEqual([false, false]);
  });

  it('shows a course applied for at a partner with its EXTERNAL_URL in the search and as not found on its page', () => {
    const { external } = createCoursesClosedWithPlaces();
    expect(searchAction(external)).toEqual({ kind: 'apply', enabled: true, externalUrl: 'https://partner.example/apply' });
    expect(coursePageState(external)).toEqual({ kind: 'error', message: 'Error: Course not found.' });
  });

  it('counts public (external) and internal places apart; staff meet only the public ones', () => {
    expect(isSuspended(createCourse({ SUSPENDED: true }))).toBe(true);
    expect(isSuspended(createCourse())).toBe(false);
    expect([hasPublicPlaces(createCourse({ VACANCIES_EXTERNAL: 0 })), hasPublicPlaces(createCourse({ VACANCIES_EXTERNAL: 1 }))]).toEqual([false, true]);
    expect([hasInternalPlaces(createCourse({ VACANCIES_INTERNAL: 0 })), hasInternalPlaces(createCourse({ VACANCIES_INTERNAL: 1 }))]).toEqual([false, true]);
    const full = createCourse({ VACANCIES_EXTERNAL: 5, VACANCIES_INTERNAL: 0 });
    expect([hasNoPlaces(full), hasNoPlacesForStaff(full)]).toEqual([true, false]);
    const closedByManager = createCourse({ VACANCIES_EXTERNAL: 0, VACANCIES_INTERNAL: 4 });
    expect([hasNoPlaces(closedByManager), hasNoPlacesForStaff(closedByManager)]).toEqual([true, true]);
    expect([hasNoPlaces(createCourse()), hasNoPlacesForStaff(createCourse())]).toEqual([false, false]);
  });
});
