import { describeIssues, type FieldIssue } from '@clearing-desk/contracts';

/**
 * Thrown by the assessment when the form cannot be assessed: a type the course does not offer, a
 * grade that is not offered or has no Tariff value, a malformed value (domain.md: "Unknown grade
 * or type: a validation error, never silently zero"). `issues` name the fields.
 */
export class AssessmentInputError extends Error {
  constructor(readonly issues: readonly FieldIssue[]) {
    super(describeIssues(issues));
    this.name = 'AssessmentInputError';
  }
}
