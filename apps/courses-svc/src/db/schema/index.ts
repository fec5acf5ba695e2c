export * from './schools';
export * from './departments';
export * from './courses';
export * from './course-qualification-options';
export * from './course-history';
export * from './outbox';
