import { pageCount, paginationItems, type PaginationItem } from '../pagination-items';

// Compact picture of the items: numbers, '…' for an ellipsis, [n] for the current page.
const show = (items: PaginationItem[]): string =>
  items.map((item) => (item.type === 'ellipsis' ? '…' : item.current ? `[${item.page}]` : String(item.page))).join(' ');

describe('paginationItems', () => {
  it('shows nothing when there are no pages', () => {
    expect(paginationItems(1, 0)).toEqual([]);
    expect(paginationItems(3, -2)).toEqual([]);
  });

  it('shows every page, without ellipses, when there are at most 5', () => {
    expect(show(paginationItems(1, 1))).toBe('[1]');
    expect(show(paginationItems(2, 3))).toBe('1 [2] 3');
    expect(show(paginationItems(5, 5))).toBe('1 2 3 4 [5]');
  });

  it.each([
    [1, '[1] 2 3 4 … 10'],
    [2, '1 [2] 3 4 … 10'],
    [3, '1 2 [3] 4 … 10'],
    [4, '1 … 3 [4] 5 … 10'],
    [5, '1 … 4 [5] 6 … 10'],
    [6, '1 … 5 [6] 7 … 10'],
    [7, '1 … 6 [7] 8 … 10'],
    [8, '1 … 7 [8] 9 10'],
    [9, '1 … 7 8 [9] 10'],
    [10, '1 … 7 8 9 [10]'],
  ])('on page %i of 10 shows %s', (current, expected) => {
    expect(show(paginationItems(current, 10))).toBe(expected);
  });

  it.each([
    [1, '[1] 2 3 4 … 6'],
    [3, '1 2 [3] 4 … 6'],
    [4, '1 … 3 [4] 5 6'],
    [6, '1 … 3 4 5 [6]'],
  ])('on page %i of 6 shows %s', (current, expected) => {
    expect(show(paginationItems(current, 6))).toBe(expected);
  });

  it('never shows more than 5 page numbers nor more than 2 ellipses, and always shows the current, first and last page', () => {
    for (let total = 1; total <= 40; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const items = paginationItems(current, total);
        const numbers = items.flatMap((item) => (item.type === 'page' ? [item.page] : []));
        expect(numbers.length).toBe(Math.min(total, 5));
        expect(items.filter((item) => item.type === 'ellipsis').length).toBeLessThanOrEqual(2);
        expect(numbers).toContain(current);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(total);
        // ascending, unique, exactly one current page
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
        expect(new Set(numbers).size).toBe(numbers.length);
        expect(items.filter((item) => item.type === 'page' && item.current)).toHaveLength(1);
        // an ellipsis stands exactly where pages are skipped
        items.forEach((item, i) => {
          const prev = items[i - 1];
          const next = items[i + 1];
          if (item.type === 'ellipsis') {
            expect(prev?.type === 'page' && next?.type === 'page' && next.page - prev.page).toBeGreaterThan(1);
          } else if (prev?.type === 'page') {
            expect(item.page - prev.page).toBe(1);
          }
        });
      }
    }
  });

  it('clamps a current page outside the range', () => {
    expect(show(paginationItems(0, 10))).toBe('[1] 2 3 4 … 10');
    expect(show(paginationItems(99, 10))).toBe('1 … 7 8 9 [10]');
    expect(show(paginationItems(Number.NaN, 3))).toBe('[1] 2 3');
  });

  it('shows more numbers when asked', () => {
    expect(show(paginationItems(10, 20, 7))).toBe('1 … 8 9 [10] 11 12 … 20');
    expect(show(paginationItems(1, 20, 7))).toBe('[1] 2 3 4 5 6 … 20');
  });

  it('treats fewer than 3 numbers as 3', () => {
    expect(show(paginationItems(5, 10, 1))).toBe('1 … [5] … 10');
  });
});

describe('pageCount', () => {
  it('rounds up and is 0 without items', () => {
    expect(pageCount(0, 20)).toBe(0);
    expect(pageCount(1, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(200, 10)).toBe(20);
    expect(pageCount(5, 0)).toBe(0);
  });
});
