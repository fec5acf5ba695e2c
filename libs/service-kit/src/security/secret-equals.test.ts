import { secretEquals } from './secret-equals';

describe('secretEquals', () => {
  const secret = 'test-internal-token-0123456789';

  it('is true for the same secret only', () => {
    expect(secretEquals(secret, secret)).toBe(true);
    expect(secretEquals(secret, `${secret} `)).toBe(false);
    expect(secretEquals(secret, secret.slice(0, -1))).toBe(false);
    expect(secretEquals(secret, secret.toUpperCase())).toBe(false);
    expect(secretEquals(secret, '')).toBe(false);
  });

  it('never matches an absent or repeated header', () => {
    expect(secretEquals(secret, undefined)).toBe(false);
    expect(secretEquals(secret, [secret])).toBe(false);
  });
});
