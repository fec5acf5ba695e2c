import {
  DOCUMENT_TYPE_SLOTS,
  QUALIFICATION_CODES,
  SCHOOL_CODES,
  courseDataSchema,
  coursePageState,
  courseDocumentTypes,
  isInIntake,
  qualOptionSchema,
  searchAction,
  tariffDisplay,
  type CourseData,
} from '@clearing-desk/contracts';
import { DEMO_FIXTURES, demoCatalogue, ibPointsForTariff, type DemoCourse } from './demo-catalogue';

const CAMPUS_NAMES: Record<string, string> = {
  NH: 'Northampton Square',
  MG: 'Moorgate',
  SB: 'Sebastian Street',
  GR: "Gray's Inn Place",
  BA: 'Bartholomew Close',
};

const catalogue = demoCatalogue();
const courses = catalogue.courses.map((c) => c.course);
const byCode = new Map<string, DemoCourse>(catalogue.courses.map((c) => [c.course.UCAS_CODE, c]));

function fixture(code: string): DemoCourse {
  const found = byCode.get(code);
  if (!found) throw new Error(`no course ${code}`);
  return found;
}

const isPlainOpen = (c: CourseData): boolean => {
  const action = searchAction(c);
  const page = coursePageState(c);
  return action.kind === 'apply' && action.enabled && action.externalUrl === null && page.kind === 'information' && page.canApply;
};

const offers = (c: DemoCourse): string[] => c.qualOptions.map((o) => o.qualification);

