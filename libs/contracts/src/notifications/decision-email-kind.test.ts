import { decisionEmailKind } from './decision-content';

describe('decisionEmailKind', () => {
  it('sends a public submission its confirmed status: O offer, S or R received, X rejection', () => {
    expect(decisionEmailKind({ previous: null, status: 'O', source: 'public' })).toBe('OFFER');
    expect(decisionEmailKind({ previous: null, status: 'S', source: 'public' })).toBe('RECEIVED');
    expect(decisionEmailKind({ previous: null, status: 'R', source: 'public' })).toBe('RECEIVED');
    expect(decisionEmailKind({ previous: null, status: 'X', source: 'public' })).toBe('REJECT');
  });

  it("sends an adviser's change to O, I, P, R, X or W, and nothing for D, V, S or a kept status", () => {
    const to = (status: 'O' | 'I' | 'P' | 'R' | 'X' | 'W' | 'D' | 'V' | 'S') => decisionEmailKind({ previous: 'S', status, source: 'staff' });
    expect(['O', 'I', 'P', 'R', 'X', 'W'].map((s) => to(s as 'O'))).toEqual(['OFFER', 'INVITE', 'POOL', 'REFER', 'REJECT', 'WITHDRAWN']);
    expect([to('D'), to('V'), to('S')]).toEqual([null, null, null]);
    expect(decisionEmailKind({ previous: 'O', status: 'O', source: 'staff' })).toBeNull();
    expect(decisionEmailKind({ previous: null, status: 'I', source: 'staff' })).toBe('INVITE');
  });

  it("sends a staff create as S (taken by Front Office) its 'received' email: the caller has the reference in writing", () => {
    expect(decisionEmailKind({ previous: null, status: 'S', source: 'staff' })).toBe('RECEIVED');
  });
});
