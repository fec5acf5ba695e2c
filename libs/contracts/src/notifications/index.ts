/** Decision emails and the transactional outbox: payloads, which email a decision sends, its words. */
export * from './outbox';
export * from './decision-content';
export * from './email-records';
export * from './status-page';
export * from './status-page-path';
