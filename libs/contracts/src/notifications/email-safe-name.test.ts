import { DECISION_EMAIL_TEXTS, emailSafeName } from './decision-content';

describe('emailSafeName (the form is no relay for links)', () => {
  it('keeps real names as they are', () => {
    for (const name of ['Ann', 'J. Smith', "Zoë O'Neil-Brown", 'Siân', 'Nguyễn Thị', '李 小龍', 'D\u2019Arcy']) expect(emailSafeName(name)).toBe(name);
  });

  it('prints links, addresses and line breaks as plain words', () => {
    expect(emailSafeName('Ann, sign in at https://evil.example/verify')).toBe('Ann sign in at https evil example verify');
    expect(emailSafeName('Ann\r\nBcc: x@evil.example')).toBe('Ann Bcc x evil example');
    expect(emailSafeName('www.evil.example')).toBe('www evil example');
    // Full-width and other compatibility forms are folded first, so they cannot dodge the rule.
    expect(emailSafeName('ｅｖｉｌ．ｅｘａｍｐｌｅ')).toBe('evil example');
  });

  it('cuts a long name at a word, at most 60 characters', () => {
    const name = emailSafeName(`${'word '.repeat(20)}end`);
    expect(name.length).toBeLessThanOrEqual(60);
    expect(name.endsWith('word')).toBe(true);
    expect(emailSafeName('x'.repeat(80))).toBe('x'.repeat(60));
  });

  it('greets an applicant whose name has nothing printable as applicant', () => {
    expect(DECISION_EMAIL_TEXTS.greeting('https://')).toBe('Dear https,');
    expect(DECISION_EMAIL_TEXTS.greeting('123 // @@')).toBe('Dear applicant,');
  });
});
