import { createCourse } from '../testing';
import { decisionFacts, decisionFactRows } from './decision-facts';
import { buildCallScript, courseScriptValues, type CallScriptValues } from './build-call-script';
import type { ScriptSituation } from './choose-script';
import { escapeHtml, placeholdersOf, renderScript } from './render-script';
import { ALWAYS_GIVEN, OFFER_NO_UCAS, OUTCOME_SCRIPTS, REJECT_EXTRAS, SCRIPT_NOTES, SCRIPT_PLACEHOLDERS, SCRIPT_TEXTS, type ScriptText } from './script-texts';

const situation: ScriptSituation = {
  status: 'O',
  nationality: 'GBR',
  over18: 1,
  secondYearEntry: false,
  allowSecondYearEntry: true,
  school: 'BUS',
  trafficLight: 'G',
  access: 'Back Office',
  appliedToUcas: true,
};
const values: CallScriptValues = {
  studentName: 'Ann Smith',
  courseTitle: 'Accounting and Finance',
  startDate: '22 September 2025',
  aid: 'A123',
  ref: '8301X7',
  phone: '020 7040 8716',
  extno: '5555',
  cname: 'Accounting and Finance',
  course: 'N400',
};
/** What a phone intake knows before anything is typed or saved: only the course. */
const unsaved: CallScriptValues = { courseTitle: 'Accounting and Finance', cname: 'Accounting and Finance', course: 'N400', phone: '020 7040 8716' };

const { SEARCH_PROMPTS, ...SINGLE_TEXTS } = SCRIPT_TEXTS;
const texts = (list: readonly ScriptText[]): readonly ScriptText[] => list;
const EVERY_TEXT: readonly ScriptText[] = [
  ...texts(Object.values(SINGLE_TEXTS)),
  ...SEARCH_PROMPTS,
  ...texts(SCRIPT_NOTES.UNDER_18),
  ...Object.values(SCRIPT_NOTES.SECOND_YEAR).flatMap(texts),
  ...Object.values(OUTCOME_SCRIPTS).flatMap(texts),
  OFFER_NO_UCAS,
  ...REJECT_EXTRAS.GENERAL,
  REJECT_EXTRAS.ALTERNATIVE,
  REJECT_EXTRAS.ALTERNATIVE_TRANSFER,
];

describe('renderScript', () => {
  it('fills every placeholder of spec section 1', () => {
    const all = Object.keys(SCRIPT_PLACEHOLDERS)
      .map((k) => (['extno', 'ref', 'cname', 'course', 'school'].includes(k) ? `%${k}%` : `{${k}}`))
      .join('|');
    const filled = Object.fromEntries(Object.keys(SCRIPT_PLACEHOLDERS).map((k) => [k, `v-${k}`]));
    expect(renderScript(all, filled)).toBe(
      'v-studentName|v-courseTitle|v-startDate|v-scenarioId|v-scenarioName|v-scenarioDob|v-aid|v-phone|v-extno|v-ref|v-cname|v-course|v-school|v-interviewDate|v-interviewTime|v-interviewVenue|v-deadline',
    );
  });

  it('reads the first alternative whose values are all given, never a label for a missing one', () => {
    expect(renderScript(SCRIPT_TEXTS.GREETING, { studentName: 'Ann', courseTitle: 'Law' })).toBe('Hello Ann. You are applying for course Law');
    expect(renderScript(SCRIPT_TEXTS.GREETING, { studentName: '  ', courseTitle: 'Law' })).toBe('Hello. You are applying for course Law');
  });

  it('leaves a gap empty, never bracketed, when no alternative can be filled', () => {
    expect(renderScript('Call {phone} now.', {})).toBe('Call  now.');
  });

  it('escapes hostile values so HTML shows as text', () => {
    expect(renderScript(SCRIPT_TEXTS.GREETING, { studentName: '<img src=x onerror="alert(1)">', courseTitle: "Law & 'Order'" })).toBe(
      'Hello &lt;img src=x onerror=&quot;alert(1)&quot;&gt;. You are applying for course Law &amp; &#39;Order&#39;',
    );
  });

  it('refuses an unknown placeholder', () => {
    expect(() => renderScript('Hi {nobody}', {})).toThrow('Unknown script placeholder: {nobody}');
  });

  it("gives every text an alternative that needs only what every course has (no '[', '%' or '{' left)", () => {
    for (const text of EVERY_TEXT) {
      const alternatives = typeof text === 'string' ? [text] : text;
      const last = alternatives[alternatives.length - 1] ?? '';
      const needs = placeholdersOf(last).filter((name) => !ALWAYS_GIVEN.includes(name));
      // The greeting's wordings, the start date and the training intro are only built when their values exist.
      if (text === SCRIPT_TEXTS.START_DATE || text === SCRIPT_TEXTS.TRAINING_INTRO) continue;
      expect([last, needs]).toEqual([last, []]);
      expect(renderScript(text, unsaved)).not.toMatch(/[[\]{}%]|undefined/);
    }
  });

  it('escapes the template text too', () => {
    expect(escapeHtml('a<b')).toBe('a&lt;b');
  });
});

