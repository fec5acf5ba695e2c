/**
 * @clearing-desk/events-consumer: a small example of a record system consuming Clearing Desk's
 * application events (README.md): the feed pulled by cursor with an API key, and a webhook
 * receiver that verifies Standard Webhooks signatures. The gateway's tests use both.
 */
export * from './feed-client';
export * from './webhook-receiver';
