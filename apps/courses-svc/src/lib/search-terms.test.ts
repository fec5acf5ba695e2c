import { searchWords } from './search-terms';

describe('searchWords', () => {
  it("rewrites what applicants type to the catalogue's words", () => {
    expect(searchWords('Comp Sci').map((w) => w.text)).toEqual(['computer', 'science']);
    expect(searchWords('maths').map((w) => w.text)).toEqual(['mathematics']);
    expect(searchWords("Children's nursing").map((w) => w.text)).toEqual(['children', 'nursing']);
    expect(searchWords('law LLB degree').map((w) => w.text)).toEqual(['law', 'llb']);
  });

  it('leaves words that only contain a synonym alone', () => {
    expect(searchWords('mathematics aim').map((w) => w.text)).toEqual(['mathematics', 'aim']);
  });

  it('keeps letters and digits for the full-text prefix; a word without any matches nothing', () => {
    expect(searchWords('%%% G400')).toEqual([
      { text: '%%%', prefix: '' },
      { text: 'g400', prefix: 'g400' },
    ]);
  });
});
