import { createHash } from 'node:crypto';
import {
  INTAKE_YEAR,
  intakeYears,
  isEeaOrHomeNationality,
  type ApplicationStatus,
  type QualificationItem,
  type Role,
  type ScenarioQuestion,
} from '@clearing-desk/contracts';
import type { StoredScenarioInput } from '../stored-scenario';
import { DEMO_SCENARIO_COURSES, type DemoScenarioCourseCode } from './demo-courses';

/**
 * The demo scenarios `npm start` loads: scripted callers for trainee advisers,
 * each on a course of the demo catalogue (demo-courses.ts). Together they rehearse every outcome
 * script (OFFER, INVITE, OFFER_NONEEA, INVITE_NONEEA, POOL, REJECT in its EEA and general forms,
 * REFER_SHS, REFER, OFFER_CALLBACK, DELETED), green, amber and red callers, EEA and non-EEA
 * nationals, under-18s, second-year entry, IB (by subjects and by Diploma total only), Access to HE,
 * BTEC, T Level, callers from Scotland (National 5, Highers, Advanced Higher), Wales (WJEC),
 * Northern Ireland (CCEA's C*) and Ireland (Leaving Certificate at both levels), callers without a
 * UCAS ID and a duplicate caller, over 23 departments and both genders. None is in HSRM, PSYC or FBUA
 * (spec section 9 excludes them from the filter).
 *
 * `rehearses` says which status (and, for OFFER_CALLBACK, which role) the call is written for;
 * tools/seed-check/demo-scenarios.test.ts assesses every caller with the real assessment engine
 * against the real demo catalogue and checks the expected light, OVER18 and the script coverage.
 * Written for the 2025/26 intake (spec section 1); for another intake every year (dates of birth,
 * qualification years, course start) moves by the same number of years, so ages and under-18s
 * stay right. Deterministic: HASH is derived from SCENARIO_ID.
 */
export type DemoScenarioSeed = StoredScenarioInput & { rehearses: { status: ApplicationStatus; access: Role } };

/** The intake the callers below are written for; `shiftYears` moves them to another. */
const AUTHORED_INTAKE_FIRST_YEAR = 2025;
const Y = '2025';
const gcse = (SUBJECT: string, GRADE: string, YEAR = '2023'): QualificationItem => ({ QUALIFICATION: 'GCSE', SUBJECT, GRADE, YEAR });
const igcse = (SUBJECT: string, GRADE: string, YEAR = '2023'): QualificationItem => ({ QUALIFICATION: 'IGCSE', SUBJECT, GRADE, YEAR });
/** Five GCSEs at 4 or above with English Language, Mathematics and Combined Science (Sciences and Engineering rules). */
const fiveGcses = (english = '6', maths = '6', YEAR = '2023'): QualificationItem[] => [
  gcse('English Language', english, YEAR),
  gcse('Mathematics', maths, YEAR),
  gcse('Combined Science', '6', YEAR),
  gcse('History', '5', YEAR),
  gcse('Geography', '5', YEAR),
];
const fiveIgcses = (english = 'B', maths = 'A'): QualificationItem[] => [
  igcse('English Language', english),
  igcse('Mathematics', maths),
  igcse('Physics', 'B'),
  igcse('Chemistry', 'B'),
  igcse('Economics', 'A'),
];
const alevel = (SUBJECT: string, GRADE: string, YEAR = Y): QualificationItem => ({ QUALIFICATION: 'ALEVEL', SUBJECT, GRADE, YEAR });
const btec = (QUALIFICATION: string, SUBJECT: string, GRADE: string, YEAR = Y): QualificationItem => ({ QUALIFICATION, SUBJECT, GRADE, YEAR });
const tlevel = (SUBJECT: string, GRADE: string, YEAR = Y): QualificationItem => ({ QUALIFICATION: 'T_LEVEL', SUBJECT, GRADE, YEAR });
const ielts = (SCORE: string, YEAR = Y): QualificationItem => ({ QUALIFICATION: 'ENGLISH_TEST', TEST: 'ielts', SCORE, YEAR });
const accessHe = (SUBJECT: string, d: number, m: number, p: number, YEAR = Y): QualificationItem => ({
  QUALIFICATION: 'ACCESS_HE',
  SUBJECT,
  DISTINCTION_CREDITS: String(d),
  MERIT_CREDITS: String(m),
  PASS_CREDITS: String(p),
  YEAR,
});
/** An IBO item (domain.md "IB"): total, core grades and up to 3 HL and 3 SL subjects numbered 1 to 3. */
function ib(total: number, core: { ee: string; tok: string }, hl: [string, string][], sl: [string, string][], year = Y): QualificationItem {
  const item: QualificationItem = {
    QUALIFICATION: 'IBO',
    IB_TOTAL: String(total),
    IB_TOTAL_YEAR: year,
    EE_GRADE: core.ee,
    EE_YEAR: year,
    TOK_GRADE: core.tok,
    TOK_YEAR: year,
  };
  hl.forEach(([subject, grade], i) => Object.assign(item, { [`HL_SUBJECT_${i + 1}`]: subject, [`HL_GRADE_${i + 1}`]: grade, [`HL_YEAR_${i + 1}`]: year }));
  sl.forEach(([subject, grade], i) => Object.assign(item, { [`SL_SUBJECT_${i + 1}`]: subject, [`SL_GRADE_${i + 1}`]: grade, [`SL_YEAR_${i + 1}`]: year }));
  return item;
}
const q = (STATUS: ScenarioQuestion['STATUS'], QUESTION: string): ScenarioQuestion => ({ STATUS, QUESTION });
const nat5 = (SUBJECT: string, GRADE: string, YEAR = '2023'): QualificationItem => ({ QUALIFICATION: 'SCOTTISH_NATIONAL_5', SUBJECT, GRADE, YEAR });
const higher = (SUBJECT: string, GRADE: string, YEAR = '2024'): QualificationItem => ({ QUALIFICATION: 'SCOTTISH_HIGHER', SUBJECT, GRADE, YEAR });
const advancedHigher = (SUBJECT: string, GRADE: string, YEAR = Y): QualificationItem => ({ QUALIFICATION: 'SCOTTISH_ADVANCED_HIGHER', SUBJECT, GRADE, YEAR });
const leavingCertHigher = (SUBJECT: string, GRADE: string, YEAR = Y): QualificationItem => ({ QUALIFICATION: 'IRISH_LC_HIGHER', SUBJECT, GRADE, YEAR });
const leavingCertOrdinary = (SUBJECT: string, GRADE: string, YEAR = Y): QualificationItem => ({ QUALIFICATION: 'IRISH_LC_ORDINARY', SUBJECT, GRADE, YEAR });
/** An IBO item with the Diploma total only: assessed on the total against the course's IB requirement (domain.md "IB"). */
const ibTotal = (total: number, year = Y): QualificationItem => ({ QUALIFICATION: 'IBO', IB_TOTAL: String(total), IB_TOTAL_YEAR: year });

type Caller = {
  id: number;
  course: DemoScenarioCourseCode;
  name: [string, string];
  dob: string;
  gender: 'M' | 'F';
  nationality: string;
  /** '' for a caller without a UCAS Personal ID. */
  ucas: string;
  secondYear?: boolean;
  gcses: QualificationItem[];
  quals: QualificationItem[];
  stage: string;
  instruction: string;
  questions: ScenarioQuestion[];
  rehearses: ApplicationStatus;
  access?: Role;
};

