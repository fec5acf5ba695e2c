import { z } from 'zod';
import { createSubmissionId, submissionIdKind } from './submission-id';

describe('submission ids bound to their kind', () => {
  it('issues UUIDs that say whose form issued them, and no two alike', () => {
    const staff = createSubmissionId('staff');
    const pub = createSubmissionId('public');
    expect(z.uuid().safeParse(staff).success).toBe(true);
    expect(z.uuid().safeParse(pub).success).toBe(true);
    expect(submissionIdKind(staff)).toBe('staff');
    expect(submissionIdKind(pub)).toBe('public');
    expect(submissionIdKind(staff.toUpperCase())).toBe('staff');
    expect(createSubmissionId('staff')).not.toBe(staff);
  });

  it('leaves any other UUID unbound', () => {
    expect(submissionIdKind('3f1c2b4a-9d8e-4f7a-8b6c-5d4e3f2a1b0c')).toBeNull();
    expect(submissionIdKind('not-an-id')).toBeNull();
  });
});