describe('courseScriptValues', () => {
  it("fills the course's placeholders, the school by name, and the hotline with the course's telephone or else the Clearing team's", () => {
    const course = createCourse({
      UCAS_CODE: 'M100',
      COURSE_TITLE: 'Law',
      SCHOOL_NAME: 'The City Law School',
      EXTENSION_NO: '8301',
      COURSE_START_DATE: '2025-09-22',
    });
    expect(courseScriptValues(course, '020 7040 4000')).toEqual({
      courseTitle: 'Law',
      cname: 'Law',
      course: 'M100',
      school: 'The City Law School',
      extno: '8301',
      startDate: '22 September 2025',
      phone: course.FEEDBACK_TELEPHONE,
    });
    expect(courseScriptValues({ ...course, FEEDBACK_TELEPHONE: null }, '020 7040 4000').phone).toBe('020 7040 4000');
    expect(courseScriptValues({ ...course, FEEDBACK_TELEPHONE: '  ' }, '020 7040 4000').phone).toBe('020 7040 4000');
  });
});

describe('buildCallScript', () => {
  it('builds the offer script with the greeting, version, intake year, the reference and extension 7969', () => {
    const s = buildCallScript(situation, values, { cycle: '2025/26' });
    expect(s.version).toBe('2023.0.3');
    // The stored current cycle's label; 'Clearing' alone while it is not known, never a constant year.
    expect(s.cycleLabel).toBe('Clearing 2025/26');
    expect(buildCallScript(situation, values).cycleLabel).toBe('Clearing');
    expect(s.greeting).toBe('Hello Ann Smith. You are applying for course Accounting and Finance');
    expect(s.startDate).toBe('The course starts on 22 September 2025.');
    expect(s.trainingIntro).toBeNull();
    expect(s.notes).toEqual([]);
    expect(s.outcome).toEqual([
      'I am pleased to make you an offer for Accounting and Finance. You will receive an email confirming it.',
      'You must add us through the Clearing option on your UCAS Hub within two working days, after which the offer lapses.',
      'Your reference number is 8301X7; please quote it whenever you contact us about this application.',
      'Adviser: transfer the caller to extension 7969.',
    ]);
  });

  it('says before saving that the reference and the application id will be given once saved', () => {
    const s = buildCallScript({ ...situation, status: 'O', over18: 0, access: 'Front Office' }, unsaved);
    expect(s.greeting).toBe(
      'Hello. You are applying for course Accounting and Finance and you have indicated that you will be under the age of 18 on the courses start date',
    );
    expect(s.startDate).toBeNull();
    expect(s.notes[0]?.paragraphs[1]).toBe(
      'If you need an answer quickly, call our priority hotline (020 7040 8716) before 18:00 today and quote your application id, which I will give you once your application is saved.',
    );
    expect(s.outcome).toContain('I will give you your reference number once your application is saved.');
  });

  it('gives an under-18 caller one extension, the referral note’s 0421, even where a colleague makes the offer', () => {
    const s = buildCallScript({ ...situation, status: 'S', over18: 0, access: 'Front Office' }, values);
    expect(s.notes).toEqual([
      {
        id: 'under-18',
        paragraphs: [
          'Your application will be referred to the Admissions Office; I am not able to make a decision on it today.',
          'If you need an answer quickly, call our priority hotline (020 7040 8716) before 18:00 today and quote your application id A123.',
          'Adviser: add the under-18 referral note and transfer to extension 0421.',
        ],
      },
    ]);
    expect(s.choice.outcome).toBe('OFFER_CALLBACK');
    // Front Office cannot store a referral: it submits the application for the Clearing team.
    expect(s.outcome[2]).toBe('Adviser: transfer the caller to extension 0421, then submit the application: the Clearing team makes the decision.');
    expect([...s.notes.flatMap((n) => n.paragraphs), ...s.outcome].join(' ')).not.toContain('5555');
  });

  it('continues the greeting with the second-year wording and the transfer to the course extension', () => {
    const s = buildCallScript({ ...situation, status: 'R', secondYearEntry: true }, values);
    expect(s.greeting).toBe('Hello Ann Smith. You are applying for course Accounting and Finance but want to start in the Second Year');
    expect(s.notes).toEqual([{ id: 'second-year', paragraphs: ['I will transfer you now to extension 5555, who deal with Second Year entry.'] }]);
  });

  it("transfers to the Clearing team's number when the course has no extension", () => {
    const s = buildCallScript({ ...situation, status: 'R', secondYearEntry: true }, { ...values, extno: null });
    expect(s.notes[0]?.paragraphs).toEqual(['I will transfer you now to the Clearing team on 020 7040 8716, who deal with Second Year entry.']);
  });

  it('always carries the end-the-call guidance on a course without second-year entry (domain.md "Second-year callers")', () => {
    const s = buildCallScript({ ...situation, status: null, allowSecondYearEntry: false }, values);
    expect(s.greeting).toBe('Hello Ann Smith. You are applying for course Accounting and Finance');
    expect(s.notes).toEqual([
      {
        id: 'second-year',
        paragraphs: [
          'This course does not accept entry into the Second Year; you can start only in the First Year.',
          'Adviser: if the caller wants only the Second Year, end the call politely: &quot;I am sorry we cannot help you with this course; thank you for calling.&quot;',
        ],
      },
    ]);
    const sciences = buildCallScript({ ...situation, status: null, school: 'SCI', allowSecondYearEntry: false }, values);
    expect(sciences.notes[0]?.paragraphs[1]).toBe('Adviser: if the caller wants only the Second Year, call a supervisor before going any further.');
  });

  it('tells a caller without a UCAS application how to accept the offer, never "your UCAS Hub" alone', () => {
    const s = buildCallScript({ ...situation, appliedToUcas: false }, values);
    expect(s.notes).toEqual([
      {
        id: 'no-ucas-id',
        paragraphs: [
          'You have not applied through UCAS this year, so you do not have a UCAS Personal ID. We will still take your details now, but you may be asked to complete an application form later.',
        ],
      },
    ]);
    expect(s.outcome[1]).toBe(
      'You have not applied through UCAS this year, so to accept the offer, register with UCAS, sign in to your UCAS Hub, choose Clearing and add us as your Clearing choice (course code N400) within two working days, after which the offer lapses.',
    );
  });

  it("gives a non-EEA rejection the foundation transfer to 7982 and each alternative with its school's name and extension", () => {
    const s = buildCallScript({ ...situation, status: 'X', nationality: 'IND' }, values, {
      alternates: [
        { COURSE: 'N400', SCHOOL: 'BUS', SCHOOL_NAME: 'Business School', EXTENSION: '4321', TITLE: 'Business <Studies>' },
        { COURSE: 'M100', SCHOOL: 'LAW', EXTENSION: null, TITLE: 'Law' },
      ],
    });
    expect(s.outcome).toEqual([
      'I am sorry, your qualifications do not meet the requirement for Accounting and Finance and we cannot offer you a place this year.',
      'Please look at the vacancies on the national admissions service (UCAS).',
      'Our partner organisation runs foundation courses that could lead on to a degree with us. Adviser: transfer the caller to extension 7982.',
      'We may be able to offer you Business &lt;Studies&gt; (N400) in Business School instead. Adviser: transfer the caller to the department on extension 4321.',
      'We may be able to offer you Law (M100) instead. Adviser: transfer the caller to the Clearing team on 020 7040 8716, who will put them through to the department.',
    ]);
  });

  it('gives a rejection of someone needing no visa no foundation transfer', () => {
    const s = buildCallScript({ ...situation, status: 'X', nationality: 'ESP', visaType: 'presettled' }, values);
    expect(s.outcome).toHaveLength(2);
  });

  it('asks the English-evidence question except of nationals who meet English by nationality', () => {
    expect(buildCallScript({ ...situation, nationality: 'IND' }, values).englishEvidence).toBe(
      'We need evidence of your English proficiency, for example GCSE English Language or IELTS. Which English qualification do you have?',
    );
    expect(buildCallScript({ ...situation, nationality: 'GBR' }, values).englishEvidence).not.toBeNull();
    expect(buildCallScript({ ...situation, nationality: 'USA' }, values).englishEvidence).toBeNull();
    expect(buildCallScript({ ...situation, nationality: 'CAN' }, values).englishEvidence).toBeNull();
  });

  it('renders the training-call intro with the scenario', () => {
    const s = buildCallScript(situation, values, { scenario: { id: '7', name: 'Sam <Lee>', dob: '2006-01-02' } });
    expect(s.trainingIntro).toBe(
      'This is a training call for scenario 7 (Sam &lt;Lee&gt;). Before we start, please confirm your full name and your date of birth. (Expected: Sam &lt;Lee&gt;, born 2006-01-02.)',
    );
  });
});