/** Under 18 on the course start date (spec section 9: OVER18 0). */
function over18(dob: string, start: string): 0 | 1 {
  const adult = `${Number(dob.slice(0, 4)) + 18}${dob.slice(4)}`;
  return adult <= start ? 1 : 0;
}

/** Moves a yyyy or yyyy-mm-dd value by `years`. */
const shiftYear = (value: string, years: number): string => `${Number(value.slice(0, 4)) + years}${value.slice(4)}`;
/** Moves every year field of a qualification item (YEAR, IB_TOTAL_YEAR, HL_YEAR_1, ...). */
function shiftItem(item: QualificationItem, years: number): QualificationItem {
  if (years === 0) return item;
  return Object.fromEntries(
    Object.entries(item).map(([key, value]) => [key, /YEAR/.test(key) && /^\d{4}$/.test(value ?? '') ? shiftYear(value as string, years) : value]),
  ) as QualificationItem;
}

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

function build(c: Caller, intake: string): DemoScenarioSeed {
  const course = DEMO_SCENARIO_COURSES[c.course];
  const { first, second } = intakeYears(intake);
  const shift = first - AUTHORED_INTAKE_FIRST_YEAR;
  const start = `${course.JANUARY_START ? second : first}-${course.START}`;
  const dob = shiftYear(c.dob, shift);
  const id = `SC${String(c.id).padStart(3, '0')}`;
  return {
    SCENARIO_ID: id,
    HASH: createHash('md5').update(`clearing-desk demo scenario ${id}`).digest('hex'),
    NAME1: c.name[0],
    NAME2: c.name[1],
    DOB: dob,
    GENDER: c.gender,
    FEEDBACK_TELEPHONE: course.FEEDBACK_TELEPHONE,
    COURSE_QUALIFICATION: course.COURSE_QUALIFICATION,
    COURSE_TITLE: course.COURSE_TITLE,
    UCAS_CODE: course.UCAS_CODE,
    COURSE_CODE_OVERRIDE: course.COURSE_CODE_OVERRIDE,
    DEPT: course.DEPT,
    DEPT_NAME: course.DEPT_NAME,
    SECOND_YEAR_ENTRY: c.secondYear ? '1' : '0',
    UCAS_PERSONAL_ID: c.ucas,
    OVER18: over18(dob, start),
    EEA: isEeaOrHomeNationality(c.nationality) ? 1 : 0,
    NATIONALITY: c.nationality,
    EMAIL: `${ascii(c.name[0])}.${ascii(c.name[1])}@example.com`,
    TEL1: `07700 900${String(100 + c.id * 7).padStart(3, '0')}`,
    STAGE_DIRECTION: c.stage,
    ADDITIONAL_INSTRUCTION: c.instruction,
    COURSE_START_DATE: start,
    GCSE_QUALIFICATIONS: c.gcses.map((item) => shiftItem(item, shift)),
    QUALIFICATIONS: c.quals.map((item) => shiftItem(item, shift)),
    SCENARIOQUESTIONS: c.questions,
    rehearses: { status: c.rehearses, access: c.access ?? 'Back Office Limited' },
  };
}

