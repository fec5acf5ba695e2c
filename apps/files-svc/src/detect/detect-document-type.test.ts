import { type AcceptedFileKind } from '@clearing-desk/contracts';
import { createCompoundFile, createEicarTestFile, createElfExecutable, createSampleDocument, createWindowsExecutable } from '@clearing-desk/contracts/testing';
import { detectDocumentType } from './detect-document-type';

const bytes = (u: Uint8Array) => Buffer.from(u);

describe('detectDocumentType', () => {
  it.each<AcceptedFileKind>(['pdf', 'png', 'bmp', 'jpeg', 'doc', 'docx'])('recognises a %s by its content', (kind) => {
    expect(detectDocumentType(bytes(createSampleDocument(kind)))).toBe(kind);
    expect(detectDocumentType(bytes(createSampleDocument(kind, { minBytes: 100_000 })))).toBe(kind);
  });

  it('refuses executables, the EICAR text and empty files', () => {
    expect(detectDocumentType(bytes(createElfExecutable()))).toBeNull();
    expect(detectDocumentType(bytes(createWindowsExecutable()))).toBeNull();
    expect(detectDocumentType(bytes(createEicarTestFile()))).toBeNull();
    expect(detectDocumentType(Buffer.alloc(0))).toBeNull();
    expect(detectDocumentType(Buffer.from('plain text that mentions %PDF- later'))).toBeNull();
  });

  it('tells a Word 97-2003 document from other compound files (Excel, MSI...)', () => {
    expect(detectDocumentType(bytes(createCompoundFile('WordDocument')))).toBe('doc');
    expect(detectDocumentType(bytes(createCompoundFile('Workbook')))).toBeNull();
    expect(detectDocumentType(bytes(createCompoundFile('WordDocument')).subarray(0, 600))).toBeNull(); // cut short
  });

  it('tells a DOCX from other zips (XLSX, JAR, a renamed zip)', () => {
    const docx = bytes(createSampleDocument('docx'));
    const text = docx.toString('latin1');
    // Rename every 'word/' entry to 'xl/xx' (same length): an XLSX-like package.
    expect(detectDocumentType(Buffer.from(text.replaceAll('word/', 'xl/xx'), 'latin1'))).toBeNull();
    expect(detectDocumentType(Buffer.from(text.replaceAll('[Content_Types].xml', '[Content_Typez].xml'), 'latin1'))).toBeNull();
    expect(detectDocumentType(docx.subarray(0, docx.length - 30))).toBeNull(); // no end record
  });

  it("needs more than 'BM' for a bitmap and more than the signature for a PNG", () => {
    expect(detectDocumentType(Buffer.from('BM this is a text file that starts like a bitmap'))).toBeNull();
    expect(detectDocumentType(bytes(createSampleDocument('png')).subarray(0, 12))).toBeNull();
  });
});
