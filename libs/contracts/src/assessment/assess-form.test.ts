import { z } from 'zod';
import { createAssessForm } from '../testing';
import { assessFormSchema, isIsoDate, toAssessForm } from './assess-form';
import { assessApiBodySchema } from './assess-request';

describe('assessFormSchema', () => {
  it("accepts the generator's form and keeps unknown fields", () => {
    const parsed = assessFormSchema.parse({ ...createAssessForm(), NAME1: 'Ada' });
    expect(parsed.NAME1).toBe('Ada');
  });

  it('defaults missing groups to empty', () => {
    expect(assessFormSchema.parse({ SECOND_YEAR_ENTRY: '0' })).toMatchObject({ GCSE_QUALIFICATIONS: [], QUALIFICATIONS: [] });
  });

  it('allows an empty nationality and date of birth while the form is filled in', () => {
    expect(assessFormSchema.safeParse(createAssessForm({ NATIONALITY: '', DOB: '' })).success).toBe(true);
  });

  it.each([
    [{ NATIONALITY: 'gbr' }, 'NATIONALITY'],
    [{ DOB: '2006-13-01' }, 'DOB'],
    [{ DOB: '14/05/2006' }, 'DOB'],
    [{ SECOND_YEAR_ENTRY: '2' }, 'SECOND_YEAR_ENTRY'],
    [{ APPLIED_TO_UCAS: 'yes' }, 'APPLIED_TO_UCAS'],
    [{ QUALIFICATIONS: [{ GRADE: 'A' }] }, 'QUALIFICATIONS'],
  ])('refuses %j', (override, field) => {
    const result = assessFormSchema.safeParse({ ...createAssessForm(), ...override });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });

  it('can be extended by the whole application form', () => {
    const whole = assessFormSchema.extend({ NAME1: z.string().min(1) });
    expect(whole.safeParse({ ...createAssessForm(), NAME1: 'Ada' }).success).toBe(true);
    expect(whole.safeParse(createAssessForm()).success).toBe(false);
  });
});

describe('isIsoDate', () => {
  it('knows month lengths and leap years', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2023-04-31')).toBe(false);
    expect(isIsoDate('2023-00-10')).toBe(false);
  });
});

describe('toAssessForm', () => {
  it('keeps only the assessable fields', () => {
    const form = assessFormSchema.parse({ ...createAssessForm(), NAME1: 'Ada', EMAIL: 'a@b.c' });
    expect(Object.keys(toAssessForm(form)).sort()).toEqual([
      'APPLIED_TO_UCAS',
      'DOB',
      'GCSE_QUALIFICATIONS',
      'NATIONALITY',
      'QUALIFICATIONS',
      'SECOND_YEAR_ENTRY',
    ]);
  });
});

describe('assessApiBodySchema', () => {
  it('wraps the form with the XSRF token', () => {
    expect(assessApiBodySchema.safeParse({ data: createAssessForm(), token: 't' }).success).toBe(true);
  });
});
