import { canFilterByNationality } from '../auth/permissions';
import {
  APPLICATION_LISTING_FILTERS,
  applicationListingQuerySchema,
  foldName,
  latestAppliedTo,
  outboundCallDataSchema,
  outboundCallRemark,
  parseVersionEtag,
  versionEtag,
  visaDataSchema,
  waitingDuration,
  waitingTime,
} from './desk';

describe('APPLICATION_LISTING_FILTERS', () => {
  it('offers the seven filters of spec section 2 in order', () => {
    expect(APPLICATION_LISTING_FILTERS.map((f) => `${f.value}:${f.label}`)).toEqual([
      ':All',
      'p:Public submissions',
      'b:Requiring back office attention',
      'o:Offered/Invited',
      'r:Rejected',
      'v:Visa',
      'c:Outbound call complete',
    ]);
  });
});

describe('applicationListingQuerySchema', () => {
  it('defaults page_size to 10 when missing or not positive, and refuses an unknown filter', () => {
    expect(applicationListingQuerySchema.parse({})).toEqual({ q: '', s: '', page: 1, page_size: 10, sort: 'newest' });
    expect(applicationListingQuerySchema.parse({ sort: 'oldest' })).toMatchObject({ sort: 'oldest' });
    expect(applicationListingQuerySchema.safeParse({ sort: 'longest' }).success).toBe(false);
    expect(applicationListingQuerySchema.parse({ page_size: '-3', page: '0' })).toMatchObject({ page: 1, page_size: 10 });
    expect(applicationListingQuerySchema.parse({ page_size: '25', page: '3' })).toMatchObject({ page: 3, page_size: 25 });
    expect(applicationListingQuerySchema.safeParse({ s: 'z' }).success).toBe(false);
    expect(applicationListingQuerySchema.safeParse({ q: 'x'.repeat(257) }).success).toBe(false);
  });

  it('takes a nationality as an alpha-3 code in any case, and refuses anything else', () => {
    expect(applicationListingQuerySchema.parse({ nationality: ' nga ' })).toMatchObject({ nationality: 'NGA' });
    for (const bad of ['NG', 'NGAA', 'N1A', '']) expect(applicationListingQuerySchema.safeParse({ nationality: bad }).success).toBe(false);
  });

  it('offers the nationality filter to the roles that see visa records', () => {
    const as = (role: string) => canFilterByNationality({ roles: [{ role: role as 'Visa Team', scope: 'all' }] });
    expect(['Visa Team', 'Back Office', 'Back Office Limited', 'Administrator'].map(as)).toEqual([true, true, true, true]);
    expect(['Front Office', 'Editor'].map(as)).toEqual([false, false]);
    expect(canFilterByNationality(null)).toBe(false);
  });
});

describe('foldName', () => {
  it('lower-cases and removes accents', () => {
    expect(foldName(' Zoë Ångström ')).toBe('zoe angstrom');
    expect(foldName('ÉLODIE García')).toBe('elodie garcia');
  });
});

describe('version ETags', () => {
  it('round-trips a version, treats a missing or * If-Match as none, and anything else as not ours', () => {
    expect(versionEtag(7)).toBe('"7"');
    expect(parseVersionEtag('"7"')).toBe(7);
    expect(parseVersionEtag('W/"7"')).toBe(7);
    expect(parseVersionEtag(undefined)).toBeUndefined();
    expect(parseVersionEtag('*')).toBeUndefined();
    expect(parseVersionEtag('abc')).toBeNull();
  });
});

describe('outbound call', () => {
  it('limits notes to 250 characters with the spec message and builds the remark', () => {
    const tooLong = outboundCallDataSchema.safeParse({ NOTES: 'x'.repeat(251) });
    expect(tooLong.error?.issues[0]?.message).toBe("'Notes' max length is 250.");
    expect(outboundCallDataSchema.safeParse({ CALL_OUTCOME: 'Hung up', NOTES: '' }).success).toBe(false);
    expect(outboundCallRemark({ CALL_OUTCOME: 'Called no answer', NOTES: '' })).toBe('Called no answer');
    expect(outboundCallRemark({ CALL_OUTCOME: 'Wrong number', NOTES: 'Try mobile' })).toBe('Wrong number: Try mobile');
    expect(outboundCallRemark({ NOTES: 'Spoke to parent' })).toBe('Spoke to parent');
  });
});

describe('visaDataSchema', () => {
  const valid = {
    VISA_STATUS: 'P',
    VISA_APPLICANT_STATUS: 't4gen',
    VISA_TYPE: 't4gen',
    HAS_PREVIOUS_UK_STUDY: '0',
    FIVE_YEAR_CAP_ASSESSMENT: 'na',
    PROGRESSION_ASSESSMENT: '1',
    HAS_ENGLISH_QUALIFICATION: 'ielts',
    HAS_COURSE_FEES: '1',
  };

  it('requires the fields of spec section 5 with the required message, ATAS optional', () => {
    const res = visaDataSchema.safeParse({ VISA_STATUS: 'A' });
    expect(res.error?.issues.map((i) => i.message)).toEqual([
      "'Visa type' is required.",
      "'Previous UK study' is required.",
      "'Five year cap assessment' is required.",
      "'Progression assessment' is required.",
      "'English requirement' is required.",
      "'Course fees' is required.",
    ]);
    expect(visaDataSchema.parse(valid).HAS_ATAS_CERTIFICATE).toBeUndefined();
  });

  it('keeps VISA_APPLICANT_STATUS only when VISA_STATUS is P, and limits notes to 2000', () => {
    expect(visaDataSchema.parse(valid).VISA_APPLICANT_STATUS).toBe('t4gen');
    expect(visaDataSchema.parse({ ...valid, VISA_STATUS: 'A' }).VISA_APPLICANT_STATUS).toBeNull();
    expect(visaDataSchema.safeParse({ ...valid, VISA_NOTES: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe("'Visa notes' max length is 2000.");
    expect(visaDataSchema.safeParse({ ...valid, UNKNOWN: '1' }).success).toBe(false);
  });
});

describe('latestAppliedTo', () => {
  it('is the last course of APPLIED_TO (the order applied), or null when there is none', () => {
    expect(latestAppliedTo({ APPLIED_TO: 'L100, F300,G400' })).toBe('G400');
    expect(latestAppliedTo({ APPLIED_TO: 'L100' })).toBe('L100');
    expect(latestAppliedTo({ APPLIED_TO: '' })).toBeNull();
  });
});

describe('waitingTime (the listing’s Waiting column)', () => {
  const now = new Date('2026-08-13T10:42:30.000Z');
  const before = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
  it.each([
    [0, 'Less than 1 min'],
    [0.9, 'Less than 1 min'],
    [1, '1 min'],
    [42, '42 min'],
    [59.99, '59 min'],
    [60, '1 h'],
    [185, '3 h 5 min'],
    [24 * 60, '1 day'],
    [24 * 60 + 59, '1 day'],
    [2 * 24 * 60 + 4 * 60 + 10, '2 days 4 h'],
    [-5, 'Less than 1 min'],
  ])('%s minutes after submission reads %s', (minutes, text) => {
    expect(waitingTime(before(minutes), now)).toBe(text);
  });
  it('gives the same wait as an ISO 8601 duration for <time dateTime>', () => {
    expect(waitingDuration(before(42), now)).toBe('PT42M');
    expect(waitingDuration(before(-3), now)).toBe('PT0M');
  });
});
