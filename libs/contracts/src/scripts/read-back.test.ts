import { buildQualOption } from '../qualifications/catalogue';
import { readBackQualification } from './read-back';

describe('readBackQualification', () => {
  const options = [buildQualOption('ALEVEL'), buildQualOption('IBO')];

  it('reads each filled field by its label', () => {
    expect(readBackQualification({ QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'B', YEAR: '2025' }, options)).toBe(
      'A Level: Subject Physics, Grade B, Year 2025',
    );
  });

  it('leaves out empty fields such as unused IB slots', () => {
    expect(readBackQualification({ QUALIFICATION: 'IBO', IB_TOTAL: '38', IB_TOTAL_YEAR: '2025', HL_SUBJECT_1: ' ' }, options)).toBe(
      'International Baccalaureate (IBO): IB Total 38, IB Total year 2025',
    );
  });

  it('reads a type the course does not offer by its code and values', () => {
    expect(readBackQualification({ QUALIFICATION: 'EPQ', SUBJECT: 'Robots', GRADE: 'A' }, options)).toBe('EPQ: Robots, A');
  });
});
