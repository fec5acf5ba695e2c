import { buildCallScript } from './build-call-script';
import type { ScriptSituation } from './choose-script';
import { escapeHtml, renderScript } from './render-script';
import { OUTCOME_SCRIPTS, PLACEHOLDER_LABELS, REJECT_EXTRAS, SCRIPT_NOTES, SCRIPT_TEXTS } from './script-texts';

const situation: ScriptSituation = {
  status: 'O',
  nationality: 'GBR',
  over18: 1,
  secondYearEntry: false,
  allowSecondYearEntry: true,
  school: 'BUS',
  trafficLight: 'G',
  access: 'Back Office',
  hasUcasId: true,
};
const values = {
  studentName: 'Ann Smith',
  courseTitle: 'Accounting and Finance',
  startDate: '2025-09-22',
  aid: 'A123',
  phone: '020 7040 8716',
  extno: '5555',
  cname: 'Accounting and Finance',
};

describe('renderScript', () => {
  it('fills every placeholder of spec section 1', () => {
    const all = Object.keys(PLACEHOLDER_LABELS)
      .map((k) => (['extno', 'ref', 'cname', 'course', 'school'].includes(k) ? `%${k}%` : `{${k}}`))
      .join('|');
    const filled = Object.fromEntries(Object.keys(PLACEHOLDER_LABELS).map((k) => [k, `v-${k}`]));
    expect(renderScript(all, filled)).toBe(
      'v-studentName|v-courseTitle|v-startDate|v-scenarioId|v-scenarioName|v-scenarioDob|v-aid|v-phone|v-extno|v-ref|v-cname|v-course|v-school',
    );
  });

  it('shows a missing or blank value as its bracketed label', () => {
    expect(renderScript(SCRIPT_TEXTS.GREETING, { courseTitle: '  ' })).toBe('Hello [student name]. You are applying for course [course title]');
  });

  it('escapes hostile values so HTML shows as text', () => {
    expect(renderScript(SCRIPT_TEXTS.GREETING, { studentName: '<img src=x onerror="alert(1)">', courseTitle: "Law & 'Order'" })).toBe(
      'Hello &lt;img src=x onerror=&quot;alert(1)&quot;&gt;. You are applying for course Law &amp; &#39;Order&#39;',
    );
  });

  it('refuses an unknown placeholder', () => {
    expect(() => renderScript('Hi {nobody}', {})).toThrow('Unknown script placeholder: {nobody}');
  });

  it('renders every script text without an unknown placeholder', () => {
    const texts = [
      ...Object.values(SCRIPT_TEXTS).flat(),
      ...SCRIPT_NOTES.UNDER_18,
      ...Object.values(SCRIPT_NOTES.SECOND_YEAR).flat(),
      ...Object.values(OUTCOME_SCRIPTS).flat(),
      ...REJECT_EXTRAS.GENERAL,
      REJECT_EXTRAS.ALTERNATIVE,
    ];
    for (const t of texts) expect(renderScript(t, {})).not.toMatch(/[{}%]/);
  });

  it('escapes the template text too', () => {
    expect(escapeHtml('a<b')).toBe('a&lt;b');
  });
});

describe('buildCallScript', () => {
  it('builds the offer script with the greeting, version, intake year and extension 7969', () => {
    const s = buildCallScript(situation, values);
    expect(s.version).toBe('2023.0.3');
    expect(s.intakeYear).toBe('2025/26');
    expect(s.greeting).toBe('Hello Ann Smith. You are applying for course Accounting and Finance');
    expect(s.startDate).toBe('The course starts on 2025-09-22.');
    expect(s.trainingIntro).toBeNull();
    expect(s.notes).toEqual([]);
    expect(s.outcome).toEqual([
      'I am pleased to make you an offer for Accounting and Finance. You will receive an email confirming it.',
      'You must add us through the Clearing option on your UCAS Hub within two working days, after which the offer lapses.',
      'Adviser: transfer the caller to extension 7969.',
    ]);
  });

  it('continues the greeting with the under-18 wording and adds the hotline note with the application id', () => {
    const s = buildCallScript({ ...situation, status: 'R', over18: 0 }, values);
    expect(s.greeting).toBe(
      'Hello Ann Smith. You are applying for course Accounting and Finance and you have indicated that you will be under the age of 18 on the courses start date',
    );
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
    expect(s.outcome[1]).toBe('If nobody has contacted you by midday tomorrow, please assume that you have been unsuccessful.');
  });

  it('continues the greeting with the second-year wording and the transfer to the course extension', () => {
    const s = buildCallScript({ ...situation, status: 'R', secondYearEntry: true }, values);
    expect(s.greeting).toBe('Hello Ann Smith. You are applying for course Accounting and Finance but want to start in the Second Year');
    expect(s.notes).toEqual([{ id: 'second-year', paragraphs: ['I will transfer you now to extension 5555, who deal with Second Year entry.'] }]);
  });

  it('gives a non-EEA rejection the foundation transfer to 7982 and each alternative with its extension', () => {
    const s = buildCallScript({ ...situation, status: 'X', nationality: 'IND', hasUcasId: false }, values, {
      alternates: [{ COURSE: 'N400', SCHOOL: 'BUS', EXTENSION: '4321', TITLE: 'Business <Studies>' }],
    });
    expect(s.notes.map((n) => n.id)).toEqual(['no-ucas-id']);
    expect(s.outcome).toEqual([
      'I am sorry, your qualifications do not meet the requirement for Accounting and Finance and we cannot offer you a place this year.',
      'Please look at the vacancies on the national admissions service (UCAS).',
      'Our partner organisation runs foundation courses that could lead on to a degree with us. Adviser: transfer the caller to extension 7982.',
      'We may be able to offer you Business &lt;Studies&gt; (N400) in BUS instead. Adviser: transfer the caller to the department on extension 4321.',
    ]);
  });

  it('gives an EEA rejection no foundation transfer', () => {
    const s = buildCallScript({ ...situation, status: 'X', nationality: 'ESP' }, values);
    expect(s.outcome).toHaveLength(2);
  });

  it('renders the training-call intro with the scenario', () => {
    const s = buildCallScript(situation, values, { scenario: { id: '7', name: 'Sam <Lee>', dob: '2006-01-02' } });
    expect(s.trainingIntro).toBe(
      'This is a training call for scenario 7 (Sam &lt;Lee&gt;). Before we start, please confirm your full name and your date of birth. (Expected: Sam &lt;Lee&gt;, born 2006-01-02.)',
    );
  });
});
