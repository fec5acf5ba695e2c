import { z } from 'zod';
import { findUnsafeText, isSafeText, isSafeUrl, UNSAFE_TEXT_MESSAGE, withSafeText } from './safe-text';
import { tooManyRequestsMessage } from './rate-limit';

describe('safe text', () => {
  it('refuses NUL and lone surrogates, and accepts surrogate pairs and other control characters', () => {
    for (const bad of ['Ada\u0000', '\uD800', 'a\uDC00b', 'x\uD83D', '\uDE00x']) expect(isSafeText(bad)).toBe(false);
    for (const good of ['', 'Zoë', '😀', 'tab\tnew\nline', '\u007F']) expect(isSafeText(good)).toBe(true);
  });

  it('finds the path of the first unsafe string, object keys included', () => {
    expect(findUnsafeText({ data: { NAME1: 'ok', QUALIFICATIONS: [{ S: 'ok' }, { S: 'b\u0000d' }] } })).toEqual(['data', 'QUALIFICATIONS', 1, 'S']);
    expect(findUnsafeText({ data: { 'k\u0000': 1 } })).toEqual(['data', 'k\u0000']);
    expect(findUnsafeText({ data: [1, null, true, 'fine'] })).toBeNull();
    expect(findUnsafeText([[{ a: ['ok', '\uD800'] }]], ['query'])).toEqual(['query', 0, 0, 'a', 1]);
    expect(findUnsafeText('\u0000', ['q'])).toEqual(['q']);
  });

  it('refuses a URL that decodes to unsafe text or is not valid percent-encoded UTF-8', () => {
    expect(isSafeUrl('/api/courses?q=%C3%A9t%C3%A9&_=1')).toBe(true);
    for (const bad of ['/a%00', '/a?q=%ED%A0%80', '/a?q=%E0%A4%A', '/a?q=%FF']) expect(isSafeUrl(bad)).toBe(false);
  });

  it('withSafeText keeps the schema and names the field', () => {
    const schema = withSafeText(z.object({ data: z.object({ NAME1: z.string() }) }));
    expect(schema.parse({ data: { NAME1: 'Ada' } })).toEqual({ data: { NAME1: 'Ada' } });
    const result = schema.safeParse({ data: { NAME1: 'A\u0000' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['data', 'NAME1'], message: UNSAFE_TEXT_MESSAGE })]);
  });

  it('words the 429 message with the seconds to wait', () => {
    expect(tooManyRequestsMessage(1)).toBe('Too many requests from your connection. Please wait 1 second and try again.');
    expect(tooManyRequestsMessage(60)).toBe('Too many requests from your connection. Please wait 60 seconds and try again.');
  });
});
