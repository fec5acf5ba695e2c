import { heldByOther, PRESENCE_TEXTS, presenceClaimSchema } from './presence';

describe('PRESENCE_TEXTS', () => {
  it('names the holder and since when in London time', () => {
    expect(PRESENCE_TEXTS.openBy({ name: 'Sam Patel', since: '2026-08-13T09:42:10.000Z' })).toBe('Open by Sam Patel since 10:42');
    expect(PRESENCE_TEXTS.openBy({ name: 'Sam Patel', since: '2026-12-01T09:05:00.000Z' })).toBe('Open by Sam Patel since 09:05');
  });

  it('says why a save is refused, naming the holder, the same on screen and in the 409', () => {
    expect(PRESENCE_TEXTS.held('Sam Patel')).toBe(
      'Sam Patel has this application open, so you cannot save over their call. Take it over to save your changes.',
    );
  });
});

describe('heldByOther', () => {
  const sam = { username: 'spatel', name: 'Sam Patel', since: '2026-08-13T09:42:00.000Z' };
  it('is true only when someone else holds the application', () => {
    expect(heldByOther(sam, 'klee')).toBe(true);
    expect(heldByOther(sam, 'spatel')).toBe(false);
    expect(heldByOther(null, 'klee')).toBe(false);
  });
});

describe('presenceClaimSchema', () => {
  it('opens without taking over by default and refuses unknown keys', () => {
    expect(presenceClaimSchema.parse({})).toEqual({ take_over: false });
    expect(presenceClaimSchema.safeParse({ take_over: true, force: 1 }).success).toBe(false);
  });
});
