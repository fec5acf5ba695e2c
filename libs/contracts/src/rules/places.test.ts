import { courseUpdateDataSchema } from '../courses/course-update';
import { offersAllowed, PLACES_MESSAGES, placesLeft } from './places';
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