const CALLERS: Caller[] = [
  {
    id: 1,
    course: 'G400',
    name: ['Priya', 'Raman'],
    dob: '2006-03-14',
    gender: 'F',
    nationality: 'GBR',
    ucas: '1234500001',
    gcses: fiveGcses('7', '8'),
    quals: [alevel('Mathematics', 'A'), alevel('Computer Science', 'A'), alevel('Physics', 'B')],
    stage:
      'You are calm and well prepared: you have your UCAS Hub open and read out your results when asked. You missed your firm offer by one grade in Physics and really want to study in London.',
    instruction:
      'A straightforward green caller. Take the A levels first, then GCSE English and Mathematics and the other GCSEs (Sciences courses need five). Expected outcome: Offer (O); read the OFFER script and transfer to 7969.',
    questions: [
      q('G', 'What are your A level subjects and grades? (Mathematics A, Computer Science A, Physics B: 136 points)'),
      q('G', 'Which GCSEs do you have at grade 4 or above? (five, including English Language and Mathematics)'),
    ],
    rehearses: 'O',
  },
  {
    id: 2,
    course: 'G400',
    name: ['Arjun', 'Mehta'],
    dob: '2005-11-02',
    gender: 'M',
    nationality: 'IND',
    ucas: '1234500002',
    gcses: fiveIgcses('B', 'A*'),
    quals: [alevel('Mathematics', 'A'), alevel('Computer Science', 'B'), alevel('Economics', 'B'), ielts('6.5')],
    stage:
      'You are calling from Bengaluru; the line has a slight delay, so you sometimes talk over the adviser. You studied A levels at an international school and took IELTS (6.5 overall) in May.',
    instruction:
      'Non-EEA green caller. Confirm the nationality carefully: it decides the script. Record the IELTS score as an English language test. Expected outcome: Offer (O); the OFFER_NONEEA script transfers to the visa compliance team.',
    questions: [
      q('G', 'What are your A level results? (A, B, B: 128 points, the advertised tariff)'),
      q('G', 'Do you have an English language qualification? (IGCSE English Language B and IELTS 6.5)'),
    ],
    rehearses: 'O',
  },
  {
    id: 3,
    course: 'B740',
    name: ['Chloe', 'Adeyemi'],
    dob: '2006-06-30',
    gender: 'F',
    nationality: 'GBR',
    ucas: '1234500003',
    gcses: [gcse('English Language', '6'), gcse('Mathematics', '5'), gcse('Combined Science', '5'), gcse('Religious Studies', '6')],
    quals: [alevel('Biology', 'B'), alevel('Psychology', 'B'), alevel('Sociology', 'B')],
    stage: 'You have worked as a healthcare assistant on Saturdays for two years and say so early. You are excited but worried about the interview.',
    instruction:
      'Adult Nursing interviews every applicant. Green with 120 points. Expected outcome: Invite to interview (I); read the INVITE script (an email gives the interview time and venue).',
    questions: [q('G', 'What did you get in your A levels? (B, B, B: 120 points)'), q('G', 'Do you have GCSE English and Mathematics at grade 4 or above?')],
    rehearses: 'I',
  },
  {
    id: 4,
    course: 'B720',
    name: ['Blessing', 'Okafor'],
    dob: '2004-09-12',
    gender: 'F',
    nationality: 'NGA',
    ucas: '1234500004',
    gcses: [igcse('English Language', 'B'), igcse('Mathematics', 'B'), igcse('Biology', 'A')],
    quals: [alevel('Biology', 'A*'), alevel('Chemistry', 'A'), alevel('Psychology', 'B'), ielts('7.5')],
    stage:
      'You are Nigerian and finished A levels at a boarding school in Kent. You ask twice whether you will need a visa. You speak softly; the adviser may need to ask you to repeat your grades.',
    instruction:
      'Midwifery interviews, and the caller is not an EEA national. Expected outcome: Invite to interview (I); the INVITE_NONEEA script transfers to the visa compliance team, who call back if the transfer fails.',
    questions: [
      q('G', 'What are your A level grades? (A*, A, B: 144 points)'),
      q('G', 'What is your nationality, and do you have an English language test? (Nigerian; IELTS 7.5)'),
    ],
    rehearses: 'I',
  },
  {
    id: 5,
    course: 'W300',
    name: ['Tom', 'Whitfield'],
    dob: '2006-01-22',
    gender: 'M',
    nationality: 'GBR',
    ucas: '1234500005',
    gcses: [gcse('English Language', '6'), gcse('Mathematics', '5'), gcse('Music', '9')],
    quals: [alevel('Music', 'A'), alevel('English Literature', 'B'), alevel('History', 'B')],
    stage:
      'You play the cello (Grade 8, distinction) and mention it before the adviser asks about grades. You are chatty; bring the conversation back to your audition if the adviser lets you.',
    instruction:
      'Music auditions applicants, so a green caller is invited. Keep control of the call politely. Expected outcome: Invite to interview (I), INVITE script.',
    questions: [q('G', 'What are your A level results? (Music A, English Literature B, History B: 128 points)')],
    rehearses: 'I',
  },
  {
    id: 6,
    course: 'L300',
    name: ['Jade', 'Thompson'],
    dob: '2006-04-05',
    gender: 'F',
    nationality: 'GBR',
    ucas: '1234500006',
    gcses: [gcse('English Language', '5'), gcse('Mathematics', '4')],
    quals: [alevel('Sociology', 'B'), alevel('Psychology', 'C'), alevel('English Language', 'C')],
    stage: 'You sound disappointed: you were predicted A, B, B. You ask whether there is anything the adviser can do today.',
    instruction:
      'Amber: 104 points is below the advertised 112 but meets the accepted 96. Do not promise a place. Expected outcome: Pool (P); read the POOL script (no word within 24 hours means unsuccessful).',
    questions: [q('A', 'What did you get in your A levels? (B, C, C: 104 points)'), q('G', 'Do you have GCSE English and Mathematics at grade 4 or above?')],
    rehearses: 'P',
  },
  {
    id: 7,
    course: 'M900',
    name: ['Kieran', 'Doyle'],
    dob: '2005-12-19',
    gender: 'M',
    nationality: 'GBR',
    ucas: '1234500007',
    gcses: [gcse('English Language', '4'), gcse('Mathematics', '4')],
    quals: [btec('BTEC_EXTENDED_DIPLOMA', 'Public Services', 'DMM')],
    stage: 'You want to join the police after university and say so. You are not sure what "DMM" means in points; let the adviser work it out.',
    instruction:
      'BTEC Extended Diploma DMM is 112 points: amber (advertised 120, accepted 104). Expected outcome: Refer (R); read the REFER script (no contact by midday on the next working day means unsuccessful; once saved it names that day).',
    questions: [q('A', 'Which BTEC did you take and what was the overall grade? (Public Services Extended Diploma, DMM: 112 points)')],
    rehearses: 'R',
  },
  {
    id: 8,
    course: 'B760',
    name: ['Aoife', 'Byrne'],
    dob: '2005-08-08',
    gender: 'F',
    nationality: 'IRL',
    ucas: '1234500008',
    gcses: [gcse('English Language', '7'), gcse('Mathematics', '5'), gcse('Biology', '6')],
    quals: [alevel('Psychology', 'B'), alevel('Biology', 'C'), alevel('Sociology', 'C')],
    stage: 'You are Irish, living in London since you were twelve. You mention volunteering on a mental health helpline.',
    instruction:
      'Health Sciences course, amber at 104 points (advertised 112, accepted 104): refer to the tutors. Irish nationals count as home. Expected outcome: Refer (R); the REFER_SHS script says the tutor may contact within 24 hours.',
    questions: [q('A', 'What are your A level grades? (B, C, C: 104 points)'), q('G', 'What is your nationality? (Irish)')],
    rehearses: 'R',
  },
  {
    id: 9,
    course: 'P300',
    name: ['Marcus', 'Bell'],
    dob: '2006-02-11',
    gender: 'M',
    nationality: 'GBR',
    ucas: '1234500009',
    gcses: [gcse('English Language', '5'), gcse('Mathematics', '4')],
    quals: [alevel('Media Studies', 'D'), alevel('Film Studies', 'D'), alevel('Business', 'D')],
    stage: 'You are upset and a little defensive; you blame a teacher strike. Stay polite if the adviser explains the requirement.',
    instruction:
      'Red: 72 points is below the accepted 104. Be kind and clear. Expected outcome: Reject (X); read the EEA form of the REJECT script and offer the alternatives the assessment suggests.',
    questions: [q('R', 'What were your A level grades? (D, D, D: 72 points)')],
    rehearses: 'X',
  },
  {
    id: 10,
    course: 'L100',
    name: ['Wei', 'Zhang'],
    dob: '2005-05-27',
    gender: 'F',
    nationality: 'CHN',
    ucas: '1234500010',
    gcses: fiveIgcses('B', 'A*'),
    quals: [alevel('Mathematics', 'C'), alevel('Economics', 'C'), alevel('Chinese', 'D'), ielts('6.5')],
    stage: 'You are calling from Shanghai with a parent beside you who sometimes prompts you in Mandarin. You ask whether a foundation course is possible.',
    instruction:
      'Red non-EEA caller: 88 points against an accepted 112. Expected outcome: Reject (X); the general form of the REJECT script offers the partner foundation-course organisation (transfer to 7982).',
    questions: [q('R', 'What are your A level grades? (C, C, D: 88 points)'), q('G', 'Do you have an English language test? (IELTS 6.5)')],
    rehearses: 'X',
  },
  {
    id: 11,
    course: 'G600',
    name: ['Daniel', 'Osei'],
    dob: '2003-10-03',
    gender: 'M',
    nationality: 'GBR',
    ucas: '1234500011',
    secondYear: true,
    gcses: fiveGcses('5', '7', '2020'),
    quals: [
      alevel('Mathematics', 'B', '2022'),
      alevel('Computer Science', 'B', '2022'),
      alevel('Physics', 'C', '2022'),
      { QUALIFICATION: 'OTHER', TITLE: 'Level 4 Certificate of Higher Education in Computing', GRADE: 'Pass (120 credits)', YEAR: '2024' },
    ],
    stage:
      'You finished the first year of a Computing degree elsewhere and want to transfer straight into the second year. You have your transcript in front of you.',
    instruction:
      'Second-year entry: Software Engineering allows it, so the greeting adds the second-year wording and the note says to transfer immediately to the course extension. Expected outcome: Refer (R): only Refer is offered for second-year entry.',
    questions: [
      q('G', 'Which year do you want to start in? (the second year; Level 4 certificate passed)'),
      q('A', 'What were your A level results? (B, B, C: 112 points, below the advertised 128)'),
    ],
    rehearses: 'R',
  },
  {
    id: 12,
    course: 'H200',
    name: ['Zofia', 'Kowalska'],
    dob: '2002-07-15',
    gender: 'F',
    nationality: 'POL',
    ucas: '1234500012',
    secondYear: true,
    gcses: [igcse('English Language', 'A'), igcse('Mathematics', 'A*'), igcse('Physics', 'A')],
    quals: [alevel('Mathematics', 'A', '2021'), alevel('Physics', 'A', '2021'), alevel('Polish', 'A', '2021'), ielts('7')],
    stage: 'You are Polish and studied one year of Civil Engineering in Warsaw. You are precise and ask exactly which modules will be recognised.',
    instruction:
      'EEA caller asking for second-year entry on a course that allows it. Do not assess the modules yourself: transfer. Expected outcome: Refer (R).',
    questions: [q('G', 'Which year of the course are you applying for? (second year)'), q('G', 'What are your A level results? (A, A, A)')],
    rehearses: 'R',
  },
  {
    id: 13,
    course: 'G400',
    name: ['Ethan', 'Clarke'],
    dob: '2003-05-17',
    gender: 'M',
    nationality: 'GBR',
    ucas: '1234500013',
    secondYear: true,
    gcses: fiveGcses('6', '6', '2019'),
    quals: [alevel('Mathematics', 'A', '2021'), alevel('Computer Science', 'B', '2021'), alevel('Chemistry', 'B', '2021')],
    stage: 'You want to join Computer Science in the second year after a year at another university.',
    instruction:
      'Computer Science does not allow second-year entry and it is a Sciences course: the note says to call a supervisor. Expected outcome: Refer (R).',
    questions: [
      q('G', 'Would you consider starting in the first year? (only if there is no other way)'),
      q('G', 'Have you studied at university before? (one year of Computer Science elsewhere)'),
    ],
    rehearses: 'R',
  },
  {
    id: 14,
    course: 'M100',
    name: ['Hannah', 'Goldberg'],
    dob: '2002-12-01',
    gender: 'F',
    nationality: 'GBR',
    ucas: '1234500014',
    secondYear: true,
    gcses: [gcse('English Language', '8'), gcse('Mathematics', '7')],
    quals: [alevel('History', 'A', '2021'), alevel('English Literature', 'A', '2021'), alevel('Politics', 'A', '2021')],
    stage:
      'You did one year of Law at another university and insist on going straight into the second year. If told it is not possible, you say you do not want to repeat the first year.',
    instruction:
      'Law (M100) does not allow second-year entry: the note says to end the call politely if the caller will not start in the first year. Expected outcome: Refer (R).',
    questions: [q('G', 'Would you start in the first year? (no)')],
    rehearses: 'R',
  },
  {
    id: 15,
    course: 'G413',
    name: ['Maya', 'Patel'],
    dob: '2007-12-03',
    gender: 'F',
    nationality: 'GBR',
    ucas: '1234500015',
    gcses: fiveGcses('8', '9'),
    quals: [alevel('Mathematics', 'A*'), alevel('Further Mathematics', 'A'), alevel('Computer Science', 'A')],
    stage: 'You skipped a year at school and are 17. Your mother is on speaker and answers some questions for you; ask to speak to the applicant.',
    instruction:
      'Under 18 on the course start date: the greeting adds the under-18 wording, the adviser makes no decision and refers to the Admissions Office (extension 0421 note). Expected outcome: Refer (R), even though the grades are excellent.',
    questions: [q('G', 'What is your date of birth? (3 December 2007: 17 at the start of the course)'), q('G', 'What are your A level results? (A*, A, A)')],
    rehearses: 'R',
  },
  {
    id: 16,
    course: 'B821',
    name: ['Samuel', 'Nkemelu'],
    dob: '2007-11-20',
    gender: 'M',
    nationality: 'GBR',
    ucas: '1234500016',
    gcses: [gcse('English Language', '6'), gcse('Mathematics', '6'), gcse('Physics', '7')],
    quals: [alevel('Physics', 'A'), alevel('Biology', 'B'), alevel('Mathematics', 'B')],
    stage: 'You are 17 and nervous. You ask whether being under 18 matters for placements in hospitals.',
    instruction:
      'Under 18 on a Health Sciences course: refer, do not decide. Offer the priority hotline before 18:00 quoting the application id. Expected outcome: Refer (R); REFER_SHS script.',
    questions: [q('G', 'What is your date of birth? (20 November 2007)'), q('G', 'What are your A level results? (A, B, B: 128 points)')],
    rehearses: 'R',
  },
  {
    id: 17,
    course: 'G100',
    name: ['Javier', 'Morales'],
    dob: '2006-01-09',
    gender: 'M',
    nationality: 'ESP',
    ucas: '1234500017',
    gcses: fiveIgcses('A', 'A*'),
    quals: [
      ib(
        38,
        { ee: 'B', tok: 'B' },
        [
          ['Mathematics: Analysis and Approaches', '7'],
          ['Physics', '6'],
          ['Economics', '6'],
        ],
        [
          ['English B', '6'],
          ['Spanish A: Literature', '7'],
          ['History', '5'],
        ],
      ),
    ],
    stage:
      'You studied the IB Diploma at an international school in Madrid. You know your subject grades by heart but need a moment to find your Extended Essay grade.',
    instruction:
      'IB: enter one International Baccalaureate item with the total, the core grades and each Higher and Standard Level subject in its numbered slot (1 to 3). Mathematics needs Higher Level subject 1. Expected outcome: Offer (O), OFFER script (Spain is in the EEA).',
    questions: [
      q('G', 'What was your IB total and your Higher Level subjects? (38; Mathematics AA 7, Physics 6, Economics 6)'),
      q('G', 'What were your Extended Essay and Theory of Knowledge grades? (B and B)'),
    ],
    rehearses: 'O',
  },
  {
    id: 18,
    course: 'L250',
    name: ['Giulia', 'Romano'],
    dob: '2005-09-21',
    gender: 'F',
    nationality: 'ITA',
    ucas: '1234500018',
    gcses: fiveIgcses('A', 'B'),
    quals: [
      ib(
        25,
        { ee: 'D', tok: 'D' },
        [
          ['History', '4'],
          ['Global Politics', '4'],
          ['English A: Language and Literature', '4'],
        ],
        [
          ['Italian A: Literature', '5'],
          ['Mathematics: Applications and Interpretation', '4'],
          ['Biology', '4'],
        ],
      ),
    ],
    stage: 'You are Italian and did the IB in Milan. You are hoping the points are enough and ask how IB points convert.',
    instruction:
      'IB caller just below the advertised tariff: enter each subject in its numbered slot and let the assessment convert the points (amber). Expected outcome: Pool (P).',
    questions: [q('A', 'What was your IB total and your subject grades? (25: Higher Level 4, 4, 4; Standard Level 5, 4, 4)')],
    rehearses: 'P',
  },
  {
    id: 19,
    course: 'P500',
    name: ['Emily', 'Carter'],
    dob: '2005-04-17',
    gender: 'F',
    nationality: 'USA',
    ucas: '1234500019',
    gcses: [igcse('English Language', 'A'), igcse('Mathematics', 'B')],
    quals: [
      ib(
        36,
        { ee: 'A', tok: 'B' },
        [
          ['English A: Literature', '7'],
          ['History', '6'],
          ['Economics', '6'],
        ],
        [
          ['Spanish B', '6'],
          ['Mathematics: Applications and Interpretation', '5'],
          ['Environmental Systems and Societies', '6'],
        ],
      ),
    ],
    stage: 'You are American, from Chicago, and did the IB at an international school in London. You edit your school newspaper and mention it.',
    instruction:
      'A non-EEA IB caller, well above the tariff (green). A US national needs the visa compliance team for an offer. Expected outcome: Offer (O); OFFER_NONEEA script.',
    questions: [
      q('G', 'What was your IB total and your Higher Level subjects? (36; English Literature 7, History 6, Economics 6)'),
      q('G', 'What is your nationality? (American)'),
    ],
    rehearses: 'O',
  },
  {
    id: 20,
    course: 'M900',
    name: ['Denise', 'Walker'],
    dob: '1993-03-08',
    gender: 'F',
    nationality: 'GBR',
    ucas: '1234500020',
    gcses: [gcse('English Language', 'C', '2009'), gcse('Mathematics', 'C', '2009')],
    quals: [accessHe('Access to HE Diploma (Social Science)', 30, 12, 3)],
    stage:
      'You are a mother of two in your thirties, and completed an Access to HE Diploma at evening college. You are proud of your results and a little anxious about fitting in.',
    instruction:
      'Access to HE: enter distinction, merit and pass credits (45 in total at most); the full 45-credit profile meets the advertised tariff (green). Old letter grades for GCSEs are fine. Expected outcome: Offer (O).',
    questions: [q('G', 'How many distinction, merit and pass credits did you get in your Access to HE Diploma? (30 distinction, 12 merit, 3 pass)')],
    rehearses: 'O',
  },
  {
    id: 21,
    course: 'B760',
    name: ['Leroy', 'Campbell'],
    dob: '1989-07-22',
    gender: 'M',
    nationality: 'GBR',
    ucas: '1234500021',
    gcses: [gcse('English Language', 'C', '2005'), gcse('Mathematics', 'C', '2005')],
    quals: [accessHe('Access to HE Diploma (Health Professions)', 9, 21, 15)],
    stage: 'You have worked as a support worker for ten years. You are quiet and modest; only mention your work experience if asked.',
    instruction:
      'Access to HE with a modest credit profile: below the accepted tariff of a Health Sciences course (red). Be kind: mention his experience may suit other routes. Expected outcome: Reject (X), EEA form of the REJECT script.',
    questions: [q('R', 'How many distinction, merit and pass credits did you get? (9 distinction, 21 merit, 15 pass)')],
    rehearses: 'X',
  },
  {
    id: 22,
    course: 'H600',
    name: ['Ryan', 'Hughes'],
    dob: '2005-10-30',
    gender: 'M',
    nationality: 'GBR',
    ucas: '1234500022',
    gcses: fiveGcses('5', '6'),
    quals: [btec('BTEC_EXTENDED_DIPLOMA', 'Engineering (Electrical and Electronic Engineering)', 'DDM')],
    stage: 'You build guitar pedals as a hobby. You read your BTEC grade as "distinction, distinction, merit".',
    instruction:
      'BTEC Extended Diploma DDM is 128 points: green on Electrical and Electronic Engineering (advertised 120). Engineering also needs GCSE Physics or a science at 4. Expected outcome: Offer (O).',
    questions: [
      q('G', 'What was your BTEC and overall grade? (Engineering Extended Diploma, DDM: 128 points)'),
      q('G', 'Do you have GCSE Physics or Combined Science at 4 or above? (Combined Science 6)'),
    ],
    rehearses: 'O',
  },
  {
    id: 23,
    course: 'G400',
    name: ['Sophie', 'Turner'],
    dob: '2005-06-06',
    gender: 'F',
    nationality: 'GBR',
    ucas: '1234500023',
    gcses: fiveGcses('5', '5'),
    quals: [btec('BTEC_EXTENDED_DIPLOMA', 'Information Technology', 'MPP')],
    stage: 'You are hopeful because a friend got in with a BTEC last year. You ask about the foundation year if the adviser mentions alternatives.',
    instruction:
      'Red: BTEC MPP is 64 points against an accepted 112, and the course flags MPP as red. Expected outcome: Reject (X), EEA form; offer Computer Science with Foundation Year if the assessment lists it.',
    questions: [q('R', 'What was your BTEC overall grade? (Information Technology Extended Diploma, MPP: 64 points)')],
    rehearses: 'X',
  },
  {
    id: 24,
    course: 'N500',
    name: ['Oliver', 'Grant'],
    dob: '2005-03-25',
    gender: 'M',
    nationality: 'GBR',
    ucas: '1234500024',
    gcses: [gcse('English Language', '5'), gcse('Mathematics', '5')],
    quals: [btec('BTEC_EXTENDED_DIPLOMA', 'Business (Marketing)', 'DMM')],
    stage: 'You run a small online shop selling trainers and want to study Marketing. You talk fast and use a lot of slang.',
    instruction: 'Amber: DMM is 112 points (advertised 120, accepted 96). Expected outcome: Pool (P), POOL script.',
    questions: [q('A', 'What was your BTEC and overall grade? (Business (Marketing) Extended Diploma, DMM: 112 points)')],
    rehearses: 'P',
  },
  {
    id: 25,
    course: 'G408',
    name: ['Amira', 'Haddad'],
    dob: '2005-08-19',
    gender: 'F',
    nationality: 'GBR',
    ucas: '1234500025',
    gcses: fiveGcses('5', '5'),
    quals: [tlevel('Digital Production, Design and Development', 'Merit')],
    stage: 'You took a T Level in Digital Production and did your industry placement at a web agency. You are not sure T Levels carry UCAS points.',
    instruction:
      'T Level Merit is 120 points: green on the foundation year (advertised 96). Course code shown to the caller is the override G40F. Expected outcome: Offer (O).',
    questions: [q('G', 'Which T Level did you take and what grade? (Digital Production, Design and Development, Merit: 120 points)')],
    rehearses: 'O',
  },
  {
    id: 26,
    course: 'H300',
    name: ['Callum', 'Reid'],
    dob: '2005-12-12',
    gender: 'M',
    nationality: 'GBR',
    ucas: '1234500026',
    gcses: fiveGcses('4', '5'),
    quals: [tlevel('Engineering, Manufacturing, Processing and Control', 'Pass (C or above)')],
    stage: 'You have an apprenticeship offer as a backup and are deciding today. You are direct and ask for a yes or no.',
    instruction: 'Red: T Level Pass (C or above) is 96 points against an accepted 112. Expected outcome: Reject (X), EEA form of the REJECT script.',
    questions: [q('R', 'What was your T Level and grade? (Engineering, Manufacturing, Processing and Control, Pass (C or above): 96 points)')],
    rehearses: 'X',
  },
  {
    id: 27,
    course: 'B760',
    name: ['Grace', 'Mensah'],
    dob: '2005-02-14',
    gender: 'F',
    nationality: 'GBR',
    ucas: '1234500027',
    gcses: [gcse('English Language', '6'), gcse('Mathematics', '5'), gcse('Combined Science', '5')],
    quals: [tlevel('Health', 'Distinction')],
    stage: 'You did the Health T Level with a placement on a mental health ward. You are confident and articulate.',
    instruction: 'T Level Distinction is 144 points: green; Mental Health Nursing interviews. Expected outcome: Invite to interview (I).',
    questions: [q('G', 'What was your T Level and grade? (Health, Distinction: 144 points)')],
    rehearses: 'I',
  },
  {
    id: 28,
    course: 'N210',
    name: ['Liam', 'Murphy'],
    dob: '2004-05-05',
    gender: 'M',
    nationality: 'GBR',
    ucas: '',
    gcses: [gcse('English Language', '5'), gcse('Mathematics', '6')],
    quals: [alevel('Business', 'B'), alevel('Economics', 'B'), alevel('Geography', 'B')],
    stage: 'You took a gap year and never registered with UCAS. When asked for a UCAS Personal ID, say you do not have one.',
    instruction:
      'No UCAS ID: answer No to "Applied to UCAS"; the note says the data is still taken but the caller may be asked to complete an application form later. Green at 120 points. Expected outcome: Offer (O).',
    questions: [q('G', 'Have you applied through UCAS this year? (no)'), q('G', 'What are your A level results? (B, B, B: 120 points)')],
    rehearses: 'O',
  },
  {
    id: 29,
    course: 'Q150',
    name: ['Ayesha', 'Khan'],
    dob: '2004-11-11',
    gender: 'F',
    nationality: 'PAK',
    ucas: '',
    gcses: [igcse('English Language', 'B'), igcse('Mathematics', 'B')],
    quals: [alevel('English Language', 'B'), alevel('Psychology', 'C'), alevel('Urdu', 'C'), ielts('7')],
    stage: 'You are Pakistani, studying A levels in Lahore, and never applied through UCAS. You want to work with children who stammer.',
    instruction:
      'No UCAS ID and not an EEA national. Amber at 104 points (advertised 112, accepted 96) on a Health Sciences course. Expected outcome: Refer (R); REFER_SHS script.',
    questions: [q('A', 'What are your A level grades? (B, C, C: 104 points)'), q('G', 'Do you have a UCAS Personal ID? (no)')],
    rehearses: 'R',
  },
  {
    id: 30,
    course: 'L300',
    name: ['Natalie', 'Brooks'],
    dob: '2005-07-01',
    gender: 'F',
    nationality: 'GBR',
    ucas: '1234500030',
    gcses: [gcse('English Language', '6'), gcse('Mathematics', '5')],
    quals: [alevel('Sociology', 'A'), alevel('History', 'B'), alevel('English Literature', 'B')],
    stage:
      'You already applied online for Sociology yesterday and got an offer email, but you are calling "just to check". You give the same email address as before.',
    instruction:
      'A duplicate caller: search the Applications listing for the caller first. A second application for the same course is refused by the duplicate check; the outcome script for a Duplicate (D) or Withdrawal (W) is DELETED. If no earlier application exists in training, treat the call on its grades (green).',
    questions: [q('G', 'Have you applied to this course before? (yes, online yesterday)'), q('G', 'What are your A level results? (A, B, B: 128 points)')],
    rehearses: 'D',
  },
  {
    id: 31,
    course: 'N321',
    name: ['Benjamin', 'Shaw'],
    dob: '2005-09-09',
    gender: 'M',
    nationality: 'GBR',
    ucas: '1234500031',
    gcses: [gcse('English Language', '7'), gcse('Mathematics', '9')],
    quals: [alevel('Mathematics', 'A*'), alevel('Further Mathematics', 'A'), alevel('Economics', 'A')],
    stage: 'You are calm and numerate, and ask detailed questions about professional exemptions.',
    instruction: 'Green at 152 points (advertised 144). Expected outcome: Offer (O).',
    questions: [q('G', 'What are your A level results? (Mathematics A*, Further Mathematics A, Economics A: 152 points)')],
    rehearses: 'O',
  },
  {
    id: 32,
    course: 'NN43',
    name: ['Eleni', 'Papadopoulou'],
    dob: '2005-01-30',
    gender: 'F',
    nationality: 'GRC',
    ucas: '1234500032',
    gcses: [igcse('English Language', 'A'), igcse('Mathematics', 'A')],
    quals: [alevel('Mathematics', 'A'), alevel('Accounting', 'B'), alevel('Economics', 'B'), ielts('7')],
    stage: 'You are Greek, at a British school in Athens. You are polite but persistent about scholarships.',
    instruction: 'Amber: 128 points (advertised 136, accepted 120). Greece is in the EEA. Expected outcome: Pool (P).',
    questions: [q('A', 'What are your A level results? (A, B, B: 128 points)')],
    rehearses: 'P',
  },
  {
    id: 33,
    course: 'M100',
    name: ['Isabella', 'Fraser'],
    dob: '2005-10-10',
    gender: 'F',
    nationality: 'GBR',
    ucas: '1234500033',
    gcses: [gcse('English Language', '8'), gcse('Mathematics', '6')],
    quals: [alevel('History', 'A'), alevel('English Literature', 'A'), alevel('Latin', 'B')],
    stage: 'You were a finalist in a national mooting competition for schools. You speak formally.',
    instruction: 'Green: 136 points meets the advertised tariff of Law. Expected outcome: Offer (O).',
    questions: [q('G', 'What are your A level grades? (A, A, B: 136 points)')],
    rehearses: 'O',
  },
  {
    id: 34,
    course: 'MM19',
    name: ['Chinedu', 'Eze'],
    dob: '2004-12-24',
    gender: 'M',
    nationality: 'NGA',
    ucas: '1234500034',
    gcses: [igcse('English Language', 'C'), igcse('Mathematics', 'C')],
    quals: [alevel('Law', 'C'), alevel('Sociology', 'C'), alevel('Government and Politics', 'C'), ielts('7')],
    stage: 'You are Nigerian and studying in Lagos. You ask whether you can pay a deposit today to secure a place.',
    instruction:
      'Red non-EEA: 96 points against an accepted 120. Expected outcome: Reject (X); general form of the REJECT script with the partner foundation courses (7982).',
    questions: [q('R', 'What are your A level results? (C, C, C: 96 points)')],
    rehearses: 'X',
  },
  {
    id: 35,
    course: 'Q320',
    name: ['Camille', 'Laurent'],
    dob: '2005-03-03',
    gender: 'F',
    nationality: 'FRA',
    ucas: '1234500035',
    gcses: [igcse('English Language', 'A'), igcse('Mathematics', 'B')],
    quals: [alevel('English Literature', 'A'), alevel('French', 'A*'), alevel('Philosophy', 'C'), ielts('7.5')],
    stage: 'You are French, at the Lycée in South Kensington, and love Virginia Woolf. You spell your surname for the adviser.',
    instruction: 'Green EEA caller at 136 points. Expected outcome: Offer (O).',
    questions: [q('G', 'What are your A level results? (English Literature A, French A*, Philosophy C: 136 points)')],
    rehearses: 'O',
  },
  {
    id: 36,
    course: 'B510',
    name: ['Harry', 'Lewis'],
    dob: '2005-11-28',
    gender: 'M',
    nationality: 'GBR',
    ucas: '1234500036',
    gcses: [gcse('English Language', '7'), gcse('Mathematics', '8'), gcse('Biology', '8'), gcse('Chemistry', '7'), gcse('Physics', '7')],
    quals: [alevel('Biology', 'A'), alevel('Chemistry', 'A'), alevel('Mathematics', 'A')],
    stage: 'You wear glasses and have shadowed an optometrist. You are upbeat and quick.',
    instruction: 'Optometry does not interview: a green caller is offered a place. Expected outcome: Offer (O).',
    questions: [q('G', 'What are your A level results? (A, A, A: 144 points)')],
    rehearses: 'O',
  },
  {
    id: 37,
    course: 'B620',
    name: ['Rebecca', 'Hall'],
    dob: '2005-05-15',
    gender: 'F',
    nationality: 'GBR',
    ucas: '1234500037',
    gcses: [gcse('English Language', '7'), gcse('Mathematics', '5'), gcse('Biology', '6')],
    quals: [alevel('English Language', 'B'), alevel('Psychology', 'B'), alevel('Biology', 'B')],
    stage: 'Your younger brother has a speech disorder; you mention it when asked why this course.',
    instruction: 'Amber at 120 points (advertised 128, accepted 120) on a Health Sciences course. Expected outcome: Refer (R); REFER_SHS script.',
    questions: [q('A', 'What are your A level grades? (B, B, B: 120 points)')],
    rehearses: 'R',
  },
  {
    id: 38,
    course: 'HB18',
    name: ['Rohan', 'Iyer'],
    dob: '2005-07-07',
    gender: 'M',
    nationality: 'IND',
    ucas: '1234500038',
    gcses: fiveIgcses('A', 'A'),
    quals: [alevel('Mathematics', 'A'), alevel('Physics', 'A'), alevel('Biology', 'B'), ielts('6.5')],
    stage: 'You are calling from Mumbai late in the evening. You ask about accommodation before anything else; steer back to the application.',
    instruction: 'Green non-EEA caller (136 points, advertised 128). Expected outcome: Offer (O); OFFER_NONEEA script.',
    questions: [q('G', 'What are your A level results? (A, A, B: 136 points)')],
    rehearses: 'O',
  },
  {
    id: 39,
    course: 'H400',
    name: ['Lena', 'Fischer'],
    dob: '2005-04-04',
    gender: 'F',
    nationality: 'DEU',
    ucas: '1234500039',
    gcses: [igcse('English Language', 'A'), igcse('Mathematics', 'A*'), igcse('Physics', 'A')],
    quals: [alevel('Mathematics', 'A'), alevel('Physics', 'B'), alevel('German', 'B'), ielts('7')],
    stage: 'You are German, studying at an international school in Frankfurt, and want to be a pilot. You ask about the pilot studies course too.',
    instruction: 'Amber: 128 points (advertised 136, accepted 112). Expected outcome: Pool (P).',
    questions: [q('A', 'What are your A level results? (A, B, B: 128 points)')],
    rehearses: 'P',
  },
  {
    id: 40,
    course: 'W350',
    name: ['Joseph', 'Ward'],
    dob: '2005-09-30',
    gender: 'M',
    nationality: 'GBR',
    ucas: '1234500040',
    gcses: [gcse('English Language', '4'), gcse('Mathematics', '4')],
    quals: [alevel('Music Technology', 'C'), alevel('Physics', 'D'), alevel('Media Studies', 'D')],
    stage: 'You produce music in your bedroom studio and send tracks to labels. You are laid back and a bit vague about your grades at first.',
    instruction: 'Red: 80 points against an accepted 104. Expected outcome: Reject (X), EEA form; offer alternatives from the assessment.',
    questions: [q('R', 'What are your A level results? (C, D, D: 80 points)')],
    rehearses: 'X',
  },
  {
    id: 41,
    course: 'G550',
    name: ['Fatima', 'Hussain'],
    dob: '2005-02-02',
    gender: 'F',
    nationality: 'GBR',
    ucas: '1234500041',
    gcses: fiveGcses('6', '7'),
    quals: [alevel('Computer Science', 'A'), alevel('Mathematics', 'B'), alevel('Physics', 'B')],
    stage: 'You are calm and organised. You ask what happens next after the call.',
    instruction:
      'Green at 128 points (advertised 120). Practise this one signed in as a Front Office adviser: only Submit is offered, and a green caller is transferred to the course extension and stored as a referral (the OFFER_CALLBACK script). Signed in with a role that sets statuses, the expected outcome is Offer (O).',
    questions: [q('G', 'What are your A level results? (A, B, B: 128 points)')],
    rehearses: 'S',
    access: 'Front Office',
  },
  {
    id: 42,
    course: 'L110',
    name: ['Tariq', 'Rahman'],
    dob: '2003-06-18',
    gender: 'M',
    nationality: 'BGD',
    ucas: '1234500042',
    secondYear: true,
    gcses: [igcse('English Language', 'B'), igcse('Mathematics', 'A*')],
    quals: [alevel('Mathematics', 'A', '2021'), alevel('Economics', 'A', '2021'), alevel('Accounting', 'B', '2021'), ielts('6.5')],
    stage: 'You are from Bangladesh and completed the first year of Economics in Dhaka. You want second-year entry and have a transcript in English.',
    instruction: 'Non-EEA caller, second-year entry on a course that allows it: transfer to the course extension. Expected outcome: Refer (R).',
    questions: [q('G', 'Which year are you applying for? (second year)'), q('G', 'What are your A level results? (A, A, B: 136 points)')],
    rehearses: 'R',
  },
  {
    id: 43,
    course: 'B740',
    name: ['Patricia', 'Nowak'],
    dob: '1987-10-14',
    gender: 'F',
    nationality: 'POL',
    ucas: '1234500043',
    gcses: [gcse('English Language', 'B', '2014'), gcse('Mathematics', 'C', '2014')],
    quals: [accessHe('Access to HE Diploma (Nursing)', 45, 0, 0)],
    stage:
      'You have lived in the UK for twelve years and work as a healthcare assistant. You want to start this autumn and ask whether your shifts can fit around placements.',
    instruction: 'Access to HE with 45 distinction credits. Adult Nursing interviews every applicant. Expected outcome: Invite to interview (I).',
    questions: [q('G', 'How many distinction, merit and pass credits? (45 distinction)')],
    rehearses: 'I',
  },
  {
    id: 44,
    course: 'P390',
    name: ['Kwame', 'Asante'],
    dob: '2006-05-20',
    gender: 'M',
    nationality: 'GHA',
    ucas: '1234500044',
    gcses: [igcse('English Language', 'B'), igcse('Mathematics', 'C')],
    quals: [alevel('Art and Design', 'B'), alevel('Media Studies', 'C'), alevel('Business', 'C'), ielts('6.5')],
    stage: 'You are Ghanaian, studying in Accra, and run a photography page with 20,000 followers.',
    instruction: 'Non-EEA caller, 104 points on a course advertised at 120 and accepting 64: amber. Expected outcome: Pool (P).',
    questions: [q('A', 'What are your A level results? (B, C, C: 104 points)')],
    rehearses: 'P',
  },
  {
    id: 45,
    course: 'Q300',
    name: ['Ruby', 'Evans'],
    dob: '2006-08-28',
    gender: 'F',
    nationality: 'GBR',
    ucas: '1234500045',
    gcses: [gcse('English Language', '9'), gcse('Mathematics', '6')],
    quals: [alevel('English Literature', 'A*'), alevel('History', 'A'), alevel('Drama and Theatre', 'A')],
    stage: 'You write poetry and have been published in a youth anthology. You are excited and talk quickly.',
    instruction: 'Green at 152 points. Expected outcome: Offer (O).',
    questions: [q('G', 'What are your A level results? (A*, A, A: 152 points)')],
    rehearses: 'O',
  },
  {
    id: 46,
    course: 'G120',
    name: ['Noah', 'Kim'],
    dob: '2005-12-30',
    gender: 'M',
    nationality: 'KOR',
    ucas: '1234500046',
    gcses: [igcse('Mathematics', 'A*'), igcse('Physics', 'A'), igcse('Chemistry', 'A'), igcse('Biology', 'B'), igcse('Korean', 'A')],
    quals: [alevel('Mathematics', 'A'), alevel('Further Mathematics', 'B'), alevel('Physics', 'B'), ielts('5.5')],
    stage: 'You are South Korean, at a boarding school in Surrey. You did not take IGCSE English; your IELTS was 5.5 and you plan to resit next month.',
    instruction:
      'The grades are green but the English test is below the course minimum (6.0): the assessment is amber and names the score and the minimum. Expected outcome: Refer (R) or Pool (P).',
    questions: [q('G', 'What are your A level results? (A, B, B: 128 points)'), q('A', 'What was your IELTS overall score? (5.5, below the minimum of 6.0)')],
    rehearses: 'R',
  },
  {
    id: 47,
    course: 'H200',
    name: ['Isla', 'MacLeod'],
    dob: '2006-02-11',
    gender: 'F',
    nationality: 'GBR',
    ucas: '1234500047',
    gcses: [nat5('English', 'A'), nat5('Mathematics', 'A'), nat5('Physics', 'B'), nat5('Chemistry', 'B'), nat5('Geography', 'A')],
    quals: [higher('Mathematics', 'A'), higher('Physics', 'A'), higher('English', 'B'), higher('Chemistry', 'B'), advancedHigher('Mathematics', 'B')],
    stage:
      'You are from Inverness and did your Highers in fifth year and an Advanced Higher in sixth year. You are used to people not knowing the Scottish system and explain it patiently.',
    instruction:
      'A Scottish caller: enter National 5s with the GCSEs (they meet the Mathematics, English and science rules at C or above), then each Higher and the Advanced Higher as their own items. Expected outcome: Offer (O).',
    questions: [
      q('G', 'What are your Highers and Advanced Highers? (Highers A, A, B, B; Advanced Higher Mathematics B)'),
      q('G', 'Which National 5s do you have? (English A, Mathematics A, Physics B, Chemistry B, Geography A)'),
    ],
    rehearses: 'O',
  },
  {
    id: 48,
    course: 'L300',
    name: ['Cian', 'Byrne'],
    dob: '2006-07-03',
    gender: 'M',
    nationality: 'IRL',
    ucas: '1234500048',
    gcses: [leavingCertOrdinary('Mathematics', 'O2'), leavingCertOrdinary('Irish', 'O3')],
    quals: [
      leavingCertHigher('English', 'H2'),
      leavingCertHigher('History', 'H3'),
      leavingCertHigher('Geography', 'H3'),
      leavingCertHigher('Biology', 'H4'),
      leavingCertHigher('French', 'H4'),
    ],
    stage:
      'You are from Galway and got your Leaving Certificate results this morning. You took Mathematics at Ordinary level and worry that it counts against you.',
    instruction:
      'An Irish caller: Higher level subjects carry Tariff points (H2 30, H3 24, H4 18); Ordinary level O2 Mathematics meets the GCSE Mathematics rule. Irish nationals meet the English requirement by nationality. Expected outcome: Offer (O).',
    questions: [
      q('G', 'What did you get at Higher level? (English H2, History H3, Geography H3, Biology H4, French H4: 114 points)'),
      q('G', 'And at Ordinary level? (Mathematics O2, Irish O3)'),
    ],
    rehearses: 'O',
  },
  {
    id: 49,
    course: 'N210',
    name: ['Dafydd', 'Pritchard'],
    dob: '2006-04-25',
    gender: 'M',
    nationality: 'GBR',
    ucas: '1234500049',
    gcses: [gcse('English Language', 'B'), gcse('Mathematics', 'C'), gcse('Welsh Language', 'A'), gcse('Business', 'B'), gcse('Geography', 'C')],
    quals: [alevel('Business', 'A'), alevel('Geography', 'B'), alevel('Welsh', 'B')],
    stage:
      'You are from Bangor and sat your exams with WJEC. Your GCSEs have letter grades, as Welsh GCSEs do, and you mention that you studied partly in Welsh.',
    instruction: 'A caller from Wales: WJEC GCSEs keep letter grades (C is grade 4), A levels as in England. Expected outcome: Offer (O).',
    questions: [
      q('G', 'What are your A level results? (Business A, Welsh B, Geography B: 128 points)'),
      q('G', 'Do you have GCSE English and Mathematics? (English Language B, Mathematics C)'),
    ],
    rehearses: 'O',
  },
  {
    id: 50,
    course: 'M900',
    name: ['Niamh', 'Quinn'],
    dob: '2006-10-14',
    gender: 'F',
    nationality: 'GBR',
    ucas: '1234500050',
    gcses: [gcse('English Language', 'B'), gcse('Mathematics', 'C*'), gcse('History', 'A')],
    quals: [alevel('Sociology', 'B'), alevel('History', 'C'), alevel('Religious Studies', 'C')],
    stage:
      'You are from Belfast and took CCEA exams. Your GCSE Mathematics grade is a C*, a grade only Northern Ireland gives, and the adviser may not know it.',
    instruction:
      'A caller from Northern Ireland: CCEA GCSEs keep letter grades and add C* between B and C (it meets the grade 4/C rules). 104 points on a course advertised at 120 that accepts 104: amber. Expected outcome: Pool (P).',
    questions: [
      q('A', 'What are your A level results? (Sociology B, History C, Religious Studies C: 104 points)'),
      q('G', 'What was your GCSE Mathematics grade? (C*)'),
    ],
    rehearses: 'P',
  },
  {
    id: 51,
    course: 'L100',
    name: ['Amara', 'Nwosu'],
    dob: '2006-01-19',
    gender: 'F',
    nationality: 'NGA',
    ucas: '1234500051',
    gcses: [igcse('English Language', 'A'), igcse('Mathematics', 'A*')],
    quals: [ibTotal(34), ielts('7.0')],
    stage:
      'You did the IB Diploma in Lagos and have your total (34) to hand, but not your subject grades: your transcript is in an email you cannot open while on the phone.',
    instruction:
      "IB by total: enter one International Baccalaureate item with only the Diploma total and its year; it is assessed against the course's IB requirement in Diploma points. A non-EEA national needs the visa compliance team for an offer. Expected outcome: Offer (O); OFFER_NONEEA script.",
    questions: [q('G', 'What was your IB Diploma total? (34)'), q('G', 'Do you have an English language test? (IELTS 7.0)')],
    rehearses: 'O',
  },
];

/** Every demo scenario for the intake (e.g. '2025/26') with what it rehearses (for the seed check). */
export const demoScenarioSeeds = (intake: string = INTAKE_YEAR): DemoScenarioSeed[] => CALLERS.map((c) => build(c, intake));

/** The demo scenarios as stored for the intake (without the `rehearses` annotation). */
export function demoScenarios(intake: string = INTAKE_YEAR): StoredScenarioInput[] {
  return demoScenarioSeeds(intake).map(({ rehearses: _rehearses, ...scenario }) => scenario);
}
