import { createCourse } from '../testing';
import { courseRowSchema } from '../courses/course';
import { buildFigures, figuresCsv, FIGURES_CSV_HEADINGS, isOverOffered, type FiguresCountResponse } from './figures';

const status = (applications: number, offered = 0, invited = 0) => ({ applications, offered, invited, referred: 0, pooled: 0, rejected: 0, waiting: 0 });
const row = (overrides: Parameters<typeof createCourse>[0]) => ({
  ...courseRowSchema.parse(createCourse(overrides)),
  SCHOOL_NAME: overrides?.SCHOOL_NAME ?? 'School of Science and Technology',
});

describe('isOverOffered', () => {
  it('warns when offers exceed the places by more than the margin percent', () => {
    expect(isOverOffered(10, 10, 0)).toBe(false);
    expect(isOverOffered(11, 10, 0)).toBe(true);
    expect(isOverOffered(11, 10, 10)).toBe(false);
    expect(isOverOffered(12, 10, 10)).toBe(true);
    expect(isOverOffered(1, 0, 500)).toBe(true);
    expect(isOverOffered(0, 0, 0)).toBe(false);
  });
});

describe('buildFigures', () => {
  const courses = [
    row({ UCAS_CODE: 'G400', VACANCIES_EXTERNAL: 2 }),
    row({ UCAS_CODE: 'G100', VACANCIES_EXTERNAL: 10 }),
    row({ UCAS_CODE: 'M100', SCHOOL: 'LAW', SCHOOL_NAME: 'The City Law School', DEPT: 'LAW', VACANCIES_EXTERNAL: 4 }),
  ];
  // G400's ledger: 3 Clearing places at allowance 1.5, all 4 taken, so no place left while the
  // public search still shows 2 vacancies.
  const g400Ledger = {
    UCAS_CODE: 'G400',
    CLEARING_PLACES: 3,
    OFFER_ALLOWANCE: 1.5,
    OFFERS: 4,
    VACANCIES_INTERNAL: 0,
    GUARD_CLOSED: true,
    LAST_GUARD_CLOSE: null,
    LAST_GUARD_REOPEN: null,
    VERSION: 2,
  };
  const counts: FiguresCountResponse = {
    FILLS_FAST_MINUTES: 30,
    rows: [
      { UCAS_CODE: 'G400', today: status(2, 1, 1), total: status(6, 4, 2), automatic: 2, adviser: 1, outboundCalls: 1, places: g400Ledger },
      { UCAS_CODE: 'M100', today: status(1), total: status(1), automatic: 0, adviser: 0, outboundCalls: 2 },
    ],
    perHour: Array.from({ length: 24 }, (_, h) => (h === 10 ? 3 : 0)),
  };
  const figures = buildFigures(courses, counts, { margin: 20, now: new Date('2025-08-14T10:00:00Z') });

  it('gives every course a row (zeros when it has no applications) with the over-offer flag against its Clearing places', () => {
    expect(figures.courses.map((c) => [c.UCAS_CODE, c.total.applications, c.overOffered])).toEqual([
      ['G400', 6, true],
      ['G100', 0, false],
      ['M100', 1, false],
    ]);
  });

  it('forecasts each course from its offer times: full with no place left, filling fast under the threshold, not filling without offers', () => {
    const now = new Date('2025-08-14T10:00:00Z');
    // G100: 5 places left, an offer every 3 minutes for the last hour: 20 an hour, so 15 minutes.
    const every3 = Array.from({ length: 20 }, (_, i) => new Date(now.getTime() - (1 + 3 * i) * 60_000).toISOString());
    const withTimes: FiguresCountResponse = {
      ...counts,
      rows: [...counts.rows, { UCAS_CODE: 'G100', today: status(0), total: status(0), automatic: 0, adviser: 0, outboundCalls: 0, offerTimes: every3 }],
    };
    const forecast = buildFigures(courses, withTimes, { margin: 20, now, fastMinutes: 30 });
    expect(forecast.courses.map((c) => [c.UCAS_CODE, c.OFFERS_LAST_15, c.OFFERS_LAST_60, c.MINUTES_TO_FULL, c.FILL_STATE])).toEqual([
      ['G400', 0, 0, 0, 'full'],
      ['G100', 5, 20, 15, 'filling-fast'],
      ['M100', 0, 0, null, 'not-filling'],
    ]);
    expect(buildFigures(courses, withTimes, { margin: 20, now, fastMinutes: 10 }).courses[1]?.FILL_STATE).toBe('filling');
    // The CSV ends each course's line with the forecast: offers in 15 / 60 min, minutes, words, state.
    const csv = figuresCsv(forecast).split('\r\n');
    expect(csv[1]).toMatch(/,0,0,0,Full,Full$/);
    expect(csv[2]).toMatch(/,5,20,15,15 min,Filling fast$/);
    expect(csv[3]).toMatch(/,0,0,,Not filling,Not filling$/);
  });

  it('adds up schools (by name) and the overall total', () => {
    // Places left are the ledger's (G400 0, the others their projection's 5); public vacancies apart.
    expect(figures.schools.map((s) => [s.SCHOOL, s.courses, s.total.applications, s.placesLeft, s.publicVacancies, s.overOffered, s.outboundCalls])).toEqual([
      ['SCI', 2, 6, 5, 12, 1, 1],
      ['LAW', 1, 1, 5, 4, 0, 2],
    ]);
    expect(figures.overall).toMatchObject({ courses: 3, placesLeft: 10, publicVacancies: 16, overOffered: 1, automatic: 2, adviser: 1, outboundCalls: 3 });
    // The invitations are counted apart from the offers.
    expect(figures.overall.today).toEqual({ ...status(3, 1, 1) });
    expect(figures.overall.total).toMatchObject({ offered: 4, invited: 2 });
    expect(figures.perHour[10]).toEqual({ hour: 10, applications: 3 });
  });

  it('writes the same figures as CSV with headings, one line per course, school and the total', () => {
    const lines = figuresCsv(figures).split('\r\n');
    expect(lines[0]).toBe(FIGURES_CSV_HEADINGS.join(','));
    // The headings' words are FIGURES_COLUMNS, the figures screen's own.
    expect(lines[0]).toBe(
      'Level,School,Course code,Course title,Qualification,Applications today,Offered today,Invited today,Referred today,Pooled today,Rejected today,Waiting today,' +
        'Applications total,Offered total,Invited total,Referred total,Pooled total,Rejected total,Waiting total,Automatic decisions,Adviser decisions,' +
        'Outbound calls,Places left,Public vacancies,Over-offered,Clearing places,Offer allowance,Offers that count,Last guard close,Last guard reopen,' +
        'Offers in the last 15 min,Offers in the last hour,Minutes to full,Time to full,Fill state',
    );
    // Counts (offered and invited apart), places left (the ledger's), public vacancies, then the
    // ledger: places, allowance, offers that count, guard close and reopen.
    expect(lines[1]).toBe(
      'Course,School of Science and Technology,G400,Computer Science,BSc (Hons),2,1,1,0,0,0,0,6,4,2,0,0,0,0,2,1,1,0,2,yes,3,1.50,4,,,0,0,0,Full,Full',
    );
    // Schools and the total have no ledger and no forecast.
    expect(lines.at(-2)).toBe('All,,,,,3,1,1,0,0,0,0,7,4,2,0,0,0,0,2,1,3,10,16,1,,,,,,,,,,');
    expect(lines).toHaveLength(1 + 3 + 2 + 1 + 1);
  });

  it('defuses a cell that a spreadsheet would run as a formula', () => {
    const evil = buildFigures([row({ UCAS_CODE: 'X1', COURSE_TITLE: '=HYPERLINK("x")' })], { rows: [], perHour: Array(24).fill(0) }, { margin: 0 });
    expect(figuresCsv(evil).split('\r\n')[1]).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it("shows each course's places ledger, and what the course shows before the ledger has seen it", () => {
    const [course] = courses;
    if (!course) throw new Error('no course');
    const ledger = {
      UCAS_CODE: course.UCAS_CODE,
      CLEARING_PLACES: 4,
      OFFER_ALLOWANCE: 1.3,
      OFFERS: 5,
      VACANCIES_INTERNAL: 0,
      GUARD_CLOSED: true,
      LAST_GUARD_CLOSE: '2025-08-14T09:30:00.000Z',
      LAST_GUARD_REOPEN: null,
      VERSION: 7,
    };
    const withLedger = buildFigures(
      [course],
      {
        rows: [{ UCAS_CODE: course.UCAS_CODE, today: status(0), total: status(0), automatic: 0, adviser: 0, outboundCalls: 0, places: ledger }],
        perHour: Array(24).fill(0),
      },
      { margin: 0 },
    );
    expect(withLedger.courses[0]).toMatchObject({
      CLEARING_PLACES: 4,
      OFFER_ALLOWANCE: 1.3,
      OFFERS_COUNTING: 5,
      VACANCIES_INTERNAL: 0,
      LAST_GUARD_CLOSE: '2025-08-14T09:30:00.000Z',
      LAST_GUARD_REOPEN: null,
    });
    expect(figuresCsv(withLedger).split('\r\n')[1]).toMatch(/,0,2,no,4,1\.30,5,2025-08-14T09:30:00\.000Z,,0,0,0,Full,Full$/);
  });
});
