export * from './scenarios';
export * from './scenario-qualifications';
export * from './scenario-questions';
export * from './scenario-completions';
