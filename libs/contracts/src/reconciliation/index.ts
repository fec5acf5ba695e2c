export * from './reconciliation';
export * from './reconciliation-texts';
export * from './reconciliation-email';