describe('demoCatalogue()', () => {
  it('returns the same catalogue on every call, as fresh objects', () => {
    const again = demoCatalogue();
    expect(again).toEqual(catalogue);
    expect(again.courses[0]).not.toBe(catalogue.courses[0]);
  });

  it('parses every course and qualification option against the contracts', () => {
    for (const { course, qualOptions } of catalogue.courses) {
      expect(courseDataSchema.parse(course)).toEqual(course);
      for (const option of qualOptions) expect(qualOptionSchema.parse(option)).toEqual(option);
    }
  });

  it.each([
    [64, 24],
    [80, 24],
    [88, 25],
    [96, 26],
    [112, 28],
    [120, 29],
    [124, 29],
    [128, 30],
    [136, 31],
    [144, 32],
    [200, 35],
  ])('states the IB Diploma points beside a tariff of %i as %i', (tariff, ib) => {
    expect(ibPointsForTariff(tariff)).toBe(ib);
  });

  it('gives every course that offers IBO an IB requirement from its tariffs, and none to the others', () => {
    expect(fixture(DEMO_FIXTURES.open).course).toMatchObject({ TARIFF_ADVERTISED: 128, TARIFF_ACCEPTED: 112, IB_ADVERTISED: 30, IB_ACCEPTED: 28 });
    for (const entry of catalogue.courses) {
      const { course } = entry;
      if (offers(entry).includes('IBO')) {
        expect(course.IB_ADVERTISED).toBe(ibPointsForTariff(course.TARIFF_ADVERTISED));
        expect(course.IB_ACCEPTED).toBe(ibPointsForTariff(course.TARIFF_ACCEPTED));
        expect(course.IB_ACCEPTED).toBeLessThanOrEqual(course.IB_ADVERTISED ?? 0);
      } else {
        expect([course.IB_ADVERTISED, course.IB_ACCEPTED]).toEqual([null, null]);
      }
    }
  });

  it('has at least 150 courses, 6 schools and 20 departments', () => {
    expect(courses.length).toBeGreaterThanOrEqual(150);
    expect(catalogue.schools.length).toBeGreaterThanOrEqual(6);
    expect(catalogue.departments.length).toBeGreaterThanOrEqual(20);
  });

  it('names the schools and departments the rules and the scenario filter single out', () => {
    const schools = new Map(catalogue.schools.map((s) => [s.code, s.name]));
    expect(schools.get(SCHOOL_CODES.HEALTH_SCIENCES)).toBe('School of Health Sciences');
    expect(schools.get(SCHOOL_CODES.SCIENCES)).toBe('School of Science and Technology');
    for (const code of ['ENG', 'BUS', 'LAW', 'SAS']) expect(schools.has(code)).toBe(true);
    const depts = new Map(catalogue.departments.map((d) => [d.code, d]));
    expect(depts.get('HSRM')?.name).toBe('Health Services Research and Management');
    expect(depts.get('PSYC')?.name).toBe('Psychology');
    expect(depts.get('FBUA')?.name).toBe('Business Undergraduate Admissions');
    // The scenario filter excludes these departments, so they must have courses to exclude.
    for (const code of ['HSRM', 'PSYC', 'FBUA']) expect(courses.some((c) => c.DEPT === code)).toBe(true);
  });

  it('has unique school and department codes, every department in a known school', () => {
    const schoolCodes = catalogue.schools.map((s) => s.code);
    const deptCodes = catalogue.departments.map((d) => d.code);
    expect(new Set(schoolCodes).size).toBe(schoolCodes.length);
    expect(new Set(deptCodes).size).toBe(deptCodes.length);
    for (const d of catalogue.departments) expect(schoolCodes).toContain(d.school);
  });

  it('refers only to existing schools and departments, with matching names', () => {
    const schools = new Map(catalogue.schools.map((s) => [s.code, s]));
    const depts = new Map(catalogue.departments.map((d) => [d.code, d]));
    for (const c of courses) {
      const dept = depts.get(c.DEPT);
      expect(dept).toBeDefined();
      expect(dept?.name).toBe(c.DEPT_NAME);
      expect(dept?.school).toBe(c.SCHOOL);
      expect(schools.get(c.SCHOOL)?.name).toBe(c.SCHOOL_NAME);
    }
  });

  it('has unique UCAS-style codes and unique overrides that clash with no UCAS code', () => {
    const codes = courses.map((c) => c.UCAS_CODE);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z][A-Z0-9]{3}$/);
    const overrides = courses.map((c) => c.COURSE_CODE_OVERRIDE).filter((o): o is string => o !== null);
    expect(overrides.length).toBeGreaterThanOrEqual(8);
    expect(overrides.length).toBeLessThanOrEqual(20);
    expect(new Set(overrides).size).toBe(overrides.length);
    for (const o of overrides) {
      expect(o).toMatch(/^[A-Z][A-Z0-9]{3}$/);
      expect(codes).not.toContain(o);
    }
  });

  it('keeps fields in their documented formats', () => {
    const departNumbers = new Map<string, string>();
    for (const c of courses) {
      expect(c.TARIFF_ADVERTISED).toBeGreaterThanOrEqual(96);
      expect(c.TARIFF_ADVERTISED).toBeLessThanOrEqual(152);
      expect(c.TARIFF_ACCEPTED).toBeLessThanOrEqual(c.TARIFF_ADVERTISED);
      expect(c.COURSE_START_DATE).toMatch(/^(2025-(09|10)|2026-01)-\d{2}$/);
      expect(isInIntake(c.COURSE_START_DATE, '2025/26')).toBe(true);
      expect(c.DEPART_NUMBER).toMatch(/^\d{2}$/);
      expect(departNumbers.get(c.DEPT) ?? c.DEPART_NUMBER).toBe(c.DEPART_NUMBER);
      departNumbers.set(c.DEPT, c.DEPART_NUMBER);
      expect(c.EXTENSION_NO).toMatch(/^\d{4}$/);
      if (c.FEEDBACK_TELEPHONE !== null) expect(c.FEEDBACK_TELEPHONE).toMatch(/^020 7040 \d{4}$/);
      expect(c.URL).toMatch(/^https:\/\/www\.city\.ac\.uk\/study\/courses\/undergraduate\/[a-z0-9-]+$/);
      expect(Object.keys(CAMPUS_NAMES)).toContain(c.CAMPUS_CODE);
      expect(c.CAMPUS_NAME).toBe(CAMPUS_NAMES[c.CAMPUS_CODE]);
      const types = c.DOCUMENT_TYPES.split(',');
      expect(courseDocumentTypes(c)).toEqual(types);
      expect(types.every((t) => t in DOCUMENT_TYPE_SLOTS)).toBe(true);
      if (c.EXTERNAL && !c.INTERMEDIARY) expect(c.EXTERNAL_URL).toMatch(/^https:\/\//);
      else expect(c.EXTERNAL_URL).toBeNull();
    }
    expect(new Set(departNumbers.values()).size).toBe(departNumbers.size);
    expect(courses.filter((c) => c.COURSE_START_DATE.startsWith('2026-01')).length).toBeGreaterThanOrEqual(2);
    expect(courses.filter((c) => c.TARIFF_ADVERTISED % 8 === 0 && c.TARIFF_ACCEPTED % 8 === 0).length).toBeGreaterThan(courses.length / 2);
    expect(courses.filter((c) => c.FEEDBACK_TELEPHONE === null).length).toBeGreaterThan(0);
    expect(courses.filter((c) => c.FEEDBACK_NOTE !== null).length).toBeGreaterThan(0);
    expect(courses.filter((c) => c.NOTES !== null).length).toBeGreaterThan(courses.length / 2);
    expect(courses.filter((c) => c.CONSIDERATION_TEXT !== null).length).toBeGreaterThan(0);
  });

  it('varies DOCUMENT_TYPES across courses', () => {
    const kinds = new Set(courses.map((c) => c.DOCUMENT_TYPES));
    expect(kinds.size).toBeGreaterThanOrEqual(4);
    expect(kinds).toContain('ALEVELS,GCSE5');
    expect(kinds).toContain('ALEVELS,ENGLISHTEST,GCSE2,OTHER');
    expect(kinds).toContain('ALEVELS,ENGLISHTEST,GCSE2,GCSE5,OTHER');
    // The Sciences school asks for five GCSEs.
    for (const c of courses.filter((x) => x.SCHOOL === SCHOOL_CODES.SCIENCES)) expect(c.DOCUMENT_TYPES).toContain('GCSE5');
  });

  it('has several courses a search for "computer" finds', () => {
    const hits = courses.filter((c) =>
      [c.COURSE_TITLE, c.UCAS_CODE, c.QUALIFICATION, c.SCHOOL_NAME, c.DEPT_NAME].some((t) => t.toLowerCase().includes('computer')),
    );
    expect(hits.length).toBeGreaterThanOrEqual(4);
    expect(hits.map((c) => c.COURSE_TITLE)).toEqual(
      expect.arrayContaining(['Computer Science', 'Computer Systems Engineering', 'Business Computing and Information Systems']),
    );
  });

  it('keeps most courses plain open and every other state at least twice', () => {
    expect(courses.filter(isPlainOpen).length).toBeGreaterThan(courses.length / 2);
    const count = (pred: (c: CourseData) => boolean) => courses.filter(pred).length;
    expect(count((c) => searchAction(c).kind === 'check-back-later')).toBeGreaterThanOrEqual(2);
    expect(count((c) => !c.SUSPENDED && searchAction(c).kind === 'closed')).toBeGreaterThanOrEqual(2);
    expect(
      count((c) => {
        const a = searchAction(c);
        return a.kind === 'apply' && !a.enabled;
      }),
    ).toBeGreaterThanOrEqual(2);
    expect(count((c) => c.EXTERNAL && c.INTERMEDIARY)).toBeGreaterThanOrEqual(2);
    expect(
      count((c) => {
        const a = searchAction(c);
        return a.kind === 'apply' && a.externalUrl !== null;
      }),
    ).toBeGreaterThanOrEqual(2);
    expect(count((c) => c.ALLOW_SECOND_YEAR_ENTRY)).toBeGreaterThanOrEqual(3);
    expect(count((c) => !c.ALLOW_SECOND_YEAR_ENTRY)).toBeGreaterThan(courses.length / 2);
    expect(count((c) => c.SCHOOL === SCHOOL_CODES.HEALTH_SCIENCES)).toBeGreaterThanOrEqual(8);
    expect(count((c) => c.assessmentInfo.engineering)).toBeGreaterThanOrEqual(8);
    expect(count((c) => c.SCHOOL === SCHOOL_CODES.SCIENCES)).toBeGreaterThanOrEqual(8);
    expect(count((c) => c.assessmentInfo.interviews)).toBeGreaterThanOrEqual(2);
    expect(count((c) => !c.assessmentInfo.automaticOffer)).toBeGreaterThan(0);
    expect(count((c) => !c.assessmentInfo.automaticRejection)).toBeGreaterThan(0);
    expect(count((c) => c.assessmentInfo.functionalSkillsAccepted)).toBeGreaterThan(0);
    expect(new Set(courses.map((c) => c.assessmentInfo.minimumIelts)).size).toBeGreaterThanOrEqual(2);
  });

  it('sets the assessment flags the rules expect', () => {
    for (const c of courses) {
      if (c.SCHOOL === 'ENG') expect(c.assessmentInfo.engineering).toBe(true);
      // An interviewing course never makes an automatic offer.
      if (c.assessmentInfo.interviews) expect(c.assessmentInfo.automaticOffer).toBe(false);
    }
    expect(fixture('H6G4').course.assessmentInfo.engineering).toBe(true);
    for (const title of ['Adult Nursing', 'Midwifery', 'Radiography (Diagnostic Imaging)', 'Speech and Language Therapy']) {
      expect(courses.find((c) => c.COURSE_TITLE === title)?.assessmentInfo.interviews).toBe(true);
    }
  });

  it('covers every tariff-display case', () => {
    const nonShs = courses.filter((c) => c.SCHOOL !== SCHOOL_CODES.HEALTH_SCIENCES);
    const diff = (c: CourseData) => c.TARIFF_ADVERTISED - c.TARIFF_ACCEPTED;
    expect(nonShs.filter((c) => diff(c) === 0).length).toBeGreaterThanOrEqual(1);
    const small = nonShs.filter((c) => diff(c) > 0 && diff(c) <= 24);
    expect(small.length).toBeGreaterThanOrEqual(1);
    for (const c of small) {
      expect(tariffDisplay(c, 'page')).toEqual({ points: c.TARIFF_ACCEPTED, lowerTariffNote: false });
      expect(tariffDisplay(c, 'results')).toEqual({ points: c.TARIFF_ACCEPTED, lowerTariffNote: false });
    }
    const middle = nonShs.filter((c) => diff(c) > 24 && diff(c) <= 48);
    expect(middle.length).toBeGreaterThanOrEqual(2);
    for (const c of middle) {
      expect(tariffDisplay(c, 'page')).toEqual({ points: c.TARIFF_ADVERTISED, lowerTariffNote: true });
      expect(tariffDisplay(c, 'results')).toEqual({ points: c.TARIFF_ACCEPTED, lowerTariffNote: false });
    }
    const wide = nonShs.filter((c) => diff(c) > 48);
    expect(wide.length).toBeGreaterThanOrEqual(2);
    for (const c of wide) {
      expect(tariffDisplay(c, 'page').points).toBe(c.TARIFF_ADVERTISED);
      expect(tariffDisplay(c, 'results').points).toBe(c.TARIFF_ADVERTISED);
    }
    // Boundaries: exactly 24 and exactly 48 show the accepted tariff.
    expect(nonShs.some((c) => diff(c) === 24)).toBe(true);
    expect(nonShs.some((c) => diff(c) === 48)).toBe(true);
    const shsWide = courses.filter((c) => c.SCHOOL === SCHOOL_CODES.HEALTH_SCIENCES && diff(c) > 24);
    expect(shsWide.length).toBeGreaterThanOrEqual(1);
    for (const c of shsWide) expect(tariffDisplay(c, 'page')).toEqual({ points: c.TARIFF_ADVERTISED, lowerTariffNote: false });
  });

  describe('qualification options', () => {
    it('offers the core types on every course, in form order, without repeats', () => {
      for (const c of catalogue.courses) {
        const codes = offers(c);
        expect(new Set(codes).size).toBe(codes.length);
        expect(codes).toEqual(expect.arrayContaining(['GCSE', 'ALEVEL', 'BTEC_EXTENDED_DIPLOMA', 'IBO', 'ENGLISH_TEST', 'OTHER']));
        expect(codes[0]).toBe('ALEVEL');
        const groups = c.qualOptions.map((o) => o.group);
        const firstGcse = groups.indexOf('GCSE_QUALIFICATIONS');
        expect(groups.slice(firstGcse).every((g) => g === 'GCSE_QUALIFICATIONS')).toBe(true);
        // Functional Skills is offered exactly where it may stand in for GCSEs.
        expect(codes.includes('FUNCTIONAL_SKILLS')).toBe(c.course.assessmentInfo.functionalSkillsAccepted);
      }
    });

    it('offers every qualification type somewhere', () => {
      const offered = new Set(catalogue.courses.flatMap(offers));
      for (const code of QUALIFICATION_CODES) expect(offered).toContain(code);
    });

    it('gives some courses option colours, required flags and uncounted types', () => {
      const options = catalogue.courses.flatMap((c) => c.qualOptions.map((o) => ({ dept: c.course.DEPT, o })));
      const colour = (qual: string, field: string, value: string) =>
        options.filter(
          ({ o }) =>
            o.qualification === qual && o.fields.some((f) => f.name === field && f.options?.some((x) => x.value === value && x.tariffColour !== undefined)),
        );
      // domain.md: colours only for what real entry requirements name. A level grades are coloured
      // only for Mathematics on mathematics and actuarial degrees; GCSE-group grades never.
      const gradeColoured = colour('ALEVEL', 'GRADE', 'E');
      expect(gradeColoured.length).toBeGreaterThan(0);
      for (const { dept, o } of gradeColoured) {
        expect(['MATH', 'ACTS']).toContain(dept);
        for (const option of o.fields.find((f) => f.name === 'GRADE')?.options ?? []) {
          if (option.tariffColour) expect(option.subjects).toEqual(['Mathematics']);
        }
      }
      for (const qual of ['GCSE', 'IGCSE', 'OLEVEL', 'FUNCTIONAL_SKILLS', 'ASLEVEL']) {
        expect(
          options.filter(({ o }) => o.qualification === qual && o.fields.some((f) => f.options?.some((x) => x.tariffColour === 'R' || x.tariffColour === 'A'))),
        ).toEqual([]);
      }
      const mathsGreen = colour('ALEVEL', 'SUBJECT', 'Mathematics').filter(({ dept }) => dept === 'MATH');
      expect(mathsGreen.length).toBeGreaterThan(0);
      expect(mathsGreen[0]?.o.fields.find((f) => f.name === 'SUBJECT')?.options?.find((x) => x.value === 'Mathematics')?.tariffColour).toBe('G');
      expect(options.some(({ o }) => o.qualification === 'EPQ' && !o.countsTowardsTariff)).toBe(true);
      expect(options.some(({ o }) => o.qualification === 'ASLEVEL' && !o.countsTowardsTariff)).toBe(true);
      expect(options.some(({ o }) => o.qualification === 'GCSE' && o.fields.some((f) => f.name === 'YEAR' && !f.required))).toBe(true);
      expect(options.some(({ o }) => o.qualification === 'IBO' && o.fields.some((f) => f.name === 'EE_GRADE' && f.required))).toBe(true);
    });
  });

  describe('DEMO_FIXTURES', () => {
    it('names courses that exist', () => {
      for (const code of Object.values(DEMO_FIXTURES)) expect(byCode.has(code)).toBe(true);
    });

    it('open and openComputer: Computer Science BSc (Hons) G400, plain open', () => {
      expect(DEMO_FIXTURES.openComputer).toBe(DEMO_FIXTURES.open);
      const { course } = fixture(DEMO_FIXTURES.open);
      expect(course).toMatchObject({
        UCAS_CODE: 'G400',
        COURSE_TITLE: 'Computer Science',
        QUALIFICATION: 'BSc (Hons)',
        TARIFF_ADVERTISED: 128,
        TARIFF_ACCEPTED: 112,
        SCHOOL: SCHOOL_CODES.SCIENCES,
        DEPT: 'CMPS',
        ALLOW_SECOND_YEAR_ENTRY: false,
        COURSE_CODE_OVERRIDE: null,
        DOCUMENT_TYPES: 'ALEVELS,GCSE5',
      });
      expect(course.assessmentInfo).toMatchObject({ automaticOffer: true, automaticRejection: true, interviews: false });
      expect(isPlainOpen(course)).toBe(true);
    });

    it('suspended: Check back later in search, suspended error on the page', () => {
      const { course } = fixture(DEMO_FIXTURES.suspended);
      expect(course.SUSPENDED).toBe(true);
      expect(course.VACANCIES_EXTERNAL).toBeGreaterThan(0);
      expect(searchAction(course)).toEqual({ kind: 'check-back-later' });
      expect(coursePageState(course)).toEqual({ kind: 'error', message: 'Error: Course is currently suspended.' });
    });

    it('closed: no external vacancies, not suspended', () => {
      const { course } = fixture(DEMO_FIXTURES.closed);
      expect(course.SUSPENDED).toBe(false);
      expect(course.VACANCIES_EXTERNAL).toBe(0);
      expect(searchAction(course)).toEqual({ kind: 'closed' });
    });

    it('noInternalVacancies: Apply shown but disabled', () => {
      const { course } = fixture(DEMO_FIXTURES.noInternalVacancies);
      expect(course.VACANCIES_EXTERNAL).toBeGreaterThan(0);
      expect(course.VACANCIES_INTERNAL).toBe(0);
      expect(searchAction(course)).toEqual({ kind: 'apply', enabled: false, externalUrl: null });
    });

    it('externalIntermediary: information page without applying', () => {
      const { course } = fixture(DEMO_FIXTURES.externalIntermediary);
      expect(course).toMatchObject({ EXTERNAL: true, INTERMEDIARY: true, SUSPENDED: false });
      expect(coursePageState(course)).toEqual({ kind: 'information', canApply: false });
      expect(searchAction(course)).toEqual({ kind: 'apply', enabled: true, externalUrl: null });
    });

    it('externalNonIntermediary: Apply opens the external URL, page is not found', () => {
      const { course } = fixture(DEMO_FIXTURES.externalNonIntermediary);
      expect(course).toMatchObject({ EXTERNAL: true, INTERMEDIARY: false });
      expect(course.EXTERNAL_URL).toMatch(/^https:\/\//);
      expect(searchAction(course)).toEqual({ kind: 'apply', enabled: true, externalUrl: course.EXTERNAL_URL });
      expect(coursePageState(course)).toEqual({ kind: 'error', message: 'Error: Course not found.' });
    });

    it('secondYearAllowed: open and allows second-year entry', () => {
      const { course } = fixture(DEMO_FIXTURES.secondYearAllowed);
      expect(course.ALLOW_SECOND_YEAR_ENTRY).toBe(true);
      expect(isPlainOpen(course)).toBe(true);
    });

    it('healthSciences: an open SHS course that always shows the advertised tariff', () => {
      const { course } = fixture(DEMO_FIXTURES.healthSciences);
      expect(course.SCHOOL).toBe(SCHOOL_CODES.HEALTH_SCIENCES);
      expect(course.SCHOOL_NAME).toBe('School of Health Sciences');
      expect(isPlainOpen(course)).toBe(true);
      expect(tariffDisplay(course, 'page').points).toBe(course.TARIFF_ADVERTISED);
      expect(tariffDisplay(course, 'results').points).toBe(course.TARIFF_ADVERTISED);
    });

    it('engineering: an open School of Engineering course', () => {
      const { course } = fixture(DEMO_FIXTURES.engineering);
      expect(course.SCHOOL).toBe('ENG');
      expect(course.assessmentInfo.engineering).toBe(true);
      expect(isPlainOpen(course)).toBe(true);
    });

    it('sciences: an open Sciences-school course', () => {
      const { course } = fixture(DEMO_FIXTURES.sciences);
      expect(course.SCHOOL).toBe(SCHOOL_CODES.SCIENCES);
      expect(isPlainOpen(course)).toBe(true);
    });

    it('interviewing: an open course that invites to interview', () => {
      const { course } = fixture(DEMO_FIXTURES.interviewing);
      expect(course.assessmentInfo.interviews).toBe(true);
      expect(isPlainOpen(course)).toBe(true);
    });

    it('allQualifications: offers all 22 qualification types', () => {
      const codes = offers(fixture(DEMO_FIXTURES.allQualifications));
      expect(codes).toHaveLength(QUALIFICATION_CODES.length);
      expect([...codes].sort()).toEqual([...QUALIFICATION_CODES].sort());
      expect(isPlainOpen(fixture(DEMO_FIXTURES.allQualifications).course)).toBe(true);
    });
  });
});

