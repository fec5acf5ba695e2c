/** The assessment engine: pure functions of domain.md's rules, one concern per file. */
export { assess, type AssessInput, type AssessableForm } from './assess';
export { AssessmentInputError } from './input-error';
export { MESSAGES } from './messages';
