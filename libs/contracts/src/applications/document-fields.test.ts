import { createApplicationForm } from '../testing';
import { applicationFormSchema, applySubmissionSchema } from './application';
import {
  DOCUMENT_FIELDS,
  documentFieldsOf,
  documentLabel,
  formDocuments,
  formFileTokens,
  isAcceptedFileFormat,
  withoutDocuments,
  type FormDocument,
} from './document-fields';

const token = (c: string) => c.repeat(43);
const pdf = (overrides: Partial<FormDocument> = {}): FormDocument => ({
  file_id: 'f1',
  file_type: 'application/pdf',
  file_name: 'results.pdf',
  file_size: 1234,
  document_type: 'ALEVELS',
  file_token: token('a'),
  ...overrides,
});

describe('document fields (spec section 3)', () => {
  it('has 5 slots per category and 2 for GCSE2, named {TYPE}_DOCUMENT_{n}', () => {
    expect(DOCUMENT_FIELDS).toHaveLength(22);
    expect(documentFieldsOf(['GCSE2']).map((f) => f.name)).toEqual(['GCSE2_DOCUMENT_1', 'GCSE2_DOCUMENT_2']);
    expect(documentFieldsOf(['ALEVELS', 'OTHER']).map((f) => f.name)).toEqual([
      'ALEVELS_DOCUMENT_1',
      'ALEVELS_DOCUMENT_2',
      'ALEVELS_DOCUMENT_3',
      'ALEVELS_DOCUMENT_4',
      'ALEVELS_DOCUMENT_5',
      'OTHER_DOCUMENT_1',
      'OTHER_DOCUMENT_2',
      'OTHER_DOCUMENT_3',
      'OTHER_DOCUMENT_4',
      'OTHER_DOCUMENT_5',
    ]);
  });

  it('labels each slot by its category and number', () => {
    expect(documentLabel('ALEVELS', 1)).toBe('A levels / BTEC / IB document 1');
    expect(documentLabel('ENGLISHTEST', 2)).toBe('English test document 2');
    expect(documentLabel('GCSE5', 1)).toBe('GCSE document 1');
    expect(documentLabel('GCSE2', 2)).toBe('GCSE English and Mathematics document 2');
    expect(new Set(DOCUMENT_FIELDS.map((f) => f.label)).size).toBe(DOCUMENT_FIELDS.length);
  });

  it('keeps document objects in the form schemas and refuses slots beyond the limit (unknown keys)', () => {
    const base = { ...createApplicationForm(), SUBMISSION_ID: '0b6f2c1e-7d1a-4c55-9a43-0f3c1b2d4e5f', ALEVELS_DOCUMENT_1: pdf() };
    const form = applySubmissionSchema.parse(base);
    expect(form.ALEVELS_DOCUMENT_1).toEqual(pdf());
    const beyond = applySubmissionSchema.safeParse({ ...base, GCSE2_DOCUMENT_3: pdf({ document_type: 'GCSE2' }) });
    expect(beyond.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['GCSE2_DOCUMENT_3'] });
    expect(applicationFormSchema.safeParse({ ...createApplicationForm(), OTHER_DOCUMENT_1: { file_name: 'x.pdf' } }).success).toBe(false);
  });

  it("lists a form's documents and file tokens in form order, for the given categories only", () => {
    const form = {
      ...createApplicationForm(),
      GCSE5_DOCUMENT_2: pdf({ document_type: 'GCSE5', file_token: token('c') }),
      ALEVELS_DOCUMENT_3: pdf({ file_token: token('b') }),
      ALEVELS_DOCUMENT_1: pdf(),
      OTHER_DOCUMENT_1: pdf({ document_type: 'OTHER', file_token: '', custom_error: 'refused' }),
    };
    expect(formDocuments(form).map((d) => d.field.name)).toEqual(['ALEVELS_DOCUMENT_1', 'ALEVELS_DOCUMENT_3', 'GCSE5_DOCUMENT_2', 'OTHER_DOCUMENT_1']);
    expect(formFileTokens(form)).toEqual([token('a'), token('b'), token('c')]);
    expect(formFileTokens(form, ['GCSE5'])).toEqual([token('c')]);
    expect(formFileTokens(createApplicationForm())).toEqual([]);
  });

  it('removes every document field, whatever its slot', () => {
    const form = { NAME1: 'Amara', ALEVELS_DOCUMENT_1: pdf(), GCSE2_DOCUMENT_3: pdf() };
    expect(withoutDocuments(form)).toEqual({ NAME1: 'Amara' });
  });

  it('accepts the formats of spec section 5 by extension or MIME type', () => {
    for (const name of ['a.pdf', 'b.PNG', 'c.bmp', 'd.jpeg', 'e.jpg', 'f.doc', 'g.DOCX']) {
      expect(isAcceptedFileFormat({ file_name: name, file_type: '' })).toBe(true);
    }
    expect(isAcceptedFileFormat({ file_name: 'scan', file_type: 'image/jpeg' })).toBe(true);
    expect(isAcceptedFileFormat({ file_name: 'notes.txt', file_type: 'text/plain' })).toBe(false);
    expect(isAcceptedFileFormat({ file_name: 'setup.exe', file_type: 'application/x-msdownload' })).toBe(false);
  });
});
