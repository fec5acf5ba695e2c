import { courseUpdateDataSchema } from '../course-control/course-update';
import {
  canOfferOverAllowance,
  offerOverAllowance,
  offerPossible,
  offersAllowed,
  offerWithoutPlace,
  overAllowanceRefusal,
  PLACES_MESSAGES,
  placesLeft,
} from './places';
import { offerAllowanceSchema } from './places-schemas';

describe('places left (domain.md "Places")', () => {
  it.each([
    [5, 1, 0, 5],
    [5, 1, 5, 0],
    [3, 1.3, 1, 2], // floor(3.9) = 3
    [10, 1.3, 0, 13],
    [7, 1.15, 0, 8], // floor(8.05): computed in hundredths, never 8.049999
    [2, 1, 3, 0], // an Administrator's override never shows below 0
    [0, 1.5, 0, 0],
  ])('%i places at allowance %d with %i offers leaves %i', (CLEARING_PLACES, OFFER_ALLOWANCE, OFFERS, left) => {
    expect(placesLeft({ CLEARING_PLACES, OFFER_ALLOWANCE, OFFERS })).toBe(left);
  });

  it('computes the offers allowed in whole hundredths', () => {
    expect(offersAllowed(100, 1.1)).toBe(110);
    expect(offersAllowed(3, 0.33)).toBe(0);
  });

  it('takes an allowance of at most two decimal places from 0 to 9.99', () => {
    expect(offerAllowanceSchema.parse(1.3)).toBe(1.3);
    expect(offerAllowanceSchema.safeParse(1.234).error?.issues[0]?.message).toBe(PLACES_MESSAGES.ALLOWANCE);
    expect(offerAllowanceSchema.safeParse(10).success).toBe(false);
    expect(offerAllowanceSchema.safeParse(-0.5).success).toBe(false);
  });

  it('lets course control change places and allowance, never the projected internal vacancies', () => {
    expect(courseUpdateDataSchema.parse({ CLEARING_PLACES: 2, OFFER_ALLOWANCE: 1 })).toEqual({ CLEARING_PLACES: 2, OFFER_ALLOWANCE: 1 });
    expect(courseUpdateDataSchema.safeParse({ VACANCIES_INTERNAL: 2 }).success).toBe(false);
    expect(courseUpdateDataSchema.safeParse({ CLEARING_PLACES: 1.5 }).success).toBe(false);
  });
});

describe('offering over the allowance', () => {
  it('is for an Administrator only', () => {
    expect(canOfferOverAllowance('Administrator')).toBe(true);
    for (const access of ['Back Office', 'Editor', 'Front Office', null, undefined]) expect(canOfferOverAllowance(access)).toBe(false);
  });

  it('refuses a save asking for it from anyone else, the public included, and nothing that does not ask', () => {
    expect(overAllowanceRefusal('Administrator', true)).toBeNull();
    expect(overAllowanceRefusal('Back Office', true)).toBe('Only an Administrator may offer over the allowance.');
    expect(overAllowanceRefusal(null, true)).toBe('Only an Administrator may offer over the allowance.');
    expect(overAllowanceRefusal('Back Office', undefined)).toBeNull();
    expect(overAllowanceRefusal(null, false)).toBeNull();
  });

  it('keeps O among the buttons with no place left only for those who may go over it', () => {
    expect(offerPossible('Back Office', 1)).toBe(true);
    expect(offerPossible('Back Office', 0)).toBe(false);
    expect(offerPossible('Administrator', 0)).toBe(true);
  });

  it('is a new offer with no place left by an Administrator; anyone else is refused it as no place left', () => {
    expect(offerOverAllowance('Administrator', null, 'O', 0)).toBe(true);
    expect(offerOverAllowance('Administrator', 'R', 'O', 0)).toBe(true);
    expect(offerOverAllowance('Administrator', 'O', 'O', 0)).toBe(false); // already an offer: takes no new place
    expect(offerOverAllowance('Administrator', null, 'O', 1)).toBe(false); // a place is left
    expect(offerOverAllowance('Administrator', null, 'R', 0)).toBe(false);
    expect(offerOverAllowance('Back Office', null, 'O', 0)).toBe(false);
    expect(offerWithoutPlace('Back Office', null, 'O', 0)).toBe(true);
    expect(offerWithoutPlace('Administrator', null, 'O', 0)).toBe(false);
    expect(offerWithoutPlace('Back Office', 'O', 'O', 0)).toBe(false);
    expect(offerWithoutPlace('Back Office', null, 'O', 2)).toBe(false);
  });
});
