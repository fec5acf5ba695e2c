import { courseSearchParams, effectivePageSize, parseCourseSearchParams } from '../course-search-params';

const parse = (query: string) => parseCourseSearchParams(new URLSearchParams(query));

describe('course search URL parameters', () => {
  it('defaults to an empty keyword on page 1 with no page size', () => {
    expect(parse('')).toEqual({ q: '', p: 1 });
    expect(effectivePageSize(parse(''))).toBe(20);
  });

  it('reads q, p and page_size', () => {
    expect(parse('q=%20law%20&p=3&page_size=50')).toEqual({ q: 'law', p: 3, page_size: 50 });
  });

  it('falls back on bad values instead of failing', () => {
    expect(parse('p=abc')).toEqual({ q: '', p: 1 });
    expect(parse('p=-2')).toEqual({ q: '', p: 1 });
    expect(parse('page_size=0').page_size).toBe(10);
    expect(parse('page_size=x').page_size).toBe(10);
    expect(parse('page_size=5000').page_size).toBe(200);
    expect(parse('page_size=').page_size).toBeUndefined();
  });

  it('writes a search back, leaving out an empty q and a missing page size', () => {
    expect(courseSearchParams({ q: '', p: 1 }).toString()).toBe('p=1');
    expect(courseSearchParams({ q: 'art & design', p: 2, page_size: 25 }).toString()).toBe('q=art+%26+design&p=2&page_size=25');
  });
});
