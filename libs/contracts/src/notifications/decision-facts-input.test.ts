import { createDecisionEmailPayload, DECISION_FACT_CONTEXT } from '../testing';
import { decisionFactRows, decisionFacts } from '../scripts/decision-facts';
import { decisionFactsInputOf } from './decision-content';

const facts = (overrides: Parameters<typeof createDecisionEmailPayload>[0] = {}, deadline: Date | null = null) =>
  decisionFacts(decisionFactsInputOf(createDecisionEmailPayload(overrides), DECISION_FACT_CONTEXT, deadline));

describe("decisionFacts: the one source of a decision's facts", () => {
  it('an offer: status, reference, course and its code, the institution code, next step by the deadline, the telephone', () => {
    const deadline = new Date('2025-08-18T22:59:00.000Z');
    expect(decisionFactRows(facts({}, deadline))).toEqual([
      { key: 'status', label: 'Decision', value: 'Offered' },
      { key: 'reference', label: 'Reference', value: '31100017' },
      { key: 'course', label: 'Course', value: 'Computer Science BSc (Hons)' },
      { key: 'courseCode', label: 'Course code', value: 'G400' },
      { key: 'institutionCode', label: 'Institution code', value: 'Z99' },
      {
        key: 'nextStep',
        label: 'Next step',
        value: 'Add us as your Clearing choice in UCAS Hub by 23:59 on Monday 18 August 2025 (two working days). After that the offer lapses.',
      },
      { key: 'deadline', label: 'Deadline', value: '23:59 on Monday 18 August 2025' },
      { key: 'telephone', label: 'Telephone', value: '020 7040 8716' },
    ]);
  });

  it("gives the Clearing team's number where the course has none, and the course's override code", () => {
    const sheet = facts({ course: { ...createDecisionEmailPayload().course, FEEDBACK_TELEPHONE: null, COURSE_CODE_OVERRIDE: 'G40F' } });
    expect(sheet.telephone).toBe('020 7040 4000');
    expect(sheet.courseCode).toBe('G40F');
  });

  it('names the institution code and a deadline only where the decision has them (an offer; a referral outside SHS; a pool)', () => {
    const deadline = new Date('2025-08-15T11:00:00.000Z');
    expect(facts({ status: 'S', subStatus: null }, deadline)).toMatchObject({ institutionCode: null, deadline: null });
    expect(facts({ status: 'R', subStatus: null }, deadline).deadline?.text).toBe('12:00 on Friday 15 August 2025');
    expect(facts({ status: 'R', subStatus: null, course: { ...createDecisionEmailPayload().course, SCHOOL: 'SHS' } }, deadline)).toMatchObject({
      deadline: null,
      nextStep: 'The course tutor may contact you within 24 hours.',
    });
    expect(facts({ status: 'X', subStatus: 'AX' }, deadline).institutionCode).toBeNull();
  });

  it('knows who needs a visa (British and Irish citizens do not; everyone else does)', () => {
    expect(facts().needsVisa).toBe(false);
    expect(facts({ applicant: { ...createDecisionEmailPayload().applicant, NATIONALITY: 'NGA' } }).needsVisa).toBe(true);
  });
});
