/** Application events for record systems: their types and payloads (docs/domain/events.md). */
export * from './application-events';
