import { SUBMISSION_BUTTONS } from '../status/status-codes';
import { keptStatus, rejectionReasonsRefusal, STATUS_RULE_MESSAGES, staffStatusButtons, staffStatusRefusal } from './status-buttons';

const { SUBMIT, OFFER, REFER, POOL, UPDATE, WITHDRAW, DUPLICATE } = SUBMISSION_BUTTONS;
const green = [OFFER, REFER];
const submitOnly = [SUBMIT];

describe('keptStatus', () => {
  it('stores V as the current status and never V itself', () => {
    expect(keptStatus('V', 'O')).toBe('O');
    expect(keptStatus('V', null)).toBeNull();
    expect(keptStatus('R', 'O')).toBe('R');
  });
});

describe('staffStatusButtons', () => {
  it('gives a user without set-status Submit on a new application and only Update on an existing one', () => {
    expect(staffStatusButtons('Front Office', null, submitOnly)).toEqual([SUBMIT]);
    expect(staffStatusButtons('Front Office', 'S', submitOnly)).toEqual([UPDATE]);
    expect(staffStatusButtons('Editor', 'O', submitOnly)).toEqual([UPDATE]);
  });

  it('gives set-status staff the assessed buttons, Update when none keeps the status, and Withdraw and Duplicate on an existing application', () => {
    expect(staffStatusButtons('Back Office', null, green)).toEqual([OFFER, REFER]);
    expect(staffStatusButtons('Back Office', 'O', green)).toEqual([OFFER, REFER, WITHDRAW, DUPLICATE]);
    expect(staffStatusButtons('Administrator', 'S', [REFER, POOL])).toEqual([REFER, POOL, UPDATE, WITHDRAW, DUPLICATE]);
    expect(staffStatusButtons('Administrator', 'W', [REFER, POOL])).toEqual([REFER, POOL, UPDATE, DUPLICATE]);
    expect(staffStatusButtons('Back Office Limited', 'D', [SUBMISSION_BUTTONS.REJECT, REFER])).toEqual([SUBMISSION_BUTTONS.REJECT, REFER, UPDATE, WITHDRAW]);
  });

  it("labels D 'Duplicate' and never offers it on a new application, nor to staff without set-status", () => {
    expect(DUPLICATE).toEqual({ STATUS: 'D', LABEL: 'Duplicate' });
    expect(staffStatusButtons('Administrator', null, [...green, DUPLICATE])).toEqual([OFFER, REFER]);
    expect(staffStatusButtons('Editor', 'O', submitOnly)).toEqual([UPDATE]);
  });

  it('gives none to a user who may not edit the application', () => {
    expect(staffStatusButtons('Front Office', 'O', submitOnly)).toEqual([]);
    expect(staffStatusButtons('Visa Team', 'S', submitOnly)).toEqual([]);
    expect(staffStatusButtons(null, null, green)).toEqual([]);
  });
});

describe('staffStatusRefusal', () => {
  it('lets an Editor keep an Offered status (V or O) and never move it to S', () => {
    expect(staffStatusRefusal('Editor', 'O', 'V', submitOnly)).toBeNull();
    expect(staffStatusRefusal('Editor', 'O', 'O', submitOnly)).toBeNull();
    expect(staffStatusRefusal('Editor', 'O', 'S', submitOnly)).toBe(STATUS_RULE_MESSAGES.STATUS_NOT_ALLOWED('S'));
  });

  it('refuses V on a new application and names why an edit is refused', () => {
    expect(staffStatusRefusal('Back Office', null, 'V', green)).toBe(STATUS_RULE_MESSAGES.STATUS_NOT_ALLOWED('V'));
    expect(staffStatusRefusal(null, 'S', 'V', submitOnly)).toBe(STATUS_RULE_MESSAGES.NO_ROLE);
    expect(staffStatusRefusal('Visa Team', 'S', 'V', submitOnly)).toBe(STATUS_RULE_MESSAGES.CANNOT_EDIT_PUBLIC);
    expect(staffStatusRefusal('Front Office', 'R', 'V', submitOnly)).toBe(STATUS_RULE_MESSAGES.CANNOT_EDIT_ANY);
  });

  it('lets set-status staff withdraw whatever the light, and not on a new application', () => {
    expect(staffStatusRefusal('Back Office Limited', 'P', 'W', [SUBMISSION_BUTTONS.REJECT, REFER])).toBeNull();
    expect(staffStatusRefusal('Back Office', null, 'W', green)).toBe(STATUS_RULE_MESSAGES.STATUS_NOT_ALLOWED('W'));
  });

  it('lets set-status staff mark an existing application a duplicate (D) whatever the light, and nobody else', () => {
    expect(staffStatusRefusal('Back Office', 'O', 'D', green)).toBeNull();
    expect(staffStatusRefusal('Administrator', 'X', 'D', [SUBMISSION_BUTTONS.REJECT, REFER])).toBeNull();
    expect(staffStatusRefusal('Back Office Limited', 'W', 'D', [REFER, POOL])).toBeNull();
    expect(staffStatusRefusal('Back Office', null, 'D', green)).toBe(STATUS_RULE_MESSAGES.STATUS_NOT_ALLOWED('D'));
    expect(staffStatusRefusal('Editor', 'O', 'D', submitOnly)).toBe(STATUS_RULE_MESSAGES.STATUS_NOT_ALLOWED('D'));
    expect(staffStatusRefusal('Front Office', 'S', 'D', submitOnly)).toBe(STATUS_RULE_MESSAGES.STATUS_NOT_ALLOWED('D'));
  });
});

describe('rejectionReasonsRefusal', () => {
  const reasons = [{ MESSAGE: 'A reason the applicant reads.' }];
  it.each(['Administrator', 'Back Office', 'Back Office Limited'])('lets %s write them', (role) => {
    expect(rejectionReasonsRefusal(role, reasons)).toBeNull();
  });
  it.each(['Editor', 'Front Office', 'Visa Team', null])('refuses them from %s', (role) => {
    expect(rejectionReasonsRefusal(role, reasons)).toBe('Your role on this course cannot write rejection reasons: only staff who may set statuses can.');
  });
  it('refuses nothing when none are written', () => {
    expect(rejectionReasonsRefusal('Front Office', [])).toBeNull();
    expect(rejectionReasonsRefusal('Front Office', undefined)).toBeNull();
  });
});
