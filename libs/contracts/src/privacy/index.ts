export * from './automatic-decision-texts';
export * from './decision-review';
export * from './audit';
export * from './subject-access';
export * from './erasure';
export * from './retention';
