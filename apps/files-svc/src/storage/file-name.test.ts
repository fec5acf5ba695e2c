import { contentDisposition, FILE_NAME_MAX, nameWithDetectedExtension, sanitiseFileName } from './file-name';

describe('sanitiseFileName', () => {
  it('keeps only the last path segment and drops characters unsafe to show or to put in a header', () => {
    expect(sanitiseFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(sanitiseFileName('C:\\Users\\ada\\My Results.pdf')).toBe('My Results.pdf');
    expect(sanitiseFileName('a\u0000b\r\nc"<script>.pdf')).toBe('abc__script_.pdf');
    expect(sanitiseFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitiseFileName('  ...hidden.pdf ')).toBe('hidden.pdf');
  });

  it('falls back to a neutral name and keeps the extension when it shortens a name', () => {
    expect(sanitiseFileName(undefined)).toBe('document');
    expect(sanitiseFileName('../..')).toBe('document');
    const long = sanitiseFileName(`${'é'.repeat(400)}.docx`);
    expect(long.length).toBeLessThanOrEqual(FILE_NAME_MAX);
    expect(long.endsWith('.docx')).toBe(true);
    const emoji = sanitiseFileName(`${'😀'.repeat(200)}.pdf`);
    expect(emoji.length).toBeLessThanOrEqual(FILE_NAME_MAX);
    expect(emoji).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/); // no half emoji
  });
});

describe('nameWithDetectedExtension', () => {
  it('keeps a name whose extension names the detected format, in any case and by either name', () => {
    expect(nameWithDetectedExtension('My results.pdf', 'pdf')).toBe('My results.pdf');
    expect(nameWithDetectedExtension('Scan.JPEG', 'jpeg')).toBe('Scan.JPEG');
    expect(nameWithDetectedExtension('scan.jpg', 'jpeg')).toBe('scan.jpg');
  });

  it('replaces an extension that names something else, and adds one where there is none', () => {
    expect(nameWithDetectedExtension('results.html', 'pdf')).toBe('results.pdf');
    expect(nameWithDetectedExtension('my.results.htm', 'pdf')).toBe('my.results.pdf');
    expect(nameWithDetectedExtension('letter.doc', 'docx')).toBe('letter.docx');
    expect(nameWithDetectedExtension('scan.bin', 'jpeg')).toBe('scan.jpg');
    expect(nameWithDetectedExtension('scan', 'png')).toBe('scan.png');
    expect(nameWithDetectedExtension('document', 'bmp')).toBe('document.bmp');
  });

  it('stays within FILE_NAME_MAX with the new extension', () => {
    const name = nameWithDetectedExtension(sanitiseFileName(`${'a'.repeat(253)}.h`), 'docx');
    expect(name.length).toBeLessThanOrEqual(FILE_NAME_MAX);
    expect(name.endsWith('.docx')).toBe(true);
  });
});

describe('contentDisposition', () => {
  it('answers an attachment with an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('Résultats "final".pdf')).toBe(`attachment; filename="R_sultats _final_.pdf"; filename*=UTF-8''R%C3%A9sultats%20%22final%22.pdf`);
  });
});