describe('demoCatalogue(intake) (domain.md "Intake": configuration)', () => {
  it('puts every start date in the configured intake', () => {
    const next = demoCatalogue('2026/27').courses.map((c) => c.course.COURSE_START_DATE);
    expect(next.every((d) => isInIntake(d, '2026/27'))).toBe(true);
    expect(next).toContain('2027-01-26');
  });

  it('offers GCSE-group subjects as free text with suggestions, never a closed list', () => {
    for (const { qualOptions } of demoCatalogue().courses) {
      for (const o of qualOptions.filter((q) => ['GCSE', 'IGCSE', 'OLEVEL'].includes(q.qualification))) {
        const subject = o.fields.find((f) => f.name === 'SUBJECT');
        expect(subject?.type).toBe('text');
        expect(subject?.suggestions).toContain('Mathematics');
      }
    }
  });
});

describe('demoCatalogue with the cycle default start date (domain.md "Recruitment cycles")', () => {
  it('keeps the intake dates when the cycle starts on the default day, and moves every course with a later cycle', () => {
    const same = demoCatalogue('2025/26', '2025-09-22').courses.map((c) => c.course.COURSE_START_DATE);
    expect(same).toEqual(courses.map((c) => c.COURSE_START_DATE));
    // A demo cycle open on 29 November 2026: courses start from Monday 25 January 2027, January starts in May.
    const demo = demoCatalogue('2026/27', '2027-01-25').courses.map((c) => c.course);
    expect(demo.every((c) => c.COURSE_START_DATE > '2026-11-29')).toBe(true);
    expect(demo.find((c) => c.UCAS_CODE === 'B740')?.COURSE_START_DATE).toBe('2027-01-25');
    expect(demo.find((c) => c.UCAS_CODE === 'G400')?.COURSE_START_DATE).toBe('2027-02-01');
    expect(demo.find((c) => c.UCAS_CODE === 'B741')?.COURSE_START_DATE).toBe('2027-05-31');
  });
});
