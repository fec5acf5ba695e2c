import { SCROLL_POSITIONS_KEY } from '@clearing-desk/contracts';
import { keepScrollPosition, scrollPositionKey } from '../scroll-positions';

const saved = () => JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}') as Record<string, number>;

describe('scroll positions', () => {
  beforeEach(() => sessionStorage.clear());

  it("keys an entry by its own key, and a document's first entry ('default') by its path and query", () => {
    expect(scrollPositionKey({ key: 'k1x9', pathname: '/apply/G400', search: '' })).toBe('k1x9');
    expect(scrollPositionKey({ key: 'default', pathname: '/apply/G400', search: '' })).toBe('default:/apply/G400');
    expect(scrollPositionKey({ key: 'default', pathname: '/apply', search: '?q=law' })).toBe('default:/apply?q=law');
  });

  it('a page loaded afresh after another in the same tab does not take its position', () => {
    // The course page, taken over by the app while scrolled to 125.
    keepScrollPosition(scrollPositionKey({ key: 'default', pathname: '/apply/G400', search: '' }), 125);
    // Its link followed before the app ran: the form is a new document, whose first entry is 'default' too.
    const formKey = scrollPositionKey({ key: 'default', pathname: '/apply/G400/personal-details', search: '' });
    keepScrollPosition(formKey, 0);
    expect(saved()).toEqual({ 'default:/apply/G400': 125, 'default:/apply/G400/personal-details': 0 });
  });

  it('keeps the position a reload saved rather than the one the page mounts at', () => {
    const key = scrollPositionKey({ key: 'default', pathname: '/apply', search: '' });
    keepScrollPosition(key, 300);
    keepScrollPosition(key, 0);
    expect(saved()[key]).toBe(300);
  });
});
