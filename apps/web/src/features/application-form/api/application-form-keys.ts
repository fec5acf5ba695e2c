import type { AssessForm } from '@clearing-desk/contracts';
import type { AppliedParams } from './check-applied';

/** Query keys, general to specific (TkDodo), so invalidation works at any level. */
export const applicationFormKeys = {
  all: ['application-form'] as const,
  applied: (ucasCode: string) => [...applicationFormKeys.all, 'applied', ucasCode] as const,
  appliedCheck: (ucasCode: string, params: AppliedParams) => [...applicationFormKeys.applied(ucasCode), params] as const,
  formStart: (ucasCode: string) => [...applicationFormKeys.all, 'form-start', ucasCode] as const,
  assessments: (ucasCode: string) => [...applicationFormKeys.all, 'assessment', ucasCode] as const,
  assessment: (ucasCode: string, form: AssessForm) => [...applicationFormKeys.assessments(ucasCode), form] as const,
};
