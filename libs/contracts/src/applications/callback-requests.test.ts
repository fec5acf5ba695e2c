import { callerFormValues, isCallbackTelephone, splitCallerName } from './callback-caller';
import { callbackCallerSchema, callbackRequestSchema } from './callback-requests';
import { workQueueItemSchema } from './work-queue';

describe('isCallbackTelephone', () => {
  it.each([
    '01632 960 001',
    '07700 900982',
    '(01632) 960001',
    '+44 7700 900982',
    '0044 20 7946 0958',
    '+33 1 23 45 67 89',
    '+1 (555) 010-0123',
    '+86 10 1234 5678',
  ])('accepts %s', (number) => expect(isCallbackTelephone(number)).toBe(true));

  it.each(['', '12ab', '07700', '7700 900982', '+0 1234 5678', '+44', '+123456789012345678', '07700 900982 ext 2', 'tel:07700900982'])('refuses %j', (number) =>
    expect(isCallbackTelephone(number)).toBe(false),
  );
});

describe('callbackCallerSchema', () => {
  const valid = { NAME: ' Cara Caller ', TEL: '07700 900982', EMAIL: ' cara@example.com ' };

  it('trims and accepts a name, a UK or international number and an email', () => {
    expect(callbackCallerSchema.parse(valid)).toEqual({ NAME: 'Cara Caller', TEL: '07700 900982', EMAIL: 'cara@example.com' });
    expect(callbackCallerSchema.parse({ ...valid, TEL: '+33 1 23 45 67 89' }).TEL).toBe('+33 1 23 45 67 89');
  });

  it('says what is wrong with each field, in the words shown beside it', () => {
    const result = callbackCallerSchema.safeParse({ NAME: '  ', TEL: '12ab', EMAIL: 'name@' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['NAME', 'Enter your name'],
      ['TEL', 'Enter a telephone number, like 01632 960 001, 07700 900 982 or +33 1 23 45 67 89'],
      ['EMAIL', 'Enter an email address in the correct format, like name@example.com'],
    ]);
    expect(callbackCallerSchema.safeParse({ ...valid, NAME: 'x'.repeat(257) }).error?.issues[0]?.message).toBe('Your name must be 256 characters or fewer');
  });

  it('the booking needs a time: START is an ISO instant', () => {
    const request = { ...valid, UCAS_CODE: 'G400', START: '2026-08-17T09:00:00.000Z' };
    expect(callbackRequestSchema.parse(request).START).toBe('2026-08-17T09:00:00.000Z');
    expect(callbackRequestSchema.safeParse({ ...request, START: '' }).error?.issues[0]?.message).toBe('Choose a time for us to call you');
  });
});

describe("the phone entry prefilled from 'Next call'", () => {
  it('splits the caller’s name: the last word the family name', () => {
    expect(splitCallerName('  Cara  Maria Caller ')).toEqual({ NAME1: 'Cara Maria', NAME2: 'Caller' });
    expect(splitCallerName('Cher')).toEqual({ NAME1: 'Cher', NAME2: '' });
  });

  it('gives the form the names, email and telephone of the queue item’s caller', () => {
    const item = workQueueItemSchema.parse({
      kind: 'callback',
      reason: 'Callback booked for 10:00: call the applicant now.',
      due_at: '2026-08-17T09:00:00.000Z',
      claimed_until: '2026-08-17T09:15:00.000Z',
      STUDENT_ID: '',
      APPLICATION_ID: '',
      UCAS_CODE: 'G400',
      NAME: 'Cara Caller',
      CALLER: { CALLBACK_ID: '7', NAME: 'Cara Caller', TEL: '+33 1 23 45 67 89', EMAIL: 'cara@example.com', UCAS_CODE: 'G400' },
    });
    expect(callerFormValues(item.CALLER!)).toEqual({ NAME1: 'Cara', NAME2: 'Caller', EMAIL: 'cara@example.com', TEL1: '+33 1 23 45 67 89' });
  });
});