describe('one story per decision in the scripts', () => {
  it('a needs-a-visa offer says the offer is made, then hands over to the visa compliance team', () => {
    const s = buildCallScript({ ...situation, status: 'O', nationality: 'NGA', access: 'Back Office', over18: 1 }, values);
    expect(s.choice.outcome).toBe('OFFER_NONEEA');
    expect(s.outcome[0]).toBe('I am pleased to make you an offer for Accounting and Finance. You will receive an email confirming it.');
    expect(s.outcome.join(' ')).toContain('our visa compliance team will contact you about your offer and your student visa');
    expect(s.outcome.join(' ')).not.toContain('before an offer can be made');
  });

  it("a referral names the course's extension (else the Clearing team's number)", () => {
    const s = buildCallScript({ ...situation, status: 'R', access: 'Back Office', over18: 1 }, values);
    expect(s.outcome.at(-1)).toBe(`Adviser: transfer the caller to extension ${values.extno}.`);
    const none = buildCallScript({ ...situation, status: 'R', access: 'Back Office', over18: 1 }, { ...values, extno: null });
    expect(none.outcome.at(-1)).toBe(`Adviser: transfer the caller to the Clearing team on ${values.phone}.`);
  });

  it("reads the stored referral's and pool's deadline as the facts (and so the email) name it, and the rule before the save", () => {
    const course = {
      UCAS_CODE: 'N400',
      COURSE_CODE_OVERRIDE: null,
      COURSE_TITLE: 'Accounting and Finance',
      QUALIFICATION: 'BSc (Hons)',
      COURSE_START_DATE: '2026-09-28',
      FEEDBACK_TELEPHONE: null,
      SCHOOL: 'BUS',
    };
    const factsOf = (status: 'R' | 'P', deadline: Date) =>
      decisionFacts({
        status,
        subStatus: null,
        reference: '8301X7',
        course,
        clearingTeamTelephone: '020 7040 8716',
        institutionCode: 'C60',
        deadline,
        interview: null,
        nationality: 'GBR',
        visaType: null,
        appliedToUcas: true,
      });
    // Referred on Saturday 15 August 2026: nobody calls on Sunday, so 12:00 BST on Monday (server/working-days referralDeadline).
    const referred = factsOf('R', new Date('2026-08-17T11:00:00Z'));
    const refer = buildCallScript({ ...situation, status: 'R', access: 'Back Office' }, values, { facts: referred });
    expect(refer.outcome[1]).toBe('If nobody has contacted you by 12:00 on Monday 17 August 2026, please assume that you have been unsuccessful.');
    expect(decisionFactRows(referred).find((r) => r.key === 'nextStep')?.value).toContain(refer.outcome[1]);
    // Pooled on Saturday 15 August 2026 at 10:00: 24 hours end on Sunday, so Monday 10:00 BST (poolDeadline).
    const pooled = factsOf('P', new Date('2026-08-17T09:00:00Z'));
    const pool = buildCallScript({ ...situation, status: 'P', access: 'Back Office' }, values, { facts: pooled });
    expect(pool.outcome[1]).toBe('If you have not heard from us by 10:00 on Monday 17 August 2026, please presume that you have been unsuccessful.');
    expect(decisionFactRows(pooled).find((r) => r.key === 'nextStep')?.value).toBe(pool.outcome[1]);
    // Before the save (or for another status than the stored one) no deadline exists yet: the rule, never 'tomorrow'.
    expect(buildCallScript({ ...situation, status: 'R', access: 'Back Office' }, values).outcome[1]).toBe(
      'If nobody has contacted you by midday on our next working day, please assume that you have been unsuccessful.',
    );
    expect(buildCallScript({ ...situation, status: 'P', access: 'Back Office' }, values, { facts: referred }).outcome[1]).toBe(
      'If you have not heard from us within 24 hours, please presume that you have been unsuccessful.',
    );
  });

  it("a withdrawal has its own text; D keeps spec section 3's 'This application has been deleted.'", () => {
    const w = buildCallScript({ ...situation, status: 'W', access: 'Back Office', over18: 1 }, values);
    expect(w.outcome[0]).toBe(
      'Your application for Accounting and Finance has been withdrawn. We keep its record, and you will receive an email confirming the withdrawal.',
    );
    const d = buildCallScript({ ...situation, status: 'D', access: 'Back Office', over18: 1 }, values);
    expect(d.outcome).toEqual(['This application has been deleted.']);
  });

  it('an invitation reads back the date, time and venue the adviser entered', () => {
    const interview = { INTERVIEW_DATE: '2025-08-19', INTERVIEW_TIME: '10:30', INTERVIEW_VENUE: 'Room A101' };
    const s = buildCallScript({ ...situation, status: 'I', access: 'Back Office', over18: 1 }, values, { interview });
    expect(s.outcome[1]).toBe('Your interview is on 19 August 2025 at 10:30, at Room A101. You will receive an email with these details.');
    const before = buildCallScript({ ...situation, status: 'I', access: 'Back Office', over18: 1 }, values);
    expect(before.outcome[1]).toBe(
      'I will give you the date, time and venue of your interview as soon as I have entered them, and you will receive an email with them.',
    );
  });

  it('an under-18 rejection says one thing: a colleague decides, one extension (0421), no rejection or department transfer', () => {
    const s = buildCallScript({ ...situation, status: 'X', access: 'Back Office', over18: 0, nationality: 'USA' }, values, {
      alternates: [{ COURSE: 'G401', SCHOOL: 'SCI', EXTENSION: '5555', TITLE: 'Computing', SCHOOL_NAME: 'School of Science and Technology' }],
    });
    expect(s.choice.outcome).toBe('OFFER_CALLBACK');
    const all = [...s.notes.flatMap((n) => n.paragraphs), ...s.outcome].join(' ');
    expect(all).not.toContain('cannot offer you a place');
    expect(all).not.toContain('5555');
    expect(all).not.toContain('7982');
    expect(s.outcome.at(-1)).toBe('Adviser: transfer the caller to extension 0421, then store the application as a referral.');
  });
});
