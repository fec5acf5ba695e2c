/** Application events for record systems: their types and payloads (docs/domain/events.md). */
export * from './application-events';
export * from './event-feed';
export * from './event-api-keys';
export * from './webhooks';
