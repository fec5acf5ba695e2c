import { COUNTRY_OPTIONS, countryName, isCountryCode } from './countries';

describe('COUNTRY_OPTIONS', () => {
  it('starts with the United Kingdom, then every other country in en-GB alphabetical order', () => {
    expect(COUNTRY_OPTIONS[0]).toEqual({ value: 'GBR', label: 'United Kingdom' });
    const rest = COUNTRY_OPTIONS.slice(1).map((o) => o.label);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('en-GB').compare));
    expect(rest.length).toBeGreaterThan(240);
    expect(rest.slice(0, 3)).toEqual(['Afghanistan', 'Åland Islands', 'Albania']);
  });

  it('names a country by its three-letter code, n/a otherwise', () => {
    expect(countryName('IND')).toBe('India');
    expect(countryName('XXX')).toBe('n/a');
    expect(isCountryCode('IRL')).toBe(true);
    expect(isCountryCode('GB')).toBe(false);
  });
});
