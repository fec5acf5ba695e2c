export * from './clearing-settings';
export * from './students';
export * from './applications';
export * from './application-log';
export * from './outbox';
export * from './course-places';
export * from './decision-reviews';
export * from './staff-audit';
